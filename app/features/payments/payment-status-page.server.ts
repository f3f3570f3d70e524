import { signInHref, type PublicUser } from "~/features/auth/index.server";
import { data, redirect } from "react-router";
import { clearServerDraft, readServerDraft } from "~/features/checkout/index.server";
import { type OrderOfPayment, findOrderOfPayment } from "~/features/orders/index.server";
import { isAppError } from "~/lib/errors";
import { isDatabaseUnavailable } from "~/lib/database/database-unavailable";
import { getLogger } from "~/lib/logger.server";
import { siteBaseUrl } from "~/lib/seo.server";
import type { PaymentNotice } from "./payment-outcome";
import { paymentReferenceSchema } from "./payment-schema";
import {
  MAX_STATUS_CHECKS,
  type PaymentStatusQuery,
  type PaymentStatusState,
  formatCheckTime,
  readStatusQuery,
  resendNotices,
  stateAfterCheck,
  statusPageHref,
  topUpPaymentHref,
} from "./payment-status-state";
import { resendAuthorization } from "./charge-steps.server";
import { type PaymentCheck, checkPaymentWithOrder } from "./payment-checks.server";
import { readFormData } from "~/lib/request-body.server";

/**
 * The status page's server side (SPEC §2 "/payment-status/:reference"). Each page load checks the
 * payment once: without JavaScript the page reloads itself every 10 s carrying the count of checks
 * (so the 24-check timeout holds), with JavaScript this is the first check and the page polls on.
 */
export interface PaymentStatusPageData {
  found: true;
  reference: string;
  /** The order's reference (SMB-…), the one a person quotes; `reference` is the payment provider's. */
  orderReference: string | null;
  /** Set when the payment's order expired unpaid (decision 0020): it can only be bought again by a new checkout. */
  orderExpiry: { newCheckoutHref: string } | null;
  query: PaymentStatusQuery;
  state: PaymentStatusState;
  gatewayResponse: string | null;
  /** Checks made so far, this page load's included. */
  checks: number;
  startedAt: number;
  elapsedSeconds: number;
  /** null when this load's check could not reach the payment service. */
  lastChecked: string | null;
  /** The page was reached by a resend without JavaScript: say so. */
  isResent: boolean;
  /** This page's public address, for the support links. */
  pageUrl: string;
  /** A card payment (hosted checkout) is tried again from the checkout, not resent to a phone. */
  channel: "card" | "mobile_money";
}

export async function loadPaymentStatus(request: Request, url: URL, reference: string | undefined) {
  if (!reference) throw redirect("/");
  const query = readStatusQuery(url.searchParams);
  const now = Date.now();
  const startedAt = query.startedAt && query.startedAt <= now ? query.startedAt : now;
  const checks = Math.min(query.checks + 1, MAX_STATUS_CHECKS);

  if (!paymentReferenceSchema.safeParse(reference).success) return data({ found: false as const, reference }, { status: 404 });
  let verified: (PaymentCheck & { order: OrderOfPayment | null }) | null = null;
  try {
    verified = await checkPaymentWithOrder(reference);
  } catch (error) {
    if (isAppError(error) && error.status === 404) return data({ found: false as const, reference }, { status: 404 });
    // SPEC §8: a failed check is logged and the next one follows.
    getLogger().warn({ err: error }, "payment status check failed");
  }

  const state: PaymentStatusState = verified ? stateAfterCheck(verified.status, checks) : checks >= MAX_STATUS_CHECKS ? "timeout" : "pending";
  // Read with the check, or (the check failed) on its own.
  const order = verified ? verified.order : await findOrderOfPayment(reference);
  const page: PaymentStatusPageData = {
    found: true,
    reference,
    orderReference: order?.reference ?? null,
    orderExpiry: order?.hasExpired ? { newCheckoutHref: order.newCheckoutHref } : null,
    query,
    state,
    gatewayResponse: verified?.gatewayResponse ?? null,
    checks,
    startedAt,
    elapsedSeconds: Math.round((now - startedAt) / 1000),
    lastChecked: verified ? formatCheckTime(new Date(now)) : null,
    isResent: url.searchParams.get("resent") === "1",
    channel: verified?.channel ?? "mobile_money",
    pageUrl: `${siteBaseUrl()}${statusPageHref(reference, { orderId: query.orderId, topUpId: query.topUpId, amount: query.amount, currency: query.currency })}`,
  };
  // A paid order's checkout draft has done its job (SPEC §4), as on the checkout's success step.
  const headers: HeadersInit = state === "success" && (await readServerDraft(request)) ? { "Set-Cookie": await clearServerDraft(request) } : {};
  return data(page, { headers });
}

export interface PaymentStatusActionResult {
  notice: PaymentNotice;
}

/** Check Status and Resend Authorization without JavaScript: PRG back to a status page. `clientAddress` is for the charge limits. */
export async function handlePaymentStatusForm(request: Request, url: URL, reference: string | undefined, user: PublicUser | null, clientAddress: string) {
  if (!reference) throw redirect("/");
  const query = readStatusQuery(url.searchParams);
  const here = statusPageHref(reference, query);
  const form = await readFormData(request);
  const intent = form.get("intent");

  if (intent === "check") throw redirect(here, 303);
  if (intent !== "resend") throw data("Unknown action", 400);
  if (!user) throw redirect(signInHref(here));

  const failed = (description: string, status: number) =>
    data<PaymentStatusActionResult>({ notice: { title: resendNotices.failed.title, description, variant: "destructive" } }, { status });
  try {
    const response = await resendAuthorization(user, reference, clientAddress);
    const next = response.data?.reference;
    if (!response.status || !next) return failed(response.message || resendNotices.failed.fallback, 200);
    // A Vodafone Cash resend asks for a new voucher: the checkout's OTP form takes it.
    if (response.data.status === "send_otp" && query.topUpId) throw redirect(topUpPaymentHref(query.topUpId, { reference: next, next: "otp" }), 303);
    if (response.data.status === "send_otp" && query.orderId) throw redirect(`/checkout?${new URLSearchParams({ orderId: String(query.orderId), reference: next, next: "otp" })}`, 303);
    throw redirect(`${statusPageHref(next, { orderId: query.orderId, topUpId: query.topUpId, amount: query.amount, currency: query.currency })}&resent=1`, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isAppError(error) && (error.status === 401 || error.status === 403)) throw redirect(signInHref(here));
    if (isAppError(error) && error.status < 500) return failed(error.message || resendNotices.failed.fallback, error.status);
    // A busy or unreachable database: thrown on, so the page answers 503 with Retry-After (entry.server.tsx), not 500.
    if (isDatabaseUnavailable(error)) throw error;
    getLogger().error({ err: error }, "resend authorization failed");
    return data<PaymentStatusActionResult>({ notice: { ...resendNotices.error, variant: "destructive" } }, { status: 500 });
  }
}
