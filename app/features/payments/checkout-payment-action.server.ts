import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { PublicUser } from "~/features/auth/accounts.server";
import { clearServerDraft } from "~/features/checkout/checkout-session.server";
import type { OrderConfirmation } from "~/features/orders/orders.server";
import { isAppError } from "~/lib/errors";
import { type PaymentNotice, type PaymentOutcome, cardOutcome, mobileMoneyOutcome, otpOutcome, paymentNotices, paymentStatusHref } from "./payment-outcome";
import { cardChargeSchema, invalidOtpNotice, mobileMoneyChargeSchema, otpSubmissionSchema } from "./payment-schema";
import { chargeCard, chargeMobileMoney, submitOtp, submitPin } from "./payments.server";

/**
 * The checkout's payment forms without JavaScript (SPEC §2 payment step): each posts to /checkout
 * with an intent, the payment service answers, and the page follows with a redirect (PRG) — to the
 * PIN or OTP form (`?reference=&next=`), the status page, or the success step — or shows the
 * refusal inline. With JavaScript the same forms call /api/payment/* and never post here.
 * Card numbers, CVVs, PINs and OTPs are never echoed back, put in a URL or logged.
 */
export const paymentIntents = ["card", "mobile", "pin", "otp"] as const;
export type PaymentIntent = (typeof paymentIntents)[number];

export const isPaymentIntent = (value: unknown): value is PaymentIntent => typeof value === "string" && (paymentIntents as readonly string[]).includes(value);

export interface PaymentActionResult {
  intent: PaymentIntent;
  /** Field errors (conform), with the secret fields' values left out. */
  submission: SubmissionResult<string[]> | null;
  notice: PaymentNotice | null;
  /** The PIN or OTP step is over (the charge failed): the page shows the payment forms again. */
  endsStep: boolean;
}

const secretFields = ["card.number", "card.cvv", "pin", "otp"];

const otherOrderNotice: PaymentNotice = { title: paymentNotices.failed.title, description: "This form belongs to another order.", variant: "destructive" };

const pinFormSchema = z.object({
  pin: z.string({ error: "Please enter your card PIN." }).regex(/^\d{4}$/, "PIN must be 4 digits"),
});

/** The checkout step an outcome leads to, as a redirect; null when the page shows it in place. */
async function redirectFor(outcome: PaymentOutcome, order: OrderConfirmation, request: Request): Promise<Response | null> {
  const checkout = `/checkout?orderId=${order.id}`;
  switch (outcome.kind) {
    case "success":
      // The success step: the draft has done its job (SPEC §4 "clears stored checkout data").
      return redirect(checkout, { status: 303, headers: { "Set-Cookie": await clearServerDraft(request) } });
    case "pin":
    case "otp":
      return redirect(`${checkout}&${new URLSearchParams({ reference: outcome.reference, next: outcome.kind })}`, 303);
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

function noticeOf(outcome: PaymentOutcome): PaymentNotice | null {
  if (outcome.kind === "error") return { title: paymentNotices.failed.title, description: outcome.message, variant: "destructive" };
  if (outcome.kind === "notice") return outcome.notice;
  return null;
}

/**
 * The order's attempt waiting for a PIN, answered: the service's card charge with `pin` continues that
 * attempt (DESIGN §6) and reads nothing of the card, which the PIN form (after a redirect) no longer has.
 */
/** Handles one payment form post for `order` (already read for `user`). */
export async function handlePaymentForm(request: Request, user: PublicUser, order: OrderConfirmation, formData: FormData, intent: PaymentIntent) {
  const respond = (result: Omit<PaymentActionResult, "intent" | "endsStep"> & { endsStep?: boolean }, status = 200) =>
    data<PaymentActionResult>({ intent, endsStep: false, ...result }, { status });

  let outcome: PaymentOutcome;
  try {
    if (intent === "card") {
      const submission = parseWithZod(formData, { schema: cardChargeSchema });
      if (submission.status !== "success") return respond({ submission: submission.reply({ hideFields: secretFields }), notice: null }, 400);
      if (submission.value.orderId !== order.id) return respond({ submission: null, notice: otherOrderNotice }, 400);
      outcome = cardOutcome(await chargeCard(user, submission.value));
    } else if (intent === "mobile") {
      const submission = parseWithZod(formData, { schema: mobileMoneyChargeSchema });
      if (submission.status !== "success") return respond({ submission: submission.reply(), notice: null }, 400);
      if (submission.value.orderId !== order.id) return respond({ submission: null, notice: otherOrderNotice }, 400);
      outcome = mobileMoneyOutcome(await chargeMobileMoney(user, submission.value));
    } else if (intent === "pin") {
      const submission = parseWithZod(formData, { schema: pinFormSchema });
      if (submission.status !== "success") return respond({ submission: submission.reply({ hideFields: secretFields }), notice: null }, 400);
      outcome = cardOutcome(await submitPin(user, { orderId: order.id, pin: submission.value.pin }));
    } else {
      const submission = parseWithZod(formData, { schema: otpSubmissionSchema });
      if (submission.status !== "success") {
        return respond({ submission: submission.reply({ hideFields: secretFields }), notice: { ...invalidOtpNotice, variant: "destructive" } }, 400);
      }
      outcome = otpOutcome(await submitOtp(user, submission.value));
    }
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(`/auth?redirectTo=${encodeURIComponent(`/checkout?orderId=${order.id}`)}`);
    // A paid order shows its success step; anything else is shown with the service's words.
    if (error.status === 409 && error.code === "already_paid") throw redirect(`/checkout?orderId=${order.id}`, 303);
    const title = intent === "otp" ? paymentNotices.otpFailed.title : paymentNotices.failed.title;
    return respond({ submission: null, notice: { title, description: error.message, variant: "destructive" }, endsStep: error.status !== 400 }, error.status);
  }

  const next = await redirectFor(outcome, order, request);
  if (next) throw next;
  const endsStep = outcome.kind === "error" || (outcome.kind === "notice" && !outcome.reference);
  return respond({ submission: null, notice: noticeOf(outcome), endsStep });
}
