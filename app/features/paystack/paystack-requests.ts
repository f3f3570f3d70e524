/* What the store sends Paystack: the request bodies of the calls paystack-client.server.ts makes (Paystack's API reference). */

export interface CardDetails {
  number: string;
  cvv: string;
  expiry_month: string;
  expiry_year: string;
}

export type MobileMoneyProvider = "mtn" | "vod" | "atl";

interface ChargeBase {
  email: string;
  /** Minor units (pesewas), a positive integer. */
  amount: number;
  currency: string;
  /** Ours, unique per attempt: a retry with the same reference can never charge twice. */
  reference: string;
  metadata?: Record<string, unknown>;
}

export type ChargeRequest =
  | (ChargeBase & { card: CardDetails; pin?: string; mobile_money?: never })
  | (ChargeBase & { mobile_money: { phone: string; provider: MobileMoneyProvider }; card?: never; pin?: never });

/** POST /transaction/initialize: a transaction the payer completes on Paystack's checkout page. */
export interface InitializeTransactionRequest {
  email: string;
  /** Minor units (pesewas), a positive integer. */
  amount: number;
  currency: string;
  /** Ours: the transaction is verified and settled by it. */
  reference: string;
  /** Where Paystack sends the payer back, with `?trxref=&reference=` added. */
  callback_url: string;
  channels: Array<"card" | "bank" | "ussd" | "qr" | "eft" | "mobile_money" | "bank_transfer">;
  metadata?: Record<string, unknown>;
}

/** POST /charge/submit_address's fields besides the reference. */
export interface ChargeAddress {
  address: string;
  city: string;
  state: string;
  zip_code: string;
}

export interface RefundRequest {
  /** The transaction's reference (or Paystack id). */
  transaction: string;
  /** Minor units; omitted refunds what is left of the transaction. */
  amount?: number;
  currency?: string;
  customer_note?: string;
  merchant_note?: string;
}

export interface TransferRecipientRequest {
  /** "mobile_money" for Ghana mobile money wallets, "ghipss" for Ghana bank accounts. */
  type: string;
  name: string;
  account_number: string;
  /** For mobile money: "MTN", "VOD" or "ATL". */
  bank_code: string;
  currency: string;
}

export interface TransferRequest {
  amount: number;
  recipient: string;
  reference: string;
  reason?: string;
  currency?: string;
  source?: "balance";
}

/** POST /transfer/finalize_transfer: the OTP Paystack sent the business for a transfer answered `status: "otp"`. */
export interface FinalizeTransferRequest {
  transfer_code: string;
  otp: string;
}
