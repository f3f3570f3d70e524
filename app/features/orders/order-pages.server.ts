import { getCatalogue } from "~/features/catalog/index.server";
import type { PublicUser } from "~/features/auth/index.server";
import { isAppError } from "~/lib/errors";
import { siteBaseUrl } from "~/lib/seo.server";
import { orderFetchMessages } from "./order-confirmation";
import { formatOrderDateTime } from "~/lib/date-time";
import { deliveryTimeOf, newCheckoutHref, orderReference } from "./order-display";
import { unpaidOrderExpiryMs } from "./order-expiry.server";
import { cancelOrderFormSchema, cancelQuestionParam } from "./order-schema";
import { cancellationOfferFor, cancellationRefusalFor, cancelOrder } from "./order-cancellation.server";
import { getOrderFor } from "./orders.server";
import { dripFeedOf } from "~/features/drip-feed/index.server";
import { formatMoney } from "~/lib/money";
import { refillPanelFor, refillRequestSchema, requestRefill } from "~/features/refills/index.server";
import { flagDeliveriesOfOrder, flagRequestSchema } from "~/features/deliveries/index.server";

/* What the order pages (/orders, /orders/:id, /order-success) share on the server. */

/**
 * One order as its pages show it, for its owner or an admin; `found: false` with SPEC §8's message
 * when it is missing or someone else's (alike, so order ids reveal nothing). `pagePath` is the
 * page's own address, for the prefilled support links. `withRefills`: the order page's refill panel too.
 * `isAskingToCancel`: the page was opened as "Cancel this order?" (`?confirm=cancel`, "Cancel order"
 * without JavaScript); when the order can no longer be cancelled, `cancelError` says why at once.
 */
export async function loadOrderView(request: Request, user: PublicUser, orderId: number, pagePath: string, { withRefills = false, isAskingToCancel = false } = {}) {
  let order;
  try {
    order = await getOrderFor(user, orderId);
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { found: false as const, message: orderFetchMessages.notOk };
    throw error;
  }
  const [offer, refill, dripFeed] = await Promise.all([cancellationOfferFor(user, order.id), withRefills ? refillPanelFor(order.id) : null, dripFeedOf(order.id)]);
  return {
    found: true as const,
    order,
    isAskingToCancel: isAskingToCancel && offer !== null,
    cancelError: isAskingToCancel && offer === null ? await cancellationRefusalFor(user, order.id) : null,
    reference: orderReference(order.id, order.createdAt),
    orderDate: formatOrderDateTime(order.createdAt),
    deliveryTime: deliveryTimeOf((await getCatalogue()).find(order.package.id)),
    cancellation: offer && {
      refundsPayment: offer.refundsPayment,
      until: offer.until && formatOrderDateTime(offer.until),
      ...(offer.toBalanceMinor !== undefined && { toBalance: formatMoney(offer.toBalanceMinor, order.currency) }),
      ...(offer.dripFeed && { dripFeed: { undeliveredQuantity: offer.dripFeed.undeliveredQuantity, refund: formatMoney(offer.dripFeed.refundMinor, order.currency) } }),
    },
    // A drip-feed order (issue #21): its runs, as the order page shows them.
    dripFeed: dripFeed && {
      ...dripFeed,
      nextRunAt: dripFeed.nextRunAt && formatOrderDateTime(dripFeed.nextRunAt),
      refunded: dripFeed.refundedMinor === null ? null : formatMoney(dripFeed.refundedMinor, order.currency),
    },
    expiry: {
      expiresAt: order.expiresAt && formatOrderDateTime(order.expiresAt),
      expiredAt: order.expiredAt && formatOrderDateTime(order.expiredAt),
      period: hoursText(unpaidOrderExpiryMs()),
      newCheckoutHref: newCheckoutHref(order),
    },
    pageUrl: `${siteBaseUrl()}${pagePath}`,
    refill,
  };
}

/** "24 hours", "90 minutes" (seconds only for a test rig's tiny setting): how long an unpaid order waits for its payment. */
function hoursText(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} seconds`;
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 !== 0) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
}

export type RefillFormOutcome = { isRequested: true } | { isRequested: false; status: number; refillError: string };

/** "Refill selected" posted to an order page: the ticked deliveries, as the API takes them; the refill service decides. */
export async function requestRefillFromForm(user: PublicUser, orderId: number, form: FormData): Promise<RefillFormOutcome> {
  if (user.role !== "client") return { isRequested: false, status: 403, refillError: "Only the client who placed this order can request a refill." };
  const note = form.get("note");
  const parsed = refillRequestSchema.safeParse({ deliveryIds: form.getAll("deliveryIds").map(Number), note: typeof note === "string" && note.trim() !== "" ? note : undefined });
  if (!parsed.success) return { isRequested: false, status: 400, refillError: parsed.error.issues[0]?.message ?? "Choose at least one delivery that dropped." };
  try {
    await requestRefill(user, orderId, parsed.data);
    return { isRequested: true };
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      return { isRequested: false, status: error.status, refillError: error.status === 404 && !error.message.startsWith("Delivery") ? orderFetchMessages.notOk : error.message };
    }
    throw error;
  }
}

export type FlagFormOutcome = { isFlagged: true; flagged: number } | { isFlagged: false; status: number; flagError: string };

/** "Flag selected" posted to an order page: the ticked deliveries and the note, as the API takes them; the deliveries service decides. */
export async function flagDeliveriesFromForm(user: PublicUser, orderId: number, form: FormData): Promise<FlagFormOutcome> {
  if (user.role !== "client") return { isFlagged: false, status: 403, flagError: "Only the client who placed this order can flag its deliveries." };
  const note = form.get("note");
  const parsed = flagRequestSchema.safeParse({ deliveryIds: form.getAll("deliveryIds").map(Number), note: typeof note === "string" && note.trim() !== "" ? note : undefined });
  if (!parsed.success) return { isFlagged: false, status: 400, flagError: parsed.error.issues[0]?.message ?? "Choose at least one delivery to flag." };
  try {
    return { isFlagged: true, ...(await flagDeliveriesOfOrder(user, orderId, parsed.data)) };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { isFlagged: false, status: error.status, flagError: error.status === 404 && !error.message.startsWith("Delivery") ? orderFetchMessages.notOk : error.message };
    throw error;
  }
}

export type CancelFormOutcome =
  | { isCancelled: true; isUnconfirmed?: never }
  | { isCancelled: false; isUnconfirmed: true }
  | { isCancelled: false; isUnconfirmed?: never; status: number; cancelError: string };

/**
 * The "Yes, cancel order" form (OrderCancelForm) posted to an order page: the order service decides.
 * A post without the confirmation (a page rendered before the form asked first, or a hand-made post)
 * cancels nothing: the page sends it to the question instead (`isUnconfirmed`).
 */
export async function cancelOrderFromForm(user: PublicUser, orderId: number, form: FormData): Promise<CancelFormOutcome> {
  const parsed = cancelOrderFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { isCancelled: false, status: 400, cancelError: "Unknown action." };
  if (user.role !== "client") return { isCancelled: false, status: 403, cancelError: "Only the client who placed this order can cancel it." };
  if (parsed.data.confirmed !== "yes") return { isCancelled: false, isUnconfirmed: true };
  try {
    await cancelOrder(user, orderId);
    return { isCancelled: true };
  } catch (error) {
    // Not found and not yours look alike (404), so order ids reveal nothing.
    if (isAppError(error) && error.status < 500) {
      return { isCancelled: false, status: error.status, cancelError: error.status === 404 ? orderFetchMessages.notOk : error.message };
    }
    throw error;
  }
}

/** Whether an order page's address asks "Cancel this order?" (OrderCancelForm's first button without JavaScript). */
export const isAskingToCancel = (url: URL) => url.searchParams.get(cancelQuestionParam.name) === cancelQuestionParam.value;
