import { type Challenge, challengeStatus, challengeText, instrumentById } from "./instruments";

/**
 * What the sandbox stores, and how a stored record reads at a given moment. Time-based changes
 * (a wallet approving, a refund being processed, a transfer settling) are never written: they follow
 * from the stored timestamps whenever a record is read, so they also happen while the server is down.
 */

/** A webhook the sandbox owes for a record; `doneAt` once delivered or given up. */
export interface Delivery {
  key: string;
  dueAt: string;
  copies: number;
  doneAt?: string;
  outcome?: "delivered" | "gave_up";
}

export interface RefundRecord {
  id: number;
  amount: number;
  createdAt: string;
  processedAt: string;
  customerNote: string | null;
  merchantNote: string | null;
}

export interface ChargeRecord {
  id: number;
  reference: string;
  email: string;
  customerId: number;
  amount: number;
  currency: string;
  channel: "card" | "mobile_money";
  metadata: Record<string, unknown> | null;
  createdAt: string;
  /** Null for an instrument that is not a test instrument (the charge failed at once). */
  instrumentId: string | null;
  challengesPassed: number;
  /** `initialized`: a hosted-checkout transaction whose payer has not entered a card yet. */
  state: "initialized" | "awaiting" | "offline" | "success" | "failed";
  gatewayResponse: string | null;
  paidAt: string | null;
  /** When an offline (pay_offline) charge reaches its instrument's outcome. */
  settlesAt: string | null;
  /** Never the card number or CVV: the last four digits and the brand only. */
  authorization: { last4: string; brand: string; bank: string | null; channel: "card" | "mobile_money" };
  webhook: { copies: number; delayMs: number };
  refunds: RefundRecord[];
  deliveries: Delivery[];
  /** Set for a transaction started with POST /transaction/initialize (paid on the checkout page). */
  checkout?: { accessCode: string; callbackUrl: string | null };
}

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
  deliveries: Delivery[];
}

export type ChargeStatus = "send_pin" | "send_otp" | "send_phone" | "pay_offline" | "success" | "failed" | "abandoned" | "reversed";

export interface ChargeState {
  /** What the charge endpoints report: the next step for the payer, or the end. */
  chargeStatus: ChargeStatus;
  /** What /transaction/verify reports: steps still open read "ongoing". */
  transactionStatus: "ongoing" | "success" | "failed" | "abandoned" | "reversed";
  gatewayResponse: string;
  displayText: string | null;
  paidAt: string | null;
  challenge: Challenge | null;
  refundedAmount: number;
}

const at = (iso: string | null) => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);

export function resolveCharge(record: ChargeRecord, now: number): ChargeState {
  const refundedAmount = record.refunds.filter((refund) => at(refund.processedAt) <= now).reduce((sum, refund) => sum + refund.amount, 0);
  const base = { displayText: null, paidAt: null, challenge: null, refundedAmount };
  const instrument = record.instrumentId ? instrumentById(record.instrumentId) : undefined;

  if (record.state === "initialized") {
    // Paystack's word for a transaction nobody has paid yet: it may still be paid on the checkout page.
    return { ...base, chargeStatus: "abandoned", transactionStatus: "abandoned", gatewayResponse: "The transaction was not completed" };
  }
  if (record.state === "awaiting" && instrument) {
    const challenge = instrument.challenges[record.challengesPassed];
    if (challenge) {
      const awaiting = { pin: "Awaiting PIN", otp: "Awaiting OTP", phone: "Awaiting phone number" }[challenge.kind];
      return { ...base, chargeStatus: challengeStatus[challenge.kind], transactionStatus: "ongoing", gatewayResponse: awaiting, displayText: challengeText(challenge, instrument.channel), challenge };
    }
  }
  if (record.state === "offline" && instrument?.ending.kind === "offline") {
    const { outcome, gatewayResponse } = instrument.ending;
    if (at(record.settlesAt) > now) {
      return {
        ...base,
        chargeStatus: "pay_offline",
        transactionStatus: "ongoing",
        gatewayResponse: "Awaiting approval on the customer's phone",
        displayText: "Please complete authorization process on your mobile phone",
      };
    }
    if (outcome === "success") return succeeded(record.settlesAt!, refundedAmount);
    return { ...base, chargeStatus: outcome, transactionStatus: outcome, gatewayResponse };
  }
  if (record.state === "success") return succeeded(record.paidAt!, refundedAmount);
  return { ...base, chargeStatus: "failed", transactionStatus: "failed", gatewayResponse: record.gatewayResponse ?? "Declined" };
}

function succeeded(paidAt: string, refundedAmount: number): ChargeState {
  const status = refundedAmount > 0 ? "reversed" : "success";
  return { chargeStatus: status, transactionStatus: status, gatewayResponse: "Approved", displayText: null, paidAt, challenge: null, refundedAmount };
}

/** Paystack's transaction object; `view` picks which status field semantics to report. */
export function chargeShape(record: ChargeRecord, now: number, view: "charge" | "transaction") {
  const state = resolveCharge(record, now);
  return {
    id: record.id,
    domain: "test",
    status: view === "charge" ? state.chargeStatus : state.transactionStatus,
    reference: record.reference,
    amount: record.amount,
    requested_amount: record.amount,
    currency: record.currency,
    channel: record.channel,
    gateway_response: state.gatewayResponse,
    message: null,
    ...(state.displayText ? { display_text: state.displayText } : {}),
    paid_at: state.paidAt,
    paidAt: state.paidAt,
    created_at: record.createdAt,
    createdAt: record.createdAt,
    transaction_date: record.createdAt,
    metadata: record.metadata,
    fees: state.paidAt ? Math.round(record.amount * 0.0195) : null,
    ip_address: null,
    log: null,
    plan: null,
    authorization: authorizationShape(record),
    customer: customerShape(record),
  };
}

function authorizationShape(record: ChargeRecord) {
  const { last4, brand, bank, channel } = record.authorization;
  return {
    authorization_code: `AUTH_sandbox${record.id}`,
    bin: null,
    last4,
    exp_month: null,
    exp_year: null,
    channel,
    card_type: channel === "card" ? brand : "mobile_money",
    bank,
    country_code: "GH",
    brand,
    reusable: channel === "card",
    signature: null,
    account_name: null,
  };
}

function customerShape(record: ChargeRecord) {
  return { id: record.customerId, first_name: null, last_name: null, email: record.email, customer_code: `CUS_sandbox${record.customerId}`, phone: null, metadata: null, risk_action: "default" };
}

export function refundShape(record: ChargeRecord, refund: RefundRecord, now: number) {
  const isProcessed = at(refund.processedAt) <= now;
  return {
    id: refund.id,
    integration: 1,
    domain: "test",
    transaction: { id: record.id, reference: record.reference, amount: record.amount, currency: record.currency, channel: record.channel, paid_at: resolveCharge(record, now).paidAt },
    dispute: null,
    amount: refund.amount,
    deducted_amount: isProcessed ? refund.amount : 0,
    fully_deducted: isProcessed,
    currency: record.currency,
    channel: record.channel,
    status: isProcessed ? "processed" : "pending",
    refunded_by: "sandbox",
    customer_note: refund.customerNote,
    merchant_note: refund.merchantNote,
    expected_at: refund.processedAt,
    createdAt: refund.createdAt,
    updatedAt: isProcessed ? refund.processedAt : refund.createdAt,
  };
}

export function recipientShape(recipient: RecipientRecord) {
  return {
    id: recipient.id,
    integration: 1,
    domain: "test",
    active: true,
    is_deleted: false,
    recipient_code: recipient.recipientCode,
    type: recipient.type,
    name: recipient.name,
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
  const isSettled = at(transfer.settlesAt) <= now;
  const status = isSettled ? transfer.outcome : "pending";
  return {
    id: transfer.id,
    integration: 1,
    domain: "test",
    amount: transfer.amount,
    currency: transfer.currency,
    source: transfer.source,
    reason: transfer.reason,
    reference: transfer.reference,
    transfer_code: transfer.transferCode,
    status,
    failures: status === "failed" ? transfer.failureReason : null,
    transferred_at: status === "success" ? transfer.settlesAt : null,
    recipient: recipientShape(transfer.recipient),
    createdAt: transfer.createdAt,
    updatedAt: isSettled ? transfer.settlesAt : transfer.createdAt,
  };
}

// --- Webhook events ---------------------------------------------------------------------------------

export type WebhookEvent = { event: string; data: Record<string, unknown> };

/** The event a charge's delivery stands for, or undefined when it no longer applies. */
export function chargeEvent(record: ChargeRecord, deliveryKey: string, now: number): WebhookEvent | undefined {
  if (deliveryKey === "charge.success") {
    const state = resolveCharge(record, now);
    if (!state.paidAt) return undefined;
    return { event: "charge.success", data: { ...chargeShape(record, now, "transaction"), status: "success", gateway_response: "Approved" } };
  }
  const refundId = /^refund\.processed:(\d+)$/.exec(deliveryKey)?.[1];
  const refund = record.refunds.find((candidate) => String(candidate.id) === refundId);
  if (!refund || at(refund.processedAt) > now) return undefined;
  return {
    event: "refund.processed",
    data: {
      id: refund.id,
      status: "processed",
      transaction_reference: record.reference,
      refund_reference: `RF_sandbox${refund.id}`,
      amount: refund.amount,
      currency: record.currency,
      processor: "sandbox",
      customer: customerShape(record),
      integration: 1,
      domain: "test",
    },
  };
}

export function transferEvent(transfer: TransferRecord, now: number): WebhookEvent | undefined {
  if (at(transfer.settlesAt) > now) return undefined;
  return { event: `transfer.${transfer.outcome}`, data: transferShape(transfer, now) };
}
