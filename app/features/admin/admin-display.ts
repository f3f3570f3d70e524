import { isCatalogPlatform, kindLabels, platformLabels } from "~/features/catalog";
import { mobileMoneyProviderLabels } from "~/features/payments";
import type { CompletionReview, OrderPaymentStatus, OrderStatus, PaymentAttemptStatus, PaymentChannel, PayoutStatus, RefundOrigin, RefundState, SupportTicketStatus, UserRole, UserStatus } from "~/generated/prisma/client";
import { formatApiAmount } from "~/lib/money";

/*
 * How the admin console words things: labels for every stored state (each checked against the
 * schema's enum, so a new status fails the typecheck until it has its words), dates, money, and the notices
 * a page shows after an action (PRG: the action redirects with `?notice=<code>&target=<id>`; only
 * codes listed here are shown, never text from the URL).
 */

/** Cedis (or dollars) from an API shape's major-unit number: 152.55 → "₵152.55". */
export const money = formatApiAmount;

/**
 * "2026-05-03 14:05 GMT". Ghana keeps GMT all year, so this is the UTC clock; built by hand so the
 * server's HTML and the hydrated page always read the same.
 */
export function formatAdminDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} GMT`;
}

export const humanize = (value: string) => value.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());

export const userStatusLabels: Record<string, string> = { active: "Active", pending_review: "Waiting for review", suspended: "Suspended", rejected: "Rejected" } satisfies Record<UserStatus, string>;
export const roleLabels: Record<string, string> = { client: "Client", worker: "Worker", admin: "Admin" } satisfies Record<UserRole, string>;
export const orderStatusLabels: Record<string, string> = {
  pending: "Pending",
  processing: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
  partial: "Partly delivered",
  // Not a stored status: a cancelled order with expiredAt (decision 0020).
  expired: "Expired (cancelled, not paid in time)",
} satisfies Record<OrderStatus | "expired", string>;
export const orderPaymentLabels: Record<string, string> = { unpaid: "Unpaid", paid: "Paid", refunded: "Refunded" } satisfies Record<OrderPaymentStatus, string>;
export const attemptStatusLabels: Record<string, string> = {
  open: "Open (any step)",
  pending: "Pending",
  send_pin: "Waiting for PIN",
  send_otp: "Waiting for OTP",
  send_phone: "Waiting for phone",
  send_birthday: "Waiting for date of birth",
  send_address: "Waiting for address",
  open_url: "Waiting for bank page (3-D Secure)",
  pay_offline: "Waiting for approval on phone",
  not_completed: "Not completed (still watched)",
  success: "Success",
  failed: "Failed",
  abandoned: "Abandoned",
  reversed: "Reversed",
} satisfies Record<PaymentAttemptStatus | "open", string>;
export const refundStateLabels: Record<string, string> = {
  none: "No refund",
  requested: "Refund requested",
  pending: "Refund pending",
  partially_refunded: "Partially refunded",
  processed: "Refunded",
  failed: "Refund failed",
} satisfies Record<RefundState | "none", string>;
/** Who started a payment's refund; the dashboard one is money that left without the store asking. */
export const refundOriginLabels: Record<string, string> = { store: "Refund asked for by the store", paystack_dashboard: "Refund started outside the store (Paystack dashboard)" } satisfies Record<RefundOrigin, string>;
export const channelLabels: Record<string, string> = { card: "Card", mobile_money: "Mobile money" } satisfies Record<PaymentChannel, string>;
export const reviewLabels: Record<string, string> = { held: "Under review", approved: "Approved", rejected: "Rejected", all: "All" } satisfies Record<CompletionReview | "all", string>;
export const ticketStatusLabels: Record<string, string> = { open: "Open", answered: "Answered", closed: "Closed", all: "All" } satisfies Record<SupportTicketStatus | "all", string>;

/** A platform as people name it: "TikTok", "X" (stored as SPEC's "twitter"; the services' API says "x"). */
export const platformLabel = (platform: string) => (platform === "x" ? platformLabels.twitter : isCatalogPlatform(platform) ? platformLabels[platform] : humanize(platform));
export const platformList = (platforms: readonly string[]) => platforms.map(platformLabel).join(", ");
/** What a task or service sells: "Followers", "Likes", … */
export const kindLabel = (kind: string) => labelOf(kindLabels, kind);
/** A mobile-money network by the name its customers know: "Telecel Cash" for SPEC's `vod`. */
export const mobileMoneyProviderLabel = (provider: string) => labelOf(mobileMoneyProviderLabels, provider);

/** What each audited action did, in the words of the console's buttons; the stored name stays the filter's value. */
export const auditActionLabels: Record<string, string> = {
  "completion.approve": "Completion approved",
  "completion.reject": "Completion rejected",
  "delivery.ask": "Worker asked for a screenshot",
  "delivery.drop": "Delivery dropped: no screenshot in time",
  "delivery.reject": "Flag rejected: the delivery stands",
  "delivery.uphold": "Flag upheld: the delivery is dropped",
  "order.cancel_refund": "Order cancelled with a refund",
  "payment.reverify": "Payment re-verified",
  "payout.approve": "Payout approved",
  "payout.fail": "Payout failed",
  "payout.finalize": "Payout OTP entered",
  "payout.finalize_refused": "Payout OTP refused by Paystack",
  "payout.reject": "Payout rejected",
  "payout.resend_otp": "Payout OTP sent again",
  "payout.retry": "Payout sent again",
  "service.create": "Service created",
  "service.move": "Services reordered",
  "service.update": "Service changed",
  "ticket.answer": "Ticket marked answered",
  "ticket.close": "Ticket closed",
  "user.suspend": "Account suspended",
  "user.unsuspend": "Suspension lifted",
  "wallet.adjust": "Wallet balance corrected",
  "worker.approve": "Worker approved",
  "worker.reject": "Worker application rejected",
  "worker.tasks_pause": "Worker's tasks paused",
  "worker.tasks_resume": "Worker's tasks resumed",
};
export const auditActionLabel = (action: string) => (Object.hasOwn(auditActionLabels, action) ? auditActionLabels[action] : humanize(action.replace(".", " ")));

export const labelOf = (labels: Record<string, string>, value: string | null | undefined) => (value ? (Object.hasOwn(labels, value) ? labels[value] : humanize(value)) : "—");

export type Tone = "neutral" | "good" | "warning" | "bad";

const tones: Record<string, Tone> = {
  active: "good",
  approved: "good",
  success: "good",
  paid: "good",
  completed: "good",
  processed: "good",
  answered: "good",
  pending_review: "warning",
  held: "warning",
  pending: "warning",
  processing: "warning",
  awaiting_otp: "warning",
  requested: "warning",
  partially_refunded: "warning",
  paystack_dashboard: "warning",
  open: "warning",
  send_pin: "warning",
  send_otp: "warning",
  send_phone: "warning",
  send_birthday: "warning",
  send_address: "warning",
  open_url: "warning",
  pay_offline: "warning",
  not_completed: "warning",
  suspended: "bad",
  rejected: "bad",
  failed: "bad",
  cancelled: "bad",
  abandoned: "bad",
  reversed: "bad",
  refunded: "neutral",
};
export const toneOf = (value: string | null | undefined): Tone => (value && Object.hasOwn(tones, value) ? tones[value] : "neutral");

export const adminNotices: Record<string, string> = {
  "worker-approved": "Worker approved: they are offered tasks from now on.",
  "worker-rejected": "Worker application rejected.",
  "user-suspended": "Account suspended: every session of it has ended.",
  "user-unsuspended": "Suspension lifted: the account can sign in again.",
  "worker-tasks-resumed": "Tasks resumed: the worker is offered tasks again.",
  "order-cancelled": "Order cancelled. Its refund is requested: the payments job sends it to Paystack within minutes.",
  "payment-reverified": "Payment re-verified with Paystack: nothing changed.",
  "payment-credited": "Paystack confirms the payment: the order is paid and its task is open.",
  "payment-open": "Paystack has no final answer yet: the payment is still open.",
  "payment-closed": "Paystack says the payment did not go through: it is closed.",
  "payment-refund": "Paystack confirms the money, but the order was already paid or cancelled: it is being refunded.",
  "completion-approved": "Completion approved: the reward is now available to the worker.",
  "completion-rejected": "Completion rejected: the held reward is reversed and the slot reopens.",
  "flag-upheld": "Flag upheld: the delivery is dropped, its reward taken back, and it is offered to another worker.",
  "flag-rejected": "Flag rejected: the delivery stands, and its reward is released when its hold ends.",
  "flag-asked": "The worker is asked for a screenshot, by e-mail and on their dashboard.",
  "ticket-answered": "Ticket marked answered.",
  "ticket-closed": "Ticket closed.",
  "payout-approved": "Payout approved: the transfer is on its way to the worker's wallet.",
  "payout-rejected": "Payout rejected: the amount is back in the worker's balance.",
  "payout-finalized": "OTP accepted: Paystack is sending the transfer.",
  "payout-otp-resent": "Paystack is sending the transfer's OTP again.",
  "payout-retried": "Transfer sent again (same reference: Paystack pays it at most once).",
  "payout-failed": "Payout failed: the amount is back in the worker's balance.",
  "service-created": "Service created: it is on sale now (unless you left it disabled).",
  "service-updated": "Service saved: new orders are priced as it says now; earlier orders keep their price.",
  "service-enabled": "Service enabled: it is on sale again.",
  "service-disabled": "Service disabled: it takes no new orders, and its orders go on.",
  "service-moved": "Service moved.",
};

export const payoutStatusLabels: Record<string, string> = {
  pending: "Waiting for approval",
  processing: "Transfer on its way",
  awaiting_otp: "Waiting for Paystack OTP",
  success: "Paid",
  failed: "Transfer failed (amount returned)",
  reversed: "Reversed (amount returned)",
  rejected: "Rejected (amount returned)",
  all: "All",
} satisfies Record<PayoutStatus | "all", string>;

export const noticeText = (code: string | null | undefined) => (code && Object.hasOwn(adminNotices, code) ? adminNotices[code] : null);

/** A reply by e-mail from the admin's own mail program, with the ticket's subject. */
export function ticketMailto(ticket: { id: number; email: string; name: string; subject: string }): string {
  const subject = `Re: ${ticket.subject} [Ticket #${ticket.id}]`;
  const body = `Hello ${ticket.name},\n\n`;
  return `mailto:${encodeURIComponent(ticket.email).replace("%40", "@")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** "3 d 4 h", "2 h 5 min", "42 s". */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}

/** "+12.5%", "-3%", or a dash when there is nothing to compare with. */
export const formatPercent = (value: number | null, signed = false) => (value === null ? "—" : `${signed && value > 0 ? "+" : ""}${value}%`);

/** Where an audit entry's record is looked at. */
export function auditTargetHref(targetType: string, targetId: string): string | null {
  switch (targetType) {
    case "user":
      return `/admin/users/${encodeURIComponent(targetId)}`;
    case "order":
      return `/admin/orders/${encodeURIComponent(targetId)}`;
    case "payment_attempt":
      return `/admin/payments?q=${encodeURIComponent(targetId)}`;
    case "task_completion":
      return `/admin/completions?review=all&q=${encodeURIComponent(`#c${targetId}`)}`;
    case "support_ticket":
      return `/admin/tickets?status=all&q=${encodeURIComponent(`#${targetId}`)}`;
    case "service":
      return `/admin/services?edit=${encodeURIComponent(targetId)}#edit-service`;
    default:
      return null;
  }
}

/**
 * An audit entry's details in one line: "pending review → active · reason: …". A service's entries
 * (`targetType` "service") hold the whole service on each side: only what changed is shown.
 */
export function describeAuditDetails(details: unknown, targetType?: string): string {
  if (targetType === "service") {
    const described = describeServiceChange(details);
    if (described !== null) return described;
  }
  if (!details || typeof details !== "object" || Array.isArray(details)) return details === null || details === undefined ? "" : JSON.stringify(details);
  const { before, after, ...rest } = details as Record<string, unknown>;
  const show = (value: unknown): string => {
    if (typeof value === "string") return value.replace(/_/g, " ");
    if (value && typeof value === "object" && !Array.isArray(value)) return Object.entries(value).map(([key, item]) => `${key} ${show(item)}`).join(", ");
    return JSON.stringify(value);
  };
  const parts: string[] = [];
  if (before !== undefined || after !== undefined) parts.push(`${show(before ?? "—")} → ${show(after ?? "—")}`);
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}: ${show(value)}`);
  return parts.join(" · ");
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const showValue = (value: unknown) => (typeof value === "string" ? value : Array.isArray(value) ? value.map(String).join(", ") : JSON.stringify(value));

/** A service's audit entry: "created: name TikTok Likes, …", "unitPrice 0.20 → 0.25, active true → false", "order: a, b → b, a"; null for another shape. */
function describeServiceChange(details: unknown): string | null {
  if (!isRecord(details)) return null;
  const { before, after } = details;
  if (before === null && isRecord(after)) {
    return `created: ${Object.entries(after).map(([key, value]) => `${key} ${showValue(value)}`).join(", ")}`;
  }
  if (isRecord(before) && isRecord(after)) {
    const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    return changed.length === 0 ? "nothing changed" : changed.map((key) => `${key} ${showValue(before[key])} → ${showValue(after[key])}`).join(", ");
  }
  if (Array.isArray(before) && Array.isArray(after)) return `order: ${showValue(before)} → ${showValue(after)}`;
  return null;
}
