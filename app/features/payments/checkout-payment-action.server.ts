import { signInHref, type PublicUser } from "~/features/auth/index.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { clearServerDraft } from "~/features/checkout/index.server";
import type { OrderConfirmation } from "~/features/orders/index.server";
import { isAppError } from "~/lib/errors";
import { siteBaseUrl } from "~/lib/seo.server";
import {
  type ChargeStepKind,
  type PaymentNotice,
  type PaymentOutcome,
  cardOutcome,
  chargeStepKinds,
  chargeStepOutcome,
  mobileMoneyOutcome,
  otpOutcome,
  paymentNotices,
  paymentStatusHref,
} from "./payment-outcome";
import { isHostedCardMode, startHostedCardPayment } from "./hosted-checkout.server";
import {
  type ChargeResponse,
  addressStepSchema,
  birthdayStepSchema,
  cardChargeSchema,
  hostedCardPaymentSchema,
  invalidOtpNotice,
  mobileMoneyChargeSchema,
  otpSubmissionSchema,
  phoneStepSchema,
} from "./payment-schema";
import { chargeCard, chargeMobileMoney, submitPin } from "./payments.server";
import { submitAddress, submitBirthday, submitOtp, submitPhone } from "./charge-steps.server";

/**
 * The checkout's payment forms without JavaScript (SPEC §2 payment step): each posts to /checkout
 * with an intent, the payment service answers, and the page follows with a redirect (PRG) — to the
 * PIN, OTP, phone, birthday or address form (`?reference=&next=`), the status page, the bank's page
 * (open_url), or the success step — or shows the refusal inline. With JavaScript the card, mobile
 * and OTP forms call /api/payment/* instead; the other step forms post here in both cases.
 * Card numbers, CVVs, PINs and OTPs are never echoed back, put in a URL or logged.
 */
export const paymentIntents = ["card", "mobile", "pin", "otp", ...chargeStepKinds] as const;
export type PaymentIntent = (typeof paymentIntents)[number];

export const isPaymentIntent = (value: unknown): value is PaymentIntent => typeof value === "string" && (paymentIntents as readonly string[]).includes(value);

export interface PaymentActionResult {
  intent: PaymentIntent;
  /** Field errors (conform), with the secret fields' values left out. */
  submission: SubmissionResult<string[]> | null;
  notice: PaymentNotice | null;
  /** The PIN, OTP or other step is over (the charge failed): the page shows the payment forms again. */
  endsStep: boolean;
  /** A refusal about another payment of the order (its prompt is still open): the page links to its status. */
  statusReference?: string;
}

const secretFields = ["card.number", "card.cvv", "pin", "otp"];

const otherOrderNotice: PaymentNotice = { title: paymentNotices.failed.title, description: "This form belongs to another order.", variant: "destructive" };

const pinFormSchema = z.object({
  pin: z.string({ error: "Please enter your card PIN." }).regex(/^\d{4}$/, "PIN must be 4 digits"),
});

/**
 * The checkout step an outcome leads to, as a redirect; null when the page shows it in place. A
 * card's steps keep `method=card`, so the card tab is open again when the step ends (mobile money
 * is the page's default).
 */
async function redirectFor(outcome: PaymentOutcome, order: OrderConfirmation, request: Request, isCard: boolean): Promise<Response | null> {
  const checkout = `/checkout?orderId=${order.id}`;
  switch (outcome.kind) {
    case "success":
      // The success step: the draft has done its job (SPEC §4 "clears stored checkout data").
      return redirect(checkout, { status: 303, headers: { "Set-Cookie": await clearServerDraft(request) } });
    case "pin":
    case "otp":
    case "phone":
    case "birthday":
    case "address":
      return redirect(`${checkout}&${new URLSearchParams({ ...(isCard && { method: "card" }), reference: outcome.reference, next: outcome.kind })}`, 303);
    case "redirect":
      // The card's bank's page (3-D Secure): an http(s) address only (read in payment-outcome).
      return redirect(outcome.url, 303);
    case "offline":
      return redirect(paymentStatusHref(outcome.reference, order), 303);
    case "notice":
      // SPEC §4: a pending mobile-money payment keeps its reference; without JavaScript the status page follows it.
      if (outcome.notice.title === paymentNotices.pending.title && outcome.reference) return redirect(paymentStatusHref(outcome.reference, order), 303);
      return null;
    default:
      return null;
  }
}

const isChargeStepKind = (intent: PaymentIntent): intent is ChargeStepKind => (chargeStepKinds as readonly string[]).includes(intent);

/** A phone, birthday or address form: its field errors, or Paystack's answer through the service. */
async function answerChargeStep(user: PublicUser, kind: ChargeStepKind, formData: FormData): Promise<{ reply: SubmissionResult<string[]> } | { response: ChargeResponse }> {
  if (kind === "phone") {
    const submission = parseWithZod(formData, { schema: phoneStepSchema });
    return submission.status === "success" ? { response: await submitPhone(user, submission.value) } : { reply: submission.reply() };
  }
  if (kind === "birthday") {
    const submission = parseWithZod(formData, { schema: birthdayStepSchema });
    return submission.status === "success" ? { response: await submitBirthday(user, submission.value) } : { reply: submission.reply() };
  }
  const submission = parseWithZod(formData, { schema: addressStepSchema });
  return submission.status === "success" ? { response: await submitAddress(user, submission.value) } : { reply: submission.reply() };
}

function noticeOf(outcome: PaymentOutcome): PaymentNotice | null {
  if (outcome.kind === "error") return { title: paymentNotices.failed.title, description: outcome.message, variant: "destructive" };
  if (outcome.kind === "notice") return outcome.notice;
  return null;
}

/**
 * The order's attempt waiting for a PIN, answered: the service's card charge with `pin` continues that
 * attempt (DESIGN §6) and reads nothing of the card, which the PIN form (after a redirect) no longer has.
 */
/** Handles one payment form post for `order` (already read for `user`); `clientAddress` is for the charge limits. */
export async function handlePaymentForm(request: Request, user: PublicUser, order: OrderConfirmation, formData: FormData, intent: PaymentIntent, clientAddress: string) {
  const respond = (result: Omit<PaymentActionResult, "intent" | "endsStep"> & { endsStep?: boolean }, status = 200, headers?: HeadersInit) =>
    data<PaymentActionResult>({ intent, endsStep: false, ...result }, { status, headers });

  let outcome: PaymentOutcome;
  // A card or wallet form as it was sent, less the card number and CVV: a refused payment shows it again.
  let sentForm: SubmissionResult<string[]> | null = null;
  try {
    if (intent === "card" && isHostedCardMode()) {
      const submission = parseWithZod(formData, { schema: hostedCardPaymentSchema });
      if (submission.status !== "success") return respond({ submission: submission.reply(), notice: null }, 400);
      if (submission.value.orderId !== order.id || submission.value.topUpId !== undefined) return respond({ submission: null, notice: otherOrderNotice }, 400);
      sentForm = submission.reply();
      const started = await startHostedCardPayment(user, submission.value, siteBaseUrl(), clientAddress);
      // To Paystack's checkout page; the payer comes back to the payment status page.
      if (started.status && started.data.url) throw redirect(started.data.url, 303);
      outcome = cardOutcome(started);
    } else if (intent === "card") {
      const submission = parseWithZod(formData, { schema: cardChargeSchema });
      if (submission.status !== "success") return respond({ submission: submission.reply({ hideFields: secretFields }), notice: null }, 400);
      if (submission.value.orderId !== order.id || submission.value.topUpId !== undefined) return respond({ submission: null, notice: otherOrderNotice }, 400);
      sentForm = submission.reply({ hideFields: secretFields });
      outcome = cardOutcome(await chargeCard(user, submission.value, clientAddress));
    } else if (intent === "mobile") {
      const submission = parseWithZod(formData, { schema: mobileMoneyChargeSchema });
      if (submission.status !== "success") return respond({ submission: submission.reply(), notice: null }, 400);
      if (submission.value.orderId !== order.id || submission.value.topUpId !== undefined) return respond({ submission: null, notice: otherOrderNotice }, 400);
      sentForm = submission.reply();
      outcome = mobileMoneyOutcome(await chargeMobileMoney(user, submission.value, clientAddress));
    } else if (intent === "pin") {
      const submission = parseWithZod(formData, { schema: pinFormSchema });
      if (submission.status !== "success") return respond({ submission: submission.reply({ hideFields: secretFields }), notice: null }, 400);
      outcome = cardOutcome(await submitPin(user, { orderId: order.id, pin: submission.value.pin }));
    } else if (isChargeStepKind(intent)) {
      const answered = await answerChargeStep(user, intent, formData);
      if ("reply" in answered) return respond({ submission: answered.reply, notice: null }, 400);
      outcome = chargeStepOutcome(answered.response);
    } else {
      const submission = parseWithZod(formData, { schema: otpSubmissionSchema });
      if (submission.status !== "success") {
        return respond({ submission: submission.reply({ hideFields: secretFields }), notice: { ...invalidOtpNotice, variant: "destructive" } }, 400);
      }
      outcome = otpOutcome(await submitOtp(user, submission.value));
    }
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(signInHref(`/checkout?orderId=${order.id}`));
    // A paid order shows its success step; anything else is shown with the service's words.
    if (error.status === 409 && error.code === "already_paid") throw redirect(`/checkout?orderId=${order.id}`, 303);
    const title = intent === "otp" ? paymentNotices.otpFailed.title : paymentNotices.failed.title;
    // Too many attempts (429) says when to come back; a prompt still open (409) names its payment.
    const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
    const statusReference = typeof error.details?.reference === "string" ? { statusReference: error.details.reference } : {};
    return respond({ submission: sentForm, notice: { title, description: error.message, variant: "destructive" }, endsStep: error.status !== 400, ...statusReference }, error.status, headers);
  }

  // A card, its PIN and its other steps are the card's; an OTP is the card's when its page was (else Telecel Cash's voucher).
  const isCard = intent === "otp" ? new URL(request.url).searchParams.get("method") === "card" : intent !== "mobile";
  const next = await redirectFor(outcome, order, request, isCard);
  if (next) throw next;
  const endsStep = outcome.kind === "error" || (outcome.kind === "notice" && !outcome.reference);
  return respond({ submission: sentForm, notice: noticeOf(outcome), endsStep });
}
