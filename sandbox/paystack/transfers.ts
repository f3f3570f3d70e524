import { isoAt, newCode, newId, type Reply, refuse, type SandboxContext, succeed } from "./context";
import { queuedTransferShape, type RecipientRecord, recipientShape, type TransferRecord, transferShape } from "./transfer-records";
import { finalizeTransferSchema, firstProblem, mobileMoneyBanks, resendTransferOtpSchema, transferRecipientSchema, transferRequestSchema } from "./requests";

/** The wallet a transfer never reaches (for payout failure paths); every other recipient is paid. */
export const failingRecipientAccount = "0551234988";
/**
 * Transfers to this wallet behave as with transfer OTP on in Paystack's dashboard (which is per
 * integration there): `status: "otp"` until finalize_transfer with `transferOtp`.
 */
export const otpRecipientAccount = "0551234986";
export const transferOtp = "123456";

/** Transfer recipients and transfers (payouts): queued, then settled after `transferSettleMs`. */
export function createTransferOperations(context: SandboxContext) {
  const { store, now, timing } = context;

  async function createRecipient(body: unknown): Promise<Reply> {
    const parsed = transferRecipientSchema.safeParse(body ?? {});
    if (!parsed.success) return refuse(firstProblem(parsed.error));
    const input = parsed.data;
    const recipient: RecipientRecord = {
      id: newId(),
      recipientCode: `RCP_${newCode()}`,
      type: input.type,
      name: input.name,
      accountNumber: input.account_number,
      bankCode: input.bank_code,
      bankName: mobileMoneyBanks[input.bank_code] ?? input.bank_code,
      currency: input.currency,
      createdAt: isoAt(now()),
    };
    await store.create("recipients", recipient.recipientCode, recipient);
    return succeed("Transfer recipient created successfully", recipientShape(recipient), 201);
  }

  async function initiate(body: unknown): Promise<Reply> {
    const parsed = transferRequestSchema.safeParse(body ?? {});
    if (!parsed.success) return refuse(firstProblem(parsed.error));
    const input = parsed.data;
    const recipient = await store.read<RecipientRecord>("recipients", input.recipient);
    if (!recipient) return refuse("Recipient specified is invalid");
    if (recipient.currency !== input.currency) return refuse(`Recipient currency is ${recipient.currency}`);
    const at = now();
    const isFailing = recipient.accountNumber === failingRecipientAccount;
    const awaitsOtp = recipient.accountNumber === otpRecipientAccount;
    const transfer: TransferRecord = {
      id: newId(),
      reference: input.reference ?? newCode(),
      transferCode: `TRF_${newCode()}`,
      amount: input.amount,
      currency: input.currency,
      reason: input.reason ?? null,
      source: input.source,
      recipient,
      createdAt: isoAt(at),
      settlesAt: isoAt(at + timing.transferSettleMs),
      outcome: isFailing ? "failed" : "success",
      failureReason: isFailing ? "Recipient account could not be credited" : null,
      // Held for its OTP: no settlement and no webhook until finalize_transfer.
      ...(awaitsOtp ? { awaitingOtp: true } : {}),
      deliveries: awaitsOtp ? [] : [{ key: "transfer", dueAt: isoAt(at + timing.transferSettleMs), copies: 1 }],
    };
    if (!(await store.create("transfers", transfer.reference, transfer))) return refuse("Duplicate Transfer Reference");
    await store.create("transfer-codes", transfer.transferCode, { reference: transfer.reference });
    context.scheduleDeliveries("transfers", transfer.reference, transfer);
    return succeed(awaitsOtp ? "Transfer requires OTP to continue" : "Transfer has been queued", queuedTransferShape(transfer, at));
  }

  async function referenceOf(code: string): Promise<string | undefined> {
    return (await store.read<{ reference: string }>("transfer-codes", code))?.reference;
  }

  /** POST /transfer/finalize_transfer: the right OTP releases the transfer (pending, then settled); a wrong one leaves it waiting. */
  async function finalize(body: unknown): Promise<Reply> {
    const parsed = finalizeTransferSchema.safeParse(body ?? {});
    if (!parsed.success) return refuse(firstProblem(parsed.error));
    const reference = await referenceOf(parsed.data.transfer_code);
    if (!reference) return refuse("Transfer not found", 404);
    const at = now();
    let problem: string | undefined;
    const updated = await store.update<TransferRecord>("transfers", reference, (current) => {
      problem = !current.awaitingOtp ? "Transfer is not currently awaiting OTP" : parsed.data.otp !== transferOtp ? "Invalid OTP" : undefined;
      if (problem) return undefined;
      const { awaitingOtp: _released, ...rest } = current;
      const settlesAt = isoAt(at + timing.transferSettleMs);
      return { ...rest, settlesAt, deliveries: [{ key: "transfer", dueAt: settlesAt, copies: 1 }] };
    });
    if (!updated) return refuse("Transfer not found", 404);
    if (problem) return refuse(problem);
    context.scheduleDeliveries("transfers", reference, updated);
    return succeed("Transfer has been queued", queuedTransferShape(updated, at));
  }

  /** POST /transfer/resend_otp: answers without `data`, as Paystack does. */
  async function resendOtp(body: unknown): Promise<Reply> {
    const parsed = resendTransferOtpSchema.safeParse(body ?? {});
    if (!parsed.success) return refuse(firstProblem(parsed.error));
    const reference = await referenceOf(parsed.data.transfer_code);
    const transfer = reference ? await store.read<TransferRecord>("transfers", reference) : undefined;
    if (!transfer) return refuse("Transfer not found", 404);
    if (!transfer.awaitingOtp) return refuse("Transfer is not currently awaiting OTP");
    return { status: 200, body: { status: true, message: "OTP has been resent" } };
  }

  async function verify(reference: string): Promise<Reply> {
    const transfer = await store.read<TransferRecord>("transfers", reference);
    if (!transfer) return refuse("Transfer not found", 404);
    return succeed("Transfer retrieved", transferShape(transfer, now()));
  }

  return { createRecipient, initiate, finalize, resendOtp, verify };
}
