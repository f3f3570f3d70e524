import { z } from "zod";
import { networkMismatchMessage, networkOfNumber } from "./ghana-mobile-networks";

/**
 * The payment calls' contracts (SPEC §3 payloads, §5 messages), shared by the checkout's payment
 * form, its no-JavaScript actions and the /api/payment/* routes. Amounts are minor units: SPEC's
 * "order amount x 100". The server never charges what a payload says: it charges the order's total
 * and refuses a payload whose amount differs.
 */

/**
 * SPEC §5: the mobile-money networks, by the codes the API takes; `tgo` goes to Paystack as `atl`
 * (DESIGN §5). The networks' names today: Vodafone Ghana is Telecel (Telecel Cash), AirtelTigo is
 * AT (AT Money); the codes stayed.
 */
export const mobileMoneyProviders = ["mtn", "vod", "tgo"] as const;
export type MobileMoneyProviderCode = (typeof mobileMoneyProviders)[number];
export const mobileMoneyProviderLabels: Record<MobileMoneyProviderCode, string> = { mtn: "MTN Mobile Money", vod: "Telecel Cash", tgo: "AT Money" };

const digitsOnly = (value: string) => value.replace(/\D/g, "");

const recordId = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message);

/** Every charge pays one thing: an order (`orderId`) or a wallet top-up (`topUpId`, issue #20). */
const chargeBase = z.object({
  email: z.email("Invalid email address"),
  amount: z.coerce.number({ error: "Amount must be greater than 0" }).int("Amount must be a whole number of pesewas").min(1, "Amount must be greater than 0"),
  orderId: recordId("Order ID is required").optional(),
  topUpId: recordId("Top-up ID must be a positive whole number").optional(),
  currency: z.enum(["GHS", "USD"], { error: "Currency must be GHS or USD" }).default("GHS"),
});

const paysOneThing = <Schema extends z.ZodType<{ orderId?: number; topUpId?: number }>>(schema: Schema) =>
  schema.refine((charge) => (charge.orderId === undefined) !== (charge.topUpId === undefined), {
    message: "Order ID is required (or, for a wallet top-up, its topUpId alone)",
    path: ["orderId"],
  });

/**
 * A card payment on Paystack's hosted checkout: which order, who pays. Card fields an API client
 * still sends (SPEC §3's payload) are dropped unread: the card is entered on Paystack's page.
 */
export const hostedCardPaymentSchema = paysOneThing(chargeBase);

export const cardDetailsSchema = z.object({
  number: z.string({ error: "Card number must be at least 16 digits" }).transform(digitsOnly).pipe(
    z.string().min(16, "Card number must be at least 16 digits").max(19, "Card number must be at most 19 digits"),
  ),
  cvv: z.string({ error: "CVV must be at least 3 digits" }).transform(digitsOnly).pipe(z.string().min(3, "CVV must be at least 3 digits").max(4, "CVV must be at most 4 digits")),
  expiry_month: z
    .string({ error: "Month is required" })
    .min(2, "Month is required")
    .regex(/^(0[1-9]|1[0-2])$/, "Month must be 01 to 12"),
  expiry_year: z
    .string({ error: "Year is required" })
    .min(4, "Year is required")
    .regex(/^\d{4}$/, "Year is required"),
});

/** SPEC §3 card charge; `pin` continues the order's attempt that is waiting for a PIN (DESIGN §6). */
export const cardChargeSchema = paysOneThing(
  chargeBase.extend({
    card: cardDetailsSchema,
    pin: z
      .string()
      .regex(/^\d{4}$/, "PIN must be 4 digits")
      .optional()
      .or(z.literal("").transform(() => undefined)),
  }),
);
export type CardChargeInput = z.output<typeof cardChargeSchema>;

const shortPhoneMessage = "Phone number must be at least 10 digits";
export const ghanaMobileNumberMessage = "Enter a Ghana mobile money number, e.g. 055 123 4567";

/**
 * A Ghana mobile number in the local 10-digit form (0551234987) that Paystack's mobile money and
 * transfers take, from the ways people write it: 055 123 4987, +233 55 123 4987, 233551234987,
 * 00233…, or +233 055… (the trunk 0 kept after the country code). Null for anything else: mobile
 * numbers start 02 or 05 (MTN, Telecel, AT); 03 numbers are landlines.
 */
export function normaliseGhanaMobileNumber(value: string): string | null {
  const digits = digitsOnly(value);
  const afterCountryCode = /^(?:00)?233(\d{9,10})$/.exec(digits)?.[1];
  const national = afterCountryCode === undefined ? digits : afterCountryCode.length === 9 ? `0${afterCountryCode}` : afterCountryCode;
  return /^0[25]\d{8}$/.test(national) ? national : null;
}

/**
 * The wallet number of a mobile-money charge or a payout, normalised (one form stored, sent to
 * Paystack and counted by the per-phone limit). SPEC §5's message for too few digits.
 */
export const ghanaMobileNumberSchema = z.string({ error: shortPhoneMessage }).transform((value, context) => {
  const number = normaliseGhanaMobileNumber(value);
  if (number) return number;
  context.issues.push({ code: "custom", input: value, message: digitsOnly(value).length < 10 ? shortPhoneMessage : ghanaMobileNumberMessage });
  return z.NEVER;
});

/** "The number moved to this network": a checkbox's "on", or true in JSON; absent is false. */
export const portedSchema = z
  .union([z.boolean(), z.literal("on"), z.literal("true")], { error: "ported must be true or false" })
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/**
 * The wallet a mobile-money charge prompts: its number, its network, and `ported` (a checkbox's
 * "on", or true) when the payer says the number moved to that network from the one its prefix
 * names. A number of another network's prefix is refused without it (ghana-mobile-networks.ts says
 * why), on the number's field, naming the network the number belongs to.
 */
export const mobileMoneyWalletSchema = z
  .object({
    phone: ghanaMobileNumberSchema,
    provider: z.enum(mobileMoneyProviders, { error: "Please select a valid provider" }),
    ported: portedSchema,
  })
  .check(numberOfTheNetworkChosen);

/**
 * The check of mobileMoneyWalletSchema, for any object with its three fields (a worker's payout wallet
 * too, where money sent to another network's number would bounce).
 */
export function numberOfTheNetworkChosen(context: { value: { phone: string; provider: MobileMoneyProviderCode; ported: boolean }; issues: z.core.$ZodRawIssue[] }) {
  const wallet = context.value;
  const network = networkOfNumber(wallet.phone);
  if (network === null || network === wallet.provider || wallet.ported) return;
  context.issues.push({ code: "custom", input: wallet.phone, path: ["phone"], message: networkMismatchMessage(wallet.phone.slice(0, 3), network, wallet.provider) });
}

export const mobileMoneyChargeSchema = paysOneThing(chargeBase.extend({ mobile_money: mobileMoneyWalletSchema }));
export type MobileMoneyChargeInput = z.output<typeof mobileMoneyChargeSchema>;

export const invalidOtpNotice = { title: "Invalid OTP", description: "Please enter the OTP sent to your phone." } as const;

const referenceSchema = z.string({ error: invalidOtpNotice.description }).regex(/^[A-Za-z0-9_.=-]{6,100}$/, "Unknown payment reference");

/** SPEC §5: exactly 6 digits once non-digits are stripped. */
export const otpSubmissionSchema = z.object({
  reference: referenceSchema,
  otp: z.string({ error: invalidOtpNotice.description }).transform(digitsOnly).pipe(z.string().length(6, invalidOtpNotice.description)),
});
export type OtpSubmissionInput = z.output<typeof otpSubmissionSchema>;

export const resendAuthorizationSchema = z.object({ reference: referenceSchema });

/*
 * The charge steps a card may ask for besides the PIN and the OTP (Paystack's send_phone,
 * send_birthday, send_address), each answering the attempt `reference` waits on.
 */
export const phoneStepSchema = z.object({
  reference: referenceSchema,
  phone: z.string({ error: "Phone number must be at least 10 digits" }).transform(digitsOnly).pipe(
    z.string().min(10, "Phone number must be at least 10 digits").max(15, "Phone number must be at most 15 digits"),
  ),
});
export type PhoneStepInput = z.output<typeof phoneStepSchema>;

const birthdayMessage = "Please enter your date of birth.";

/** Paystack's birthday format: YYYY-MM-DD (what a date input posts), a real day in the past. */
export const birthdayStepSchema = z.object({
  reference: referenceSchema,
  birthday: z
    .string({ error: birthdayMessage })
    .regex(/^\d{4}-\d{2}-\d{2}$/, birthdayMessage)
    .refine(isPastDay, "Please enter a real date of birth."),
});
export type BirthdayStepInput = z.output<typeof birthdayStepSchema>;

const addressLine = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** Paystack's submit_address fields: the card's billing address. */
export const addressStepSchema = z.object({
  reference: referenceSchema,
  address: addressLine("Please enter your street address.", 200),
  city: addressLine("Please enter your city.", 100),
  state: addressLine("Please enter your state or region.", 100),
  zip_code: addressLine("Please enter your postal code.", 20),
});
export type AddressStepInput = z.output<typeof addressStepSchema>;

function isPastDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) && day.getUTCFullYear() >= 1900 && day.getTime() < Date.now();
}

export const paymentReferenceSchema = referenceSchema;

/** SPEC §2: expiry years are the current year and the next 9. */
export function expiryYears(now = new Date()): string[] {
  return Array.from({ length: 10 }, (_, index) => String(now.getUTCFullYear() + index));
}

export const expiryMonths = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, "0"));

/**
 * What every charge, PIN/OTP submission and resend answers (SPEC §3 "Charge response fields read"):
 * `status` says whether the step went through, `data.status` what happens next.
 */
export interface ChargeResponse {
  status: boolean;
  message: string;
  data: {
    status: string;
    reference: string;
    display_text?: string | null;
    gateway_response?: string | null;
    /** `open_url`: the page the payer goes to (3-D Secure, Paystack's checkout). */
    url?: string | null;
  };
}

/** GET /api/payment/verify/{reference}: status and the gateway's words, nothing else. */
export interface VerifyResponse {
  status: boolean;
  message: string;
  data: { status: string; gateway_response: string | null };
}
