import { getDatabase } from "~/lib/database/db.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";

/**
 * The ledger's invariants, checked against the database as it stands: each query counts the rows
 * that break one rule (0 is good). The load test runs them after every run and an operator can run
 * them any time (`npm run check-ledger`); they read only, so they are safe on a live database.
 */

type LedgerRule = { rule: string; sql: string };

/** SQL: ledger entry `entry` books a refund of payment attempt `attempt` (`refund:<reference>[:<refund>]`). */
const refundEntryOf = (entry: string, attempt: string) =>
  `(${entry}.idempotency_key = 'refund:' || ${attempt}.reference OR left(${entry}.idempotency_key, length(${attempt}.reference) + 8) = 'refund:' || ${attempt}.reference || ':')`;
/** SQL: the sum of the refund entries of payment attempt `attempt`. */
const refundedSum = (attempt: string) => `(SELECT coalesce(sum(l.amount_minor), 0) FROM ledger_entries l WHERE l.kind = 'refund' AND ${refundEntryOf("l", attempt)})`;
/** SQL: the sum of user `user`'s entries in `bucket` (refunds are history, never a balance). */
const bucketSum = (user: string, bucket: string) => `(SELECT coalesce(sum(l.amount_minor), 0) FROM ledger_entries l WHERE l.user_id = ${user} AND l.bucket = '${bucket}' AND l.kind <> 'refund')`;
/** SQL: entries of `kind` tied to completion `completion`. */
const entriesOf = (completion: string, kind: string) => `(SELECT count(*) FROM ledger_entries l WHERE l.task_completion_id = ${completion} AND l.kind = '${kind}')`;

export const ledgerRules: LedgerRule[] = [
  // Balances: nobody holds less than nothing.
  // Nobody, that is, but for claw-backs: a worker's balance may go below zero by work taken back (issue #21).
  {
    rule: "users with a negative available balance other than by claw-backs",
    sql: `SELECT count(*)::int FROM users u WHERE ${bucketSum("u.id", "available")} - (SELECT coalesce(sum(l.amount_minor), 0) FROM ledger_entries l WHERE l.user_id = u.id AND l.kind = 'earning_clawback') < 0`,
  },
  { rule: "users with a negative held balance", sql: `SELECT count(*)::int FROM users u WHERE ${bucketSum("u.id", "held")} < 0` },
  // Earnings: one held earning per completion, for its worker and reward; its hold ends once, as the review went.
  { rule: "completions without exactly one earning entry", sql: `SELECT count(*)::int FROM task_completions c WHERE ${entriesOf("c.id", "earning")} <> 1` },
  {
    rule: "earning entries of another worker, amount or bucket than their completion",
    sql: `SELECT count(*)::int FROM ledger_entries l LEFT JOIN task_completions c ON c.id = l.task_completion_id WHERE l.kind = 'earning' AND (c.id IS NULL OR l.user_id <> c.worker_id OR l.amount_minor <> c.reward_minor OR l.bucket <> 'held')`,
  },
  {
    rule: "completions whose release or reversal disagrees with their review",
    sql: `SELECT count(*)::int FROM task_completions c WHERE
      ${entriesOf("c.id", "earning_release")} <> CASE WHEN c.review = 'approved' THEN 2 ELSE 0 END
      OR ${entriesOf("c.id", "earning_reversal")} <> CASE WHEN c.review = 'rejected' THEN 1 ELSE 0 END`,
  },
  {
    rule: "completions whose held amount is not back to zero after their review",
    sql: `SELECT count(*)::int FROM task_completions c WHERE c.review <> 'held'
      AND (SELECT coalesce(sum(l.amount_minor), 0) FROM ledger_entries l WHERE l.task_completion_id = c.id AND l.bucket = 'held') <> 0`,
  },
  // Refills: a dropped completion's earning is reversed while held, clawed back once released, never both.
  {
    rule: "completions whose claw-back disagrees with their drop",
    sql: `SELECT count(*)::int FROM task_completions c WHERE
      (SELECT count(*) FROM ledger_entries l WHERE l.task_completion_id = c.id AND l.kind = 'earning_clawback' AND l.amount_minor = -c.reward_minor AND l.user_id = c.worker_id AND l.bucket = 'available')
        <> CASE WHEN c.dropped_at IS NOT NULL AND c.review = 'approved' THEN 1 ELSE 0 END
      OR ${entriesOf("c.id", "earning_clawback")} > 1
      OR (c.dropped_at IS NOT NULL AND c.review = 'held')`,
  },
  {
    rule: "refills re-delivered other than by their tasks' completions, or past what dropped",
    sql: `SELECT count(*)::int FROM refills r WHERE r.redelivered_count > r.dropped_count
      OR r.redelivered_count <> (SELECT count(*) FROM task_completions c JOIN tasks t ON t.id = c.task_id WHERE t.refill_id = r.id AND c.review <> 'rejected')
      OR (r.status = 'completed') <> (r.dropped_count > 0 AND r.redelivered_count = r.dropped_count)`,
  },
  // Deliveries (issue #48): earnings come back only through a drop; a delivery is decided once.
  {
    rule: "earnings reversed or clawed back without their delivery dropped",
    sql: `SELECT count(*)::int FROM task_completions c WHERE (${entriesOf("c.id", "earning_reversal")} > 0 OR ${entriesOf("c.id", "earning_clawback")} > 0)
      AND c.delivery_state NOT IN ('dropped', 'replaced')`,
  },
  {
    rule: "deliveries whose decision disagrees with their state",
    sql: `SELECT count(*)::int FROM task_completions c WHERE (c.decided_at IS NOT NULL) <> (c.delivery_state IN ('stood', 'dropped', 'replaced'))
      OR (c.dropped_at IS NOT NULL) <> (c.delivery_state IN ('dropped', 'replaced'))
      OR (SELECT count(*) FROM tasks t WHERE t.replaces_completion_id = c.id) > CASE WHEN c.delivery_state IN ('dropped', 'replaced') THEN 1 ELSE 0 END`,
  },
  {
    // A release sets reviewed_at and a flag flagged_at, each to its own transaction's clock.
    rule: "earnings released while their delivery was flagged",
    sql: `SELECT count(*)::int FROM task_completions c WHERE c.review = 'approved' AND c.flagged_at < c.reviewed_at
      AND (c.decided_at IS NULL OR c.reviewed_at < c.decided_at)`,
  },
  // Payouts: the amount leaves `available` once when requested, and comes back once if it is not paid.
  {
    rule: "payouts without exactly one reservation of their amount",
    sql: `SELECT count(*)::int FROM payouts p WHERE (SELECT count(*) FROM ledger_entries l WHERE l.payout_id = p.id AND l.kind = 'payout' AND l.amount_minor = -p.amount_minor AND l.user_id = p.worker_id) <> 1
      OR (SELECT count(*) FROM ledger_entries l WHERE l.payout_id = p.id AND l.kind = 'payout') <> 1`,
  },
  {
    rule: "payouts whose amount came back other than once exactly when they were not paid",
    sql: `SELECT count(*)::int FROM payouts p WHERE (SELECT count(*) FROM ledger_entries l WHERE l.payout_id = p.id AND l.kind = 'payout_reversal' AND l.amount_minor = p.amount_minor)
      <> CASE WHEN p.status IN ('rejected', 'failed', 'reversed') THEN 1 ELSE 0 END`,
  },
  // Refunds: each processed refund booked once, of a payment of its order, never more than was paid.
  {
    rule: "refund entries that are not of a payment (of their order), or not positive",
    sql: `SELECT count(*)::int FROM ledger_entries l WHERE l.kind = 'refund' AND (l.amount_minor <= 0 OR NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE ${refundEntryOf("l", "a")} AND (l.order_id IS NULL OR l.order_id = a.order_id)))`,
  },
  { rule: "payments refunded more than they paid", sql: `SELECT count(*)::int FROM payment_attempts a WHERE ${refundedSum("a")} > a.amount_minor` },
  { rule: "fully refunded payments whose refund entries do not add up to the payment", sql: `SELECT count(*)::int FROM payment_attempts a WHERE a.refund_state = 'processed' AND ${refundedSum("a")} <> a.amount_minor` },
  // Wallets (issue #20): never below zero; each wallet-paid order paid once, its price; each credited
  // top-up credited once, its amount; a refund only of a cancelled wallet-paid order, of what it paid.
  // Never below zero, that is, but for refunded top-ups: their credit leaves however little is left (issue #49).
  {
    rule: "users with a negative wallet balance other than by refunded top-ups",
    sql: `SELECT count(*)::int FROM users u WHERE ${bucketSum("u.id", "wallet")} - (SELECT coalesce(sum(l.amount_minor), 0) FROM ledger_entries l WHERE l.user_id = u.id AND l.kind = 'wallet_top_up_reversal') < 0`,
  },
  // Issue #49: a credited top-up whose payments were refunded has the refunded part of its credit (at
  // most the credit: the fee went to Paystack) taken back exactly once; paid twice, the store still
  // holds one payment and nothing is taken.
  {
    rule: "refunded top-ups whose credit is not reversed exactly once",
    sql: `SELECT count(*)::int FROM wallet_top_ups t WHERE
      -(SELECT coalesce(sum(l.amount_minor), 0) FROM ledger_entries l WHERE l.top_up_id = t.id AND l.kind = 'wallet_top_up_reversal' AND l.user_id = t.client_id AND l.bucket = 'wallet')
        <> CASE WHEN t.credited_at IS NULL THEN 0
           ELSE LEAST(t.amount_minor, GREATEST(0, t.total_minor - (SELECT coalesce(sum(a.amount_minor - ${refundedSum("a")}), 0) FROM payment_attempts a WHERE a.top_up_id = t.id AND a.status = 'success'))) END
      OR EXISTS (SELECT 1 FROM ledger_entries l WHERE l.top_up_id = t.id AND l.kind = 'wallet_top_up_reversal' AND (l.user_id <> t.client_id OR l.bucket <> 'wallet' OR l.amount_minor >= 0))`,
  },
  {
    rule: "orders paid from the wallet without exactly one wallet payment of their price by their client",
    sql: `SELECT count(*)::int FROM orders o WHERE o.paid_from_wallet AND (SELECT count(*) FROM ledger_entries l WHERE l.order_id = o.id AND l.kind = 'wallet_payment' AND l.amount_minor = -o.price_minor AND l.user_id = o.client_id AND l.bucket = 'wallet') <> 1`,
  },
  {
    rule: "wallet payments of orders not paid from the wallet, or more than one per order",
    sql: `SELECT count(*)::int FROM ledger_entries l LEFT JOIN orders o ON o.id = l.order_id WHERE l.kind = 'wallet_payment' AND (o.id IS NULL OR NOT o.paid_from_wallet OR (SELECT count(*) FROM ledger_entries x WHERE x.kind = 'wallet_payment' AND x.order_id = l.order_id) <> 1)`,
  },
  {
    rule: "top-ups credited other than once exactly when their payment was recorded",
    sql: `SELECT count(*)::int FROM wallet_top_ups t WHERE (SELECT count(*) FROM ledger_entries l WHERE l.top_up_id = t.id AND l.kind = 'wallet_top_up' AND l.amount_minor = t.amount_minor AND l.user_id = t.client_id AND l.bucket = 'wallet')
      <> CASE WHEN t.credited_at IS NULL THEN 0 ELSE 1 END`,
  },
  {
    rule: "credited top-ups without a successful payment of their total",
    sql: `SELECT count(*)::int FROM wallet_top_ups t WHERE t.credited_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.top_up_id = t.id AND a.status = 'success' AND a.amount_minor = t.total_minor)`,
  },
  // Drip-feed (issue #21, decision 0026): a stopped drip-feed order is refunded the price of its units
  // not delivered (all of it when none was: then it is cancelled), rounded down to the pesewa.
  {
    rule: "wallet refunds of orders not cancelled, or other than what they paid from the wallet (a stopped drip-feed: its undelivered units)",
    sql: `SELECT count(*)::int FROM ledger_entries l LEFT JOIN orders o ON o.id = l.order_id WHERE l.kind = 'wallet_refund' AND (o.id IS NULL OR NOT o.paid_from_wallet
      OR NOT ((o.status = 'cancelled' AND l.amount_minor = o.price_minor)
        OR (o.status = 'partial' AND o.drip_refunded_quantity IS NOT NULL AND l.amount_minor = o.price_minor::bigint * o.drip_refunded_quantity / o.quantity)))`,
  },
  {
    rule: "stopped drip-feed orders without exactly one wallet refund of their undelivered units",
    sql: `SELECT count(*)::int FROM orders o WHERE o.drip_refunded_quantity IS NOT NULL AND (SELECT count(*) FROM ledger_entries l WHERE l.order_id = o.id AND l.kind = 'wallet_refund'
      AND l.user_id = o.client_id AND l.bucket = 'wallet' AND l.amount_minor = o.price_minor::bigint * o.drip_refunded_quantity / o.quantity) <> 1`,
  },
  { rule: "payments whose refunded amount differs from their refund entries", sql: `SELECT count(*)::int FROM payment_attempts a WHERE a.refunded_amount_minor <> ${refundedSum("a")}` },
];

export type LedgerRuleResult = { rule: string; offending: number };

/** Every rule with its count of offending rows; the ledger is sound when every count is 0 (also `npm run check-ledger`). */
export async function checkLedger(db: SqlQueries = getDatabase().sql): Promise<LedgerRuleResult[]> {
  const results: LedgerRuleResult[] = [];
  for (const { rule, sql } of ledgerRules) {
    const [row] = await db.query<{ count: number }>(sql);
    results.push({ rule, offending: Number(row?.count ?? 0) });
  }
  return results;
}
