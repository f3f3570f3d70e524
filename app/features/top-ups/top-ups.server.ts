import { type PublicUser, countCreation } from "~/features/auth/index.server";
import { catalogCurrency, processingFeeMinor } from "~/features/catalog";
import { creditTopUp, reverseTopUpCredit, topUpReversedMinor } from "~/features/ledger/index.server";
import type { Currency, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { toMajorUnits } from "~/lib/money";
import { expireEach, unpaidOrderExpiryMs } from "~/features/orders/index.server";
import { openAttemptStatuses } from "~/features/attempt-lifecycle/index.server";

/**
 * Wallet top-ups (issue #20): money a client adds to their wallet, paid by card or mobile money
 * through the same payment calls and exactly-once settlement as an order. The payment is the amount
 * plus the 1.7 % processing fee; only the amount reaches the wallet, credited once by the settlement
 * transaction that records the payment's success.
 */

/**
 * The one writer of a top-up's state (issue #49): pending until paid (credited) or given up (expired).
 * A payment that still succeeds for an expired top-up credits it: the money came, and a wallet has
 * nothing left to fulfil. Nothing leaves `credited`; a refund takes the credit back in the ledger.
 */
export const topUpTransitions = {
  credit: { from: ["pending", "expired"], to: "credited" },
  expire: { from: ["pending"], to: "expired" },
} as const;

export interface TopUpView {
  id: number;
  /** Cedis (decision 0010): what reaches the wallet. */
  amount: number;
  fee: number;
  /** What the payment must be: amount + fee. */
  total: number;
  currency: "GHS" | "USD";
  /** `expired`: not paid in time (issue #49), it can no longer be paid. */
  status: "pending" | "credited" | "expired";
  createdAt: string;
}

const topUpSelect = { id: true, clientId: true, amountMinor: true, feeMinor: true, totalMinor: true, currency: true, creditedAt: true, expiredAt: true, createdAt: true } as const;
type TopUpRow = Prisma.WalletTopUpGetPayload<{ select: typeof topUpSelect }>;

export function toTopUpView(topUp: TopUpRow): TopUpView {
  return {
    id: topUp.id,
    amount: toMajorUnits(topUp.amountMinor),
    fee: toMajorUnits(topUp.feeMinor),
    total: toMajorUnits(topUp.totalMinor),
    currency: topUp.currency,
    status: topUp.creditedAt ? "credited" : topUp.expiredAt ? "expired" : "pending",
    createdAt: topUp.createdAt.toISOString(),
  };
}

function assertClient(user: PublicUser) {
  if (user.role !== "client") throw new AppError(403, "forbidden", "Only client accounts have a wallet.");
}

const topUpNotFound = () => new AppError(404, "not_found", "Top-up not found");

/** A new top-up of `amountMinor` for the client, to be paid with the /api/payment/* calls (`topUpId`). */
export async function createTopUp(user: PublicUser, amountMinor: number): Promise<TopUpView> {
  assertClient(user);
  await countCreation("top-up", user.id);
  const feeMinor = processingFeeMinor(amountMinor);
  const topUp = await getPrisma().walletTopUp.create({
    data: { clientId: user.id, amountMinor, feeMinor, totalMinor: amountMinor + feeMinor, currency: catalogCurrency },
    select: topUpSelect,
  });
  return toTopUpView(topUp);
}

/** The client's own top-up (404 for anyone else's, like an unknown one), expired first if it is due. */
async function ownTopUp(user: PublicUser, topUpId: number, now = new Date()): Promise<TopUpRow> {
  assertClient(user);
  const find = () => getPrisma().walletTopUp.findFirst({ where: { id: topUpId, clientId: user.id }, select: topUpSelect });
  const topUp = await find();
  if (!topUp) throw topUpNotFound();
  // As an order's page does: one shown after its time is expired at once, not a minute later by the job.
  if (!topUp.creditedAt && !topUp.expiredAt && topUpExpiryTimeOf(topUp.createdAt) <= now && (await expireTopUpIfDue(topUp.id, now))) return (await find()) ?? topUp;
  return topUp;
}

export async function topUpFor(user: PublicUser, topUpId: number): Promise<TopUpView> {
  return toTopUpView(await ownTopUp(user, topUpId));
}

const topUpExpired = () => new AppError(422, "order_closed", "This top-up expired because it was not paid in time, and can no longer be paid. Please start a new top-up.");

/** The client's own top-up not paid yet, for a payment of its total. */
export async function payableTopUp(user: PublicUser, topUpId: number) {
  const topUp = await ownTopUp(user, topUpId);
  if (topUp.creditedAt) throw new AppError(409, "already_paid", "This top-up is already paid.");
  if (topUp.expiredAt) throw topUpExpired();
  return topUp;
}

/** Whether the payment `reference` is one of the top-up's own (a voucher posted on its page must be). */
export async function isPaymentOfTopUp(reference: string, topUpId: number): Promise<boolean> {
  return (await getPrisma().paymentAttempt.count({ where: { reference, topUpId } })) > 0;
}

/** Under the top-up's row lock (a charge start): refused once it is paid. */
export async function lockPayableTopUp(sql: SqlQueries, topUpId: number) {
  const [locked] = await sql.query<{ credited: boolean; expired: boolean }>(
    `SELECT credited_at IS NOT NULL AS credited, expired_at IS NOT NULL AS expired FROM wallet_top_ups WHERE id = $1::int FOR UPDATE`,
    [topUpId],
  );
  if (locked?.credited) throw new AppError(409, "already_paid", "This top-up is already paid.");
  // The expiry takes this lock too: a charge and an expiry never overlap.
  if (locked?.expired) throw topUpExpired();
}

/**
 * A successful payment of a top-up's total: credited to the wallet, once. false when it was credited
 * already (paid twice): the caller then refunds this payment.
 */
export async function creditPaidTopUp(sql: SqlQueries, topUpId: number, now: Date): Promise<boolean> {
  const [topUp] = await sql.query<{ clientId: number; amountMinor: number; currency: Currency }>(
    `UPDATE wallet_top_ups SET credited_at = $2::timestamp, updated_at = $2::timestamp WHERE id = $1::int AND credited_at IS NULL
     RETURNING client_id AS "clientId", amount_minor AS "amountMinor", currency::text AS currency`,
    [topUpId, now.toISOString()],
  );
  if (!topUp) return false;
  await creditTopUp(sql, { topUpId, userId: topUp.clientId, amountMinor: topUp.amountMinor, currency: topUp.currency });
  return true;
}

/**
 * A processed refund of one of the top-up's payments was booked (issue #49): the part of its credit
 * the store no longer holds a payment for leaves the wallet, once per refund. The store still holds
 * what its successful payments paid less what was refunded of them; a credit stands in full while
 * that covers the top-up's total, so the refund of a top-up paid twice takes nothing back. Call it in
 * the refund's booking transaction, after the payment's refunded amount is updated.
 */
export async function reverseRefundedTopUp(sql: SqlQueries, topUpId: number, refund: { paymentReference: string; refundKey: string }) {
  // Refunds of the top-up's payments queue on its row, so the sums below are read and written by one at a time.
  const [topUp] = await sql.query<{ clientId: number; amountMinor: number; totalMinor: number; currency: Currency; credited: boolean; heldMinor: number }>(
    `SELECT t.client_id AS "clientId", t.amount_minor AS "amountMinor", t.total_minor AS "totalMinor", t.currency::text AS currency, t.credited_at IS NOT NULL AS credited,
       (SELECT COALESCE(SUM(a.amount_minor - a.refunded_amount_minor), 0)::int FROM payment_attempts a WHERE a.top_up_id = t.id AND a.status = 'success') AS "heldMinor"
     FROM wallet_top_ups t WHERE t.id = $1::int FOR UPDATE OF t`,
    [topUpId],
  );
  if (!topUp?.credited) return;
  // The fee went to Paystack: at most the credited amount comes back out of the wallet.
  const owedMinor = Math.min(topUp.amountMinor, Math.max(0, topUp.totalMinor - topUp.heldMinor));
  const reversibleMinor = owedMinor - (await topUpReversedMinor(sql, topUpId));
  if (reversibleMinor <= 0) return;
  await reverseTopUpCredit(sql, { userId: topUp.clientId, amountMinor: reversibleMinor, currency: topUp.currency, topUpId, ...refund }, `Top-up #${topUpId} refunded to the payment it came from`);
}

/*
 * Unpaid top-ups expire (issue #49) as unpaid orders do (decision 0020, order-expiry.server.ts): one
 * still unpaid UNPAID_ORDER_EXPIRY_HOURS after it was created, with no payment of it still open, is
 * given up by the store (`expiredAt`) and can no longer be paid. A payment that still succeeds for an
 * expired top-up is credited all the same: the money came, and a wallet has nothing to fulfil.
 */
export function topUpExpiryTimeOf(createdAt: Date): Date {
  return new Date(createdAt.getTime() + unpaidOrderExpiryMs());
}

function dueForExpiry(now: Date) {
  return {
    creditedAt: null,
    expiredAt: null,
    createdAt: { lte: new Date(now.getTime() - unpaidOrderExpiryMs()) },
    paymentAttempts: { none: { paidAt: null, status: { in: openAttemptStatuses } } },
  } satisfies Prisma.WalletTopUpWhereInput;
}

/** Expires one top-up if it is due, under its row lock (which a charge takes too): true when this call expired it. */
export async function expireTopUpIfDue(topUpId: number, now = new Date()): Promise<boolean> {
  return getPrisma().$transaction(async (transaction) => {
    await sqlOfPrisma(transaction).query("SELECT id FROM wallet_top_ups WHERE id = $1::int FOR UPDATE", [topUpId]);
    const { count } = await transaction.walletTopUp.updateMany({ where: { id: topUpId, ...dueForExpiry(now) }, data: { expiredAt: now } });
    return count === 1;
  });
}

/** The background job (server/jobs.ts): expires the top-ups that are due, oldest first, in bounded batches. */
export async function expireUnpaidTopUps(now = new Date(), batchSize = 100): Promise<number> {
  const due = await getPrisma().walletTopUp.findMany({ where: dueForExpiry(now), orderBy: { createdAt: "asc" }, take: batchSize, select: { id: true } });
  return expireEach(due, (id) => expireTopUpIfDue(id, now), "an unpaid top-up");
}
