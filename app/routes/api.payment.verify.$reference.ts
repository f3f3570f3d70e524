import { paymentReferenceSchema } from "~/features/payments/payment-schema";
import { verifyPayment } from "~/features/payments/payment-checks.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.payment.verify.$reference";

/** GET /api/payment/verify/{reference} (SPEC §7): no sign-in; only the status and the gateway's words. */
export const loader = apiHandler(async ({ params }: Route.LoaderArgs) => {
  const reference = paymentReferenceSchema.safeParse(params.reference);
  if (!reference.success) return errorResponse(404, "Transaction reference not found");
  return jsonResponse(await verifyPayment(reference.data));
});

export const action = () => errorResponse(405, "Method not allowed");
