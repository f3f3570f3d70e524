import type { Currency, LedgerBucket, LedgerEntryKind, PayoutStatus } from "~/generated/prisma/client";
import type { SqlQueries } from "~/lib/database/sql-client.server";

/**
 * The only writer of ledger entries: append-only money movements per user, in minor units (pesewas),
 * positive for credits and negative for debits, each in a bucket (`held` while a worker's reward is
 * under review, `available` once it may be withdrawn). Every writer below derives the entry's
 * idempotency key from what caused it (a completion, a payout, a refund), so a retried operation
 * can never book it twice: the unique key refuses the second row.
 *
 * `refund` entries record money returned to a client's payment method: they are history, not a
 * balance the client holds, so no balance counts them.
 *
 * A client's prepaid balance is the `wallet` bucket (issue #20): top-ups in, orders paid from it out,
 * cancelled ones back in, admins' adjustments either way. Every spend goes through a function here
 * that locks the client's row, reads the balance and writes the debit in the caller's transaction,
 * so concurrent spends queue and none can take the balance below zero.
 */

/** What a user's money stands at, in minor units. */
export type Balance = {
  /** May be withdrawn now. */
  availableMinor: number;
  /** Rewards still under review (the hold period). */
  heldMinor: number;
  /** Withdrawals requested and not yet paid or returned: already out of `available`. */
  reservedMinor: number;
};

/** Payouts whose reservation still stands: not yet paid, and not given back. */
const reservingPayoutStatuses: PayoutStatus[] = ["pending", "processing", "awaiting_otp"];

/** The one definition of a balance (every page and check reads it from here). */
export async function balanceOf(sql: SqlQueries, userId: number): Promise<Balance> {
  // Reservations are the payouts' (negative) entries; a reserved amount reads positive.
  const [balance] = await sql.query<Balance>(
    `SELECT COALESCE(SUM(e.amount_minor) FILTER (WHERE e.bucket = 'available' AND e.kind <> 'refund'), 0)::int AS "availableMinor",
       COALESCE(SUM(e.amount_minor) FILTER (WHERE e.bucket = 'held' AND e.kind <> 'refund'), 0)::int AS "heldMinor",
       (-COALESCE(SUM(e.amount_minor) FILTER (WHERE e.kind = 'payout' AND p.status::text = ANY($2::text[])), 0))::int AS "reservedMinor"
     FROM ledger_entries e LEFT JOIN payouts p ON p.id = e.payout_id
     WHERE e.user_id = $1::int`,
    [userId, reservingPayoutStatuses],
  );
  return balance;
}

/** What a withdrawal may take now; read it in the transaction that spends it, under the user's row lock. */
export function availableBalanceMinor(sql: SqlQueries, userId: number): Promise<number> {
  return bucketSum(sql, userId, "available");
}

async function bucketSum(sql: SqlQueries, userId: number, bucket: LedgerBucket): Promise<number> {
  const [sum] = await sql.query<{ minor: number }>(
    "SELECT COALESCE(SUM(amount_minor), 0)::int AS minor FROM ledger_entries WHERE user_id = $1::int AND bucket = $2::ledger_bucket AND kind <> 'refund'",
    [userId, bucket],
  );
  return sum.minor;
}

/** One ledger entry: its columns, all but the key optional as the schema has them. */
type Entry = {
  userId: number;
  kind: LedgerEntryKind;
  bucket?: LedgerBucket;
  amountMinor: number;
  currency: Currency;
  taskCompletionId?: number;
  payoutId?: number;
  orderId?: number | null;
  topUpId?: number | null;
  idempotencyKey: string;
  description: string;
};

/**
 * Books `entries`. `once`: an entry whose key is already booked is left as it was (a retried
 * release); without it the unique key refuses the second row, and the caller's transaction fails.
 */
async function book(sql: SqlQueries, entries: Entry[], { once = false } = {}): Promise<void> {
  const now = new Date().toISOString();
  const values: unknown[] = [];
  const rows = entries.map((entry) => {
    const columns = [entry.userId, entry.kind, entry.bucket ?? "available", entry.amountMinor, entry.currency, entry.taskCompletionId ?? null, entry.payoutId ?? null, entry.orderId ?? null, entry.topUpId ?? null, entry.idempotencyKey, entry.description, now];
    const at = values.length;
    values.push(...columns);
    const casts = ["int", "ledger_entry_kind", "ledger_bucket", "int", "currency", "int", "int", "int", "int", "text", "text", "timestamp"];
    return `(${casts.map((cast, index) => `$${at + index + 1}::${cast}`).join(", ")})`;
  });
  await sql.query(
    `INSERT INTO ledger_entries (user_id, kind, bucket, amount_minor, currency, task_completion_id, payout_id, order_id, top_up_id, idempotency_key, description, created_at)
     VALUES ${rows.join(", ")}${once ? " ON CONFLICT (idempotency_key) DO NOTHING" : ""}`,
    values,
  );
}

type CompletionReward = { completionId: number; workerId: number; rewardMinor: number; currency: Currency; orderId: number };

/** A worker's reward for a completion, held for the review period. */
export async function recordHeldEarning(sql: SqlQueries, reward: CompletionReward, description: string) {
  await book(sql, [{ ...rewardColumns(reward), kind: "earning", bucket: "held", amountMinor: reward.rewardMinor, idempotencyKey: `earning:${reward.completionId}`, description }]);
}

/** A held reward an admin rejected: out of `held`, never paid. */
export async function reverseHeldEarning(sql: SqlQueries, reward: CompletionReward, description: string) {
  await book(sql, [{ ...rewardColumns(reward), kind: "earning_reversal", bucket: "held", amountMinor: -reward.rewardMinor, idempotencyKey: `reversal:${reward.completionId}`, description }]);
}

/** A held reward whose review ended well: moved from `held` to `available` (two entries, one movement). */
export async function releaseHeldEarning(sql: SqlQueries, reward: CompletionReward, description: string) {
  const common = { ...rewardColumns(reward), kind: "earning_release" as const, description };
  await book(sql, [
    { ...common, bucket: "held", amountMinor: -reward.rewardMinor, idempotencyKey: `release:${reward.completionId}:held` },
    { ...common, bucket: "available", amountMinor: reward.rewardMinor, idempotencyKey: `release:${reward.completionId}:available` },
  ]);
}

/**
 * A released reward whose work was undone (a refill's re-check found it dropped): taken back out of
 * `available`, once. The balance may go below zero; payouts wait until later earnings cover it.
 */
export async function clawBackEarning(sql: SqlQueries, reward: CompletionReward, description: string) {
  await book(sql, [{ ...rewardColumns(reward), kind: "earning_clawback", bucket: "available", amountMinor: -reward.rewardMinor, idempotencyKey: `clawback:${reward.completionId}`, description }]);
}

function rewardColumns(reward: CompletionReward) {
  return { userId: reward.workerId, currency: reward.currency, taskCompletionId: reward.completionId, orderId: reward.orderId };
}

type PayoutAmount = { id: number; workerId: number; amountMinor: number; currency: Currency };

/**
 * A withdrawal's amount leaves `available` when it is requested (the caller checks the balance in
 * the same transaction, under the worker's row lock), so it cannot be spent twice while it travels.
 */
export async function reservePayout(sql: SqlQueries, payout: PayoutAmount) {
  await book(sql, [{ userId: payout.workerId, kind: "payout", bucket: "available", amountMinor: -payout.amountMinor, currency: payout.currency, payoutId: payout.id, idempotencyKey: `payout:${payout.id}:reserve`, description: "Withdrawal requested" }]);
}

/** A withdrawal that will not be paid (rejected, failed, reversed): its amount back in `available`, once. */
export async function releasePayoutReservation(sql: SqlQueries, payout: PayoutAmount, why: string) {
  await book(
    sql,
    [{ userId: payout.workerId, kind: "payout_reversal", bucket: "available", amountMinor: payout.amountMinor, currency: payout.currency, payoutId: payout.id, idempotencyKey: `payout:${payout.id}:release`, description: why }],
    { once: true },
  );
}

/** The idempotency key of one processed refund of one payment (Paystack's refund id or reference). */
export const refundEntryKey = (paymentReference: string, refundKey: string) => `refund:${paymentReference}:${refundKey}`;

export async function isRefundBooked(sql: SqlQueries, paymentReference: string, refundKey: string): Promise<boolean> {
  return (await sql.query("SELECT id FROM ledger_entries WHERE idempotency_key = $1::text", [refundEntryKey(paymentReference, refundKey)])).length > 0;
}

/** A payment refunded pays an order, or (`topUpId`) a wallet top-up paid twice. */
type ProcessedRefund = { clientId: number; orderId: number | null; topUpId?: number | null; paymentReference: string; refundKey: string; amountMinor: number; currency: Currency; description: string };

/** Money returned to a client's payment method, as Paystack reported it processed. */
export async function recordRefund(sql: SqlQueries, refund: ProcessedRefund) {
  await book(sql, [
    {
      userId: refund.clientId,
      kind: "refund",
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      orderId: refund.orderId,
      topUpId: refund.topUpId ?? null,
      idempotencyKey: refundEntryKey(refund.paymentReference, refund.refundKey),
      description: refund.description,
    },
  ]);
}

/** Kinds that add to what a worker has earned (the dashboard's "total earned"): rewards, minus rejections and claw-backs. */
export const earnedKinds: LedgerEntryKind[] = ["earning", "earning_reversal", "earning_clawback"];

/** A client's wallet balance in minor units (GHS, the catalogue's currency). */
export function walletBalanceMinor(sql: SqlQueries, userId: number): Promise<number> {
  return bucketSum(sql, userId, "wallet");
}

/**
 * Takes the client's row lock: every wallet spend of one client queues behind the one before. NO KEY
 * UPDATE, not UPDATE: the order a spend pays for was inserted in the same transaction, and its
 * foreign key holds a KEY SHARE lock on this row that FOR UPDATE would deadlock against.
 */
async function lockWallet(sql: SqlQueries, userId: number) {
  await sql.query("SELECT id FROM users WHERE id = $1::int FOR NO KEY UPDATE", [userId]);
}

type WalletMovement = { userId: number; amountMinor: number; currency: Currency };

/** A top-up whose payment succeeded: its amount (not the processing fee) into the wallet, once. */
export async function creditTopUp(sql: SqlQueries, topUp: WalletMovement & { topUpId: number }) {
  await book(sql, [{ userId: topUp.userId, kind: "wallet_top_up", bucket: "wallet", amountMinor: topUp.amountMinor, currency: topUp.currency, topUpId: topUp.topUpId, idempotencyKey: `top-up:${topUp.topUpId}`, description: "Wallet top-up" }]);
}

type TopUpReversal = WalletMovement & { topUpId: number; paymentReference: string; refundKey: string };

/**
 * A credited top-up whose payment was refunded (issue #49): `amountMinor` of its credit back out of
 * the wallet, once per refund (keyed by the refund, like the refund's own entry). No balance check:
 * the money has already gone back to the card or wallet it came from, so the balance may go below
 * zero, and spends from it (which need the balance to cover them) wait until it is covered.
 */
export async function reverseTopUpCredit(sql: SqlQueries, reversal: TopUpReversal, description: string) {
  await book(sql, [
    {
      userId: reversal.userId,
      kind: "wallet_top_up_reversal",
      bucket: "wallet",
      amountMinor: -reversal.amountMinor,
      currency: reversal.currency,
      topUpId: reversal.topUpId,
      idempotencyKey: `top-up-reversal:${reversal.paymentReference}:${reversal.refundKey}`,
      description,
    },
  ]);
}

/** How much of a top-up's credit has been taken back (positive minor units). */
export async function topUpReversedMinor(sql: SqlQueries, topUpId: number): Promise<number> {
  const [sum] = await sql.query<{ minor: number }>("SELECT (-COALESCE(SUM(amount_minor), 0))::int AS minor FROM ledger_entries WHERE top_up_id = $1::int AND kind = 'wallet_top_up_reversal'", [topUpId]);
  return sum.minor;
}

/**
 * Pays an order from the wallet: false (nothing written) when the balance does not cover it. Call it
 * in the transaction that marks the order paid, so both or neither.
 */
export async function spendFromWallet(sql: SqlQueries, payment: WalletMovement & { orderId: number }, description: string): Promise<boolean> {
  await lockWallet(sql, payment.userId);
  if ((await walletBalanceMinor(sql, payment.userId)) < payment.amountMinor) return false;
  await book(sql, [{ userId: payment.userId, kind: "wallet_payment", bucket: "wallet", amountMinor: -payment.amountMinor, currency: payment.currency, orderId: payment.orderId, idempotencyKey: `wallet-payment:${payment.orderId}`, description }]);
  return true;
}

/** What an order paid from the wallet paid (its `wallet_payment` entry), or null when it was not. */
export async function walletPaymentOf(sql: SqlQueries, orderId: number): Promise<WalletMovement | null> {
  const [entry] = await sql.query<WalletMovement>(
    `SELECT user_id AS "userId", -amount_minor AS "amountMinor", currency::text AS currency FROM ledger_entries WHERE idempotency_key = $1::text`,
    [`wallet-payment:${orderId}`],
  );
  return entry ?? null;
}

/** A cancelled order paid from the wallet: what it paid back into the wallet, once. */
export async function refundToWallet(sql: SqlQueries, orderId: number, description: string): Promise<boolean> {
  const payment = await walletPaymentOf(sql, orderId);
  if (!payment) return false;
  await book(sql, [{ userId: payment.userId, kind: "wallet_refund", bucket: "wallet", amountMinor: payment.amountMinor, currency: payment.currency, orderId, idempotencyKey: `wallet-refund:${orderId}`, description }], { once: true });
  return true;
}

/**
 * A drip-feed order stopped with runs remaining (decision 0026): the price of its `units` not
 * delivered back into the wallet, once. The same key as a whole refund (`wallet-refund:<order>`), so
 * an order is refunded to the wallet at most once, whole or in part. Rounded down to the pesewa (the
 * catalogue prices per unit, so it is exact). False when the order was not paid from the wallet.
 */
export async function refundUndeliveredToWallet(sql: SqlQueries, order: { id: number; priceMinor: number; quantity: number }, units: number, description: string): Promise<boolean> {
  const payment = await walletPaymentOf(sql, order.id);
  if (!payment || units <= 0 || units > order.quantity) return false;
  const amountMinor = Math.floor((order.priceMinor * units) / order.quantity);
  await book(sql, [{ userId: payment.userId, kind: "wallet_refund", bucket: "wallet", amountMinor, currency: payment.currency, orderId: order.id, idempotencyKey: `wallet-refund:${order.id}`, description }], { once: true });
  return true;
}

/** What `adjustWallet` did: booked it, refused it (below zero), or found the key's earlier adjustment. */
export type WalletAdjustmentOutcome = { booked: true } | { booked: false; refused: "insufficient_balance" } | { booked: false; earlier: { amountMinor: number; reason: string } };

/**
 * An admin's correction of a wallet, positive or negative, under `key` (one per request, so a retried
 * request books it once). The key is looked up after the wallet's row lock: a concurrent request with
 * the same key waits for the first one's commit and then finds its entry, instead of colliding on the
 * unique key. Refused (nothing written) when it would take the balance below zero.
 */
export async function adjustWallet(sql: SqlQueries, adjustment: WalletMovement & { key: string }, reason: string): Promise<WalletAdjustmentOutcome> {
  await lockWallet(sql, adjustment.userId);
  const idempotencyKey = `adjustment:${adjustment.key}`;
  const [earlier] = await sql.query<{ amountMinor: number; reason: string | null }>(`SELECT amount_minor AS "amountMinor", description AS reason FROM ledger_entries WHERE idempotency_key = $1::text`, [idempotencyKey]);
  if (earlier) return { booked: false, earlier: { amountMinor: earlier.amountMinor, reason: earlier.reason ?? "" } };
  if ((await walletBalanceMinor(sql, adjustment.userId)) + adjustment.amountMinor < 0) return { booked: false, refused: "insufficient_balance" };
  await book(sql, [{ userId: adjustment.userId, kind: "adjustment", bucket: "wallet", amountMinor: adjustment.amountMinor, currency: adjustment.currency, idempotencyKey, description: reason }]);
  return { booked: true };
}
