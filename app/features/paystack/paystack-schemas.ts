import { z } from "zod";

/**
 * Shapes of what Paystack (or the sandbox) answers and sends. Objects are loose: Paystack adds fields
 * freely, and every field beyond the ones named here stays readable as `unknown`. Statuses Paystack
 * may add later parse as "unknown" instead of failing the whole response.
 */

/** `data.status` of /charge, /charge/submit_* and GET /charge/:reference: what happens next. */
export const chargeStatuses = [
  "success",
  "failed",
  "abandoned",
  "reversed",
  "send_pin",
  "send_otp",
  "send_phone",
  "send_birthday",
  "send_address",
  "open_url",
  "pay_offline",
  "pending",
  "ongoing",
  "processing",
  "queued",
  "unknown",
] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

/** `data.status` of GET /transaction/verify/:reference. */
export const transactionStatuses = ["success", "failed", "abandoned", "reversed", "ongoing", "pending", "processing", "queued", "unknown"] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const refundStatuses = ["pending", "processing", "processed", "failed", "needs-attention", "unknown"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const transferStatuses = ["pending", "success", "failed", "reversed", "otp", "received", "abandoned", "blocked", "rejected", "processing", "unknown"] as const;
export type TransferStatus = (typeof transferStatuses)[number];

const optionalText = z.string().nullish();
const numberOrText = z.union([z.number(), z.string()]).nullish();

export const authorizationSchema = z.looseObject({
  authorization_code: optionalText,
  last4: optionalText,
  brand: optionalText,
  card_type: optionalText,
  channel: optionalText,
  bank: optionalText,
  bin: optionalText,
  exp_month: numberOrText,
  exp_year: numberOrText,
  reusable: z.boolean().nullish(),
});
export type PaystackAuthorization = z.infer<typeof authorizationSchema>;

export const customerSchema = z.looseObject({
  id: z.number().nullish(),
  email: optionalText,
  customer_code: optionalText,
});

/** A charge in progress or finished, as the charge endpoints return it. */
export const chargeDataSchema = z.looseObject({
  reference: z.string(),
  status: z.enum(chargeStatuses).catch("unknown"),
  /** What to show the payer at this step (e.g. "Please enter the OTP sent to your phone"). */
  display_text: optionalText,
  /** `open_url`: the page where the payer authenticates with the card's bank (3-D Secure). */
  url: optionalText,
  gateway_response: optionalText,
  message: optionalText,
  id: z.number().nullish(),
  amount: z.number().nullish(),
  currency: optionalText,
  channel: optionalText,
  paid_at: optionalText,
  metadata: z.unknown().optional(),
  authorization: authorizationSchema.nullish(),
  customer: customerSchema.nullish(),
});
export type ChargeData = z.infer<typeof chargeDataSchema>;

/**
 * A charge step's answer. Paystack's reference gives submit_birthday's `data` only `status` and
 * `display_text` (and submit_address's no shape at all): the reference is the one the step was for.
 */
export const chargeStepDataSchema = (reference: string) =>
  z.preprocess((data) => (typeof data === "object" && data !== null && !("reference" in data) ? { ...data, reference } : data), chargeDataSchema);

/** POST /transaction/initialize: where the payer goes to pay on Paystack's checkout page. */
export const initializedTransactionSchema = z.looseObject({
  authorization_url: z.url({ protocol: /^https?$/ }),
  access_code: z.string(),
  reference: z.string(),
});
export type InitializedTransaction = z.infer<typeof initializedTransactionSchema>;

/** A transaction as GET /transaction/verify/:reference returns it. */
export const transactionDataSchema = z.looseObject({
  id: z.number(),
  reference: z.string(),
  status: z.enum(transactionStatuses).catch("unknown"),
  amount: z.number(),
  currency: z.string(),
  gateway_response: optionalText,
  message: optionalText,
  channel: optionalText,
  paid_at: optionalText,
  created_at: optionalText,
  metadata: z.unknown().optional(),
  authorization: authorizationSchema.nullish(),
  customer: customerSchema.nullish(),
});
export type TransactionData = z.infer<typeof transactionDataSchema>;

/** POST /refund's answer: the refund, with the transaction it is for as an object. */
export const refundDataSchema = z.looseObject({
  id: z.number(),
  status: z.enum(refundStatuses).catch("unknown"),
  amount: z.number(),
  currency: z.string(),
  transaction: z.looseObject({ id: z.number().nullish(), reference: optionalText }),
});
export type RefundData = z.infer<typeof refundDataSchema>;

/** GET /refund/{id}'s answer (RefundFetchResponse): here `transaction` is the transaction's id. */
export const fetchedRefundDataSchema = z.looseObject({
  id: z.number(),
  status: z.enum(refundStatuses).catch("unknown"),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  transaction: z.union([z.number(), z.looseObject({ id: z.number().nullish(), reference: optionalText })]).nullish(),
  transaction_reference: optionalText,
  refunded_at: optionalText,
});
export type FetchedRefundData = z.infer<typeof fetchedRefundDataSchema>;

export const transferRecipientDataSchema = z.looseObject({
  id: z.number(),
  recipient_code: z.string(),
  type: z.string(),
  name: optionalText,
  currency: optionalText,
  active: z.boolean().nullish(),
  details: z
    .looseObject({ account_number: optionalText, account_name: optionalText, bank_code: optionalText, bank_name: optionalText })
    .nullish(),
});
export type TransferRecipientData = z.infer<typeof transferRecipientDataSchema>;

export const transferDataSchema = z.looseObject({
  id: z.number().nullish(),
  reference: z.string(),
  transfer_code: z.string(),
  status: z.enum(transferStatuses).catch("unknown"),
  amount: z.number(),
  currency: z.string(),
  reason: optionalText,
  recipient: z.unknown().optional(),
  transferred_at: optionalText,
});
export type TransferData = z.infer<typeof transferDataSchema>;

/** POST /transfer/resend_otp documents no `data`; whatever comes is not read. */
export const otpResentDataSchema = z.unknown();

/** Every Paystack answer: `status` says whether the *call* worked, never whether money moved. */
export const envelopeSchema = z.object({ status: z.boolean(), message: z.string(), data: z.unknown().optional() });

// --- Webhook events -------------------------------------------------------------------------------

export const chargeEventDataSchema = chargeDataSchema.extend({
  id: z.number(),
  amount: z.number(),
  currency: z.string(),
});
export type ChargeEventData = z.infer<typeof chargeEventDataSchema>;

/**
 * Minor units as Paystack writes them in refund events: a number, or a string of digits ("10000" in
 * refund.pending, .processing and .processed). Anything else — "100.50", "", "1e4" — is refused: a
 * guessed amount would be booked as money.
 */
export const minorUnitsSchema = z
  .union([z.number(), z.string().regex(/^\d+$/, { error: "amount must be whole minor units" }).transform(Number)])
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

/** Every refund event Paystack documents (docs: Payments › Refunds › "Listen for notifications"). */
export const refundEventNames = ["refund.pending", "refund.processing", "refund.processed", "refund.failed", "refund.needs-attention"] as const;
export type RefundEventName = (typeof refundEventNames)[number];

/**
 * A refund event's `data`. Paystack's examples name the refund by `refund_reference` (null while
 * pending or processing) and give `id` only in refund.needs-attention (as a string there).
 */
export const refundEventDataSchema = z.looseObject({
  status: z.enum(refundStatuses).catch("unknown"),
  transaction_reference: z.string().min(1),
  refund_reference: optionalText,
  amount: minorUnitsSchema,
  currency: z.string(),
  id: z.union([z.number(), z.string()]).nullish(),
  processor: optionalText,
  customer: z.looseObject({ email: optionalText, first_name: optionalText, last_name: optionalText }).nullish(),
  customer_note: optionalText,
  merchant_note: optionalText,
});
export type RefundEventData = z.infer<typeof refundEventDataSchema>;

export const transferEventNames = ["transfer.success", "transfer.failed", "transfer.reversed"] as const;

export type PaystackEvent =
  | { event: "charge.success"; data: ChargeEventData }
  | { event: RefundEventName; data: RefundEventData }
  | { event: (typeof transferEventNames)[number]; data: TransferData }
  /** An event this app does not act on (acknowledge it with 200 and move on). */
  | { event: "unhandled"; name: string };

/** Every event's envelope; made once (a zod schema made per call is compiled per call: ~0.4 ms a webhook, issue #22). */
const eventEnvelopeSchema = z.object({ event: z.string(), data: z.unknown() });

/**
 * Parses a webhook body that already passed `verifyWebhookSignature`. Undefined when it is not JSON
 * or a known event does not have the fields we rely on (answer 400 so the problem is visible).
 */
export function parsePaystackEvent(rawBody: string | Buffer): PaystackEvent | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString());
  } catch {
    return undefined;
  }
  const head = eventEnvelopeSchema.safeParse(body);
  if (!head.success) return undefined;
  const { event, data } = head.data;
  if (event === "charge.success") {
    const parsed = chargeEventDataSchema.safeParse(data);
    return parsed.success ? { event, data: parsed.data } : undefined;
  }
  if (isOneOf(refundEventNames, event)) {
    const parsed = refundEventDataSchema.safeParse(data);
    return parsed.success ? { event, data: parsed.data } : undefined;
  }
  if (isOneOf(transferEventNames, event)) {
    const parsed = transferDataSchema.safeParse(data);
    return parsed.success ? { event, data: parsed.data } : undefined;
  }
  return { event: "unhandled", name: event };
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}
