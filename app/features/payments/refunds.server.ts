import { getPrisma, getDatabase } from "~/lib/database/db.server";
import { getLogger } from "~/lib/logger.server";
import { getPaystack } from "~/features/paystack/index.server";
import { claimRefundForSending, recordRefundSent, requestRefundsOfCancelledOrders as requestRefundsOf, settleClaimedRefund } from "~/features/attempt-lifecycle/index.server";
import { bookProcessedRefund, recordStoreRefundFailure } from "./refund-booking.server";

/**
 * Giving money back (the cancellation promise of SPEC §9, and any second payment of one order).
 * The store asks once per payment attempt, for what is left of it after any refund already booked:
 * the claim is a conditional update, and Paystack itself refuses to refund beyond a transaction's
 * amount. What Paystack then reports is booked by refund-booking.server.ts.
 */

/** Turns the refund requests of cancelled orders into refunds of their successful payments (or of what is left of them). */
export async function requestRefundsOfCancelledOrders(now = new Date()): Promise<number> {
  return requestRefundsOf(getDatabase().sql, now);
}

/** Sends the requested refunds to Paystack; safe to run in several processes at once. */
export async function processRequestedRefunds(now = new Date(), limit = 20): Promise<number> {
  const prisma = getPrisma();
  const requested = await prisma.paymentAttempt.findMany({
    where: { refundState: "requested" },
    orderBy: { refundRequestedAt: "asc" },
    take: limit,
    select: { id: true, reference: true, amountMinor: true, refundedAmountMinor: true },
  });
  let sent = 0;
  for (const attempt of requested) {
    // The claim: only one process sends this refund.
    if (!(await claimRefundForSending(getDatabase().sql, attempt.id, now))) continue;
    const left = attempt.amountMinor - attempt.refundedAmountMinor;
    if (left <= 0) {
      await settleClaimedRefund(getDatabase().sql, attempt.id, "nothingLeft");
      continue;
    }
    // Nothing refunded yet: no amount, so Paystack refunds the whole transaction as it was charged (a
    // payment of the wrong amount included). After a partial refund: exactly what is left.
    const amount = attempt.refundedAmountMinor > 0 ? left : undefined;
    const result = await getPaystack().client.refund({ transaction: attempt.reference, amount, merchant_note: "Order cancelled or paid twice" });
    if (result.ok) {
      sent += 1;
      await recordRefundSent(getDatabase().sql, attempt.id, String(result.data.id));
      await applyRefundStatus(attempt.reference, result.data, now);
    } else if (result.kind === "rejected") {
      getLogger().error({ reference: attempt.reference, message: result.message }, "Paystack refused a refund: it needs an admin");
      await settleClaimedRefund(getDatabase().sql, attempt.id, "refused");
    } else {
      await settleClaimedRefund(getDatabase().sql, attempt.id, "retriedLater");
    }
  }
  return sent;
}

/**
 * Looks up the store's refunds Paystack has not reported on (a webhook lost or not yet sent) with
 * GET /refund/{id}: Paystack's own word on that refund, with its amount. A transaction's "reversed"
 * status is not enough: it does not say which refund, nor how much. A refund whose id never came
 * back (no answer to POST /refund) was asked for again; one started before ids were kept is left
 * to its webhook.
 */
export async function checkPendingRefunds(now = new Date(), limit = 20): Promise<void> {
  const pending = await getPrisma().paymentAttempt.findMany({
    where: { refundState: "pending", paystackRefundId: { not: null }, refundRequestedAt: { lt: new Date(now.getTime() - 30_000) } },
    orderBy: { refundRequestedAt: "asc" },
    take: limit,
    select: { reference: true, paystackRefundId: true },
  });
  for (const attempt of pending) {
    const result = await getPaystack().client.fetchRefund(Number(attempt.paystackRefundId));
    if (!result.ok) {
      getLogger().warn({ reference: attempt.reference, refundId: attempt.paystackRefundId, problem: result.message }, "could not look up a refund with Paystack: trying again later");
      continue;
    }
    await applyRefundStatus(attempt.reference, result.data, now);
  }
}

async function applyRefundStatus(reference: string, refund: { id: number; status: string; amount: number; currency: string }, now: Date) {
  if (refund.status === "processed") {
    await bookProcessedRefund({ reference, refundKey: `id:${refund.id}`, amountMinor: refund.amount, currency: refund.currency }, now);
  } else if (refund.status === "failed" || refund.status === "needs-attention") {
    await recordStoreRefundFailure(reference, refund.status);
  }
}
