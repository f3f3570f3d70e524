import { toMajorUnits } from "~/lib/money";
import type { OrderPaymentStatus, OrderStatus, Prisma } from "~/generated/prisma/client";
import { epochSeconds, isoFromEpochSeconds, isoTimestamp } from "~/lib/database/sql-client.server";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { deliveryProgress, newCheckoutHref, orderReference } from "./order-display";
import { expireOrderIfDue, expiryTimeOf } from "./order-expiry.server";
import type { ListOrdersQuery } from "./order-schema";

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

export type { OrderStatus };
type PaymentStatus = OrderPaymentStatus;

/** SPEC §3's order on the confirmation page, plus price and fee (DESIGN §6) and a few fields the checkout needs. */
export interface OrderConfirmation {
  id: number;
  package: { id: string; name: string; platform: string };
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

export const orderSelect = {
  id: true,
  packageId: true,
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

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

export const notFound = () => new AppError(404, "not_found", "Order not found");

export function toConfirmation(order: OrderRow): OrderConfirmation {
  return {
    id: order.id,
    package: { id: order.packageId, name: order.packageName, platform: order.platform },
    // A post has no username: its link names what the order is for.
    username: order.targetUsername || order.targetUrl,
    quantity: order.quantity,
    deliveredQuantity: order.deliveredQuantity,
    targetUrl: order.targetUrl,
    amount: toMajorUnits(order.totalMinor),
    price: toMajorUnits(order.priceMinor),
    fee: toMajorUnits(order.feeMinor),
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
    total_amount: toMajorUnits(order.totalMinor),
    status: order.status,
    progress: deliveryProgress(order),
    payment_status: order.paymentStatus,
    expired_at: order.expiredAt?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
  };
}

export function assertClient(viewer: OrderViewer) {
  if (viewer.role !== "client") throw new AppError(403, "forbidden", "Only clients can purchase packages.");
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
  // One SQL statement below Prisma, as the session lookup does: this is the API's most frequent read,
  // and Prisma's own work per query (compiling it, mapping the rows) was a large share of its CPU
  // (issue #22). Timestamps leave the database as seconds since 1970 (the columns hold UTC), so no time
  // zone is guessed.
  // Ids grow with creation time, so id order is creation order and a stable cursor.
  const take = Math.min(Math.max(limit, 1), 50);
  const rows = await getDatabase().sql.query<OrderListRow>(
    `SELECT id, package_name, platform::text AS platform, quantity, delivered_quantity, target_url, total_minor,
       status::text AS status, payment_status::text AS payment_status,
       ${epochSeconds("expired_at")} AS expired_at, ${epochSeconds("created_at")} AS created_at
     FROM orders WHERE client_id = $1${cursor ? " AND id < $3" : ""} ORDER BY id DESC LIMIT $2`,
    cursor ? [client.id, take, cursor] : [client.id, take],
    { statementName: cursor ? "orders-of-client-before" : "orders-of-client" },
  );
  return rows.map((row) => ({
    id: row.id,
    package_name: row.package_name,
    platform: row.platform,
    target_url: row.target_url,
    total_amount: toMajorUnits(row.total_minor),
    status: row.status,
    progress: deliveryProgress({ quantity: row.quantity, deliveredQuantity: row.delivered_quantity }),
    payment_status: row.payment_status,
    expired_at: isoFromEpochSeconds(row.expired_at),
    created_at: isoFromEpochSeconds(row.created_at),
  }));
}

type OrderListRow = {
  id: number;
  package_name: string;
  platform: string;
  quantity: number;
  delivered_quantity: number;
  target_url: string;
  total_minor: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  expired_at: number | null;
  created_at: number;
};

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
export type OrderOfPayment = { reference: string; hasExpired: boolean; newCheckoutHref: string };

export async function findOrderOfPayment(paymentReference: string): Promise<OrderOfPayment | null> {
  // One named statement: every payment status page whose check failed reads it (issue #22).
  const [order] = await getDatabase().sql.query<OrderOfPaymentRow>(
    `SELECT ${orderOfPaymentColumns} FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.reference = $1::text`,
    [paymentReference],
    { statementName: "order-of-payment" },
  );
  return order ? orderOfPayment(order) : null;
}

/**
 * The select list of an OrderOfPayment on `orders o`: a caller that reads the payment anyway (the
 * status page's check, payment-checks.server.ts) joins the order there and reads it in that statement.
 */
export const orderOfPaymentColumns = `o.id, ${isoTimestamp("o.created_at")} AS "createdAt", ${isoTimestamp("o.expired_at")} AS "expiredAt", o.platform::text AS platform, o.quantity, o.package_id AS "packageId", o.package_name AS "packageName"`;

/** A row read with orderOfPaymentColumns; its `id` is null where an outer join found no order (a top-up's payment). */
export type OrderOfPaymentRow = { id: number | null; createdAt: string; expiredAt: string | null; platform: string; quantity: number; packageId: string; packageName: string };

export function orderOfPayment(order: OrderOfPaymentRow): OrderOfPayment | null {
  if (order.id === null) return null;
  return {
    reference: orderReference(order.id, order.createdAt),
    hasExpired: order.expiredAt !== null,
    newCheckoutHref: newCheckoutHref({ package: { id: order.packageId, name: order.packageName, platform: order.platform }, quantity: order.quantity }),
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
  return { totalOrders, activeOrders, totalSpent: toMajorUnits(spent._sum.totalMinor ?? 0) };
}
