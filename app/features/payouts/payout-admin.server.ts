import { assertAdmin } from "~/features/auth";
import { recordAdminAction } from "~/features/audit/index.server";
import type { PublicUser } from "~/features/auth/index.server";
import { getPaystack } from "~/features/paystack/index.server";
import type { Prisma } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import type { PayoutOtpInput } from "./payout-schemas";
import { openPayoutStatuses } from "./payout-lifecycle.server";
import { applyTransfer, closePayout, isUnknownTransfer, payableTransferStatuses, sendInFlightMs, sendPayoutTransfer } from "./payout-transfers.server";
import { getPayoutView, type PayoutView } from "./payouts.server";

/**
 * What admins do with a payout whose transfer Paystack holds or never got: enter the transfer OTP
 * (or have it sent again), send the transfer again now, or fail the payout. Failing gives the amount
 * back, so it happens only when Paystack will not pay: a transfer it reports as pending or paid keeps
 * its reservation. Every action is audited; a payout that moved on meanwhile answers 409.
 */

const paystackUnreachable = () => new AppError(503, "paystack_unreachable", "Paystack could not be reached. Try again in a minute.", { retryAfterSeconds: 60 });
const movedOn = () => new AppError(409, "stale_state", "This payout changed meanwhile. Reload the page and look again.");

async function findPayout(payoutId: number) {
  const payout = await getPrisma().payout.findUnique({
    where: { id: payoutId },
    select: { id: true, workerId: true, amountMinor: true, currency: true, status: true, reference: true, transferCode: true, transferAttempts: true, lastSentAt: true },
  });
  if (!payout) throw new AppError(404, "not_found", "Payout not found");
  return payout;
}

async function findPayoutAwaitingOtp(payoutId: number) {
  const payout = await findPayout(payoutId);
  if (payout.status !== "awaiting_otp" || !payout.transferCode) throw new AppError(409, "stale_state", `This payout is ${payout.status} and does not wait for an OTP.`);
  return { ...payout, transferCode: payout.transferCode };
}

function audit(admin: PublicUser, payoutId: number, action: string, details: Prisma.InputJsonValue, sql: SqlQueries = getDatabase().sql) {
  return recordAdminAction(sql, admin, { action, targetType: "payout", targetId: String(payoutId), details });
}

/** An admin enters the OTP Paystack sent for a held transfer; a wrong one shows Paystack's message and may be tried again. */
export async function finalizePayout(admin: PublicUser, payoutId: number, { otp }: PayoutOtpInput): Promise<PayoutView> {
  assertAdmin(admin);
  const payout = await findPayoutAwaitingOtp(payoutId);
  const paystack = getPaystack().client;
  const answer = await paystack.finalizeTransfer({ transfer_code: payout.transferCode, otp });
  if (answer.ok) {
    await applyTransfer(payout.reference, answer.data);
  } else {
    // Refused or unanswered: where the transfer stands now says whether an OTP was taken (this one, or another admin's).
    const known = await paystack.verifyTransfer(payout.reference);
    if (known.ok && known.data.status !== "otp") {
      await applyTransfer(payout.reference, known.data);
      if (answer.kind === "rejected") throw new AppError(409, "stale_state", `This transfer no longer waits for an OTP: Paystack reports it as ${known.data.status}.`);
    } else if (answer.kind === "rejected" && answer.httpStatus < 500) {
      await audit(admin, payout.id, "payout.finalize_refused", { status: "awaiting_otp", message: answer.message });
      throw new AppError(422, "otp_refused", answer.message);
    } else {
      throw paystackUnreachable();
    }
  }
  const view = await getPayoutView(payout.id);
  await audit(admin, payout.id, "payout.finalize", { before: "awaiting_otp", after: view.status });
  return view;
}

/** An admin has Paystack send a held transfer's OTP again. */
export async function resendPayoutOtp(admin: PublicUser, payoutId: number): Promise<PayoutView> {
  assertAdmin(admin);
  const payout = await findPayoutAwaitingOtp(payoutId);
  const paystack = getPaystack().client;
  const answer = await paystack.resendTransferOtp(payout.transferCode);
  if (!answer.ok && answer.kind === "rejected" && answer.httpStatus < 500) {
    const known = await paystack.verifyTransfer(payout.reference);
    if (known.ok && known.data.status !== "otp") {
      await applyTransfer(payout.reference, known.data);
      throw new AppError(409, "stale_state", `This transfer no longer waits for an OTP: Paystack reports it as ${known.data.status}.`);
    }
    throw new AppError(422, "otp_not_sent", answer.message);
  }
  if (!answer.ok) throw paystackUnreachable();
  await audit(admin, payout.id, "payout.resend_otp", { status: "awaiting_otp" });
  return getPayoutView(payout.id);
}

/** An admin sends an open payout's transfer again now, with its same reference (Paystack pays a reference once). */
export async function retryPayout(admin: PublicUser, payoutId: number): Promise<PayoutView> {
  assertAdmin(admin);
  const payout = await findPayout(payoutId);
  if (!openPayoutStatuses.includes(payout.status)) throw new AppError(409, "stale_state", `This payout is ${payout.status}: only a payout waiting on its transfer can be sent again.`);
  const isSent = await sendPayoutTransfer(payout.id, {
    onClaim: (sql, attempt) => audit(admin, payout.id, "payout.retry", { before: payout.status, attempt }, sql),
  });
  if (!isSent) throw movedOn();
  return getPayoutView(payout.id);
}

/**
 * An admin gives up on an open payout: its amount goes back to the worker. Only when Paystack does
 * not know the transfer, or reports it failed, reversed or held for an OTP; never while a send may
 * still be on its way to Paystack.
 */
export async function failPayout(admin: PublicUser, payoutId: number, reason: string, now = new Date()): Promise<PayoutView> {
  assertAdmin(admin);
  const payout = await findPayout(payoutId);
  if (!openPayoutStatuses.includes(payout.status)) throw new AppError(409, "stale_state", `This payout is ${payout.status} and can no longer be failed.`);
  if (payout.status === "processing" && payout.lastSentAt && now.getTime() - payout.lastSentAt.getTime() < sendInFlightMs) {
    throw new AppError(409, "send_in_flight", "The transfer was sent moments ago and may still reach Paystack. Try again in a minute.");
  }
  const known = await getPaystack().client.verifyTransfer(payout.reference);
  if (known.ok && payableTransferStatuses.includes(known.data.status)) {
    await applyTransfer(payout.reference, known.data);
    const message = known.data.status === "success" ? "Paystack has paid this transfer: it cannot be failed." : `Paystack reports this transfer as ${known.data.status}: it may still be paid, so it cannot be failed. Try again once Paystack settles it.`;
    throw new AppError(409, "transfer_payable", message);
  }
  if (!known.ok && !isUnknownTransfer(known)) throw paystackUnreachable();
  const paystackStatus = known.ok ? known.data.status : "not_found";
  const closing = paystackStatus === "reversed" ? "reversed" : "failed";
  await getDatabase().sql.transaction(async (sql) => {
    // Exactly the payout Paystack was asked about: a webhook or a send meanwhile answers 409.
    const isClosed = await closePayout(sql, payout, closing, reason, { onlyFrom: payout.status, transferAttempts: payout.transferAttempts }, now);
    if (!isClosed) throw movedOn();
    await audit(admin, payout.id, "payout.fail", { before: payout.status, after: closing, reason, paystack: paystackStatus }, sql);
  });
  return getPayoutView(payout.id);
}
