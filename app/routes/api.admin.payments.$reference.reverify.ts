import { requireUser } from "~/features/auth/authenticate.server";
import { reverifyPaymentAttempt } from "~/features/admin/payment-attempts.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.payments.$reference.reverify";

/** POST /api/admin/payments/{reference}/reverify: asks Paystack now and settles the answer. 409 once credited. */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  if (!/^[\w-]{1,100}$/.test(params.reference)) return errorResponse(404, "Payment not found");
  return jsonResponse(await reverifyPaymentAttempt(admin, params.reference));
});

export const loader = () => errorResponse(405, "Method not allowed");
