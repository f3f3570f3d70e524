import type { ChargeResponse } from "./payment-schema";
import { statusPageHref } from "./payment-status-state";

/**
 * What the checkout does with a charge, PIN or OTP answer (SPEC §4 "Card charge result",
 * "Mobile-money result", "OTP"). One reading for both paths: the browser's (toasts, the OTP overlay)
 * and the no-JavaScript action's (redirects, inline notices), so they never disagree.
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
  /** The payer approves on the phone: the status page polls. */
  | { kind: "offline"; reference: string }
  /** A payment error (SPEC §8): 'Payment Failed' with the provider's message, back to the review. */
  | { kind: "error"; message: string }
  /** Anything else: a notice, and the reference kept if there is one. */
  | { kind: "notice"; notice: PaymentNotice; reference: string | null };

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

const pinNotice = (response: ChargeResponse): PaymentNotice => ({ title: paymentNotices.pinRequired.title, description: text(response.data?.display_text) ?? paymentNotices.pinRequired.description });
const otpNotice = (response: ChargeResponse): PaymentNotice => ({ title: paymentNotices.otpRequired.title, description: text(response.data?.display_text) ?? paymentNotices.otpRequired.description });

/** SPEC §4 "Card charge result": success, send_pin, send_otp; anything else is an error. */
export function cardOutcome(response: ChargeResponse): PaymentOutcome {
  const status = response.data?.status;
  if (response.status && status === "success") return { kind: "success" };
  if (response.status && status === "send_pin") return stepWith(response, (reference) => ({ kind: "pin", reference, notice: pinNotice(response) }));
  if (response.status && status === "send_otp") return stepWith(response, (reference) => ({ kind: "otp", reference, notice: otpNotice(response) }));
  // A card can end on the payer's phone too (a bank's app approval): the status page follows it.
  if (response.status && status === "pay_offline") return stepWith(response, (reference) => ({ kind: "offline", reference }));
  return { kind: "error", message: providerMessage(response) };
}

/** SPEC §4 "Mobile-money result". */
export function mobileMoneyOutcome(response: ChargeResponse): PaymentOutcome {
  const status = response.data?.status;
  const reference = referenceOf(response);
  if (response.status && status === "success") return { kind: "success" };
  if (response.status && status === "send_otp") return stepWith(response, (ref) => ({ kind: "otp", reference: ref, notice: otpNotice(response) }));
  if (response.status && status === "pay_offline") return stepWith(response, (ref) => ({ kind: "offline", reference: ref }));
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
  if (status === "pay_offline") return stepWith(response, (reference) => ({ kind: "offline", reference }));
  return { kind: "notice", notice: { title: paymentNotices.otpStatus.title, description: text(response.data?.display_text) ?? text(response.message) ?? status ?? "" }, reference: referenceOf(response) };
}

/** Where the status page of a mobile-money payment lives (SPEC §2), amount in cedis as the order shows it. */
export function paymentStatusHref(reference: string, order: { id: number; amount: number; currency: "GHS" | "USD" }): string {
  return statusPageHref(reference, { orderId: order.id, amount: order.amount.toFixed(2), currency: order.currency });
}
