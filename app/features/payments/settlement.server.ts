import { openTaskForPaidOrder } from "~/features/fulfilment/tasks.server";
import type { PaymentAttemptStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { burstTransactionOptions } from "~/lib/database/transaction-options";
import { getLogger } from "~/lib/logger.server";

/**
 * Where a payment's money ends up. Everything that learns a payment's outcome — the charge call,
 * verify polling, a signed webhook, the reconciler — goes through applyTransactionOutcome, whose
 * transitions are conditional updates in one transaction: however many copies of a success arrive,
 * and in whatever order, an order is credited once and a payment is taken into account once.
 */
export interface TransactionOutcome {
  reference: string;
  /** Paystack's transaction status (verify, or a charge.success webhook's "success"). */
  status: string;
  /** Minor units and currency that Paystack says moved; checked against the attempt's. */
  amount?: number | null;
  currency?: string | null;
  gatewayResponse?: string | null;
}

export type SettlementResult =
  /** This call credited the order (status processing, payment paid). */
  | "credited"
  /** The money arrived for an order that is already paid or was cancelled: it goes back. */
  | "refund_requested"
  /** An earlier call already took this success into account. */
  | "already_settled"
  /** A final failure (failed, abandoned, reversed) was recorded. */
  | "closed"
  /** Still in progress. */
  | "in_progress"
  | "unknown_reference";

const closingStatuses: Record<string, PaymentAttemptStatus> = { failed: "failed", abandoned: "abandoned", reversed: "reversed" };

export async function applyTransactionOutcome(outcome: TransactionOutcome, now = new Date()): Promise<SettlementResult> {
  const prisma = getPrisma();
  const attempt = await prisma.paymentAttempt.findUnique({
    where: { reference: outcome.reference },
    select: { id: true, orderId: true, amountMinor: true, currency: true },
  });
  if (!attempt) return "unknown_reference";

  if (outcome.status === "success") {
    const isFullAmount = outcome.amount === attempt.amountMinor && outcome.currency === attempt.currency;
    if (!isFullAmount) {
      getLogger().error({ reference: outcome.reference, expected: attempt.amountMinor, received: outcome.amount, currency: outcome.currency }, "a payment succeeded for another amount than its order's: refunding it");
    }
    return prisma.$transaction(async (transaction) => {
      // The success itself: recorded once, by whoever gets here first.
      const recorded = await transaction.paymentAttempt.updateMany({
        where: { id: attempt.id, paidAt: null },
        data: { status: "success", paidAt: now, gatewayResponse: outcome.gatewayResponse ?? "Approved", lastCheckedAt: now },
      });
      if (recorded.count === 0) return "already_settled" as const;
      if (isFullAmount) {
        const credited = await transaction.order.updateMany({
          where: { id: attempt.orderId, paymentStatus: "unpaid", status: "pending" },
          data: { paymentStatus: "paid", status: "processing", paidAt: now },
        });
        if (credited.count === 1) {
          // Paid: the work is offered to workers in the same transaction, so a paid order always has its task.
          await openTaskForPaidOrder(transaction, attempt.orderId);
          return "credited" as const;
        }
      }
      // Paid twice (two prompts both approved), paid after a cancellation, or the wrong amount: the
      // client never pays twice for one order.
      await transaction.paymentAttempt.update({ where: { id: attempt.id }, data: { refundState: "requested", refundRequestedAt: now } });
      return "refund_requested" as const;
    }, burstTransactionOptions);
  }

  const closing = closingStatuses[outcome.status];
  if (closing) {
    const { count } = await prisma.paymentAttempt.updateMany({
      where: { id: attempt.id, paidAt: null, status: { notIn: ["success", "failed", "abandoned", "reversed"] } },
      data: { status: closing, gatewayResponse: outcome.gatewayResponse ?? null, lastCheckedAt: now },
    });
    return count === 1 ? "closed" : "already_settled";
  }

  await prisma.paymentAttempt.update({ where: { id: attempt.id }, data: { lastCheckedAt: now } });
  return "in_progress";
}
