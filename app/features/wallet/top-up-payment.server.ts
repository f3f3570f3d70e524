import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { type PublicUser, signInHref } from "~/features/auth/index.server";
import { startHostedCardPayment, chargeMobileMoney, submitOtp } from "~/features/payments/index.server";
import { type PaymentNotice, type PaymentOutcome, cardOutcome, mobileMoneyOutcome, otpOutcome, paymentNotices, invalidOtpNotice, otpSubmissionSchema, statusPageHref, topUpPaymentHref } from "~/features/payments";
import { type TopUpView, isPaymentOfTopUp } from "~/features/top-ups/index.server";
import { isAppError } from "~/lib/errors";
import { toMinorUnits } from "~/lib/money";
import { siteBaseUrl } from "~/lib/seo.server";
import { topUpMobileMoneySchema } from "./top-up-payment-schema";

/**
 * The forms of `/wallet/top-ups/:id` (issue #20), plain posts that work without JavaScript: "Pay by
 * card" (to Paystack's checkout page), mobile money (to the payment status page, which polls the
 * prompt) and the Telecel Cash voucher (`?reference=&next=otp`). Each answer is a redirect (PRG) or a
 * refusal shown on the page. The charge is always the top-up's own total for the signed-in client:
 * nothing about the money comes from the form.
 */
export const topUpPaymentIntents = ["card", "mobile", "otp"] as const;
export type TopUpPaymentIntent = (typeof topUpPaymentIntents)[number];

export interface TopUpPaymentResult {
  intent: TopUpPaymentIntent;
  submission: SubmissionResult<string[]> | null;
  notice: PaymentNotice | null;
  /** The voucher step is over (its charge failed): the page offers the ways to pay again. */
  endsStep: boolean;
  /** A refusal about another payment of this top-up (its prompt is still open): that payment's status page. */
  statusHref?: string;
}

const isIntent = (value: unknown): value is TopUpPaymentIntent => typeof value === "string" && (topUpPaymentIntents as readonly string[]).includes(value);

/** Where the top-up's money shows once paid: the wallet, with its "₵X added" notice. */
export const toppedUpHref = (topUpId: number) => `/wallet?toppedUp=${topUpId}`;

/** Handles one post of the top-up page for `user`'s own `topUp`; `clientAddress` counts toward the charge limits. */
export async function handleTopUpPaymentForm(request: Request, user: PublicUser, topUp: TopUpView, formData: FormData, clientAddress: string) {
  const intent = formData.get("intent");
  if (!isIntent(intent)) throw data("Unknown action", 400);
  const here = topUpPaymentHref(topUp.id);
  const charge = { topUpId: topUp.id, email: user.email, amount: toMinorUnits(topUp.total), currency: topUp.currency };
  const respond = (result: Omit<TopUpPaymentResult, "intent" | "endsStep"> & { endsStep?: boolean }, status = 200, headers?: HeadersInit) =>
    data<TopUpPaymentResult>({ intent, endsStep: false, ...result }, { status, headers });

  let outcome: PaymentOutcome;
  // The mobile-money form as sent: shown again with a refusal, so the number need not be typed twice.
  let sentForm: SubmissionResult<string[]> | null = null;
  try {
    if (intent === "card") {
      outcome = cardOutcome(await startHostedCardPayment(user, charge, siteBaseUrl(), clientAddress));
    } else if (intent === "mobile") {
      const submission = parseWithZod(formData, { schema: topUpMobileMoneySchema });
      if (submission.status !== "success") return respond({ submission: submission.reply(), notice: null }, 400);
      sentForm = submission.reply();
      outcome = mobileMoneyOutcome(await chargeMobileMoney(user, { ...charge, mobile_money: submission.value.mobile_money }, clientAddress));
    } else {
      const submission = parseWithZod(formData, { schema: otpSubmissionSchema });
      if (submission.status !== "success") {
        return respond({ submission: submission.reply({ hideFields: ["otp"] }), notice: { ...invalidOtpNotice, variant: "destructive" } }, 400);
      }
      // The voucher of this top-up's own payment only: a reference of another payment (an order's)
      // would be answered here as if it paid this top-up.
      if (!(await isPaymentOfTopUp(submission.value.reference, topUp.id))) {
        return respond({ submission: null, notice: { title: paymentNotices.otpFailed.title, description: "This payment is not one of this top-up. Please pay again.", variant: "destructive" }, endsStep: true }, 409);
      }
      outcome = otpOutcome(await submitOtp(user, submission.value));
    }
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(signInHref(here));
    // Paid meanwhile (another tab, a late approval): the page says so.
    if (error.status === 409 && error.code === "already_paid") throw redirect(here, 303);
    const title = intent === "otp" ? paymentNotices.otpFailed.title : paymentNotices.failed.title;
    // Too many attempts (429) says when to come back; a prompt still open (409) names its payment.
    const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
    const openReference = typeof error.details?.reference === "string" ? error.details.reference : null;
    return respond(
      {
        submission: sentForm,
        notice: { title, description: error.message, variant: "destructive" },
        endsStep: error.status !== 400,
        ...(openReference ? { statusHref: statusHrefOf(openReference, topUp) } : {}),
      },
      error.status,
      headers,
    );
  }

  const next = nextPageOf(outcome, topUp);
  if (next) throw redirect(next, 303);
  if (outcome.kind === "error") return respond({ submission: sentForm, notice: { title: paymentNotices.failed.title, description: outcome.message, variant: "destructive" }, endsStep: true });
  if (outcome.kind === "notice") return respond({ submission: sentForm, notice: outcome.notice, endsStep: !outcome.reference });
  // A card step this page has no form for (mobile money and the hosted checkout never ask one).
  return respond({ submission: sentForm, notice: { title: paymentNotices.failed.title, description: "This payment needs a step we cannot take here. Please pay again.", variant: "destructive" }, endsStep: true });
}

const statusHrefOf = (reference: string, topUp: TopUpView) => statusPageHref(reference, { topUpId: topUp.id, amount: topUp.total.toFixed(2), currency: topUp.currency });

/** The page an outcome leads to, or null when this page shows it. */
function nextPageOf(outcome: PaymentOutcome, topUp: TopUpView): string | null {
  switch (outcome.kind) {
    case "success":
      return toppedUpHref(topUp.id);
    case "otp":
      return topUpPaymentHref(topUp.id, { reference: outcome.reference, next: "otp" });
    case "redirect":
      // Paystack's checkout page: an http(s) address only (checked in payment-outcome).
      return outcome.url;
    case "offline":
      return statusHrefOf(outcome.reference, topUp);
    case "notice":
      // A payment still being processed keeps its reference: the status page follows it.
      return outcome.notice.title === paymentNotices.pending.title && outcome.reference ? statusHrefOf(outcome.reference, topUp) : null;
    default:
      return null;
  }
}
