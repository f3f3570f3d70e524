import type { Currency, LedgerBucket, LedgerEntryKind, PayoutStatus, Prisma } from "~/generated/prisma/client";
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

type Db = Prisma.TransactionClient;

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
export async function balanceOf(db: Db, userId: number): Promise<Balance> {
  const [availableMinor, heldMinor, reserved] = await Promise.all([
    availableBalanceMinor(db, userId),
    bucketSum(db, userId, "held"),
    db.ledgerEntry.aggregate({ where: { userId, kind: "payout", payout: { status: { in: reservingPayoutStatuses } } }, _sum: { amountMinor: true } }),
  ]);
  // Reservations are the payouts' (negative) entries; a reserved amount reads positive.
  const reservedMinor = reserved._sum.amountMinor ? -reserved._sum.amountMinor : 0;
  return { availableMinor, heldMinor, reservedMinor };
}

/** What a withdrawal may take now; read it in the transaction that spends it, under the user's row lock. */
export function availableBalanceMinor(db: Db, userId: number): Promise<number> {
  return bucketSum(db, userId, "available");
}

async function bucketSum(db: Db, userId: number, bucket: LedgerBucket): Promise<number> {
  const sum = await db.ledgerEntry.aggregate({ where: { userId, bucket, NOT: { kind: "refund" } }, _sum: { amountMinor: true } });
  return sum._sum.amountMinor ?? 0;
}

type CompletionReward = { completionId: number; workerId: number; rewardMinor: number; currency: Currency; orderId: number };

/** A worker's reward for a completion, held for the review period (in the completion's transaction, below Prisma: issue #22). */
export async function recordHeldEarning(sql: SqlQueries, reward: CompletionReward, description: string) {
  await sql.query(
    `INSERT INTO ledger_entries (user_id, kind, bucket, amount_minor, currency, task_completion_id, order_id, idempotency_key, description, created_at)
     VALUES ($1::int, 'earning', 'held', $2::int, $3::currency, $4::int, $5::int, $6::text, $7::text, $8::timestamp)`,
    [reward.workerId, reward.rewardMinor, reward.currency, reward.completionId, reward.orderId, `earning:${reward.completionId}`, description, new Date().toISOString()],
  );
}

/** A held reward an admin rejected: out of `held`, never paid. */
export async function reverseHeldEarning(db: Db, reward: CompletionReward, description: string) {
  await db.ledgerEntry.create({
    data: { ...rewardColumns(reward), kind: "earning_reversal", bucket: "held", amountMinor: -reward.rewardMinor, idempotencyKey: `reversal:${reward.completionId}`, description },
  });
}

/** A held reward whose review ended well: moved from `held` to `available` (two entries, one movement). */
export async function releaseHeldEarning(db: Db, reward: CompletionReward, description: string) {
  const common = { ...rewardColumns(reward), kind: "earning_release" as const, description };
  await db.ledgerEntry.createMany({
    data: [
      { ...common, bucket: "held", amountMinor: -reward.rewardMinor, idempotencyKey: `release:${reward.completionId}:held` },
      { ...common, bucket: "available", amountMinor: reward.rewardMinor, idempotencyKey: `release:${reward.completionId}:available` },
    ],
  });
}

/**
 * A released reward whose work was undone (a refill's re-check found it dropped): taken back out of
 * `available`, once. The balance may go below zero; payouts wait until later earnings cover it.
 */
export async function clawBackEarning(db: Db, reward: CompletionReward, description: string) {
  await db.ledgerEntry.create({
    data: { ...rewardColumns(reward), kind: "earning_clawback", bucket: "available", amountMinor: -reward.rewardMinor, idempotencyKey: `clawback:${reward.completionId}`, description },
  });
}

function rewardColumns(reward: CompletionReward) {
  return { userId: reward.workerId, currency: reward.currency, taskCompletionId: reward.completionId, orderId: reward.orderId };
}

type PayoutAmount = { id: number; workerId: number; amountMinor: number; currency: Currency };

/**
 * A withdrawal's amount leaves `available` when it is requested (the caller checks the balance in
 * the same transaction, under the worker's row lock), so it cannot be spent twice while it travels.
 */
export async function reservePayout(db: Db, payout: PayoutAmount) {
  await db.ledgerEntry.create({
    data: { userId: payout.workerId, kind: "payout", bucket: "available", amountMinor: -payout.amountMinor, currency: payout.currency, payoutId: payout.id, idempotencyKey: `payout:${payout.id}:reserve`, description: "Withdrawal requested" },
  });
}

/** A withdrawal that will not be paid (rejected, failed, reversed): its amount back in `available`, once. */
export async function releasePayoutReservation(db: Db, payout: PayoutAmount, why: string) {
  const idempotencyKey = `payout:${payout.id}:release`;
  await db.ledgerEntry.upsert({
    where: { idempotencyKey },
    create: { userId: payout.workerId, kind: "payout_reversal", bucket: "available", amountMinor: payout.amountMinor, currency: payout.currency, payoutId: payout.id, idempotencyKey, description: why },
    update: {},
  });
}

/** The idempotency key of one processed refund of one payment (Paystack's refund id or reference). */
export const refundEntryKey = (paymentReference: string, refundKey: string) => `refund:${paymentReference}:${refundKey}`;

export async function isRefundBooked(db: Db, paymentReference: string, refundKey: string): Promise<boolean> {
  return (await db.ledgerEntry.findUnique({ where: { idempotencyKey: refundEntryKey(paymentReference, refundKey) }, select: { id: true } })) !== null;
}

/** A payment refunded pays an order, or (`topUpId`) a wallet top-up paid twice. */
type ProcessedRefund = { clientId: number; orderId: number | null; topUpId?: number | null; paymentReference: string; refundKey: string; amountMinor: number; currency: Currency; description: string };

/** Money returned to a client's payment method, as Paystack reported it processed. */
export async function recordRefund(db: Db, refund: ProcessedRefund) {
  await db.ledgerEntry.create({
    data: {
      userId: refund.clientId,
      kind: "refund",
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      orderId: refund.orderId,
      topUpId: refund.topUpId ?? null,
      idempotencyKey: refundEntryKey(refund.paymentReference, refund.refundKey),
      description: refund.description,
    },
  });
}

/** Kinds that add to what a worker has earned (the dashboard's "total earned"): rewards, minus rejections and claw-backs. */
export const earnedKinds: LedgerEntryKind[] = ["earning", "earning_reversal", "earning_clawback"];

/** A client's wallet balance in minor units (GHS, the catalogue's currency). */
export function walletBalanceMinor(db: Db, userId: number): Promise<number> {
  return bucketSum(db, userId, "wallet");
}

/**
 * Takes the client's row lock: every wallet spend of one client queues behind the one before. NO KEY
 * UPDATE, not UPDATE: the order a spend pays for was inserted in the same transaction, and its
 * foreign key holds a KEY SHARE lock on this row that FOR UPDATE would deadlock against.
 */
async function lockWallet(db: Db, userId: number) {
  await db.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`;
}

type WalletMovement = { userId: number; amountMinor: number; currency: Currency };

/** A top-up whose payment succeeded: its amount (not the processing fee) into the wallet, once. */
export async function creditTopUp(db: Db, topUp: WalletMovement & { topUpId: number }) {
  await db.ledgerEntry.create({
    data: { userId: topUp.userId, kind: "wallet_top_up", bucket: "wallet", amountMinor: topUp.amountMinor, currency: topUp.currency, topUpId: topUp.topUpId, idempotencyKey: `top-up:${topUp.topUpId}`, description: "Wallet top-up" },
  });
}

type TopUpReversal = WalletMovement & { topUpId: number; paymentReference: string; refundKey: string };

/**
 * A credited top-up whose payment was refunded (issue #49): `amountMinor` of its credit back out of
 * the wallet, once per refund (keyed by the refund, like the refund's own entry). No balance check:
 * the money has already gone back to the card or wallet it came from, so the balance may go below
 * zero, and spends from it (which need the balance to cover them) wait until it is covered.
 */
export async function reverseTopUpCredit(db: Db, reversal: TopUpReversal, description: string) {
  await db.ledgerEntry.create({
    data: {
      userId: reversal.userId,
      kind: "wallet_top_up_reversal",
      bucket: "wallet",
      amountMinor: -reversal.amountMinor,
      currency: reversal.currency,
      topUpId: reversal.topUpId,
      idempotencyKey: `top-up-reversal:${reversal.paymentReference}:${reversal.refundKey}`,
      description,
    },
  });
}

/** How much of a top-up's credit has been taken back (positive minor units). */
export async function topUpReversedMinor(db: Db, topUpId: number): Promise<number> {
  const sum = await db.ledgerEntry.aggregate({ where: { topUpId, kind: "wallet_top_up_reversal" }, _sum: { amountMinor: true } });
  return -(sum._sum.amountMinor ?? 0);
}

/**
 * Pays an order from the wallet: false (nothing written) when the balance does not cover it. Call it
 * in the transaction that marks the order paid, so both or neither.
 */
export async function spendFromWallet(db: Db, payment: WalletMovement & { orderId: number }, description: string): Promise<boolean> {
  await lockWallet(db, payment.userId);
  if ((await walletBalanceMinor(db, payment.userId)) < payment.amountMinor) return false;
  await db.ledgerEntry.create({
    data: { userId: payment.userId, kind: "wallet_payment", bucket: "wallet", amountMinor: -payment.amountMinor, currency: payment.currency, orderId: payment.orderId, idempotencyKey: `wallet-payment:${payment.orderId}`, description },
  });
  return true;
}

/** What an order paid from the wallet paid (its `wallet_payment` entry), or null when it was not. */
export async function walletPaymentOf(db: Db, orderId: number): Promise<WalletMovement | null> {
  const entry = await db.ledgerEntry.findUnique({ where: { idempotencyKey: `wallet-payment:${orderId}` }, select: { userId: true, amountMinor: true, currency: true } });
  return entry ? { ...entry, amountMinor: -entry.amountMinor } : null;
}

/** A cancelled order paid from the wallet: what it paid back into the wallet, once. */
export async function refundToWallet(db: Db, orderId: number, description: string): Promise<boolean> {
  const payment = await walletPaymentOf(db, orderId);
  if (!payment) return false;
  const idempotencyKey = `wallet-refund:${orderId}`;
  await db.ledgerEntry.upsert({
    where: { idempotencyKey },
    create: { userId: payment.userId, kind: "wallet_refund", bucket: "wallet", amountMinor: payment.amountMinor, currency: payment.currency, orderId, idempotencyKey, description },
    update: {},
  });
  return true;
}

/**
 * A drip-feed order stopped with runs remaining (decision 0026): the price of its `units` not
 * delivered back into the wallet, once. The same key as a whole refund (`wallet-refund:<order>`), so
 * an order is refunded to the wallet at most once, whole or in part. Rounded down to the pesewa (the
 * catalogue prices per unit, so it is exact). False when the order was not paid from the wallet.
 */
export async function refundUndeliveredToWallet(db: Db, order: { id: number; priceMinor: number; quantity: number }, units: number, description: string): Promise<boolean> {
  const payment = await walletPaymentOf(db, order.id);
  if (!payment || units <= 0 || units > order.quantity) return false;
  const amountMinor = Math.floor((order.priceMinor * units) / order.quantity);
  const idempotencyKey = `wallet-refund:${order.id}`;
  await db.ledgerEntry.upsert({
    where: { idempotencyKey },
    create: { userId: payment.userId, kind: "wallet_refund", bucket: "wallet", amountMinor, currency: payment.currency, orderId: order.id, idempotencyKey, description },
    update: {},
  });
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
export async function adjustWallet(db: Db, adjustment: WalletMovement & { key: string }, reason: string): Promise<WalletAdjustmentOutcome> {
  await lockWallet(db, adjustment.userId);
  const idempotencyKey = `adjustment:${adjustment.key}`;
  const earlier = await db.ledgerEntry.findUnique({ where: { idempotencyKey }, select: { amountMinor: true, description: true } });
  if (earlier) return { booked: false, earlier: { amountMinor: earlier.amountMinor, reason: earlier.description ?? "" } };
  if ((await walletBalanceMinor(db, adjustment.userId)) + adjustment.amountMinor < 0) return { booked: false, refused: "insufficient_balance" };
  await db.ledgerEntry.create({
    data: { userId: adjustment.userId, kind: "adjustment", bucket: "wallet", amountMinor: adjustment.amountMinor, currency: adjustment.currency, idempotencyKey, description: reason },
  });
  return { booked: true };
}
