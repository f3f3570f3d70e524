import type { ChargeResponse } from "./payment-schema";
import { statusPageHref } from "./payment-status-state";

/**
 * What the checkout does with a charge, PIN, OTP or other step's answer (SPEC §4 "Card charge result",
 * "Mobile-money result", "OTP"). One reading for both paths: the browser's (toasts, the OTP overlay)
 * and the no-JavaScript action's (redirects, inline notices), so they never disagree. Besides SPEC's
 * PIN and OTP, Paystack's charge may ask for a phone number, a date of birth or a billing address
 * (a form each), or send the payer to a page of the card's bank (`open_url`, 3-D Secure).
 */

export interface PaymentNotice {
  title: string;
  description: string;
  variant?: "default" | "destructive";
}

/** SPEC §4 and §8's words. */
export const paymentNotices = {
  success: { title: "Payment Successful!", description: "Your payment has been confirmed." },
  pinRequired: { title: "PIN Required", description: "Please enter your card PIN to continue." },
  otpRequired: { title: "OTP Required", description: "Please enter the OTP sent to your phone." },
  phoneRequired: { title: "Phone Number Required", description: "Please enter the phone number registered with your card's bank." },
  birthdayRequired: { title: "Date of Birth Required", description: "Please enter your date of birth to continue." },
  addressRequired: { title: "Billing Address Required", description: "Please enter your card's billing address to continue." },
  pageUnavailable: "Your bank's verification page could not be opened. Please try again, or use another card or mobile money.",
  pending: { title: "Payment Pending", description: "Your payment is being processed." },
  status: { title: "Payment Status" },
  failed: { title: "Payment Failed", fallback: "Payment failed" },
  otpStatus: { title: "OTP Status" },
  otpFailed: { title: "OTP Verification Failed", fallback: "Please try again or contact support.", invalid: "Invalid OTP. Please try again." },
} as const;

export type PaymentOutcome =
  /** The money moved: the success step. */
  | { kind: "success" }
  /** The card needs its PIN: the card is sent again with `pin`. */
  | { kind: "pin"; reference: string; notice: PaymentNotice }
  /** A code sent to the payer's phone (card OTP, Vodafone voucher): the OTP overlay. */
  | { kind: "otp"; reference: string; notice: PaymentNotice }
  /** Paystack's send_phone, send_birthday, send_address: a form for it (`?reference=&next=`). */
  | { kind: ChargeStepKind; reference: string; notice: PaymentNotice }
  /** Paystack's open_url: the payer goes to that http(s) page (3-D Secure, hosted checkout). */
  | { kind: "redirect"; reference: string; url: string }
  /** The payer approves on the phone: the status page polls. */
  | { kind: "offline"; reference: string }
  /** A payment error (SPEC §8): 'Payment Failed' with the provider's message, shown on the payment step. */
  | { kind: "error"; message: string }
  /** Anything else: a notice, and the reference kept if there is one. */
  | { kind: "notice"; notice: PaymentNotice; reference: string | null };

/** The steps answered with a form of their own, by the checkout's `next=` and the action's intent. */
export const chargeStepKinds = ["phone", "birthday", "address"] as const;
export type ChargeStepKind = (typeof chargeStepKinds)[number];

const stepByStatus: Record<string, { kind: ChargeStepKind; notice: PaymentNotice }> = {
  send_phone: { kind: "phone", notice: paymentNotices.phoneRequired },
  send_birthday: { kind: "birthday", notice: paymentNotices.birthdayRequired },
  send_address: { kind: "address", notice: paymentNotices.addressRequired },
};

const text = (value: string | null | undefined) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** The provider's words for a refusal: the gateway's response, else the message, else SPEC's default. */
export function providerMessage(response: Pick<ChargeResponse, "message"> & { data?: Partial<ChargeResponse["data"]> | null }): string {
  return text(response.data?.gateway_response) ?? text(response.message) ?? paymentNotices.failed.fallback;
}

function referenceOf(response: ChargeResponse): string | null {
  return text(response.data?.reference) ?? null;
}

/** The reference a next step needs; a "next step" without one cannot go on, so it is an error. */
function stepWith(response: ChargeResponse, build: (reference: string) => PaymentOutcome): PaymentOutcome {
  const reference = referenceOf(response);
  return reference ? build(reference) : { kind: "error", message: providerMessage(response) };
}

/** SPEC's title with the provider's own words for the step, when it gives some. */
const noticeFor = (response: ChargeResponse, notice: PaymentNotice): PaymentNotice => ({ title: notice.title, description: text(response.data?.display_text) ?? notice.description });
const pinNotice = (response: ChargeResponse) => noticeFor(response, paymentNotices.pinRequired);
const otpNotice = (response: ChargeResponse) => noticeFor(response, paymentNotices.otpRequired);

/** An http(s) address, or undefined: the payer is never sent to any other kind of URL. */
export function webPageUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The steps every answer may lead to once the call went through: a phone, birthday or address form,
 * the bank's page, or the status page (pay_offline). Undefined for anything else.
 */
function furtherStep(response: ChargeResponse): PaymentOutcome | undefined {
  if (!response.status) return undefined;
  const status = response.data?.status ?? "";
  const step = stepByStatus[status];
  if (step) return stepWith(response, (reference) => ({ kind: step.kind, reference, notice: noticeFor(response, step.notice) }));
  if (status === "open_url") {
    const url = webPageUrl(response.data?.url);
    return url ? stepWith(response, (reference) => ({ kind: "redirect", reference, url })) : { kind: "error", message: paymentNotices.pageUnavailable };
  }
  // A card can end on the payer's phone too (a bank's app approval): the status page follows it.
  if (status === "pay_offline") return stepWith(response, (reference) => ({ kind: "offline", reference }));
  return undefined;
}

/** SPEC §4 "Card charge result": success, send_pin, send_otp (and the further steps); anything else is an error. */
export function cardOutcome(response: ChargeResponse): PaymentOutcome {
  const status = response.data?.status;
  if (response.status && status === "success") return { kind: "success" };
  if (response.status && status === "send_pin") return stepWith(response, (reference) => ({ kind: "pin", reference, notice: pinNotice(response) }));
  if (response.status && status === "send_otp") return stepWith(response, (reference) => ({ kind: "otp", reference, notice: otpNotice(response) }));
  return furtherStep(response) ?? { kind: "error", message: providerMessage(response) };
}

/** The answer to a phone, birthday or address form: read as a card charge's (what comes next, or an error). */
export const chargeStepOutcome = cardOutcome;

/** SPEC §4 "Mobile-money result". */
export function mobileMoneyOutcome(response: ChargeResponse): PaymentOutcome {
  const status = response.data?.status;
  const reference = referenceOf(response);
  if (response.status && status === "success") return { kind: "success" };
  if (response.status && status === "send_otp") return stepWith(response, (ref) => ({ kind: "otp", reference: ref, notice: otpNotice(response) }));
  const further = furtherStep(response);
  if (further) return further;
  if (response.status && status === "pending") {
    return { kind: "notice", notice: { title: paymentNotices.pending.title, description: text(response.message) ?? paymentNotices.pending.description }, reference };
  }
  if (!response.status) return { kind: "notice", notice: { title: paymentNotices.failed.title, description: providerMessage(response), variant: "destructive" }, reference };
  return { kind: "notice", notice: { title: paymentNotices.status.title, description: text(response.data?.display_text) ?? text(response.message) ?? status ?? "" }, reference };
}

/** SPEC §4 "OTP": success; a false status is an error ('Invalid OTP. Please try again.'); else 'OTP Status'. */
export function otpOutcome(response: ChargeResponse): PaymentOutcome {
  const status = response.data?.status;
  if (response.status && status === "success") return { kind: "success" };
  if (!response.status) {
    return {
      kind: "notice",
      notice: { title: paymentNotices.otpFailed.title, description: paymentNotices.otpFailed.invalid, variant: "destructive" },
      // A refused code ends the charge at the provider: a new attempt starts from the form.
      reference: status === "failed" ? null : referenceOf(response),
    };
  }
  if (status === "send_otp") return stepWith(response, (reference) => ({ kind: "otp", reference, notice: { title: paymentNotices.otpStatus.title, description: text(response.data?.display_text) ?? text(response.message) ?? paymentNotices.otpRequired.description } }));
  const further = furtherStep(response);
  if (further) return further;
  return { kind: "notice", notice: { title: paymentNotices.otpStatus.title, description: text(response.data?.display_text) ?? text(response.message) ?? status ?? "" }, reference: referenceOf(response) };
}

/** Where the status page of a mobile-money payment lives (SPEC §2), amount in cedis as the order shows it. */
export function paymentStatusHref(reference: string, order: { id: number; amount: number; currency: "GHS" | "USD" }): string {
  return statusPageHref(reference, { orderId: order.id, amount: order.amount.toFixed(2), currency: order.currency });
}
