import { openTaskForPaidOrder } from "~/features/fulfilment/tasks.server";
import { queuePaymentFailedEmail } from "~/features/order-lifecycle/order-emails.server";
import { markPaid } from "~/features/order-lifecycle/order-lifecycle.server";
import type { PaymentAttemptStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { burstTransactionOptions } from "~/lib/database/transaction-options";
import { getLogger } from "~/lib/logger.server";
import { creditPaidTopUp } from "./top-ups.server";

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
  /** This call credited the order (status processing, payment paid), or the top-up to the wallet. */
  | "credited"
  /** The money arrived for an order that is already paid or was cancelled: it goes back. */
  | "refund_requested"
  /** An earlier call already took this success into account. */
  | "already_settled"
  /** A final failure (failed, reversed, or abandoned by the reconciler) was recorded. */
  | "closed"
  /** Still in progress (Paystack's "abandoned" included: the payer may still complete it). */
  | "in_progress"
  | "unknown_reference";

/**
 * Paystack's statuses that end an attempt. Not "abandoned": Paystack uses it for "the customer has not
 * completed the transaction" (a hosted checkout not paid yet, a 3-D Secure page not finished, a prompt
 * not approved in time), and such a transaction may still succeed. Only the reconciler ends an attempt
 * as abandoned, when it gives up (closeAbandonedAttempt).
 */
const closingStatuses: Record<string, PaymentAttemptStatus> = { failed: "failed", reversed: "reversed" };

const finalStatuses: PaymentAttemptStatus[] = ["success", "failed", "abandoned", "reversed"];

export async function applyTransactionOutcome(outcome: TransactionOutcome, now = new Date()): Promise<SettlementResult> {
  const prisma = getPrisma();
  const attempt = await prisma.paymentAttempt.findUnique({
    where: { reference: outcome.reference },
    select: { id: true, orderId: true, topUpId: true, amountMinor: true, currency: true },
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
      if (isFullAmount && attempt.orderId !== null) {
        if (await markPaid(transaction, attempt.orderId, now)) {
          // Paid: the work is offered to workers in the same transaction, so a paid order always has its task.
          await openTaskForPaidOrder(transaction, attempt.orderId);
          return "credited" as const;
        }
      }
      // A wallet top-up: its amount into the wallet, once (issue #20).
      if (isFullAmount && attempt.topUpId !== null && (await creditPaidTopUp(transaction, attempt.topUpId, now))) return "credited" as const;
      // Paid twice (two prompts both approved), paid after a cancellation, or the wrong amount: the
      // client never pays twice for one order or top-up.
      await transaction.paymentAttempt.update({ where: { id: attempt.id }, data: { refundState: "requested", refundRequestedAt: now } });
      return "refund_requested" as const;
    }, burstTransactionOptions);
  }

  const closing = closingStatuses[outcome.status];
  if (closing) return closeAttempt({ id: attempt.id, reference: outcome.reference }, closing, outcome.gatewayResponse ?? null, now);

  if (outcome.status === "abandoned") {
    // Still open (the reconciler keeps verifying it), and verify answers "abandoned" meanwhile.
    await prisma.paymentAttempt.updateMany({
      where: { id: attempt.id, paidAt: null, status: { notIn: finalStatuses } },
      data: { status: "not_completed", gatewayResponse: outcome.gatewayResponse ?? null, lastCheckedAt: now },
    });
    return "in_progress";
  }

  await prisma.paymentAttempt.update({ where: { id: attempt.id }, data: { lastCheckedAt: now } });
  return "in_progress";
}

/**
 * The reconciler's last word on an attempt nobody completed: abandoned for good. A success Paystack
 * still reports later is credited all the same (applyTransactionOutcome only needs `paidAt` empty).
 */
export async function closeAbandonedAttempt(reference: string, gatewayResponse: string, now = new Date()): Promise<SettlementResult> {
  const attempt = await getPrisma().paymentAttempt.findUnique({ where: { reference }, select: { id: true } });
  return attempt ? closeAttempt({ id: attempt.id, reference }, "abandoned", gatewayResponse, now) : "unknown_reference";
}

/** Ends an attempt unpaid; the client is told by e-mail, with a link to pay again, in the same transaction. */
async function closeAttempt(attempt: { id: number; reference: string }, status: PaymentAttemptStatus, gatewayResponse: string | null, now: Date): Promise<"closed" | "already_settled"> {
  return getPrisma().$transaction(async (transaction) => {
    const { count } = await transaction.paymentAttempt.updateMany({
      where: { id: attempt.id, paidAt: null, status: { notIn: finalStatuses } },
      data: { status, gatewayResponse, lastCheckedAt: now },
    });
    if (count !== 1) return "already_settled" as const;
    await queuePaymentFailedEmail(transaction, attempt.reference);
    return "closed" as const;
  }, burstTransactionOptions);
}
