import { type CatalogService, isCatalogPlatform, platformLabels } from "~/features/catalog";
import type { OrderConfirmation } from "./orders.server";

/**
 * How orders read on the client's pages (dashboard, order confirmation, receipt): one place for
 * status words, the order reference and dates, so every page says the same thing.
 */

/** SPEC §4's labels for order statuses; any other value shows as-is. */
export const orderStatusLabels: Readonly<Record<string, string>> = {
  pending: "Pending",
  processing: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * An order the store cancelled because it was not paid in time has status `cancelled` and an
 * `expiredAt` (decision 0020): it reads "Expired", never as if someone had cancelled it.
 */
export function orderStatusLabel(status: string, expiredAt?: string | null): string {
  if (status === "cancelled" && expiredAt) return "Expired";
  return Object.hasOwn(orderStatusLabels, status) ? orderStatusLabels[status] : status;
}

/** Why an unpaid order can no longer be paid: it expired, or it was cancelled. */
export function closedOrderMessage(order: { expiredAt: Date | string | null }): string {
  return order.expiredAt
    ? "This order expired because it was not paid in time, and can no longer be paid. Please start a new checkout."
    : "This order is cancelled and can no longer be paid.";
}

/**
 * Where the money of an order stands, in the words a client reads. A page must never claim a
 * payment that did not happen (the confirmation page shows 'Payment Successful!' only for "paid").
 */
export type PaymentState = "paid" | "awaiting_payment" | "not_charged" | "expired" | "refund_requested" | "refunded";

export function paymentStateOf(
  order: Pick<OrderConfirmation, "status" | "paymentStatus" | "refundRequested"> & Partial<Pick<OrderConfirmation, "expiredAt" | "latePayment">>,
): PaymentState {
  if (order.paymentStatus === "refunded") return "refunded";
  if (order.paymentStatus === "paid") return order.refundRequested ? "refund_requested" : "paid";
  if (order.status !== "cancelled") return "awaiting_payment";
  // A payment that arrived after the order had expired or was cancelled goes back (settlement): the
  // page must not say nothing was charged.
  if (order.latePayment) return order.latePayment;
  return order.expiredAt ? "expired" : "not_charged";
}

export const paymentStateLabels: Record<PaymentState, string> = {
  paid: "Paid",
  awaiting_payment: "Awaiting payment",
  not_charged: "Not paid (nothing was charged)",
  expired: "Not paid in time (nothing was charged)",
  refund_requested: "Refund requested",
  refunded: "Refunded",
};

export { orderReference } from "~/lib/order-reference";

/** Percent delivered, 0-100, rounded down (100 only when everything is delivered). */
export function deliveryProgress({ quantity, deliveredQuantity }: { quantity: number; deliveredQuantity: number }): number {
  return quantity > 0 ? Math.min(100, Math.floor((deliveredQuantity * 100) / quantity)) : 0;
}

/** "Instagram" for catalogue platforms; other stored values as they are. */
export function platformLabel(platform: string): string {
  return isCatalogPlatform(platform) ? platformLabels[platform] : platform;
}

/** The promised delivery time of the order's service ("24-48 Hours", "48-72 Hours" for YouTube), as the catalogue says it now. */
export function deliveryTimeOf(service: Pick<CatalogService, "deliveryTime"> | undefined): string {
  return service?.deliveryTime ?? "24-48 Hours";
}

/** A new checkout of the same package (the way on from an expired order): /packages with it chosen. */
export function newCheckoutHref(order: Pick<OrderConfirmation, "package" | "quantity">): string {
  const { platform, id } = order.package;
  if (!isCatalogPlatform(platform)) return "/packages";
  // SPEC's followers keep SPEC's address (platform and quantity); other services name themselves.
  const query = new URLSearchParams({ platform, ...(id === `custom-${platform}` ? {} : { service: id }), quantity: String(order.quantity) });
  return `/packages?${query}`;
}
