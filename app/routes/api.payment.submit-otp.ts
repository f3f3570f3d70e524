import { requireUser } from "~/features/auth/authenticate.server";
import { otpSubmissionSchema } from "~/features/payments/payment-schema";
import { submitOtp } from "~/features/payments/charge-steps.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.payment.submit-otp";

/** POST /api/payment/submit-otp (SPEC §7): the OTP or voucher of the caller's own payment. */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  return jsonResponse(await submitOtp(client, await readJsonBody(request, otpSubmissionSchema)));
});

export const loader = () => errorResponse(405, "Method not allowed");
