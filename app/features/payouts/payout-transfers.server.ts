import { releasePayoutReservation } from "~/features/ledger/index.server";
import { type PaystackResult, type TransferData, type TransferStatus, getPaystack } from "~/features/paystack/index.server";
import type { PayoutStatus } from "~/generated/prisma/client";
import { getPrisma, getDatabase } from "~/lib/database/db.server";
import { queuePayoutEmail } from "./payout-emails.server";
import { type PayoutMatch, claimTransferSend, markLookedAt, movePayout, openPayoutStatuses, recordRecipient, recordTransferCode } from "./payout-lifecycle.server";
import { getLogger } from "~/lib/logger.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";

/**
 * A payout's Paystack transfer: sending it (and sending it again), and applying what Paystack says
 * about it. Every send of one payout carries the payout's one reference, so Paystack can never pay
 * it twice: a send that did arrive before is refused as a duplicate, and its transfer is read instead.
 * State changes are conditional updates, so webhooks, the reconciler and admins may race freely.
 */

/** A transfer that never reached Paystack (verify: not found) is sent again this long after its last send. */
export const resendGraceMs = 10 * 60_000;
/** Sends of one payout's transfer before the recovery gives up: the payout fails and its amount goes back. */
export const maxTransferAttempts = 3;
/** A send may still be on its way to Paystack this long after it began (the client's timeout and retries). */
export const sendInFlightMs = 60_000;
/** What Paystack says of a transfer it may still pay (or has paid): its reservation must stay. */
export const payableTransferStatuses: readonly TransferStatus[] = ["success", "pending", "processing", "received", "unknown"];

const transferReason = "Social Media Boost earnings";

type ReservedPayout = { id: number; workerId: number; amountMinor: number; currency: "GHS" | "USD" };

/** A payout's reserved amount and its status, by id or reference; undefined when there is no such payout. */
export async function findReservedPayout(sql: SqlQueries, match: { id: number } | { reference: string }): Promise<(ReservedPayout & { status: PayoutStatus }) | undefined> {
  const [payout] = await sql.query<ReservedPayout & { status: PayoutStatus }>(
    `SELECT id, worker_id AS "workerId", amount_minor AS "amountMinor", currency::text AS currency, status::text AS status
     FROM payouts WHERE ${"id" in match ? "id = $1::int" : "reference = $1::text"}`,
    ["id" in match ? match.id : match.reference],
  );
  return payout;
}

/** Closes a payout that is still as the caller saw it (`still`) and gives its amount back; false when it had moved on. */
export async function closePayout(sql: SqlQueries, payout: ReservedPayout, closing: "failed" | "reversed", reason: string, still: Omit<PayoutMatch, "id" | "reference"> = {}, now = new Date()): Promise<boolean> {
  if (!(await movePayout(sql, closing, { ...still, id: payout.id }, { reason, now }))) return false;
  await releasePayoutReservation(sql, payout, `Withdrawal ${closing}: the amount is back in your balance`);
  await queuePayoutEmail(sql, payout.id, closing);
  return true;
}

/**
 * Paystack's word on a transfer (its answer, a transfer webhook, the reconciler's verify): success
 * completes the payout; failed or reversed gives the amount back; `otp` means it waits for an admin's
 * OTP; pending after `otp` means the OTP was taken. Conditional, so repeats change nothing.
 */
export async function settlePayout(reference: string, transferStatus: string, reason?: string | null): Promise<void> {
  const now = new Date();
  if (transferStatus === "success") {
    const isPaid = await getDatabase().sql.transaction(async (sql) => {
      if (!(await movePayout(sql, "paid", { reference }, { now }))) return false;
      const payout = await findReservedPayout(sql, { reference });
      if (!payout) throw new Error(`Payout ${reference} not found`);
      await queuePayoutEmail(sql, payout.id, "success");
      return true;
    });
    if (!isPaid) await warnOfLateSuccess(reference);
    return;
  }
  if (transferStatus === "otp") {
    await movePayout(getDatabase().sql, "heldForOtp", { reference });
    return;
  }
  if (transferStatus === "pending" || transferStatus === "processing" || transferStatus === "received") {
    await movePayout(getDatabase().sql, "otpAccepted", { reference });
    return;
  }
  const closing = transferStatus === "failed" ? "failed" : transferStatus === "reversed" ? "reversed" : null;
  if (!closing) return; // abandoned, blocked, rejected, unknown…: left to an admin, who may fail it
  const isClosed = await getDatabase().sql.transaction(async (sql) => {
    const payout = await findReservedPayout(sql, { reference });
    // A reversal may follow a success; a failure only an open transfer (payoutTransitions).
    return payout ? closePayout(sql, payout, closing, reason ?? `Transfer ${closing}`, {}, now) : false;
  });
  if (isClosed) getLogger().warn({ reference, status: closing }, "a payout transfer did not go through; the amount went back to the worker");
}

/** A success for a payout already closed here would pay the worker twice: someone must look at it. */
async function warnOfLateSuccess(reference: string) {
  const payout = await getPrisma().payout.findUnique({ where: { reference }, select: { id: true, status: true } });
  if (payout && (payout.status === "failed" || payout.status === "reversed" || payout.status === "rejected")) {
    getLogger().error({ reference, payoutId: payout.id, status: payout.status }, "Paystack paid a payout whose amount was already given back to the worker");
  }
}

/** Applies a transfer object Paystack answered with, keeping its transfer code (finalize_transfer needs it). */
export async function applyTransfer(reference: string, transfer: TransferData): Promise<void> {
  await recordTransferCode(getDatabase().sql, reference, transfer.transfer_code);
  await settlePayout(reference, transfer.status, failureOf(transfer));
}

/** Paystack's own words for a failed transfer (`failures`, or `gateway_response`), never the narration. */
function failureOf(transfer: TransferData): string | undefined {
  for (const candidate of [transfer.failures, transfer.gateway_response]) if (typeof candidate === "string" && candidate.trim()) return candidate.trim().slice(0, 500);
  return undefined;
}

/** Paystack does not know the reference: the transfer never reached it. (A 5xx proves nothing.) */
export function isUnknownTransfer(result: PaystackResult<TransferData>): boolean {
  return !result.ok && result.kind === "rejected" && result.httpStatus < 500 && (result.httpStatus === 404 || /not found/i.test(result.message));
}

/**
 * Sends (or sends again) an open payout's transfer, creating its recipient first if that never
 * happened. `onClaim` runs in the transaction that counts the attempt (an admin's audit row). False
 * when the payout moved on or another send claimed this attempt meanwhile; otherwise the payout row
 * says what came of it (a send with no answer stays `processing` for the reconciler).
 */
export async function sendPayoutTransfer(payoutId: number, { now = new Date(), onClaim }: { now?: Date; onClaim?: (sql: SqlQueries, attempt: number) => Promise<void> } = {}): Promise<boolean> {
  const payout = await getPrisma().payout.findUnique({ where: { id: payoutId } });
  if (!payout || !openPayoutStatuses.includes(payout.status)) return false;
  const isClaimed = await getDatabase().sql.transaction(async (sql) => {
    // One send per attempt number, even with the reconciler and an admin at it together.
    const claimed = await claimTransferSend(sql, payout, now);
    if (claimed) await onClaim?.(sql, payout.transferAttempts + 1);
    return claimed;
  });
  if (!isClaimed) return false;

  const paystack = getPaystack().client;
  let recipientCode = payout.recipientCode;
  if (!recipientCode) {
    const recipient = await paystack.createTransferRecipient({ type: "mobile_money", name: payout.accountName, account_number: payout.accountNumber, bank_code: payout.bankCode, currency: payout.currency });
    if (!recipient.ok) {
      // No recipient, so surely no transfer: a refusal is final; no answer is retried by the reconciler.
      if (recipient.kind === "rejected" && recipient.httpStatus < 500) await settlePayout(payout.reference, "failed", recipient.message);
      return true;
    }
    recipientCode = recipient.data.recipient_code;
    await recordRecipient(getDatabase().sql, payoutId, recipientCode);
  }
  const transfer = await paystack.initiateTransfer({ amount: payout.amountMinor, recipient: recipientCode, reference: payout.reference, reason: transferReason, currency: payout.currency });
  if (transfer.ok) {
    await applyTransfer(payout.reference, transfer.data);
  } else if (transfer.kind === "rejected" && transfer.httpStatus < 500) {
    // Perhaps "Duplicate Transfer Reference" for an earlier send that did arrive: its transfer is the truth.
    const known = await paystack.verifyTransfer(payout.reference);
    if (known.ok) await applyTransfer(payout.reference, known.data);
    else if (isUnknownTransfer(known)) await settlePayout(payout.reference, "failed", transfer.message);
  }
  return true;
}

type WatchedPayout = { id: number; reference: string; status: PayoutStatus; transferAttempts: number; lastSentAt: Date | null };

/**
 * The reconciler's look at one open payout: Paystack's word when it knows the transfer; when it does
 * not (the send was lost: a crash or a network error after the approval), the transfer is sent again
 * once `resendGraceMs` passed since the last send, and after `maxTransferAttempts` sends the payout
 * fails and its amount goes back.
 */
export async function recoverPayoutTransfer(payout: WatchedPayout, now = new Date()): Promise<void> {
  const known = await getPaystack().client.verifyTransfer(payout.reference);
  if (known.ok) {
    await applyTransfer(payout.reference, known.data);
  } else if (payout.status === "processing" && isUnknownTransfer(known)) {
    const isDue = !payout.lastSentAt || now.getTime() - payout.lastSentAt.getTime() >= resendGraceMs;
    if (isDue && payout.transferAttempts >= maxTransferAttempts) {
      await failUnsentPayout(payout, now);
      return;
    }
    if (isDue) {
      await sendPayoutTransfer(payout.id, { now });
      return;
    }
  }
  // Still open: looked at now.
  await markLookedAt(getDatabase().sql, payout.id, now);
}

async function failUnsentPayout(payout: WatchedPayout, now: Date) {
  const reason = `The transfer could not be sent to Paystack (${payout.transferAttempts} attempts)`;
  const isClosed = await getDatabase().sql.transaction(async (sql) => {
    const reserved = await findReservedPayout(sql, { id: payout.id });
    if (!reserved) throw new Error(`Payout ${payout.id} not found`);
    // Only while it is still processing with the attempts counted here: a send meanwhile keeps it open.
    return closePayout(sql, reserved, "failed", reason, { onlyFrom: "processing", transferAttempts: payout.transferAttempts }, now);
  });
  if (isClosed) getLogger().warn({ reference: payout.reference, attempts: payout.transferAttempts }, "a payout's transfer never reached Paystack; the payout failed and the amount went back to the worker");
}
