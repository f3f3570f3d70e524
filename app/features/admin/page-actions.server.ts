import { z } from "zod";
import { approveCompletion, rejectCompletion } from "~/features/fulfilment/index.server";
import { failPayout, finalizePayout, resendPayoutOtp, retryPayout, approvePayout, rejectPayout } from "~/features/payouts/index.server";
import { payoutOtpSchema } from "~/features/payouts";
import { adminIntent, type IntentTable } from "./admin-form.server";
import { rejectionReasonSchema, orderCancellationSchema, suspensionSchema, ticketAnswerSchema } from "./admin-schemas";
import { parseRecordId } from "~/lib/record-id";
import { cancelOrderWithRefund } from "./orders.server";
import { reverifyPaymentAttempt } from "./payment-attempts.server";
import { closeTicket, markTicketAnswered } from "./tickets.server";
import { suspendUser, unsuspendUser } from "./users.server";
import { decideWorker } from "./workers.server";
import { resumeWorkerTasks, decideFlag } from "~/features/deliveries/index.server";

/*
 * What each admin page's forms may do: `intent` → a zod schema for the form's fields (conform parses
 * the post with it) and the same service the JSON endpoint calls, answering the notice code the page
 * shows after the redirect.
 */

/** The record's `id` field: a plain positive integer, else 0 (which names no record: 404, as before). */
const recordId = z.string().optional().transform(parseRecordId);
const idOnly = z.object({ id: recordId });
/** A payment reference, or "-" (which names no attempt: 404). */
const paymentReference = z
  .string()
  .optional()
  .transform((value) => (value !== undefined && /^[\w-]{1,100}$/.test(value) ? value : "-"));

export const userIntents = {
  suspend: adminIntent(suspensionSchema.extend({ id: recordId }), async (admin, { id, ...input }) => {
    await suspendUser(admin, id, input);
    return "user-suspended";
  }),
  unsuspend: adminIntent(idOnly, async (admin, { id }) => {
    await unsuspendUser(admin, id);
    return "user-unsuspended";
  }),
  approve: adminIntent(idOnly, async (admin, { id }) => {
    await decideWorker(admin, id, "approve");
    return "worker-approved";
  }),
  reject: adminIntent(idOnly, async (admin, { id }) => {
    await decideWorker(admin, id, "reject");
    return "worker-rejected";
  }),
  "resume-tasks": adminIntent(idOnly, async (admin, { id }) => {
    await resumeWorkerTasks(admin, id);
    return "worker-tasks-resumed";
  }),
} satisfies IntentTable;

export const orderIntents = {
  cancel: adminIntent(orderCancellationSchema.extend({ id: recordId }), async (admin, { id, ...input }) => {
    await cancelOrderWithRefund(admin, id, input);
    return "order-cancelled";
  }),
} satisfies IntentTable;

export const paymentIntents = {
  reverify: adminIntent(z.object({ id: paymentReference }), async (admin, { id }) => {
    const { outcome } = await reverifyPaymentAttempt(admin, id);
    return reverifyNotices[outcome] ?? "payment-reverified";
  }),
} satisfies IntentTable;

export const completionIntents = {
  approve: adminIntent(idOnly, async (admin, { id }) => {
    await approveCompletion(admin, id);
    return "completion-approved";
  }),
  reject: adminIntent(rejectionReasonSchema.extend({ id: recordId }), async (admin, { id, reason }) => {
    await rejectCompletion(admin, id, reason);
    return "completion-rejected";
  }),
} satisfies IntentTable;

/** Admin › Flags (issue #48): one form per delivery to decide, its reason and two buttons. */
const flagDecision = (decision: "uphold" | "reject" | "ask") =>
  adminIntent(rejectionReasonSchema.extend({ id: recordId }), async (admin, { id, reason }) => {
    await decideFlag(admin, id, { decision, reason });
    return { uphold: "flag-upheld", reject: "flag-rejected", ask: "flag-asked" }[decision];
  });

export const flagIntents = { uphold: flagDecision("uphold"), reject: flagDecision("reject"), ask: flagDecision("ask") } satisfies IntentTable;

export const ticketIntents = {
  answer: adminIntent(ticketAnswerSchema.extend({ id: recordId }), async (admin, { id, ...input }) => {
    await markTicketAnswered(admin, id, input);
    return "ticket-answered";
  }),
  close: adminIntent(idOnly, async (admin, { id }) => {
    await closeTicket(admin, id);
    return "ticket-closed";
  }),
} satisfies IntentTable;

/** What Paystack's answer did, in the page's words. */
const reverifyNotices: Record<string, string> = { credited: "payment-credited", in_progress: "payment-open", closed: "payment-closed", refund_requested: "payment-refund" };

export const payoutIntents = {
  approve: adminIntent(idOnly, async (admin, { id }) => {
    await approvePayout(admin, id);
    return "payout-approved";
  }),
  reject: adminIntent(rejectionReasonSchema.extend({ id: recordId }), async (admin, { id, reason }) => {
    await rejectPayout(admin, id, reason);
    return "payout-rejected";
  }),
  finalize: adminIntent(payoutOtpSchema.extend({ id: recordId }), async (admin, { id, ...input }) => {
    await finalizePayout(admin, id, input);
    return "payout-finalized";
  }),
  "resend-otp": adminIntent(idOnly, async (admin, { id }) => {
    await resendPayoutOtp(admin, id);
    return "payout-otp-resent";
  }),
  retry: adminIntent(idOnly, async (admin, { id }) => {
    await retryPayout(admin, id);
    return "payout-retried";
  }),
  fail: adminIntent(rejectionReasonSchema.extend({ id: recordId }), async (admin, { id, reason }) => {
    await failPayout(admin, id, reason);
    return "payout-failed";
  }),
} satisfies IntentTable;
