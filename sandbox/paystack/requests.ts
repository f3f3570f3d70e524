import { z } from "zod";
import { keyPattern } from "./store";

/** Request bodies the sandbox accepts, with Paystack-like messages for what it refuses (HTTP 400). */

const amount = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: "Invalid Amount Sent" })
  .pipe(z.number({ error: "Invalid Amount Sent" }).int({ error: "Invalid Amount Sent" }).positive({ error: "Invalid Amount Sent" }));

const reference = z.string({ error: "Reference is required" }).regex(keyPattern, { error: "Invalid transaction reference" });
const digits = (message: string, pattern: RegExp) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).replace(/\s+/g, ""))
    .pipe(z.string().regex(pattern, { error: message }));

export const currencies = ["GHS", "USD", "NGN", "ZAR", "KES"] as const;
const currency = z.enum(currencies, { error: "Currency not supported by merchant" });

/** A card in POST /charge, and on the sandbox's checkout page. */
export const cardSchema = z.object(
  {
    number: digits("Invalid card number", /^\d{12,19}$/),
    cvv: digits("Invalid CVV", /^\d{3,4}$/),
    expiry_month: digits("Invalid expiry month", /^(0?[1-9]|1[0-2])$/),
    expiry_year: digits("Invalid expiry year", /^(\d{2}|\d{4})$/),
  },
  { error: "Invalid card details" },
);

export const chargeRequestSchema = z
  .object({
    email: z.email({ error: "Invalid Email Address Passed" }),
    amount,
    currency: currency.default("GHS"),
    reference: reference.optional(),
    metadata: z.record(z.string(), z.unknown(), { error: "Invalid metadata: send a JSON object" }).nullish(),
    card: cardSchema.optional(),
    pin: digits("Invalid PIN", /^\d{4}$/).optional(),
    mobile_money: z
      .object(
        {
          phone: digits("Invalid phone number", /^\+?\d{9,15}$/),
          provider: z.enum(["mtn", "vod", "atl"], { error: "Invalid mobile money provider: use mtn, vod or atl" }),
        },
        { error: "Invalid mobile money details" },
      )
      .optional(),
  })
  .refine((body) => Boolean(body.card) !== Boolean(body.mobile_money), { error: "Send either card or mobile_money details" })
  .refine((body) => !body.mobile_money || body.currency === "GHS", { error: "Mobile money charges must be in GHS" });
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;
export type CardInput = z.infer<typeof cardSchema>;

/** POST /transaction/initialize (Paystack's TransactionInitialize: email and amount required). */
export const initializeRequestSchema = z.object({
  email: z.email({ error: "Invalid Email Address Passed" }),
  amount,
  currency: currency.default("GHS"),
  reference: reference.optional(),
  callback_url: z.url({ protocol: /^https?$/, error: "Invalid callback_url: send a fully qualified http(s) URL" }).optional(),
  channels: z.array(z.enum(["card", "bank", "ussd", "qr", "eft", "mobile_money", "bank_transfer"], { error: "Invalid channel" })).optional(),
  // Paystack takes a JSON object, or the same object as a JSON string.
  metadata: z
    .union([z.record(z.string(), z.unknown()), z.string().transform((text, context) => parseJsonObject(text, context))], { error: "Invalid metadata: send a JSON object" })
    .nullish(),
});

function parseJsonObject(text: string, context: z.RefinementCtx): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  context.addIssue({ code: "custom", message: "Invalid metadata: send a JSON object" });
  return z.NEVER;
}

const text = (name: string) => z.string({ error: `${name} is required` }).min(1, { error: `${name} is required` });

export const submitPinSchema = z.object({ reference, pin: text("PIN") });
export const submitOtpSchema = z.object({ reference, otp: text("OTP") });
export const submitPhoneSchema = z.object({ reference, phone: text("Phone") });
export const submitBirthdaySchema = z.object({
  reference,
  birthday: z.string({ error: "Birthday is required" }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Invalid birthday: use the format YYYY-MM-DD" }),
});
export const submitAddressSchema = z.object({ reference, address: text("Address"), city: text("City"), state: text("State"), zip_code: text("Zip code") });

export const refundRequestSchema = z.object({
  transaction: z.union([z.string().min(1), z.number().int()], { error: "Transaction is required" }).transform(String),
  amount: amount.optional(),
  currency: currency.optional(),
  customer_note: z.string().max(500).optional(),
  merchant_note: z.string().max(500).optional(),
});

export const mobileMoneyBanks: Record<string, string> = { MTN: "MTN Mobile Money", VOD: "Telecel Cash", ATL: "AT Money" };

export const transferRecipientSchema = z
  .object({
    type: z.enum(["mobile_money", "ghipss", "nuban", "basa", "kepss"], { error: "Invalid recipient type" }),
    name: text("Name"),
    account_number: digits("Invalid account number", /^\d{6,20}$/),
    bank_code: text("Bank code"),
    currency: currency.default("GHS"),
  })
  .refine((body) => body.type !== "mobile_money" || body.bank_code in mobileMoneyBanks, { error: "Invalid bank code: use MTN, VOD or ATL for mobile money" });

export const transferRequestSchema = z.object({
  source: z.literal("balance", { error: "Invalid source: only balance is supported" }),
  amount,
  recipient: text("Recipient"),
  reference: reference.optional(),
  reason: z.string().max(200).optional(),
  currency: currency.default("GHS"),
});

const transferCode = z.string({ error: "Transfer code is required" }).regex(keyPattern, { error: "Transfer code is invalid" });

export const finalizeTransferSchema = z.object({
  transfer_code: transferCode,
  otp: z.union([z.string(), z.number()], { error: "OTP is required" }).transform(String).pipe(z.string().min(1, { error: "OTP is required" })),
});

export const resendTransferOtpSchema = z.object({
  transfer_code: transferCode,
  reason: z.enum(["resend_otp", "transfer"], { error: "Invalid reason: use resend_otp or transfer" }),
});

/** The first problem, as Paystack names one problem at a time. */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid request";
}
