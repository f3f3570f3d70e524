import { approveCompletion, rejectCompletion } from "~/features/fulfilment/review.server";
import { failPayout, finalizePayout, resendPayoutOtp, retryPayout } from "~/features/payouts/payout-admin.server";
import { payoutOtpSchema } from "~/features/payouts/payout-schemas";
import { approvePayout, rejectPayout } from "~/features/payouts/payouts.server";
import type { IntentTable } from "./admin-form.server";
import { rejectionReasonSchema, orderCancellationSchema, parseRecordId, suspensionSchema, ticketAnswerSchema } from "./admin-schemas";
import { cancelOrderWithRefund } from "./orders.server";
import { reverifyPaymentAttempt } from "./payment-attempts.server";
import { closeTicket, markTicketAnswered } from "./tickets.server";
import { suspendUser, unsuspendUser } from "./users.server";
import { decideWorker } from "./workers.server";

/*
 * What each admin page's forms may do: `intent` → the same service the JSON endpoint calls, with
 * the same zod schema, answering the notice code the page shows after the redirect.
 */

export const userIntents = {
  suspend: async (admin, _form, fields) => {
    await suspendUser(admin, parseRecordId(fields.id), suspensionSchema.parse({ reason: fields.reason }));
    return "user-suspended";
  },
  unsuspend: async (admin, _form, fields) => {
    await unsuspendUser(admin, parseRecordId(fields.id));
    return "user-unsuspended";
  },
  approve: async (admin, _form, fields) => {
    await decideWorker(admin, parseRecordId(fields.id), "approve");
    return "worker-approved";
  },
  reject: async (admin, _form, fields) => {
    await decideWorker(admin, parseRecordId(fields.id), "reject");
    return "worker-rejected";
  },
} satisfies IntentTable;

export const orderIntents = {
  cancel: async (admin, _form, fields) => {
    await cancelOrderWithRefund(admin, parseRecordId(fields.id), orderCancellationSchema.parse({ reason: fields.reason }));
    return "order-cancelled";
  },
} satisfies IntentTable;

export const paymentIntents = {
  reverify: async (admin, _form, fields) => {
    const { outcome } = await reverifyPaymentAttempt(admin, /^[\w-]{1,100}$/.test(fields.id ?? "") ? fields.id : "-");
    return reverifyNotices[outcome] ?? "payment-reverified";
  },
} satisfies IntentTable;

export const completionIntents = {
  approve: async (admin, _form, fields) => {
    await approveCompletion(admin, parseRecordId(fields.id));
    return "completion-approved";
  },
  reject: async (admin, _form, fields) => {
    const { reason } = rejectionReasonSchema.parse({ reason: fields.reason });
    await rejectCompletion(admin, parseRecordId(fields.id), reason);
    return "completion-rejected";
  },
} satisfies IntentTable;

export const ticketIntents = {
  answer: async (admin, _form, fields) => {
    await markTicketAnswered(admin, parseRecordId(fields.id), ticketAnswerSchema.parse({ reply: fields.reply }));
    return "ticket-answered";
  },
  close: async (admin, _form, fields) => {
    await closeTicket(admin, parseRecordId(fields.id));
    return "ticket-closed";
  },
} satisfies IntentTable;

/** What Paystack's answer did, in the page's words. */
const reverifyNotices: Record<string, string> = { credited: "payment-credited", in_progress: "payment-open", closed: "payment-closed", refund_requested: "payment-refund" };

export const payoutIntents = {
  approve: async (admin, _form, fields) => {
    await approvePayout(admin, parseRecordId(fields.id));
    return "payout-approved";
  },
  reject: async (admin, _form, fields) => {
    const { reason } = rejectionReasonSchema.parse({ reason: fields.reason });
    await rejectPayout(admin, parseRecordId(fields.id), reason);
    return "payout-rejected";
  },
  finalize: async (admin, _form, fields) => {
    await finalizePayout(admin, parseRecordId(fields.id), payoutOtpSchema.parse({ otp: fields.otp }));
    return "payout-finalized";
  },
  "resend-otp": async (admin, _form, fields) => {
    await resendPayoutOtp(admin, parseRecordId(fields.id));
    return "payout-otp-resent";
  },
  retry: async (admin, _form, fields) => {
    await retryPayout(admin, parseRecordId(fields.id));
    return "payout-retried";
  },
  fail: async (admin, _form, fields) => {
    const { reason } = rejectionReasonSchema.parse({ reason: fields.reason });
    await failPayout(admin, parseRecordId(fields.id), reason);
    return "payout-failed";
  },
} satisfies IntentTable;
