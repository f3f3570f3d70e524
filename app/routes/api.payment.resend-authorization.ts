import { requireUser } from "~/features/auth/authenticate.server";
import { resendAuthorizationSchema } from "~/features/payments/payment-schema";
import { resendAuthorization } from "~/features/payments/charge-steps.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.payment.resend-authorization";

/** POST /api/payment/resend-authorization (SPEC §7): a new prompt (new reference) for the same order and phone. */
export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  const { reference } = await readJsonBody(request, resendAuthorizationSchema);
  return jsonResponse(await resendAuthorization(client, reference, context.clientAddress));
});

export const loader = () => errorResponse(405, "Method not allowed");
