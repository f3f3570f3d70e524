import type { PublicUser } from "~/features/auth/index.server";
import type { PaymentAttemptStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { openAttemptStatuses } from "~/features/attempt-lifecycle/index.server";
import { type AddressStepInput, type BirthdayStepInput, type ChargeResponse, normaliseGhanaMobileNumber, type OtpSubmissionInput, type PhoneStepInput } from "./payment-schema";
import { type ChargeData, type PaystackResult, getPaystack } from "~/features/paystack/index.server";
import { assertClient, continueAttempt, ownAttempt, payableFor, recordAttempt, refreshOpenPrompts, startMobileMoneyCharge } from "./payments.server";
import { refreshAttempt } from "./payment-checks.server";

/* The steps a charge may wait for (PIN, OTP, phone, birthday, address), each for the caller's own attempt, and a mobile-money prompt sent again. */

/** SPEC §3 OTP submission (also the Telecel Cash voucher). */
export async function submitOtp(user: PublicUser, input: OtpSubmissionInput): Promise<ChargeResponse> {
  const attempt = await ownAttempt(user, input.reference);
  if (attempt.status !== "send_otp") throw new AppError(409, "no_otp_expected", "This payment is not waiting for an OTP.");
  return continueAttempt(attempt.reference, getPaystack().client.submitOtp(attempt.reference, input.otp));
}

/** Paystack's send_phone: the phone number the card's bank knows, for the attempt waiting on it. */
export function submitPhone(user: PublicUser, input: PhoneStepInput): Promise<ChargeResponse> {
  return continueOwnStep(user, input.reference, "send_phone", "a phone number", (reference) => getPaystack().client.submitPhone(reference, input.phone));
}

/** Paystack's send_birthday: the payer's date of birth (YYYY-MM-DD). */
export function submitBirthday(user: PublicUser, input: BirthdayStepInput): Promise<ChargeResponse> {
  return continueOwnStep(user, input.reference, "send_birthday", "a date of birth", (reference) => getPaystack().client.submitBirthday(reference, input.birthday));
}

/** Paystack's send_address: the card's billing address, for the bank's address check. */
export function submitAddress(user: PublicUser, { reference: attemptReference, ...address }: AddressStepInput): Promise<ChargeResponse> {
  return continueOwnStep(user, attemptReference, "send_address", "an address", (reference) => getPaystack().client.submitAddress(reference, address));
}

/** Answers the step the caller's own attempt waits for; any other attempt or step is refused (409). */
async function continueOwnStep(
  user: PublicUser,
  reference: string,
  step: PaymentAttemptStatus,
  what: string,
  call: (reference: string) => Promise<PaystackResult<ChargeData>>,
): Promise<ChargeResponse> {
  assertClient(user);
  const attempt = await ownAttempt(user, reference);
  if (attempt.status !== step) throw new AppError(409, "no_step_expected", `This payment is not waiting for ${what}. Please start the payment again.`);
  return continueAttempt(attempt.reference, call(attempt.reference));
}

/**
 * SPEC §2 "Resend Authorization": Paystack has no re-prompt call, so a new mobile-money charge with a
 * new reference for the same order and phone (DESIGN §5); the order keeps every attempt.
 */
export async function resendAuthorization(user: PublicUser, reference: string, clientAddress: string): Promise<ChargeResponse> {
  const attempt = await ownAttempt(user, reference);
  if (attempt.channel !== "mobile_money" || !attempt.phone || !attempt.provider || !attempt.payerEmail) {
    throw new AppError(422, "not_resendable", "Only a mobile money payment can be sent to your phone again.");
  }
  // A prompt that may still be approved must settle first, or the client could pay twice.
  if (openAttemptStatuses.includes(attempt.status)) await refreshAttempt(attempt.reference);
  const current = await getPrisma().paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id }, select: { status: true } });
  if (current.status === "success") throw new AppError(409, "already_paid", "This order is already paid.");
  // Abandoned by Paystack (SPEC §2 offers a resend then): a new prompt may go out although the old one is
  // still watched; should both be approved, the second payment is refunded (settlement).
  if (openAttemptStatuses.includes(current.status) && current.status !== "not_completed") {
    throw new AppError(409, "still_waiting", "The last payment prompt is still waiting for your approval. Please check your phone.");
  }
  const payable = await payableFor(user, { orderId: attempt.orderId, topUpId: attempt.topUpId, amount: attempt.amountMinor, currency: attempt.currency });
  // Another prompt of the order (a second tab's, say) may be open too: asked about like this one.
  await refreshOpenPrompts(payable);
  // Attempts recorded before numbers were normalised may hold +233 forms.
  const phone = normaliseGhanaMobileNumber(attempt.phone) ?? attempt.phone;
  const next = await recordAttempt(payable, { channel: "mobile_money", provider: attempt.provider, phone, payerEmail: attempt.payerEmail }, { clientId: user.id, clientAddress });
  return startMobileMoneyCharge(next, payable, { email: attempt.payerEmail, phone, provider: attempt.provider });
}
