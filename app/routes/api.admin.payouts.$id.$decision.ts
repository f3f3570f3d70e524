import { rejectionReasonSchema } from "~/features/admin/admin-schemas";
import { requireUser } from "~/features/auth/authenticate.server";
import { parseRecordId } from "~/lib/record-id";
import { failPayout, finalizePayout, resendPayoutOtp, retryPayout } from "~/features/payouts/payout-admin.server";
import { payoutOtpSchema } from "~/features/payouts/payout-schemas";
import { approvePayout, rejectPayout } from "~/features/payouts/payouts.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.payouts.$id.$decision";

const decisions = ["approve", "reject", "finalize", "resend-otp", "retry", "fail"] as const;
const isDecision = (value: string | undefined): value is (typeof decisions)[number] => (decisions as readonly string[]).includes(value ?? "");

/**
 * POST /api/admin/payouts/{id}/approve (sends the transfer) or /reject `{ reason }` (gives the amount
 * back); for a transfer Paystack holds: /finalize `{ otp }`, /resend-otp; for one still open:
 * /retry (sends it again, same reference) or /fail `{ reason }` (refused while Paystack may pay it).
 */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (!isDecision(params.decision)) return errorResponse(404, "Not found");
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const payoutId = parseRecordId(params.id);
  switch (params.decision) {
    case "approve":
      return jsonResponse(await approvePayout(admin, payoutId));
    case "reject":
      return jsonResponse(await rejectPayout(admin, payoutId, (await readJsonBody(request, rejectionReasonSchema)).reason));
    case "finalize":
      return jsonResponse(await finalizePayout(admin, payoutId, await readJsonBody(request, payoutOtpSchema)));
    case "resend-otp":
      return jsonResponse(await resendPayoutOtp(admin, payoutId));
    case "retry":
      return jsonResponse(await retryPayout(admin, payoutId));
    case "fail":
      return jsonResponse(await failPayout(admin, payoutId, (await readJsonBody(request, rejectionReasonSchema)).reason));
  }
});

export const loader = () => errorResponse(405, "Method not allowed");
