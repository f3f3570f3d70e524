import { at, type Delivery, integrationShape, type WebhookEvent } from "./records";

/* The sandbox's transfer recipients and transfers, and how a stored transfer reads at a given moment (records.ts for charges and refunds). */

export interface RecipientRecord {
  id: number;
  recipientCode: string;
  type: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  bankName: string;
  currency: string;
  createdAt: string;
}

export interface TransferRecord {
  id: number;
  reference: string;
  transferCode: string;
  amount: number;
  currency: string;
  reason: string | null;
  source: string;
  recipient: RecipientRecord;
  createdAt: string;
  settlesAt: string;
  outcome: "success" | "failed";
  failureReason: string | null;
  /** Transfer OTP on: Paystack holds the transfer (`status: "otp"`) until finalize_transfer. */
  awaitingOtp?: boolean;
  deliveries: Delivery[];
}

export function recipientShape(recipient: RecipientRecord) {
  return {
    id: recipient.id,
    integration: 1,
    domain: "test",
    active: true,
    is_deleted: false,
    isDeleted: false,
    recipient_code: recipient.recipientCode,
    type: recipient.type,
    name: recipient.name,
    description: "",
    email: null,
    metadata: null,
    currency: recipient.currency,
    details: {
      authorization_code: null,
      account_number: recipient.accountNumber,
      account_name: recipient.name,
      bank_code: recipient.bankCode,
      bank_name: recipient.bankName,
    },
    createdAt: recipient.createdAt,
    updatedAt: recipient.createdAt,
  };
}

export function transferShape(transfer: TransferRecord, now: number) {
  const isSettled = !transfer.awaitingOtp && at(transfer.settlesAt) <= now;
  const status = transfer.awaitingOtp ? "otp" : isSettled ? transfer.outcome : "pending";
  return {
    id: transfer.id,
    integration: 1,
    domain: "test",
    amount: transfer.amount,
    currency: transfer.currency,
    source: transfer.source,
    source_details: null,
    reason: transfer.reason,
    reference: transfer.reference,
    transfer_code: transfer.transferCode,
    titan_code: null,
    request: transfer.id,
    status,
    failures: status === "failed" ? transfer.failureReason : null,
    transferred_at: status === "success" ? transfer.settlesAt : null,
    recipient: recipientShape(transfer.recipient),
    session: { provider: null, id: null },
    fee_charged: 0,
    fees_breakdown: null,
    gateway_response: null,
    createdAt: transfer.createdAt,
    updatedAt: isSettled ? transfer.settlesAt : transfer.createdAt,
  };
}

/** POST /transfer's and /transfer/finalize_transfer's answer (TransferCreateResponse): the recipient by its id. */
export function queuedTransferShape(transfer: TransferRecord, now: number) {
  return { ...transferShape(transfer, now), transfersessionid: [], transfertrials: [], recipient: transfer.recipient.id };
}

export function transferEvent(transfer: TransferRecord, now: number): WebhookEvent | undefined {
  if (transfer.awaitingOtp || at(transfer.settlesAt) > now) return undefined;
  return { event: `transfer.${transfer.outcome}`, data: { ...transferShape(transfer, now), integration: integrationShape } };
}
