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
  /**
   * Never the card number or CVV: the first six digits (the BIN), the last four, the brand and the
   * expiry, as Paystack's authorization reports them. `bin` and the expiry are absent in older records.
   */
  authorization: { last4: string; brand: string; bank: string | null; channel: "card" | "mobile_money"; bin?: string; expMonth?: string; expYear?: string };
  webhook: { copies: number; delayMs: number };
  refunds: RefundRecord[];
  deliveries: Delivery[];
  /** Set for a transaction started with POST /transaction/initialize (paid on the checkout page). */
  checkout?: { accessCode: string; callbackUrl: string | null };
  /** The 3-D Secure page of a card that answers `open_url` (`data.url`). */
  authenticationUrl?: string;
}

export type ChargeStatus = "send_pin" | "send_otp" | "send_phone" | "send_birthday" | "send_address" | "open_url" | "pay_offline" | "success" | "failed" | "abandoned" | "reversed";

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

export const at = (iso: string | null) => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);

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
      const awaiting = {
        pin: "Awaiting PIN",
        otp: "Awaiting OTP",
        phone: "Awaiting phone number",
        birthday: "Awaiting date of birth",
        address: "Awaiting address",
        url: "Awaiting 3-D Secure authentication",
      }[challenge.kind];
      // A payer gone to the bank's page has, in Paystack's words, not completed the transaction: it
      // verifies as abandoned (as an unpaid hosted checkout does) until the page is done, then succeeds.
      const transactionStatus = challenge.kind === "url" ? "abandoned" : "ongoing";
      return { ...base, chargeStatus: challengeStatus[challenge.kind], transactionStatus, gatewayResponse: awaiting, displayText: challengeText(challenge, instrument.channel), challenge };
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
    receipt_number: null,
    ...(state.displayText ? { display_text: state.displayText } : {}),
    ...(view === "charge" && state.challenge?.kind === "url" && record.authenticationUrl ? { url: record.authenticationUrl } : {}),
    // Paystack's send_address names the country whose address format the bank checks.
    ...(view === "charge" && state.challenge?.kind === "address" ? { country_code: "GH" } : {}),
    paid_at: state.paidAt,
    paidAt: state.paidAt,
    created_at: record.createdAt,
    createdAt: record.createdAt,
    transaction_date: record.createdAt,
    metadata: record.metadata,
    fees: state.paidAt ? Math.round(record.amount * 0.0195) : null,
    fees_split: null,
    fees_breakdown: null,
    ip_address: payerAddress,
    log: null,
    plan: null,
    plan_object: {},
    split: {},
    subaccount: {},
    order_id: null,
    pos_transaction_data: null,
    source: null,
    connect: null,
    authorization: authorizationShape(record),
    customer: customerShape(record),
  };
}

/** Paystack documents `ip_address` as a string (the payer's, or the caller's); the sandbox sees neither. */
const payerAddress = "127.0.0.1";

function authorizationShape(record: ChargeRecord) {
  const { last4, brand, bank, channel, bin, expMonth, expYear } = record.authorization;
  // A wallet has no expiry: Paystack's mobile-money examples give "12" and "9999".
  const isWallet = channel === "mobile_money";
  return {
    authorization_code: `AUTH_sandbox${record.id}`,
    bin: bin ?? null,
    last4,
    exp_month: isWallet ? "12" : (expMonth ?? null),
    exp_year: isWallet ? "9999" : (expYear ?? null),
    channel,
    card_type: channel === "card" ? brand : "mobile_money",
    bank,
    country_code: "GH",
    brand,
    reusable: channel === "card",
    signature: null,
    account_name: null,
    receiver_bank_account_number: null,
    receiver_bank: null,
  };
}

function customerShape(record: ChargeRecord) {
  return {
    id: record.customerId,
    first_name: null,
    last_name: null,
    email: record.email,
    customer_code: `CUS_sandbox${record.customerId}`,
    phone: null,
    metadata: null,
    risk_action: "default",
    international_format_phone: null,
  };
}

/** Without notes of the merchant's, Paystack writes its own (API reference, Create Refund). */
function refundNotes(record: ChargeRecord, refund: RefundRecord) {
  return {
    customer_note: refund.customerNote ?? `Refund for transaction ${record.reference}`,
    merchant_note: refund.merchantNote ?? `Refund for transaction ${record.reference} by sandbox`,
  };
}

/** Paystack's refund stages in order; each is reported by its own webhook. */
export const refundStages = ["pending", "processing", "processed"] as const;
export type RefundStage = (typeof refundStages)[number];

/** When a refund reaches a stage: pending at once, processing half-way, processed at `processedAt`. */
function refundStageAt(refund: RefundRecord, stage: RefundStage): number {
  const created = Date.parse(refund.createdAt);
  if (stage === "pending") return created;
  if (stage === "processed") return at(refund.processedAt);
  return created + Math.floor((at(refund.processedAt) - created) / 2);
}

export function refundStatusAt(refund: RefundRecord, now: number): RefundStage {
  return [...refundStages].reverse().find((stage) => refundStageAt(refund, stage) <= now) ?? "pending";
}

/** The webhook deliveries a new refund owes: one per stage, each due when the refund reaches it. */
export function refundDeliveries(refund: RefundRecord): Delivery[] {
  return refundStages.map((stage) => ({ key: `refund.${stage}:${refund.id}`, dueAt: new Date(refundStageAt(refund, stage)).toISOString(), copies: 1 }));
}

/** POST /refund's answer (RefundCreateResponse): the transaction as an object. */
export function refundShape(record: ChargeRecord, refund: RefundRecord, now: number) {
  const isProcessed = at(refund.processedAt) <= now;
  return {
    id: refund.id,
    integration: 1,
    domain: "test",
    transaction: refundedTransactionShape(record, now),
    dispute: null,
    amount: refund.amount,
    deducted_amount: isProcessed ? refund.amount : 0,
    fully_deducted: isProcessed,
    currency: record.currency,
    channel: record.channel,
    status: refundStatusAt(refund, now),
    refunded_by: "sandbox",
    ...refundNotes(record, refund),
    expected_at: refund.processedAt,
    createdAt: refund.createdAt,
    updatedAt: isProcessed ? refund.processedAt : refund.createdAt,
  };
}

/** The transaction inside POST /refund's answer: a few of its fields, as RefundCreateResponse documents them. */
function refundedTransactionShape(record: ChargeRecord, now: number) {
  const { paidAt } = resolveCharge(record, now);
  const { exp_month, exp_year, account_name } = authorizationShape(record);
  return {
    id: record.id,
    domain: "test",
    reference: record.reference,
    amount: record.amount,
    paid_at: paidAt,
    channel: record.channel,
    currency: record.currency,
    authorization: { exp_month, exp_year, account_name },
    customer: { international_format_phone: null },
    plan: {},
    subaccount: { currency: null },
    split: {},
    order_id: null,
    paidAt,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
  };
}

/** GET /refund/{id}'s answer (RefundFetchResponse): `transaction` is the transaction's id. */
export function fetchedRefundShape(record: ChargeRecord, refund: RefundRecord, now: number) {
  const isProcessed = at(refund.processedAt) <= now;
  return {
    integration: 1,
    transaction: record.id,
    dispute: null,
    settlement: null,
    id: refund.id,
    domain: "test",
    currency: record.currency,
    amount: refund.amount,
    status: refundStatusAt(refund, now),
    channel: record.channel,
    refunded_at: isProcessed ? refund.processedAt : null,
    refunded_by: "sandbox",
    expected_at: refund.processedAt,
    ...refundNotes(record, refund),
    deducted_amount: isProcessed ? refund.amount : 0,
    fully_deducted: isProcessed ? 1 : 0,
    createdAt: refund.createdAt,
    updatedAt: isProcessed ? refund.processedAt : refund.createdAt,
    bank_reference: null,
    transaction_reference: record.reference,
    reason: isProcessed ? "Refund processed" : "Refund queued for processing",
    customer: customerShape(record),
    refund_type: refund.amount === record.amount ? "full" : "partial",
    transaction_amount: record.amount,
    initiated_by: "sandbox",
    refund_channel: record.channel,
    session_id: null,
    collect_account_number: false,
  };
}

/** In webhooks Paystack names the integration in full (in answers, by its id). */
export const integrationShape = { id: 1, is_live: false, business_name: "Paystack sandbox" };

// --- Webhook events ---------------------------------------------------------------------------------

export type WebhookEvent = { event: string; data: Record<string, unknown> };

/** The event a charge's delivery stands for, or undefined when it no longer applies. */
export function chargeEvent(record: ChargeRecord, deliveryKey: string, now: number): WebhookEvent | undefined {
  if (deliveryKey === "charge.success") {
    const state = resolveCharge(record, now);
    if (!state.paidAt) return undefined;
    return { event: "charge.success", data: { ...chargeShape(record, now, "transaction"), status: "success", gateway_response: "Approved" } };
  }
  const [, stage, refundId] = /^refund\.(pending|processing|processed):(\d+)$/.exec(deliveryKey) ?? [];
  const refund = record.refunds.find((candidate) => String(candidate.id) === refundId);
  if (!refund || refundStageAt(refund, stage as RefundStage) > now) return undefined;
  return { event: `refund.${stage}`, data: refundEventData(record, refund, stage as RefundStage) };
}

/**
 * A refund event's `data` as Paystack documents it: the amount as a string, no refund id, and a
 * `refund_reference` only once the refund is processed.
 */
function refundEventData(record: ChargeRecord, refund: RefundRecord, stage: RefundStage) {
  return {
    status: stage,
    transaction_reference: record.reference,
    refund_reference: stage === "processed" ? `RF_sandbox${refund.id}` : null,
    amount: String(refund.amount),
    currency: record.currency,
    processor: "sandbox",
    customer: { first_name: null, last_name: null, email: record.email },
    integration: 1,
    domain: "test",
  };
}

