import { type CatalogPlatform, isValidQuantity, packageFor, priceOrder } from "~/features/catalog/catalog";
import { closeTasksOfOrder } from "~/features/fulfilment/tasks.server";
import { cancelPaidByClient, cancelUnpaidByClient } from "~/features/order-lifecycle/order-lifecycle.server";
import { decodeImageDataUrl, discardUpload, storeImage } from "~/features/uploads/uploads.server";
import { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { deliveryProgress, newCheckoutHref, orderReference } from "./order-display";
import { expireOrderIfDue, expiryTimeOf } from "./order-expiry.server";
import { type CreateOrderInput, type ListOrdersQuery, targetUrlFor } from "./order-schema";

/**
 * Orders: created by clients at checkout, priced from the catalogue, read by their owner or an
 * admin. Amounts in responses are numbers of cedis with 2 decimals (15255 pesewas → 152.55), the
 * unit SPEC's pages display and its payment calls multiply by 100; stored and computed amounts
 * stay integer pesewas. `amount`/`total_amount` is the payable total (price + 1.7 % fee).
 */

export interface OrderViewer {
  id: number;
  role: "client" | "worker" | "admin";
}

type OrderStatus = "pending" | "processing" | "completed" | "cancelled" | "partial";
type PaymentStatus = "unpaid" | "paid" | "refunded";

/** SPEC §3's order on the confirmation page, plus price and fee (DESIGN §6) and a few fields the checkout needs. */
export interface OrderConfirmation {
  id: number;
  package: { name: string; platform: string };
  username: string;
  quantity: number;
  /** How many of `quantity` have been delivered so far. */
  deliveredQuantity: number;
  targetUrl: string;
  /** The payable total in cedis (price + fee). */
  amount: number;
  price: number;
  fee: number;
  currency: "GHS" | "USD";
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  refundRequested: boolean;
  /**
   * Set when the store cancelled the order because it was not paid in time (status `cancelled`,
   * decision 0020); null otherwise.
   */
  expiredAt: string | null;
  /** For an order waiting for payment: when it expires unless paid (later while a payment is under way). */
  expiresAt: string | null;
  /** A payment that arrived after the order expired or was cancelled goes back: where that stands. */
  latePayment: "refund_requested" | "refunded" | null;
  createdAt: string;
}

/** SPEC §3's order in the client list (snake_case as SPEC writes it). */
export interface OrderListItem {
  id: number;
  package_name: string;
  platform: string;
  target_url: string;
  /** The payable total in cedis. */
  total_amount: number;
  status: OrderStatus;
  /** Percent delivered, 0-100. */
  progress: number;
  payment_status: PaymentStatus;
  /** Set when the store cancelled the unpaid order because it was not paid in time (decision 0020). */
  expired_at: string | null;
  created_at: string;
}

export interface ClientStats {
  totalOrders: number;
  /** Orders pending or processing. */
  activeOrders: number;
  /** Sum of the totals of paid orders (refunded ones excluded), in cedis. */
  totalSpent: number;
}

/** SPEC §9 / FAQ: a paid order may be cancelled within 1 hour if delivery has not begun. */
export const CANCELLATION_WINDOW_MS = 60 * 60 * 1000;

const orderSelect = {
  id: true,
  packageName: true,
  platform: true,
  quantity: true,
  deliveredQuantity: true,
  targetUsername: true,
  targetUrl: true,
  priceMinor: true,
  feeMinor: true,
  totalMinor: true,
  currency: true,
  status: true,
  paymentStatus: true,
  paidAt: true,
  refundRequestedAt: true,
  expiredAt: true,
  createdAt: true,
  // Successful payments: for an unpaid order, only one that came after it had ended (refunded).
  paymentAttempts: { where: { paidAt: { not: null } }, select: { refundState: true }, take: 5 },
} satisfies Prisma.OrderSelect;

type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

/** Pesewas → cedis as a number with at most 2 decimals (exact: the division of an integer by 100). */
const toMajor = (amountMinor: number) => amountMinor / 100;

const notFound = () => new AppError(404, "not_found", "Order not found");

function toConfirmation(order: OrderRow): OrderConfirmation {
  return {
    id: order.id,
    package: { name: order.packageName, platform: order.platform },
    username: order.targetUsername,
    quantity: order.quantity,
    deliveredQuantity: order.deliveredQuantity,
    targetUrl: order.targetUrl,
    amount: toMajor(order.totalMinor),
    price: toMajor(order.priceMinor),
    fee: toMajor(order.feeMinor),
    currency: order.currency,
    status: order.status,
    paymentStatus: order.paymentStatus,
    refundRequested: order.refundRequestedAt !== null,
    expiredAt: order.expiredAt?.toISOString() ?? null,
    expiresAt: isAwaitingPayment(order) ? expiryTimeOf(order.createdAt).toISOString() : null,
    latePayment: latePaymentOf(order),
    createdAt: order.createdAt.toISOString(),
  };
}

const isAwaitingPayment = (order: Pick<OrderRow, "status" | "paymentStatus">) => order.status === "pending" && order.paymentStatus === "unpaid";

function latePaymentOf(order: Pick<OrderRow, "paymentStatus" | "paymentAttempts">): OrderConfirmation["latePayment"] {
  if (order.paymentStatus !== "unpaid" || order.paymentAttempts.length === 0) return null;
  return order.paymentAttempts.every((attempt) => attempt.refundState === "processed") ? "refunded" : "refund_requested";
}

/** The columns of a list item only: the list is read on every dashboard visit (issue #9). */
const orderListSelect = {
  id: true,
  packageName: true,
  platform: true,
  quantity: true,
  deliveredQuantity: true,
  targetUrl: true,
  totalMinor: true,
  status: true,
  paymentStatus: true,
  expiredAt: true,
  createdAt: true,
} satisfies Prisma.OrderSelect;

function toListItem(order: Prisma.OrderGetPayload<{ select: typeof orderListSelect }>): OrderListItem {
  return {
    id: order.id,
    package_name: order.packageName,
    platform: order.platform,
    target_url: order.targetUrl,
    total_amount: toMajor(order.totalMinor),
    status: order.status,
    progress: deliveryProgress(order),
    payment_status: order.paymentStatus,
    expired_at: order.expiredAt?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
  };
}

function assertClient(viewer: OrderViewer) {
  if (viewer.role !== "client") throw new AppError(403, "forbidden", "Only clients can purchase packages.");
}

export interface CreatedOrder {
  order: OrderConfirmation;
  /** false when the checkout key named an order created earlier (nothing new was written). */
  created: boolean;
}

/**
 * Creates a client's order, priced from the catalogue. With a checkout key, a retried or
 * concurrent submission of the same checkout returns the order created first: no second order and
 * no second screenshot upload. The screenshot comes as the data URL of the input, or (the
 * no-JavaScript checkout) as an upload the client stored earlier.
 */
export async function createOrder(client: OrderViewer, input: CreateOrderInput, { screenshotUploadId }: { screenshotUploadId?: string } = {}): Promise<CreatedOrder> {
  assertClient(client);
  const prisma = getPrisma();
  const platform: CatalogPlatform = input.platform;
  if (!isValidQuantity(input.quantity)) throw new AppError(400, "invalid_quantity", "Invalid quantity");

  if (input.checkoutKey) {
    const existing = await findByCheckoutKey(client.id, input.checkoutKey);
    if (existing) return { order: toConfirmation(existing), created: false };
  }

  const price = priceOrder(platform, input.quantity);
  const catalogPackage = packageFor(platform, input.quantity);
  const screenshot = screenshotUploadId
    ? await findOwnScreenshot(client, screenshotUploadId)
    : input.accountScreenshot
      ? await storeImage({ ownerId: client.id, purpose: "account_screenshot", bytes: decodeImageDataUrl(input.accountScreenshot) })
      : null;
  // A screenshot stored by this very call goes again if no order of this call takes it.
  const discardStoredScreenshot = async () => {
    if (screenshot && !screenshotUploadId) await discardUpload(screenshot.id);
  };

  try {
    const order = await prisma.order.create({
      data: {
        clientId: client.id,
        packageId: catalogPackage.id,
        packageName: catalogPackage.name,
        platform,
        serviceType: "followers",
        quantity: input.quantity,
        targetUsername: input.targetUsername,
        targetUrl: targetUrlFor(platform, input.targetUsername),
        screenshotUploadId: screenshot?.id ?? null,
        priceMinor: price.priceMinor,
        feeMinor: price.feeMinor,
        totalMinor: price.totalMinor,
        currency: price.currency,
        checkoutKey: input.checkoutKey ?? null,
      },
      select: orderSelect,
    });
    return { order: toConfirmation(order), created: true };
  } catch (error) {
    await discardStoredScreenshot();
    // A concurrent submission of the same checkout won the unique (client, checkout key) race.
    if (input.checkoutKey && error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const existing = await findByCheckoutKey(client.id, input.checkoutKey);
      if (existing) return { order: toConfirmation(existing), created: false };
    }
    throw error;
  }
}

/** An account screenshot the client uploaded; anyone else's (or an unknown id) is refused alike. */
async function findOwnScreenshot(client: OrderViewer, uploadId: string) {
  const upload = await getPrisma().upload.findFirst({ where: { id: uploadId, ownerId: client.id, purpose: "account_screenshot" }, select: { id: true } });
  if (!upload) throw new AppError(400, "screenshot_missing", "Please upload your account screenshot again.");
  return upload;
}

function findByCheckoutKey(clientId: number, checkoutKey: string) {
  return getPrisma().order.findUnique({ where: { clientId_checkoutKey: { clientId, checkoutKey } }, select: orderSelect });
}

/**
 * The order for its owner or an admin; 404 for anyone else, so ids reveal nothing. An unpaid order
 * past its expiry time is expired here if the job has not done it yet, so no page shows it payable.
 */
export async function getOrderFor(viewer: OrderViewer, orderId: number, now = new Date()): Promise<OrderConfirmation> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw notFound();
  const find = () =>
    getPrisma().order.findFirst({
      where: viewer.role === "admin" ? { id: orderId } : { id: orderId, clientId: viewer.id },
      select: orderSelect,
    });
  let order = await find();
  if (!order) throw notFound();
  if (isAwaitingPayment(order) && expiryTimeOf(order.createdAt) <= now && (await expireOrderIfDue(order.id, now))) order = (await find()) ?? order;
  return toConfirmation(order);
}

/** The client's orders, newest first; pass the last id of a page as `cursor` for the next one. */
export async function listOrdersFor(client: OrderViewer, { limit, cursor }: ListOrdersQuery): Promise<OrderListItem[]> {
  assertClient(client);
  // Ids grow with creation time, so id order is creation order and a stable cursor.
  const orders = await getPrisma().order.findMany({
    where: { clientId: client.id, ...(cursor ? { id: { lt: cursor } } : {}) },
    orderBy: { id: "desc" },
    take: Math.min(Math.max(limit, 1), 50),
    select: orderListSelect,
  });
  return orders.map(toListItem);
}

/** One page of the client's order history (the /orders page), newest first. */
export interface OrderHistoryPage {
  orders: OrderListItem[];
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pageCount: number;
  total: number;
}

export const ORDER_HISTORY_PAGE_SIZE = 20;

/** The client's orders by page number (pages link to each other, so they must be addressable). */
export async function listOrderHistoryFor(client: OrderViewer, requestedPage: number): Promise<OrderHistoryPage> {
  assertClient(client);
  const prisma = getPrisma();
  const total = await prisma.order.count({ where: { clientId: client.id } });
  const pageCount = Math.max(1, Math.ceil(total / ORDER_HISTORY_PAGE_SIZE));
  const page = Number.isSafeInteger(requestedPage) ? Math.min(Math.max(requestedPage, 1), pageCount) : 1;
  const orders = await prisma.order.findMany({
    where: { clientId: client.id },
    // Ids grow with creation time (see listOrdersFor); (client_id, id) is indexed.
    orderBy: { id: "desc" },
    skip: (page - 1) * ORDER_HISTORY_PAGE_SIZE,
    take: ORDER_HISTORY_PAGE_SIZE,
    select: orderListSelect,
  });
  return { orders: orders.map(toListItem), page, pageCount, total };
}

/**
 * The human reference (SMB-…) of the order a payment belongs to, or null for an unknown payment. The
 * payment status page asks without a sign-in: whoever holds the payment's reference is its payer,
 * and learns no more than the order id the page's own address already carries.
 */
export async function findOrderReferenceOfPayment(paymentReference: string): Promise<string | null> {
  return (await findOrderOfPayment(paymentReference))?.reference ?? null;
}

/** The order of a payment as its status page shows it: the reference, and whether it expired unpaid (decision 0020). */
export async function findOrderOfPayment(paymentReference: string): Promise<{ reference: string; hasExpired: boolean; newCheckoutHref: string } | null> {
  const order = await getPrisma().order.findFirst({
    where: { paymentAttempts: { some: { reference: paymentReference } } },
    select: { id: true, createdAt: true, expiredAt: true, platform: true, quantity: true, packageName: true },
  });
  if (!order) return null;
  return {
    reference: orderReference(order.id, order.createdAt),
    hasExpired: order.expiredAt !== null,
    newCheckoutHref: newCheckoutHref({ package: { name: order.packageName, platform: order.platform }, quantity: order.quantity }),
  };
}

export async function clientStats(client: OrderViewer): Promise<ClientStats> {
  assertClient(client);
  const prisma = getPrisma();
  const [totalOrders, activeOrders, spent] = await Promise.all([
    prisma.order.count({ where: { clientId: client.id } }),
    prisma.order.count({ where: { clientId: client.id, status: { in: ["pending", "processing"] } } }),
    prisma.order.aggregate({ where: { clientId: client.id, paymentStatus: "paid" }, _sum: { totalMinor: true } }),
  ]);
  return { totalOrders, activeOrders, totalSpent: toMajor(spent._sum.totalMinor ?? 0) };
}

const cancellableStatuses: OrderStatus[] = ["pending", "processing"];

export interface CancellationOffer {
  /** true for a paid order: cancelling it requests a refund of the payment. */
  refundsPayment: boolean;
  /** When a paid order's cancellation window closes (ISO); null for an unpaid order (any time). */
  until: string | null;
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
      tasks: { where: { completions: { some: {} } }, select: { id: true }, take: 1 },
    },
  });
  if (!order) return null;
  if (order.paymentStatus === "unpaid") return { refundsPayment: false, until: null };
  if (order.paymentStatus !== "paid" || order.refundRequestedAt !== null || order.paidAt === null || order.tasks.length > 0) return null;
  const until = new Date(order.paidAt.getTime() + CANCELLATION_WINDOW_MS);
  return until >= now ? { refundsPayment: true, until: until.toISOString() } : null;
}

/**
 * Cancels a client's order. Unpaid: any time. Paid: within CANCELLATION_WINDOW_MS of payment and
 * before any worker completed a task of it; the order is then cancelled with a refund request,
 * which the payments side carries out. Each transition is one conditional update, so concurrent
 * calls (or a payment landing meanwhile) never apply twice; whoever loses gets the 422 of the
 * state they lost to.
 */
export async function cancelOrder(client: OrderViewer, orderId: number, now = new Date()): Promise<OrderConfirmation> {
  assertClient(client);
  const prisma = getPrisma();
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw notFound();
  const order = await prisma.order.findFirst({ where: { id: orderId, clientId: client.id }, select: orderSelect });
  if (!order) throw notFound();

  const windowStart = new Date(now.getTime() - CANCELLATION_WINDOW_MS);
  const owned = { id: order.id, clientId: client.id };

  if (order.paymentStatus === "unpaid") {
    if (await cancelUnpaidByClient(prisma, owned, now)) return getOrderFor(client, order.id);
  } else if (order.paymentStatus === "paid") {
    if (await cancelPaidByClient(prisma, owned, windowStart, now)) {
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

function whyNotCancellable(order: OrderRow & { tasks: { _count: { completions: number } }[] }, windowStart: Date): string {
  if (order.status === "cancelled" && order.expiredAt) return "This order has already expired: it was not paid in time, and nothing was charged.";
  if (order.status === "cancelled") return "This order is already cancelled.";
  if (order.status === "completed") return "This order is completed and can no longer be cancelled.";
  if (order.status === "partial") return "This order has ended and can no longer be cancelled.";
  if (order.paymentStatus === "refunded") return "This order has been refunded and can no longer be cancelled.";
  if (order.tasks.some((task) => task._count.completions > 0)) {
    return "Delivery of this order has already begun, so it can no longer be cancelled. Please contact support.";
  }
  if (order.paymentStatus === "paid" && (order.paidAt === null || order.paidAt < windowStart)) {
    return "Paid orders can only be cancelled within 1 hour of payment. Please contact support.";
  }
  return "This order can no longer be cancelled. Please contact support.";
}
