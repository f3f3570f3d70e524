/**
 * The payment status page's states and words (SPEC §2 "/payment-status/:reference", §4 "Payment
 * status", §8 "Payment status titles", §9 polling constants), shared by its loader (no JavaScript:
 * one check per page load) and its polling view.
 */

/** SPEC §9: a check every 10 s, at most 24 (about 4 minutes), the success redirect after 3 s. */
export const POLL_INTERVAL_MS = 10_000;
export const MAX_STATUS_CHECKS = 24;
export const SUCCESS_REDIRECT_MS = 3_000;

export type PaymentStatusState = "pending" | "ongoing" | "success" | "failed" | "abandoned" | "timeout";

/** Polling stops in these. */
export const endStates: ReadonlySet<PaymentStatusState> = new Set(["success", "failed", "abandoned", "timeout"]);

export const isEndState = (state: PaymentStatusState) => endStates.has(state);

/** The page's state for a verify answer's `data.status`; statuses still on their way read as pending. */
export function stateOfVerifyStatus(status: string | null | undefined): PaymentStatusState {
  switch (status) {
    case "success":
      return "success";
    case "failed":
    case "reversed":
      return "failed";
    case "abandoned":
      return "abandoned";
    case "ongoing":
      return "ongoing";
    default:
      return "pending";
  }
}

/** The state after a check: a payment still waiting when the checks run out has timed out (SPEC §4). */
export function stateAfterCheck(status: string | null | undefined, checks: number): PaymentStatusState {
  const state = stateOfVerifyStatus(status);
  return !isEndState(state) && checks >= MAX_STATUS_CHECKS ? "timeout" : state;
}

/** SPEC §8's title and description of each state. */
export function statusCopy(state: PaymentStatusState, gatewayResponse?: string | null): { title: string; description: string } {
  switch (state) {
    case "success":
      return { title: "Payment Successful!", description: "Your payment has been confirmed. Taking you to your order…" };
    case "failed":
      return { title: "Payment Failed", description: gatewayResponse?.trim() || "Your payment could not be processed." };
    case "abandoned":
      return { title: "Payment Abandoned", description: "The payment was not completed within the time limit." };
    case "timeout":
      return { title: "Payment Timeout", description: "We couldn't verify your payment status. Please contact support if you completed the payment." };
    default:
      return { title: "Waiting for Payment", description: "Please complete the authorization on your mobile device." };
  }
}

export const statusBadgeLabels: Record<PaymentStatusState, string> = {
  pending: "Pending",
  ongoing: "Ongoing",
  success: "Success",
  failed: "Failed",
  abandoned: "Abandoned",
  timeout: "Timed out",
};

/** Elapsed time as m:ss (SPEC §2): 75 → "1:15". */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// Ghana's time (GMT all year), as the order pages show it.
const clockFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZone: "Africa/Accra" });

/** "15:16:07 GMT". */
export function formatCheckTime(date: Date): string {
  return `${clockFormat.format(date)} GMT`;
}

/** SPEC §8 resend notices. */
export const resendNotices = {
  sent: { title: "Authorization Resent", description: "A new payment prompt has been sent to your device." },
  failed: { title: "Resend Failed", fallback: "Could not resend authorization. Please try again." },
  error: { title: "Error", description: "Failed to resend authorization. Please try again." },
} as const;

export interface PaymentStatusQuery {
  orderId: number | null;
  /** A wallet top-up's payment (issue #20) names the top-up instead of an order. */
  topUpId: number | null;
  /** Cedis (or dollars) with two decimals, as the order shows it; null when missing or not a number. */
  amount: string | null;
  currency: "GHS" | "USD";
  /** Checks made so far by earlier page loads (no JavaScript). */
  checks: number;
  /** When the waiting began (epoch ms), carried from page load to page load. */
  startedAt: number | null;
}

/** The page's query (SPEC §2: orderId, amount, currency defaulting to GHS), read defensively. */
export function readStatusQuery(searchParams: URLSearchParams): PaymentStatusQuery {
  const orderId = Number(searchParams.get("orderId"));
  const topUpId = Number(searchParams.get("topUpId"));
  const amount = Number(searchParams.get("amount"));
  const checks = Number(searchParams.get("checks"));
  const startedAt = Number(searchParams.get("started"));
  return {
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
    topUpId: Number.isSafeInteger(topUpId) && topUpId > 0 ? topUpId : null,
    amount: searchParams.get("amount") && Number.isFinite(amount) && amount >= 0 && amount < 1e9 ? amount.toFixed(2) : null,
    currency: searchParams.get("currency") === "USD" ? "USD" : "GHS",
    checks: Number.isSafeInteger(checks) && checks > 0 ? Math.min(checks, MAX_STATUS_CHECKS) : 0,
    startedAt: Number.isSafeInteger(startedAt) && startedAt > 0 ? startedAt : null,
  };
}

/** The status page's address for `reference`, with the query the next page load needs. */
export function statusPageHref(reference: string, query: Partial<PaymentStatusQuery>): string {
  const params = new URLSearchParams();
  if (query.orderId) params.set("orderId", String(query.orderId));
  if (query.topUpId) params.set("topUpId", String(query.topUpId));
  if (query.amount) params.set("amount", query.amount);
  params.set("currency", query.currency ?? "GHS");
  if (query.checks) params.set("checks", String(query.checks));
  if (query.startedAt) params.set("started", String(query.startedAt));
  return `/payment-status/${encodeURIComponent(reference)}?${params}`;
}

/** A wallet top-up's payment page, at a charge step when `step` is given. */
export function topUpPaymentHref(topUpId: number, step?: { reference: string; next: string }): string {
  return `/wallet/top-ups/${topUpId}${step ? `?${new URLSearchParams(step)}` : ""}`;
}
