import type { PayoutStatus, Prisma } from "~/generated/prisma/client";

/**
 * The only writer of the payouts table: a withdrawal request's row, every move of its status, and
 * what its Paystack transfer needs along the way (recipient, transfer code, the sends counted). Every
 * move is a named transition taking the caller's transaction (or client) and applied as one
 * conditional update, so it is refused (false, nothing written) unless the payout is in a status it
 * may leave that way: webhooks, the reconciler and admins may race freely, and only one of them moves it.
 *
 * Statuses: a request is `pending`; an admin rejects it (`rejected`) or approves it (`processing`,
 * its transfer on its way); Paystack may hold the transfer for an OTP (`awaiting_otp`) and takes it
 * back to `processing` once given; it ends paid (`success`), `failed`, or `reversed` (also after a
 * success). Callers give the amount back to the worker when a payout ends without being paid.
 */

type Db = Prisma.TransactionClient;

/** Every transition: the statuses it leaves and the status it reaches (a test enumerates them). */
export const payoutTransitions = {
  approved: { from: ["pending"], to: "processing" },
  rejected: { from: ["pending"], to: "rejected" },
  heldForOtp: { from: ["processing"], to: "awaiting_otp" },
  otpAccepted: { from: ["awaiting_otp"], to: "processing" },
  paid: { from: ["processing", "awaiting_otp"], to: "success" },
  failed: { from: ["processing", "awaiting_otp"], to: "failed" },
  reversed: { from: ["processing", "awaiting_otp", "success"], to: "reversed" },
} as const satisfies Record<string, { from: readonly PayoutStatus[]; to: PayoutStatus }>;

export type PayoutTransition = keyof typeof payoutTransitions;

/** Payouts whose transfer Paystack may still act on: the reconciler watches them, admins may retry or fail them. */
export const openPayoutStatuses: PayoutStatus[] = ["processing", "awaiting_otp"];

const endingStatuses = new Set<PayoutStatus>(["success", "failed", "reversed", "rejected"]);

/**
 * Which payout a transition is for, by id or reference, and what the caller saw of it when it must
 * not have moved since: `onlyFrom`, one of the transition's starting statuses; `transferAttempts`,
 * the sends counted (a send meanwhile keeps it open).
 */
export type PayoutMatch = ({ id: number } | { reference: string }) & { onlyFrom?: PayoutStatus; transferAttempts?: number };

/** Applies `transition` to the payout `match` names when its status allows it; true when it did. `reason`: why it was turned down or failed. */
export async function movePayout(db: Db, transition: PayoutTransition, { onlyFrom, ...match }: PayoutMatch, { reason, now = new Date() }: { reason?: string; now?: Date } = {}): Promise<boolean> {
  const { from, to } = payoutTransitions[transition];
  const statuses = from.filter((status) => onlyFrom === undefined || status === onlyFrom);
  const { count } = await db.payout.updateMany({
    where: { ...match, status: { in: statuses } },
    data: { status: to, ...(reason === undefined ? {} : { failureReason: reason }), ...(endingStatuses.has(to) ? { completedAt: now } : {}) },
  });
  return count === 1;
}

/** A worker's withdrawal request, `pending`; its id. */
export async function insertPayout(db: Db, request: Omit<Prisma.PayoutUncheckedCreateInput, "status" | "id">): Promise<number> {
  return (await db.payout.create({ data: { ...request, status: "pending" }, select: { id: true } })).id;
}

/** Counts one more send of an open payout's transfer, unless another send counted this one first (false). */
export async function claimTransferSend(db: Db, payout: { id: number; status: PayoutStatus; transferAttempts: number }, now: Date): Promise<boolean> {
  if (!openPayoutStatuses.includes(payout.status)) return false;
  const { count } = await db.payout.updateMany({
    where: { id: payout.id, status: payout.status, transferAttempts: payout.transferAttempts },
    data: { transferAttempts: { increment: 1 }, lastSentAt: now },
  });
  return count === 1;
}

/** The Paystack transfer recipient made for a payout. */
export async function recordRecipient(db: Db, payoutId: number, recipientCode: string): Promise<void> {
  await db.payout.update({ where: { id: payoutId }, data: { recipientCode } });
}

/** The transfer code Paystack gave the payout's transfer (finalize_transfer needs it); the first one stays. */
export async function recordTransferCode(db: Db, reference: string, transferCode: string): Promise<void> {
  await db.payout.updateMany({ where: { reference, transferCode: null }, data: { transferCode } });
}

/** An open payout the reconciler looked at now, so the payouts not looked at for longest go first next round. */
export async function markLookedAt(db: Db, payoutId: number, now: Date): Promise<void> {
  await db.payout.updateMany({ where: { id: payoutId, status: { in: openPayoutStatuses } }, data: { updatedAt: now } });
}
