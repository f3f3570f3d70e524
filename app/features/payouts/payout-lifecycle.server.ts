import type { Currency, PayoutChannel, PayoutStatus } from "~/generated/prisma/client";
import type { SqlQueries } from "~/lib/database/sql-client.server";

/**
 * The only writer of the payouts table: a withdrawal request's row, every move of its status, and
 * what its Paystack transfer needs along the way (recipient, transfer code, the sends counted). Every
 * move is a named transition taking the caller's transaction (or the SQL client) and applied as one
 * conditional update, so it is refused (false, nothing written) unless the payout is in a status it
 * may leave that way: webhooks, the reconciler and admins may race freely, and only one of them moves it.
 *
 * Statuses: a request is `pending`; an admin rejects it (`rejected`) or approves it (`processing`,
 * its transfer on its way); Paystack may hold the transfer for an OTP (`awaiting_otp`) and takes it
 * back to `processing` once given; it ends paid (`success`), `failed`, or `reversed` (also after a
 * success). Callers give the amount back to the worker when a payout ends without being paid.
 */

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
export async function movePayout(sql: SqlQueries, transition: PayoutTransition, { onlyFrom, ...match }: PayoutMatch, { reason, now = new Date() }: { reason?: string; now?: Date } = {}): Promise<boolean> {
  const { from, to } = payoutTransitions[transition];
  const statuses = from.filter((status) => onlyFrom === undefined || status === onlyFrom);
  const updated = await sql.query(
    `UPDATE payouts SET status = $3::payout_status, failure_reason = COALESCE($4::text, failure_reason),
       completed_at = CASE WHEN $5::boolean THEN $6::timestamp ELSE completed_at END, updated_at = $6::timestamp
     WHERE ${"id" in match ? "id = $1::int" : "reference = $1::text"} AND status::text = ANY($2::text[])
       AND ($7::int IS NULL OR transfer_attempts = $7::int)
     RETURNING id`,
    ["id" in match ? match.id : match.reference, statuses, to, reason ?? null, endingStatuses.has(to), now.toISOString(), match.transferAttempts ?? null],
  );
  return updated.length === 1;
}

/** A worker's withdrawal request, as the worker asked for it. */
export type PayoutRequest = { workerId: number; amountMinor: number; currency: Currency; channel: PayoutChannel; accountNumber: string; accountName: string; bankCode: string; reference: string };

/** A worker's withdrawal request, `pending`; its id. */
export async function insertPayout(sql: SqlQueries, request: PayoutRequest, now = new Date()): Promise<number> {
  const [row] = await sql.query<{ id: number }>(
    `INSERT INTO payouts (worker_id, amount_minor, currency, channel, account_number, account_name, bank_code, reference, status, created_at, updated_at)
     VALUES ($1::int, $2::int, $3::currency, $4::payout_channel, $5::text, $6::text, $7::text, $8::text, 'pending', $9::timestamp, $9::timestamp)
     RETURNING id`,
    [request.workerId, request.amountMinor, request.currency, request.channel, request.accountNumber, request.accountName, request.bankCode, request.reference, now.toISOString()],
  );
  return row.id;
}

/** Counts one more send of an open payout's transfer, unless another send counted this one first (false). */
export async function claimTransferSend(sql: SqlQueries, payout: { id: number; status: PayoutStatus; transferAttempts: number }, now: Date): Promise<boolean> {
  if (!openPayoutStatuses.includes(payout.status)) return false;
  const updated = await sql.query(
    `UPDATE payouts SET transfer_attempts = transfer_attempts + 1, last_sent_at = $4::timestamp, updated_at = $4::timestamp
     WHERE id = $1::int AND status = $2::payout_status AND transfer_attempts = $3::int
     RETURNING id`,
    [payout.id, payout.status, payout.transferAttempts, now.toISOString()],
  );
  return updated.length === 1;
}

/** The Paystack transfer recipient made for a payout. */
export async function recordRecipient(sql: SqlQueries, payoutId: number, recipientCode: string): Promise<void> {
  await sql.query("UPDATE payouts SET recipient_code = $2::text, updated_at = $3::timestamp WHERE id = $1::int", [payoutId, recipientCode, new Date().toISOString()]);
}

/** The transfer code Paystack gave the payout's transfer (finalize_transfer needs it); the first one stays. */
export async function recordTransferCode(sql: SqlQueries, reference: string, transferCode: string): Promise<void> {
  await sql.query("UPDATE payouts SET transfer_code = $2::text, updated_at = $3::timestamp WHERE reference = $1::text AND transfer_code IS NULL", [reference, transferCode, new Date().toISOString()]);
}

/** An open payout the reconciler looked at now, so the payouts not looked at for longest go first next round. */
export async function markLookedAt(sql: SqlQueries, payoutId: number, now: Date): Promise<void> {
  await sql.query(`UPDATE payouts SET updated_at = $2::timestamp WHERE id = $1::int AND status::text = ANY($3::text[])`, [payoutId, now.toISOString(), openPayoutStatuses]);
}
