import { closeTasksOfOrder } from "~/features/fulfilment/index.server";
import { priceOfUnits } from "~/features/drip-feed";
import { refundUndeliveredToWallet, walletPaymentOf } from "~/features/ledger/index.server";
import { cancelPaidByClient, cancelUnpaidByClient, markRefunded, stopDripFeedByClient, refundIfPaidFromWallet } from "~/features/order-lifecycle/index.server";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { assertClient, getOrderFor, notFound, type OrderConfirmation, type OrderRow, orderSelect, type OrderStatus, type OrderViewer } from "./orders.server";

/** SPEC §9 / FAQ: a paid order may be cancelled within 1 hour if delivery has not begun. */
export const CANCELLATION_WINDOW_MS = 60 * 60 * 1000;

const cancellableStatuses: OrderStatus[] = ["pending", "processing"];

/** A paid order of a service whose `cancel` is off (issue #50). */
export const notCancellableServiceMessage = "Orders of this service cannot be cancelled once paid. Please contact support.";

export interface CancellationOffer {
  /** true for a paid order: cancelling it requests a refund of the payment. */
  refundsPayment: boolean;
  /** When a paid order's cancellation window closes (ISO); null for an unpaid order (any time). */
  until: string | null;
  /**
   * A paid order paid from the wallet: what cancelling puts back into it at once (its wallet payment,
   * which has no processing fee), so the page states the refund that really happens. Absent when the
   * payment is refunded to the card or mobile-money wallet it came from.
   */
  toBalanceMinor?: number;
  /**
   * A drip-feed order with runs remaining (decision 0026): cancelling stops it and refunds to the
   * wallet the units not delivered, `refundMinor` for `undeliveredQuantity` units. Absent otherwise.
   */
  dripFeed?: { undeliveredQuantity: number; refundMinor: number };
}

/**
 * Whether cancelOrder would cancel the client's order now (the same rule, read without changing
 * anything), so a page offers "Cancel order" only when it can work. null: no offer (not the
 * client's order, or no longer cancellable).
 */
export async function cancellationOfferFor(client: OrderViewer, orderId: number, now = new Date()): Promise<CancellationOffer | null> {
  if (client.role !== "client" || !Number.isSafeInteger(orderId) || orderId <= 0) return null;
  const order = await getPrisma().order.findFirst({
    where: { id: orderId, clientId: client.id, status: { in: cancellableStatuses } },
    select: {
      paymentStatus: true,
      paidAt: true,
      refundRequestedAt: true,
      status: true,
      paidFromWallet: true,
      quantity: true,
      deliveredQuantity: true,
      priceMinor: true,
      dripRuns: true,
      dripRunsOpened: true,
      tasks: { where: { completions: { some: {} } }, select: { id: true }, take: 1 },
      service: { select: { cancel: true } },
    },
  });
  if (!order) return null;
  if (order.paymentStatus === "unpaid") return { refundsPayment: false, until: null };
  if (!order.service.cancel) return null;
  if (isStoppableDripFeed(order)) {
    const undeliveredQuantity = order.quantity - order.deliveredQuantity;
    return { refundsPayment: true, until: null, dripFeed: { undeliveredQuantity, refundMinor: priceOfUnits(order.priceMinor, order.quantity, undeliveredQuantity) } };
  }
  if (order.paymentStatus !== "paid" || order.refundRequestedAt !== null || order.paidAt === null || order.tasks.length > 0) return null;
  const until = new Date(order.paidAt.getTime() + CANCELLATION_WINDOW_MS);
  if (until < now) return null;
  const walletPayment = order.paidFromWallet ? await walletPaymentOf(getDatabase().sql, orderId) : null;
  return { refundsPayment: true, until: until.toISOString(), ...(walletPayment && { toBalanceMinor: walletPayment.amountMinor }) };
}

/** The same conditions as the lifecycle's stopDripFeedByClient, read without changing anything. */
function isStoppableDripFeed(order: { status: string; paymentStatus: string; paidFromWallet: boolean; refundRequestedAt: Date | null; quantity: number; deliveredQuantity: number; dripRuns: number | null; dripRunsOpened: number }) {
  return order.status === "processing" && order.paymentStatus === "paid" && order.paidFromWallet && order.refundRequestedAt === null
    && order.dripRuns !== null && order.dripRunsOpened < order.dripRuns && order.deliveredQuantity < order.quantity;
}

/**
 * A drip-feed order with runs remaining stops (decision 0026): its undelivered units' price back into
 * the wallet in the same transaction; wholly refunded (and so `refunded`) when nothing was delivered.
 */
async function stopDripFeed(owned: { id: number; clientId: number }, now: Date): Promise<boolean> {
  return getPrisma().$transaction(async (transaction) => {
    const undelivered = await stopDripFeedByClient(sqlOfPrisma(transaction), owned, now);
    if (undelivered === null) return false;
    const order = await transaction.order.findUniqueOrThrow({ where: { id: owned.id }, select: { id: true, priceMinor: true, quantity: true, status: true } });
    const description = order.status === "partial" ? `Refund of ${undelivered.toLocaleString("en-GB")} undelivered of a stopped drip-feed order` : "Refund of a cancelled order";
    if (!(await refundUndeliveredToWallet(sqlOfPrisma(transaction), order, undelivered, description))) throw new Error(`drip-feed order ${order.id} has no wallet payment`);
    if (order.status === "cancelled") await markRefunded(sqlOfPrisma(transaction), order.id);
    return true;
  });
}

/**
 * Cancels a client's order. Unpaid: any time. Paid: when its service allows cancelling, within
 * CANCELLATION_WINDOW_MS of payment and before any worker completed a task of it; the order is then cancelled with a refund request,
 * which the payments side carries out. Each transition is one conditional update, so concurrent
 * calls (or a payment landing meanwhile) never apply twice; whoever loses gets the 422 of the
 * state they lost to.
 */
export async function cancelOrder(client: OrderViewer, orderId: number, now = new Date()): Promise<OrderConfirmation> {
  assertClient(client);
  const prisma = getPrisma();
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw notFound();
  const order = await prisma.order.findFirst({ where: { id: orderId, clientId: client.id }, select: { ...orderSelect, service: { select: { cancel: true } } } });
  if (!order) throw notFound();
  // A service without cancellation (issue #50): its orders are cancelled only while unpaid (nothing charged).
  if (order.paymentStatus !== "unpaid" && !order.service.cancel) throw new AppError(422, "order_not_cancellable", notCancellableServiceMessage);

  const windowStart = new Date(now.getTime() - CANCELLATION_WINDOW_MS);
  const owned = { id: order.id, clientId: client.id };

  // In a transaction: the transition queues the client's e-mail with it (order-lifecycle).
  if (order.paymentStatus === "unpaid") {
    if (await getDatabase().sql.transaction((sql) => cancelUnpaidByClient(sql, owned, now))) return getOrderFor(client, order.id);
  } else if (order.paymentStatus === "paid" && (await stopDripFeed(owned, now))) {
    // A drip-feed order with runs remaining: stopped, its undelivered units refunded to the wallet.
    await closeTasksOfOrder(order.id);
    return getOrderFor(client, order.id);
  } else if (order.paymentStatus === "paid") {
    const cancelled = await prisma.$transaction(async (transaction) => {
      if (!(await cancelPaidByClient(sqlOfPrisma(transaction), owned, windowStart, now))) return false;
      // Paid from the wallet: back into it at once; a card or mobile-money payment is refunded by the payments side.
      await refundIfPaidFromWallet(sqlOfPrisma(transaction), order.id, "Refund of a cancelled order");
      return true;
    });
    if (cancelled) {
      await closeTasksOfOrder(order.id);
      return getOrderFor(client, order.id);
    }
  }

  // Nothing changed: explain why from the state as it is now.
  const current = await prisma.order.findFirstOrThrow({
    where: { id: order.id },
    select: { ...orderSelect, tasks: { select: { _count: { select: { completions: true } } } } },
  });
  throw new AppError(422, "order_not_cancellable", whyNotCancellable(current, windowStart));
}

/**
 * Why the client's order cannot be cancelled now, in cancelOrder's words, for a page that was asked
 * "Cancel this order?" (without JavaScript) after the offer went away; null when it still can be, or
 * when it is not the client's order (nothing to explain to anyone else).
 */
export async function cancellationRefusalFor(client: OrderViewer, orderId: number, now = new Date()): Promise<string | null> {
  if (client.role !== "client" || !Number.isSafeInteger(orderId) || orderId <= 0) return null;
  if (await cancellationOfferFor(client, orderId, now)) return null;
  const order = await getPrisma().order.findFirst({
    where: { id: orderId, clientId: client.id },
    select: { ...orderSelect, service: { select: { cancel: true } }, tasks: { select: { _count: { select: { completions: true } } } } },
  });
  if (!order) return null;
  if (order.paymentStatus !== "unpaid" && !order.service.cancel && (order.status === "pending" || order.status === "processing")) return notCancellableServiceMessage;
  return whyNotCancellable(order, new Date(now.getTime() - CANCELLATION_WINDOW_MS));
}

function whyNotCancellable(order: OrderRow & { tasks: { _count: { completions: number } }[] }, windowStart: Date): string {
  if (order.status === "cancelled" && order.expiredAt) return "This order has already expired: it was not paid in time, and nothing was charged.";
  if (order.status === "cancelled") return "This order is already cancelled.";
  if (order.status === "completed") return "This order is completed and can no longer be cancelled.";
  if (order.status === "partial") return "This order has been stopped: what was not delivered went back to your balance.";
  if (order.paymentStatus === "refunded") return "This order has been refunded and can no longer be cancelled.";
  if (order.tasks.some((task) => task._count.completions > 0)) {
    return "Delivery of this order has already begun, so it can no longer be cancelled. Please contact support.";
  }
  if (order.paymentStatus === "paid" && (order.paidAt === null || order.paidAt < windowStart)) {
    return "Paid orders can only be cancelled within 1 hour of payment. Please contact support.";
  }
  return "This order can no longer be cancelled. Please contact support.";
}
