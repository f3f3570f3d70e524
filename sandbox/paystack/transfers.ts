import { isoAt, newCode, newId, type Reply, refuse, type SandboxContext, succeed } from "./context";
import { type RecipientRecord, recipientShape, type TransferRecord, transferShape } from "./records";
import { firstProblem, mobileMoneyBanks, transferRecipientSchema, transferRequestSchema } from "./requests";

/** The wallet a transfer never reaches (for payout failure paths); every other recipient is paid. */
export const failingRecipientAccount = "0551234988";

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
      deliveries: [{ key: "transfer", dueAt: isoAt(at + timing.transferSettleMs), copies: 1 }],
    };
    if (!(await store.create("transfers", transfer.reference, transfer))) return refuse("Duplicate Transfer Reference");
    context.scheduleDeliveries("transfers", transfer.reference, transfer);
    return succeed("Transfer has been queued", transferShape(transfer, at));
  }

  async function verify(reference: string): Promise<Reply> {
    const transfer = await store.read<TransferRecord>("transfers", reference);
    if (!transfer) return refuse("Transfer not found", 404);
    return succeed("Transfer retrieved", transferShape(transfer, now()));
  }

  return { createRecipient, initiate, verify };
}
