import { creditPaidOrder } from "~/features/fulfilment/index.server";
import { queuePaymentFailedEmail } from "~/features/order-lifecycle/index.server";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";
import { getLogger } from "~/lib/logger.server";
import { closeUnpaid, markChecked, markNotCompleted, recordOrderSuccess, recordSuccess, requestRefund } from "~/features/attempt-lifecycle/index.server";
import { isTopUpReference } from "./payment-reference.server";
import { creditPaidTopUp } from "~/features/top-ups/index.server";

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
const closingStatuses: Record<string, "failed" | "reversed"> = { failed: "failed", reversed: "reversed" };

export async function applyTransactionOutcome(outcome: TransactionOutcome, now = new Date()): Promise<SettlementResult> {
  if (outcome.status === "success" && !isTopUpReference(outcome.reference)) {
    const settled = await settleOrderPayment(outcome, now);
    if (settled) return settled;
  }
  const [attempt] = await getDatabase().sql.query<{ id: number; orderId: number | null; topUpId: number | null; amountMinor: number; currency: string }>(
    `SELECT id, order_id AS "orderId", top_up_id AS "topUpId", amount_minor AS "amountMinor", currency::text AS currency FROM payment_attempts WHERE reference = $1::text`,
    [outcome.reference],
    { statementName: "settlement-attempt" },
  );
  if (!attempt) return "unknown_reference";

  if (outcome.status === "success") {
    /** In one transaction: the success, then the order or top-up credited, or else the payment refunded. */
    const settle = async (sql: SqlQueries, credit: () => Promise<boolean>): Promise<SettlementResult> => {
      // The success itself: recorded once, by whoever gets here first.
      if (!(await recordSuccess(sql, attempt.id, outcome.gatewayResponse ?? "Approved", now))) return "already_settled";
      return creditOrRefund(sql, outcome, attempt, credit, now);
    };
    const { orderId, topUpId } = attempt;
    // An order's payment that settleOrderPayment did not take (settled already, so this answers
    // that), or a wallet top-up: its amount into the wallet, once (issue #20).
    return getDatabase().sql.transaction((sql) =>
      settle(sql, async () => (orderId !== null ? creditPaidOrder(sql, orderId, now) : topUpId !== null && creditPaidTopUp(sql, topUpId, now))),
    );
  }

  const closing = closingStatuses[outcome.status];
  if (closing) return closeAttempt({ id: attempt.id, reference: outcome.reference }, closing, outcome.gatewayResponse ?? null, now);

  if (outcome.status === "abandoned") {
    // Still open (the reconciler keeps verifying it), and verify answers "abandoned" meanwhile.
    await markNotCompleted(getDatabase().sql, attempt.id, outcome.gatewayResponse ?? null, now);
    return "in_progress";
  }

  await markChecked(getDatabase().sql, { id: attempt.id }, now);
  return "in_progress";
}

/**
 * An order's payment, the checkout's hot path, in SQL below Prisma (decision 0030): one transaction
 * whose first statement records the success by its reference (no read of the attempt before it),
 * then fulfilment credits the order when the full amount came. Undefined, with nothing written, when
 * no unpaid attempt of an order has this reference (unknown, a top-up's, or settled already):
 * applyTransactionOutcome's general path answers those.
 */
async function settleOrderPayment(outcome: TransactionOutcome, now: Date): Promise<SettlementResult | undefined> {
  return getDatabase().sql.transaction(async (sql) => {
    const attempt = await recordOrderSuccess(sql, outcome.reference, outcome.gatewayResponse ?? "Approved", now);
    if (!attempt) return undefined;
    return creditOrRefund(sql, outcome, attempt, () => creditPaidOrder(sql, attempt.orderId, now), now);
  });
}

/** After the success is recorded: the order or top-up credited (`credit`) when the full amount came, else the payment refunded. */
async function creditOrRefund(
  sql: SqlQueries,
  outcome: TransactionOutcome,
  attempt: { id: number; amountMinor: number; currency: string },
  credit: () => Promise<boolean>,
  now: Date,
): Promise<SettlementResult> {
  const isFullAmount = outcome.amount === attempt.amountMinor && outcome.currency === attempt.currency;
  if (!isFullAmount) {
    getLogger().error({ reference: outcome.reference, expected: attempt.amountMinor, received: outcome.amount, currency: outcome.currency }, "a payment succeeded for another amount than its order's: refunding it");
  }
  if (isFullAmount && (await credit())) return "credited";
  // Paid twice (two prompts both approved), paid after a cancellation, or the wrong amount: the
  // client never pays twice for one order or top-up.
  await requestRefund(sql, attempt.id, now);
  return "refund_requested";
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
async function closeAttempt(attempt: { id: number; reference: string }, status: "failed" | "reversed" | "abandoned", gatewayResponse: string | null, now: Date): Promise<"closed" | "already_settled"> {
  return getDatabase().sql.transaction(async (sql) => {
    if (!(await closeUnpaid(sql, attempt.id, status, gatewayResponse, now))) return "already_settled" as const;
    await queuePaymentFailedEmail(sql, attempt.reference);
    return "closed" as const;
  });
}
