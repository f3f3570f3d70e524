import { toMajorUnits } from "~/lib/money";
import type { PublicUser } from "~/features/auth/index.server";
import { getEnv } from "~/lib/env.server";
import type { ChargeResponse } from "./payment-schema";
import { statusPageHref } from "./payment-status-state";
import { startCardAttempt } from "./payments.server";
import { getPaystack } from "~/features/paystack/index.server";
import { applyTransactionOutcome } from "./settlement.server";

/**
 * Cards through Paystack's hosted checkout (decision 0013): the store never sees a card number. The
 * order's total is initialised as a transaction with our reference; the payer enters the card on
 * Paystack's page and comes back to the payment status page, which verifies the reference and
 * settles it through the same exactly-once transition as every other payment.
 */

export interface HostedCardPaymentInput {
  /** The order paid, or (`topUpId`) the wallet top-up. */
  orderId?: number;
  topUpId?: number;
  email: string;
  /** Minor units: must equal the order's total, as for every charge. */
  amount: number;
  currency: string;
}

/** The answer of a hosted card payment: Paystack's `open_url`, the payer goes to `data.url`. */
export interface HostedCardPaymentResponse extends ChargeResponse {
  data: ChargeResponse["data"] & { url?: string; authorization_url?: string; access_code?: string };
}

const unreachableMessage = "The payment provider could not be reached. Please try again in a moment.";

/** Whether cards go to Paystack's checkout page (the default) or to POST /charge through this server. */
export function isHostedCardMode(): boolean {
  return getEnv().PAYSTACK_CARD_MODE === "hosted";
}

/**
 * Starts a card payment on Paystack's checkout page. `siteUrl` is the store's public address as the
 * payer reached it (PUBLIC_URL, else the request's origin), so the payer comes back signed in.
 * `clientAddress` (the request's address) counts toward the charge limits, as for every charge.
 */
export async function startHostedCardPayment(user: PublicUser, input: HostedCardPaymentInput, siteUrl: string, clientAddress: string): Promise<HostedCardPaymentResponse> {
  const { payable, reference } = await startCardAttempt(user, input, clientAddress);
  const target = payable.kind === "order" ? { orderId: payable.id } : { topUpId: payable.id };
  const callbackUrl = `${siteUrl}${statusPageHref(reference, { ...target, amount: toMajorUnits(payable.totalMinor).toFixed(2), currency: payable.currency })}`;
  const result = await getPaystack().client.initializeTransaction({
    email: input.email,
    amount: payable.totalMinor,
    currency: payable.currency,
    reference,
    callback_url: callbackUrl,
    channels: ["card"],
    metadata: target,
  });
  if (!result.ok) {
    // Nobody was sent anywhere: the attempt ends here, and a new one may start at once.
    const message = result.kind === "rejected" ? result.message || "Payment failed" : unreachableMessage;
    await applyTransactionOutcome({ reference, status: "failed", gatewayResponse: message });
    return { status: false, message, data: { status: "failed", reference, gateway_response: message } };
  }
  const { authorization_url: url, access_code: accessCode } = result.data;
  return {
    status: true,
    message: "Authorization URL created",
    data: { status: "open_url", reference, url, authorization_url: url, access_code: accessCode, display_text: "Complete the payment on Paystack's secure checkout page." },
  };
}
