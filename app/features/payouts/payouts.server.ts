import { assertAdmin } from "~/features/auth";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { recordAdminAction } from "~/features/audit/index.server";
import type { PublicUser } from "~/features/auth/index.server";
import { assertActiveWorker } from "~/features/fulfilment/index.server";
import { availableBalanceMinor, releasePayoutReservation, reservePayout } from "~/features/ledger/index.server";
import { ghanaMobileNumberSchema, mobileMoneyProviders, numberOfTheNetworkChosen, portedSchema } from "~/features/payments";
import type { PayoutStatus, Prisma } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { getLogger } from "~/lib/logger.server";
import { formatMoney, toMajorUnits } from "~/lib/money";
import { queuePayoutEmail } from "./payout-emails.server";
import { requireConfirmedPayoutNumber } from "./payout-numbers.server";
import { insertPayout, movePayout, openPayoutStatuses } from "./payout-lifecycle.server";
import { findReservedPayout, recoverPayoutTransfer, sendPayoutTransfer } from "./payout-transfers.server";

export { applyTransfer, settlePayout } from "./payout-transfers.server";

/**
 * Money out: a worker withdraws available earnings to a mobile-money wallet. The request reserves
 * the amount in the ledger at once (the balance is checked inside the transaction that spends it,
 * with the worker's row locked, so concurrent requests can never overdraw); an admin approves it,
 * which sends a Paystack transfer, or rejects it, which gives the amount back. A failed or reversed
 * transfer gives it back too. Every give-back is one ledger entry with its own idempotency key.
 * Sending, OTPs and recovery of lost transfers: payout-transfers.server.ts and payout-admin.server.ts.
 */

// Paystack's mobile-money bank codes for Ghana (DESIGN §5: SPEC's tgo is Paystack's ATL).
const bankCodes = { mtn: "MTN", vod: "VOD", tgo: "ATL" } as const;

export const payoutRequestSchema = z.object({
  /** Cedis, at most 2 decimals. */
  amount: z.coerce
    .number({ error: "Enter an amount in cedis" })
    .positive("Enter an amount in cedis")
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Use at most 2 decimals"),
  /** Stored and sent to Paystack in the local form (0551234987), however it was written. */
  phone: ghanaMobileNumberSchema,
  provider: z.enum(mobileMoneyProviders, { error: "Please select a valid provider" }),
  /** The worker says the number moved to `provider` from the network its prefix names. */
  ported: portedSchema,
}).check(numberOfTheNetworkChosen);
export type PayoutRequest = z.output<typeof payoutRequestSchema>;

export interface PayoutView {
  id: number;
  amount: number;
  currency: "GHS" | "USD";
  phone: string;
  provider: string;
  status: PayoutStatus;
  failureReason: string | null;
  reference: string;
  createdAt: string;
  completedAt: string | null;
  /** Admins' view only: the worker, and how often (and when last) the transfer was sent. */
  worker?: { id: number; email: string; fullName: string };
  transferAttempts?: number;
  lastSentAt?: string | null;
}

const payoutSelect = {
  id: true,
  amountMinor: true,
  currency: true,
  accountNumber: true,
  bankCode: true,
  status: true,
  failureReason: true,
  reference: true,
  createdAt: true,
  completedAt: true,
  transferAttempts: true,
  lastSentAt: true,
  worker: { select: { id: true, email: true, fullName: true } },
} satisfies Prisma.PayoutSelect;

function toView(payout: Prisma.PayoutGetPayload<{ select: typeof payoutSelect }>, withWorker = false): PayoutView {
  return {
    id: payout.id,
    amount: toMajorUnits(payout.amountMinor),
    currency: payout.currency,
    phone: payout.accountNumber,
    provider: payout.bankCode,
    status: payout.status,
    failureReason: payout.failureReason,
    reference: payout.reference,
    createdAt: payout.createdAt.toISOString(),
    completedAt: payout.completedAt?.toISOString() ?? null,
    ...(withWorker ? { worker: payout.worker, transferAttempts: payout.transferAttempts, lastSentAt: payout.lastSentAt?.toISOString() ?? null } : {}),
  };
}

export async function requestPayout(worker: PublicUser, request: PayoutRequest): Promise<PayoutView> {
  assertActiveWorker(worker);
  // Payouts go to people we can reach: the address must be confirmed first (issue #19).
  if (!worker.emailVerified) throw new AppError(403, "email_unverified", "Please confirm your e-mail address before withdrawing: use the link we sent you, or send a new one from your dashboard.");
  const amountMinor = Math.round(request.amount * 100);
  const minimumMinor = Math.round(getEnv().PAYOUT_MINIMUM_CEDIS * 100);
  if (amountMinor < minimumMinor) throw new AppError(400, "below_minimum", `The minimum withdrawal is ${formatMoney(minimumMinor)}.`);
  const bankCode = bankCodes[request.provider];
  await requireConfirmedPayoutNumber(worker, { accountNumber: request.phone, bankCode });
  const payoutId = await getDatabase().sql.transaction(async (sql) => {
    // Requests of one worker queue on their row: the balance read below is the one this request spends.
    await sql.query("SELECT id FROM users WHERE id = $1::int FOR UPDATE", [worker.id]);
    const available = await availableBalanceMinor(sql, worker.id);
    // Below zero only by claw-backs (issue #21): paid work a refill's re-check found undone.
    if (available < 0) {
      throw new AppError(422, "negative_balance", `Your balance is ${formatMoney(-available)} below zero: work you were paid for was found undone at a refill's re-check. Withdrawals open again once new earnings cover it.`);
    }
    if (amountMinor > available) throw new AppError(422, "insufficient_balance", `You can withdraw at most ${formatMoney(available)} now.`);
    const id = await insertPayout(sql, {
      workerId: worker.id,
      amountMinor,
      currency: "GHS",
      channel: "mobile_money",
      accountNumber: request.phone,
      accountName: worker.fullName,
      bankCode,
      reference: `payout_${randomBytes(8).toString("hex")}`,
    });
    await reservePayout(sql, { id, workerId: worker.id, amountMinor, currency: "GHS" });
    await queuePayoutEmail(sql, id, "requested");
    return id;
  });
  return getPayoutView(payoutId, false);
}

export async function listMyPayouts(worker: PublicUser): Promise<PayoutView[]> {
  if (worker.role !== "worker") throw new AppError(403, "forbidden", "Only workers withdraw earnings.");
  const payouts = await getPrisma().payout.findMany({ where: { workerId: worker.id }, orderBy: { id: "desc" }, take: 50, select: payoutSelect });
  return payouts.map((payout) => toView(payout));
}

export async function listPayouts(admin: PublicUser, status?: PayoutStatus): Promise<PayoutView[]> {
  assertAdmin(admin);
  const payouts = await getPrisma().payout.findMany({ where: status ? { status } : {}, orderBy: { id: "desc" }, take: 100, select: payoutSelect });
  return payouts.map((payout) => toView(payout, true));
}

/** An admin turns a pending request down; the amount returns to the worker. 409 if it moved on meanwhile. */
export async function rejectPayout(admin: PublicUser, payoutId: number, reason: string): Promise<PayoutView> {
  assertAdmin(admin);
  await getDatabase().sql.transaction(async (sql) => {
    const payout = await findReservedPayout(sql, { id: payoutId });
    if (!payout) throw new AppError(404, "not_found", "Payout not found");
    if (!(await movePayout(sql, "rejected", { id: payoutId }, { reason }))) throw new AppError(409, "stale_state", `This payout is ${payout.status} and can no longer be rejected.`);
    await releasePayoutReservation(sql, payout, `Withdrawal rejected: ${reason}`);
    await queuePayoutEmail(sql, payoutId, "rejected");
    await recordAdminAction(sql, admin, { action: "payout.reject", targetType: "payout", targetId: String(payoutId), details: { before: "pending", after: "rejected", reason } });
  });
  return getPayoutView(payoutId);
}

/**
 * An admin approves a pending request: Paystack transfer recipient, then the transfer itself. A send
 * that gets no answer stays `processing`; the reconciler finds out (and sends again if it was lost).
 */
export async function approvePayout(admin: PublicUser, payoutId: number): Promise<PayoutView> {
  assertAdmin(admin);
  await getDatabase().sql.transaction(async (sql) => {
    const current = await findReservedPayout(sql, { id: payoutId });
    if (!current) throw new AppError(404, "not_found", "Payout not found");
    await refuseWhileBelowZero(sql, current.workerId);
    // The claim: one approval starts one transfer.
    if (!(await movePayout(sql, "approved", { id: payoutId }))) throw new AppError(409, "stale_state", `This payout is ${current.status} and can no longer be approved.`);
    await recordAdminAction(sql, admin, { action: "payout.approve", targetType: "payout", targetId: String(payoutId), details: { before: "pending", after: "processing" } });
  });
  await sendPayoutTransfer(payoutId);
  return getPayoutView(payoutId);
}

/**
 * A claw-back after the request (issue #49) can leave the worker owing: the withdrawal would pay out
 * money they no longer have. Read under the worker's row lock, as requests and claw-backs queue there.
 */
async function refuseWhileBelowZero(sql: SqlQueries, workerId: number) {
  await sql.query("SELECT id FROM users WHERE id = $1::int FOR UPDATE", [workerId]);
  const available = await availableBalanceMinor(sql, workerId);
  if (available < 0) {
    throw new AppError(
      422,
      "negative_balance",
      `This worker's available balance is ${formatMoney(-available)} below zero: earnings were clawed back after this withdrawal was requested. Approve it once new earnings cover that, or reject it.`,
    );
  }
}

/** One payout's view: the admins' with its worker's name and e-mail, the worker's own without. */
export async function getPayoutView(payoutId: number, withWorker = true) {
  return toView(await getPrisma().payout.findUniqueOrThrow({ where: { id: payoutId }, select: payoutSelect }), withWorker);
}

/**
 * Reconciler step: open payouts nobody reported on for a minute are checked with Paystack, those
 * looked at longest ago first; a transfer Paystack never received is sent again or, after a few
 * tries, failed (payout-transfers.server.ts).
 */
export async function reconcileProcessingPayouts(now = new Date()): Promise<void> {
  const stale = await getPrisma().payout.findMany({
    where: { status: { in: openPayoutStatuses }, updatedAt: { lt: new Date(now.getTime() - 60_000) } },
    orderBy: { updatedAt: "asc" },
    take: 20,
    select: { id: true, reference: true, status: true, transferAttempts: true, lastSentAt: true },
  });
  for (const payout of stale) {
    try {
      await recoverPayoutTransfer(payout, now);
    } catch (error) {
      getLogger().error({ err: error, reference: payout.reference }, "could not reconcile a payout");
    }
  }
}
