import type { Currency, LedgerBucket, LedgerEntryKind, PayoutStatus, Prisma } from "~/generated/prisma/client";

/**
 * The only writer of ledger entries: append-only money movements per user, in minor units (pesewas),
 * positive for credits and negative for debits, each in a bucket (`held` while a worker's reward is
 * under review, `available` once it may be withdrawn). Every writer below derives the entry's
 * idempotency key from what caused it (a completion, a payout, a refund), so a retried operation
 * can never book it twice: the unique key refuses the second row.
 *
 * `refund` entries record money returned to a client's payment method: they are history, not a
 * balance the client holds, so no balance counts them.
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

/** A worker's reward for a completion, held for the review period. */
export async function recordHeldEarning(db: Db, reward: CompletionReward, description: string) {
  await db.ledgerEntry.create({
    data: { ...rewardColumns(reward), kind: "earning", bucket: "held", amountMinor: reward.rewardMinor, idempotencyKey: `earning:${reward.completionId}`, description },
  });
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

type ProcessedRefund = { clientId: number; orderId: number; paymentReference: string; refundKey: string; amountMinor: number; currency: Currency; description: string };

/** Money returned to a client's payment method, as Paystack reported it processed. */
export async function recordRefund(db: Db, refund: ProcessedRefund) {
  await db.ledgerEntry.create({
    data: {
      userId: refund.clientId,
      kind: "refund",
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      orderId: refund.orderId,
      idempotencyKey: refundEntryKey(refund.paymentReference, refund.refundKey),
      description: refund.description,
    },
  });
}

/** Kinds that add to what a worker has earned (the dashboard's "total earned"): rewards, minus rejections. */
export const earnedKinds: LedgerEntryKind[] = ["earning", "earning_reversal"];
