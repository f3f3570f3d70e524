import { randomBytes } from "node:crypto";
import type { PublicUser } from "~/features/auth/accounts.server";
import { maximumRecordId } from "~/features/orders/order-schema";
import type { PaymentAttemptStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import type { CardChargeInput, ChargeResponse, MobileMoneyChargeInput, OtpSubmissionInput, VerifyResponse } from "./payment-schema";
import type { ChargeData, PaystackResult } from "./paystack-client.server";
import { getPaystack } from "./paystack.server";
import { applyTransactionOutcome } from "./settlement.server";

/**
 * Paying for an order (SPEC §2 payment step, §7 /api/payment/*). Every attempt is recorded before
 * Paystack is called, so a crash or a lost answer leaves a pending attempt the reconciler settles;
 * the amount is always the order's total, never the request's; card numbers, CVVs, PINs and OTPs
 * pass through to Paystack and are never stored or logged.
 */

/** The statuses in which Paystack may still report a success for an attempt. */
export const openAttemptStatuses: PaymentAttemptStatus[] = ["pending", "send_pin", "send_otp", "send_phone", "pay_offline"];

const attemptStatusByCharge: Partial<Record<string, PaymentAttemptStatus>> = {
  send_pin: "send_pin",
  send_otp: "send_otp",
  send_phone: "send_phone",
  pay_offline: "pay_offline",
  pending: "pending",
  ongoing: "pending",
  processing: "pending",
  queued: "pending",
};

// DESIGN §5: SPEC's AirtelTigo code is Paystack's `atl`.
const paystackProvider = { mtn: "mtn", vod: "vod", tgo: "atl" } as const;

/** When the reconciler first looks at a new attempt (Paystack asks to wait 10 s before verifying). */
const firstCheckDelayMs = 10_000;

const notFound = () => new AppError(404, "not_found", "Order not found");
const unknownReference = () => new AppError(404, "not_found", "Transaction reference not found");

function assertClient(user: PublicUser) {
  if (user.role !== "client") throw new AppError(403, "forbidden", "Only clients can pay for orders.");
}

function newReference(orderId: number): string {
  return `smb_${orderId}_${randomBytes(8).toString("hex")}`;
}

/** The client's own unpaid, open order whose total is exactly what the payload says. */
export async function payableOrder(user: PublicUser, input: { orderId: number; amount: number; currency: string }) {
  assertClient(user);
  if (input.orderId > maximumRecordId) throw notFound(); // no such row, and out of the id column's range
  const order = await getPrisma().order.findFirst({
    where: { id: input.orderId, clientId: user.id },
    select: { id: true, totalMinor: true, currency: true, status: true, paymentStatus: true },
  });
  if (!order) throw notFound();
  if (order.paymentStatus !== "unpaid") throw new AppError(409, "already_paid", "This order is already paid.");
  if (order.status !== "pending") throw new AppError(422, "order_closed", "This order is cancelled and can no longer be paid.");
  if (input.amount !== order.totalMinor || input.currency !== order.currency) {
    throw new AppError(400, "amount_mismatch", `The amount does not match this order's total of ${formatMoney(order.totalMinor, order.currency)}.`);
  }
  return order;
}

/** An attempt of the user's own order, by reference (404 for anyone else's, like an unknown one). */
async function ownAttempt(user: PublicUser, reference: string) {
  const attempt = await getPrisma().paymentAttempt.findFirst({
    where: { reference, order: { clientId: user.id } },
    select: { id: true, reference: true, orderId: true, channel: true, provider: true, phone: true, payerEmail: true, amountMinor: true, currency: true, status: true },
  });
  if (!attempt) throw unknownReference();
  return attempt;
}

/** SPEC §3 card charge. With `pin`, it answers the order's attempt that waits for a PIN (DESIGN §6). */
export async function chargeCard(user: PublicUser, input: CardChargeInput): Promise<ChargeResponse> {
  const order = await payableOrder(user, input);
  if (input.pin) return submitPin(user, { orderId: order.id, pin: input.pin });
  const reference = await recordAttempt(order, { channel: "card", payerEmail: input.email });
  return continueAttempt(
    reference,
    getPaystack().client.charge({ email: input.email, amount: order.totalMinor, currency: order.currency, reference, card: input.card, metadata: { orderId: order.id } }),
  );
}

/** SPEC §3 mobile-money charge: MTN and AirtelTigo prompt the phone (pay_offline), Vodafone asks for a voucher (send_otp). */
export async function chargeMobileMoney(user: PublicUser, input: MobileMoneyChargeInput): Promise<ChargeResponse> {
  const order = await payableOrder(user, input);
  const { phone, provider } = input.mobile_money;
  const reference = await recordAttempt(order, { channel: "mobile_money", provider, phone, payerEmail: input.email });
  return startMobileMoneyCharge(reference, { email: input.email, amount: order.totalMinor, currency: order.currency, phone, provider, orderId: order.id });
}

function startMobileMoneyCharge(reference: string, charge: { email: string; amount: number; currency: string; phone: string; provider: "mtn" | "vod" | "tgo"; orderId: number }) {
  return continueAttempt(
    reference,
    getPaystack().client.charge({
      email: charge.email,
      amount: charge.amount,
      currency: charge.currency,
      reference,
      mobile_money: { phone: charge.phone, provider: paystackProvider[charge.provider] },
      metadata: { orderId: charge.orderId },
    }),
  );
}

/** The PIN for the order's card payment that waits for one (the card itself is not needed again). */
export async function submitPin(user: PublicUser, { orderId, pin }: { orderId: number; pin: string }): Promise<ChargeResponse> {
  assertClient(user);
  const waiting = await getPrisma().paymentAttempt.findFirst({
    where: { orderId, channel: "card", status: "send_pin", order: { clientId: user.id } },
    orderBy: { id: "desc" },
    select: { reference: true },
  });
  if (!waiting) throw new AppError(409, "no_pin_expected", "No card payment of this order is waiting for a PIN. Please enter your card again.");
  return continueAttempt(waiting.reference, getPaystack().client.submitPin(waiting.reference, pin));
}

/** SPEC §3 OTP submission (also the Vodafone Cash voucher). */
export async function submitOtp(user: PublicUser, input: OtpSubmissionInput): Promise<ChargeResponse> {
  const attempt = await ownAttempt(user, input.reference);
  if (attempt.status !== "send_otp") throw new AppError(409, "no_otp_expected", "This payment is not waiting for an OTP.");
  return continueAttempt(attempt.reference, getPaystack().client.submitOtp(attempt.reference, input.otp));
}

/**
 * SPEC §2 "Resend Authorization": Paystack has no re-prompt call, so a new mobile-money charge with a
 * new reference for the same order and phone (DESIGN §5); the order keeps every attempt.
 */
export async function resendAuthorization(user: PublicUser, reference: string): Promise<ChargeResponse> {
  const attempt = await ownAttempt(user, reference);
  if (attempt.channel !== "mobile_money" || !attempt.phone || !attempt.provider || !attempt.payerEmail) {
    throw new AppError(422, "not_resendable", "Only a mobile money payment can be sent to your phone again.");
  }
  // A prompt that may still be approved must settle first, or the client could pay twice.
  if (openAttemptStatuses.includes(attempt.status)) await refreshAttempt(attempt.reference);
  const current = await getPrisma().paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id }, select: { status: true } });
  if (current.status === "success") throw new AppError(409, "already_paid", "This order is already paid.");
  if (openAttemptStatuses.includes(current.status)) {
    throw new AppError(409, "still_waiting", "The last payment prompt is still waiting for your approval. Please check your phone.");
  }
  const order = await payableOrder(user, { orderId: attempt.orderId, amount: attempt.amountMinor, currency: attempt.currency });
  const next = await recordAttempt(order, { channel: "mobile_money", provider: attempt.provider, phone: attempt.phone, payerEmail: attempt.payerEmail });
  return startMobileMoneyCharge(next, { email: attempt.payerEmail, amount: order.totalMinor, currency: order.currency, phone: attempt.phone, provider: attempt.provider, orderId: order.id });
}

/**
 * SPEC §7 GET /api/payment/verify/{reference}: no sign-in, so it answers nothing beyond the status
 * and the gateway's words. An attempt still open is verified with Paystack (at most every few
 * seconds per attempt, however often the page polls).
 */
export async function verifyPayment(reference: string): Promise<VerifyResponse> {
  const attempt = await getPrisma().paymentAttempt.findUnique({ where: { reference }, select: { status: true, lastCheckedAt: true } });
  if (!attempt) throw unknownReference();
  const isRecent = attempt.lastCheckedAt !== null && Date.now() - attempt.lastCheckedAt.getTime() < verifyThrottleMs;
  if (openAttemptStatuses.includes(attempt.status) && !isRecent) await refreshAttempt(reference);
  const current = await getPrisma().paymentAttempt.findUniqueOrThrow({ where: { reference }, select: { status: true, gatewayResponse: true } });
  return { status: true, message: "Verification successful", data: { status: verifyStatusOf(current.status), gateway_response: current.gatewayResponse } };
}

const verifyThrottleMs = 3_000;

/** Paystack's words for where an attempt stands: open attempts are "ongoing" (or "pending" before any answer). */
function verifyStatusOf(status: PaymentAttemptStatus): string {
  if (status === "pending") return "pending";
  if (openAttemptStatuses.includes(status)) return "ongoing";
  return status;
}

/** Asks Paystack where an attempt stands and applies the answer. Used by verify, resend and the reconciler. */
export async function refreshAttempt(reference: string, now = new Date()) {
  const result = await getPaystack().client.verifyTransaction(reference);
  if (!result.ok) {
    // Unknown to Paystack: the charge call never reached it (it was never attempted).
    if (result.kind === "rejected" && /not found/i.test(result.message)) {
      await applyTransactionOutcome({ reference, status: "failed", gatewayResponse: "The payment was not started. Please try again." }, now);
      return "closed" as const;
    }
    await getPrisma().paymentAttempt.update({ where: { reference }, data: { lastCheckedAt: now } });
    return "in_progress" as const;
  }
  const { status, amount, currency, gateway_response: gatewayResponse } = result.data;
  return applyTransactionOutcome({ reference, status, amount, currency, gatewayResponse }, now);
}

export async function recordAttempt(
  order: { id: number; totalMinor: number; currency: "GHS" | "USD" },
  details: { channel: "card" | "mobile_money"; provider?: "mtn" | "vod" | "tgo"; phone?: string; payerEmail: string },
): Promise<string> {
  const reference = newReference(order.id);
  await getPrisma().paymentAttempt.create({
    data: {
      orderId: order.id,
      reference,
      channel: details.channel,
      provider: details.provider ?? null,
      phone: details.phone ?? null,
      payerEmail: details.payerEmail,
      amountMinor: order.totalMinor,
      currency: order.currency,
      nextCheckAt: new Date(Date.now() + firstCheckDelayMs),
    },
  });
  return reference;
}

/** Applies a charge step's answer to its attempt and says what the payer does next. */
async function continueAttempt(reference: string, call: Promise<PaystackResult<ChargeData>>): Promise<ChargeResponse> {
  const result = await call;
  const prisma = getPrisma();
  if (!result.ok) {
    if (result.kind === "rejected") {
      await applyTransactionOutcome({ reference, status: "failed", gatewayResponse: result.message });
      return { status: false, message: result.message || "Payment failed", data: { status: "failed", reference, gateway_response: result.message } };
    }
    // No usable answer: the attempt stays open and the reconciler finds out what happened.
    return {
      status: false,
      message: "We could not reach the payment provider. If money left your account, this order is updated within minutes; please check it before paying again.",
      data: { status: "pending", reference },
    };
  }

  const { data } = result;
  if (data.status === "success") {
    // Credit only a verified success for the full amount (refreshAttempt verifies with Paystack).
    const settled = await refreshAttempt(reference);
    const isPaid = settled === "credited" || settled === "already_settled";
    return isPaid
      ? { status: true, message: "Payment successful", data: { status: "success", reference, gateway_response: data.gateway_response } }
      : { status: true, message: "Payment is being confirmed", data: { status: "pending", reference } };
  }
  if (data.status === "failed" || data.status === "abandoned" || data.status === "reversed") {
    const message = data.gateway_response || data.message || "Payment failed";
    await applyTransactionOutcome({ reference, status: data.status, gatewayResponse: message });
    return { status: false, message, data: { status: data.status, reference, gateway_response: message } };
  }
  const status = attemptStatusByCharge[data.status];
  if (!status) {
    const message = "This card needs a verification step we cannot show here. Please use another card or mobile money.";
    await applyTransactionOutcome({ reference, status: "failed", gatewayResponse: message });
    return { status: false, message, data: { status: "failed", reference, gateway_response: message } };
  }
  await prisma.paymentAttempt.updateMany({
    where: { reference, status: { in: openAttemptStatuses } },
    data: { status, displayText: data.display_text ?? null },
  });
  return { status: true, message: data.display_text || result.message, data: { status: data.status, reference, display_text: data.display_text ?? null } };
}
