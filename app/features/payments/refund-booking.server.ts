import { isRefundBooked, recordRefund } from "~/features/ledger/index.server";
import { markRefunded } from "~/features/order-lifecycle/index.server";
import type { Prisma, RefundState } from "~/generated/prisma/client";
import { getPrisma, getDatabase } from "~/lib/database/db.server";
import { getLogger } from "~/lib/logger.server";
import { failRefund, noteOutsideRefund, recordRefundBooked } from "~/features/attempt-lifecycle/index.server";
import { reverseRefundedTopUp } from "~/features/top-ups/index.server";
import type { RefundEventData, RefundEventName } from "~/features/paystack";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * Paystack's word on refunds — its webhooks, or the store's own look-up of a refund it asked for —
 * booked exactly as Paystack reports them: each processed refund books its own amount once (keyed by
 * that refund, so two partial refunds of one payment both count), and a payment reads refunded only
 * when its refunds add up to what was paid. A refund the store never asked for (someone used
 * Paystack's dashboard) is booked all the same and flagged for admins: the money has left.
 */

export type RefundReportOutcome =
  | "booked"
  /** This refund was booked before (a replayed or retried event). */
  | "already_booked"
  /** The payment is already refunded in full (e.g. the same refund reported under another name). */
  | "nothing_left_to_book"
  /** A pending, processing or failed refund: recorded on the payment, no money moved. */
  | "noted"
  | "unknown_reference"
  | "currency_mismatch";

const attemptSelect = {
  id: true,
  orderId: true,
  topUpId: true,
  amountMinor: true,
  currency: true,
  refundState: true,
  refundRequestedAt: true,
  refundedAmountMinor: true,
  order: { select: { clientId: true } },
  topUp: { select: { clientId: true } },
} satisfies Prisma.PaymentAttemptSelect;
type RefundedAttempt = Prisma.PaymentAttemptGetPayload<{ select: typeof attemptSelect }>;

/** A refund event (already signature-checked and parsed). */
export async function recordRefundEvent(name: RefundEventName, data: RefundEventData, now = new Date()): Promise<RefundReportOutcome> {
  const reference = data.transaction_reference;
  if (name === "refund.processed") {
    return bookProcessedRefund({ reference, refundKey: refundKeyOf(data), amountMinor: data.amount, currency: data.currency }, now);
  }
  const attempt = await getPrisma().paymentAttempt.findUnique({ where: { reference }, select: attemptSelect });
  const problem = attempt ? currencyProblem(attempt, data.currency) : "unknown_reference";
  if (problem || !attempt) {
    logUnbookable(problem ?? "unknown_reference", reference, name);
    return problem ?? "unknown_reference";
  }
  if (name === "refund.failed" || name === "refund.needs-attention") return recordRefundFailure(attempt, reference, name);
  return noteRefundStarted(attempt, reference, data.amount);
}

export interface ProcessedRefund {
  /** The transaction's reference (ours). */
  reference: string;
  /** Names this one refund among the payment's refunds: "ref:<refund_reference>" or "id:<refund id>". */
  refundKey: string;
  amountMinor: number;
  currency: string;
}

/**
 * Books one processed refund: a ledger `refund` entry of the reported amount, once per refund. Never
 * more than was paid: Paystack names a refund differently in its webhook (refund_reference) and in
 * GET /refund/{id} (id), so one refund reported both ways finds the payment already refunded.
 */
export async function bookProcessedRefund(refund: ProcessedRefund, now = new Date()): Promise<RefundReportOutcome> {
  const { reference, refundKey, amountMinor, currency } = refund;
  const outcome = await getPrisma().$transaction(async (transaction) => {
    const sql = sqlOfPrisma(transaction);
    // One booking per payment at a time: the sum below is read and written under this lock.
    await sql.query("SELECT id FROM payment_attempts WHERE reference = $1::text FOR UPDATE", [reference]);
    const attempt = await transaction.paymentAttempt.findUnique({ where: { reference }, select: attemptSelect });
    if (!attempt) return "unknown_reference" as const;
    const problem = currencyProblem(attempt, currency);
    if (problem) return problem;
    if (await isRefundBooked(sql, reference, refundKey)) return "already_booked" as const;

    const bookable = Math.min(amountMinor, attempt.amountMinor - attempt.refundedAmountMinor);
    if (bookable <= 0) return "nothing_left_to_book" as const;
    if (bookable < amountMinor) {
      getLogger().error({ reference, reported: amountMinor, booked: bookable }, "Paystack reported a refund beyond what is left of the payment: booked only what was paid");
    }
    const isOutside = !isStoreRefund(attempt);
    await recordRefund(sql, {
      clientId: (attempt.order ?? attempt.topUp)!.clientId,
      orderId: attempt.orderId,
      topUpId: attempt.topUpId,
      paymentReference: reference,
      refundKey,
      amountMinor: bookable,
      currency: attempt.currency,
      description: isOutside ? `Refund of payment ${reference}, started outside the store (Paystack dashboard)` : `Refund of payment ${reference}`,
    });
    const refundedAmountMinor = attempt.refundedAmountMinor + bookable;
    const isFull = refundedAmountMinor >= attempt.amountMinor;
    await recordRefundBooked(sql, attempt.id, { from: attempt.refundState, to: stateAfterBooking(attempt, isFull), refundedAmountMinor, outside: isOutside, now });
    if (isFull && attempt.orderId !== null) await markOrderRefundedOnceEveryPaymentIsBack(sql, attempt.orderId);
    // A top-up's refunded payment takes its credit back out of the wallet (issue #49).
    if (attempt.topUpId !== null) await reverseRefundedTopUp(sql, attempt.topUpId, { paymentReference: reference, refundKey });
    if (isOutside) getLogger().warn({ reference, amountMinor: bookable }, "a refund the store did not ask for (Paystack dashboard) was booked");
    return "booked" as const;
  });
  if (outcome === "unknown_reference" || outcome === "currency_mismatch") logUnbookable(outcome, reference, "refund.processed");
  return outcome;
}

/** The store's own refund of this payment is in flight (claimed and sent, or failed and perhaps retried in Paystack). */
function isStoreRefund(attempt: Pick<RefundedAttempt, "refundState" | "refundRequestedAt">): boolean {
  return attempt.refundRequestedAt !== null && (attempt.refundState === "pending" || attempt.refundState === "failed");
}

function stateAfterBooking(attempt: RefundedAttempt, isFull: boolean): RefundState {
  if (isFull) return "processed";
  // A refund the store asked for (and will send, or has sent) is still outstanding.
  const isStoreOutstanding = attempt.refundRequestedAt !== null && (attempt.refundState === "requested" || attempt.refundState === "pending");
  return isStoreOutstanding ? attempt.refundState! : "partially_refunded";
}

/**
 * An order whose successful payments have all come back in full reads refunded, whatever its
 * fulfilment status: that is where its money stands. The work itself is the admin's call (an outside
 * refund of an active order is flagged on the payments page).
 */
async function markOrderRefundedOnceEveryPaymentIsBack(sql: SqlQueries, orderId: number) {
  const [{ unrefunded }] = await sql.query<{ unrefunded: number }>(
    `SELECT COUNT(*)::int AS unrefunded FROM payment_attempts
     WHERE order_id = $1::int AND status = 'success' AND refund_state IS DISTINCT FROM 'processed'`,
    [orderId],
  );
  if (unrefunded === 0) await markRefunded(sql, orderId);
}

/**
 * A refund Paystack has started. One the store did not ask for is flagged at once, so admins see it
 * before the money moves; later pending events (or one arriving after its processed event) change
 * nothing.
 */
async function noteRefundStarted(attempt: RefundedAttempt, reference: string, amountMinor: number): Promise<RefundReportOutcome> {
  if (attempt.refundState !== null) return "noted";
  if (await noteOutsideRefund(getDatabase().sql, attempt.id)) getLogger().warn({ reference, amountMinor }, "Paystack started a refund the store did not ask for (Paystack dashboard)");
  return "noted";
}

async function recordRefundFailure(attempt: RefundedAttempt, reference: string, name: "refund.failed" | "refund.needs-attention"): Promise<RefundReportOutcome> {
  const why =
    name === "refund.needs-attention"
      ? "Paystack needs the customer's account details to complete a refund: retry it in Paystack's dashboard"
      : "Paystack could not complete a refund: it needs an admin";
  const isStore = isStoreRefund(attempt);
  // The store's refund in flight fails; so does an outside one nothing else is known of. A payment
  // with refunds already booked, or a store refund not sent yet, keeps its state: the failure was
  // another refund's.
  const changed = await failRefund(getDatabase().sql, { id: attempt.id }, isStore ? "storeSent" : "outside");
  getLogger().error({ reference, event: name, changed, startedBy: isStore ? "store" : "paystack_dashboard" }, why);
  return "noted";
}

/** The store's own refund (looked up with GET /refund/{id}) failed or needs attention. */
export async function recordStoreRefundFailure(reference: string, status: string): Promise<void> {
  getLogger().error({ reference, status }, "Paystack could not complete a refund the store asked for: it needs an admin");
  await failRefund(getDatabase().sql, { reference }, "storeAsked");
}

function currencyProblem(attempt: Pick<RefundedAttempt, "currency">, currency: string) {
  return attempt.currency === currency.toUpperCase() ? undefined : ("currency_mismatch" as const);
}

/**
 * Acknowledged all the same: Paystack would retry an error for 72 hours and the answer would not
 * change. The event itself is kept in webhook_events.
 */
function logUnbookable(problem: "unknown_reference" | "currency_mismatch", reference: string, event: string) {
  if (problem === "unknown_reference") getLogger().warn({ reference, event }, "a Paystack refund event for a transaction this store does not know");
  else getLogger().error({ reference, event }, "a Paystack refund event in another currency than its payment: not booked, it needs an admin");
}

/** Names one refund among a payment's: Paystack's refund_reference, else its id, else (neither sent) its amount. */
export function refundKeyOf(data: Pick<RefundEventData, "refund_reference" | "id" | "amount">): string {
  if (data.refund_reference) return `ref:${data.refund_reference}`;
  if (data.id !== null && data.id !== undefined && data.id !== "") return `id:${data.id}`;
  return `amount:${data.amount}`;
}
