import { toMajorUnits } from "~/lib/money";
import { assertAdmin } from "~/features/auth";
import type { PublicUser } from "~/features/auth/index.server";
import { closeTasksOfOrder } from "~/features/fulfilment/index.server";
import { cancelByAdmin, refundIfPaidFromWallet } from "~/features/order-lifecycle/index.server";
import type { OrderPaymentStatus, OrderStatus, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { type AdminPage, isoOrNull, pageWindow, toAdminPage } from "./admin-access.server";
import type { OrderCancellationInput, OrderListQuery } from "./admin-schemas";
import { type AuditEntryView, auditEntriesFor } from "./audit-log.server";
import { recordAdminAction } from "~/features/audit/index.server";
import { type AdminPaymentAttempt, paymentAttemptSelect, toPaymentAttemptView } from "./payment-attempts.server";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * Orders for admins: every client's orders with search and filters, one order with its screenshot,
 * payment attempts and deliveries, and the admin's "cancel with refund". The admin rule is wider
 * than the client's (cancelOrder): a paid order that is not yet completed can be cancelled at any
 * time, even once delivery began; the payments reconciler then refunds every successful payment
 * of it (requestRefundsOfCancelledOrders picks up cancelled orders with refundRequestedAt).
 */

export interface AdminOrderListItem {
  id: number;
  client: { id: number; email: string; username: string };
  packageName: string;
  platform: string;
  quantity: number;
  deliveredQuantity: number;
  /** Percent delivered, 0-100. */
  progress: number;
  targetUsername: string;
  targetUrl: string;
  /** Payable total in cedis. */
  total: number;
  currency: "GHS" | "USD";
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  refundRequested: boolean;
  /** Cancelled by the store because it was not paid in time (decision 0020). */
  expiredAt: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface AdminOrderCompletion {
  id: number;
  worker: { id: number; username: string };
  handle: string;
  review: "held" | "approved" | "rejected";
  holdUntil: string;
  completedAt: string;
  rejectionReason: string | null;
}

export interface AdminOrderDetail extends AdminOrderListItem {
  price: number;
  fee: number;
  completedAt: string | null;
  cancelledAt: string | null;
  refundRequestedAt: string | null;
  /** The account screenshot the client uploaded, served to admins by GET /api/uploads/{id}. */
  screenshot: { id: string; url: string } | null;
  payments: AdminPaymentAttempt[];
  deliveries: {
    id: number;
    type: string;
    status: string;
    reward: number;
    requiredCompletions: number;
    completionCount: number;
    createdAt: string;
    completedAt: string | null;
    /** The latest completions (at most 50), newest first; `totalCompletions` counts them all. */
    completions: AdminOrderCompletion[];
    totalCompletions: number;
  }[];
  /** Whether "Cancel with refund" applies now. */
  canCancelWithRefund: boolean;
  history: AuditEntryView[];
}

const listSelect = {
  id: true,
  packageName: true,
  platform: true,
  quantity: true,
  deliveredQuantity: true,
  targetUsername: true,
  targetUrl: true,
  totalMinor: true,
  currency: true,
  status: true,
  paymentStatus: true,
  refundRequestedAt: true,
  expiredAt: true,
  createdAt: true,
  paidAt: true,
  client: { select: { id: true, email: true, username: true } },
} satisfies Prisma.OrderSelect;

function toListItem(order: Prisma.OrderGetPayload<{ select: typeof listSelect }>): AdminOrderListItem {
  return {
    id: order.id,
    client: order.client,
    packageName: order.packageName,
    platform: order.platform,
    quantity: order.quantity,
    deliveredQuantity: order.deliveredQuantity,
    progress: order.quantity > 0 ? Math.min(100, Math.floor((order.deliveredQuantity * 100) / order.quantity)) : 0,
    targetUsername: order.targetUsername || order.targetUrl,
    targetUrl: order.targetUrl,
    total: toMajorUnits(order.totalMinor),
    currency: order.currency,
    status: order.status,
    paymentStatus: order.paymentStatus,
    refundRequested: order.refundRequestedAt !== null,
    expiredAt: isoOrNull(order.expiredAt),
    createdAt: order.createdAt.toISOString(),
    paidAt: isoOrNull(order.paidAt),
  };
}

/** "12", "#12" and "SMB-12-2026" find order 12; other text searches the target and the client. */
function searchWhere(q: string | undefined): Prisma.OrderWhereInput {
  if (!q) return {};
  const reference = /^(?:#|SMB-)?(\d{1,9})(?:-\d{4})?$/i.exec(q);
  const text = q.replace(/^@/, "");
  return {
    OR: [
      ...(reference ? [{ id: Number(reference[1]) }] : []),
      { targetUsername: { contains: text, mode: "insensitive" } },
      { client: { email: { contains: text.toLowerCase() } } },
      { client: { usernameLower: { contains: text.toLowerCase() } } },
    ],
  };
}

export async function listAdminOrders(admin: PublicUser, query: OrderListQuery): Promise<AdminPage<AdminOrderListItem>> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const where: Prisma.OrderWhereInput = {
    ...searchWhere(query.q),
    ...(query.status ? { status: query.status } : {}),
    ...(query.paymentStatus ? { paymentStatus: query.paymentStatus } : {}),
  };
  const [orders, total] = await Promise.all([
    prisma.order.findMany({ where, orderBy: { id: "desc" }, ...pageWindow(query.page), select: listSelect }),
    prisma.order.count({ where }),
  ]);
  return toAdminPage(orders.map(toListItem), query.page, total);
}

const completionsShown = 50;

export async function getAdminOrder(admin: PublicUser, orderId: number): Promise<AdminOrderDetail> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      ...listSelect,
      priceMinor: true,
      feeMinor: true,
      completedAt: true,
      cancelledAt: true,
      screenshotUploadId: true,
      paymentAttempts: { orderBy: { id: "asc" }, select: paymentAttemptSelect },
      tasks: {
        orderBy: { id: "asc" },
        select: {
          id: true,
          type: true,
          status: true,
          rewardMinor: true,
          requiredCompletions: true,
          completionCount: true,
          createdAt: true,
          completedAt: true,
          _count: { select: { completions: true } },
          completions: {
            orderBy: { id: "desc" },
            take: completionsShown,
            select: { id: true, handle: true, review: true, holdUntil: true, completedAt: true, rejectionReason: true, worker: { select: { id: true, username: true } } },
          },
        },
      },
    },
  });
  if (!order) throw new AppError(404, "not_found", "Order not found");
  const history = await auditEntriesFor("order", String(orderId));
  return {
    ...toListItem(order),
    price: toMajorUnits(order.priceMinor),
    fee: toMajorUnits(order.feeMinor),
    completedAt: isoOrNull(order.completedAt),
    cancelledAt: isoOrNull(order.cancelledAt),
    refundRequestedAt: isoOrNull(order.refundRequestedAt),
    screenshot: order.screenshotUploadId ? { id: order.screenshotUploadId, url: `/api/uploads/${order.screenshotUploadId}` } : null,
    payments: order.paymentAttempts.map(toPaymentAttemptView),
    deliveries: order.tasks.map((task) => ({
      id: task.id,
      type: task.type,
      status: task.status,
      reward: toMajorUnits(task.rewardMinor),
      requiredCompletions: task.requiredCompletions,
      completionCount: task.completionCount,
      createdAt: task.createdAt.toISOString(),
      completedAt: isoOrNull(task.completedAt),
      totalCompletions: task._count.completions,
      completions: task.completions.map((completion) => ({
        id: completion.id,
        worker: completion.worker,
        handle: completion.handle,
        review: completion.review,
        holdUntil: completion.holdUntil.toISOString(),
        completedAt: completion.completedAt.toISOString(),
        rejectionReason: completion.rejectionReason,
      })),
    })),
    canCancelWithRefund: isCancellableWithRefund(order),
    history,
  };
}

const openStatuses: OrderStatus[] = ["pending", "processing"];

function isCancellableWithRefund(order: { status: OrderStatus; paymentStatus: OrderPaymentStatus; refundRequestedAt: Date | null }) {
  return order.paymentStatus === "paid" && openStatuses.includes(order.status) && order.refundRequestedAt === null;
}

function whyNotCancellable(order: { status: OrderStatus; paymentStatus: OrderPaymentStatus; refundRequestedAt: Date | null }): string {
  if (order.status === "cancelled") return "This order is already cancelled.";
  if (order.paymentStatus === "refunded") return "This order has already been refunded.";
  if (order.refundRequestedAt !== null) return "A refund of this order is already under way.";
  if (order.status === "completed") return "This order is completed: it can no longer be cancelled with a refund.";
  if (order.status === "partial") return "This order has ended: it can no longer be cancelled with a refund.";
  if (order.paymentStatus === "unpaid") return "This order is not paid, so there is nothing to refund.";
  return "This order cannot be cancelled with a refund now.";
}

/**
 * Cancels a paid, not yet completed order and asks for its refund: one conditional update (a
 * payment, a completion or another admin acting meanwhile makes it match nothing: 409 with the
 * reason), the audit entry in the same transaction, then its open task closes so nobody works
 * for money that goes back. Work already done stays credited to the workers who did it.
 */
export async function cancelOrderWithRefund(admin: PublicUser, orderId: number, { reason }: OrderCancellationInput, now = new Date()): Promise<AdminOrderListItem> {
  assertAdmin(admin);
  const cancelled = await getPrisma().$transaction(async (transaction) => {
    const order = await transaction.order.findUnique({ where: { id: orderId }, select: { status: true, paymentStatus: true, refundRequestedAt: true } });
    if (!order) throw new AppError(404, "not_found", "Order not found");
    if (!(await cancelByAdmin(sqlOfPrisma(transaction), orderId, now))) {
      const current = await transaction.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true, paymentStatus: true, refundRequestedAt: true } });
      throw new AppError(409, "stale_state", whyNotCancellable(current));
    }
    const refundedToWallet = await refundIfPaidFromWallet(sqlOfPrisma(transaction), orderId, "Refund of an order cancelled by our team");
    await recordAdminAction(sqlOfPrisma(transaction), admin, {
      action: "order.cancel_refund",
      targetType: "order",
      targetId: String(orderId),
      details: { before: { status: order.status, paymentStatus: order.paymentStatus }, after: { status: "cancelled", ...(refundedToWallet ? { paymentStatus: "refunded", refundRequested: true, refundedToWallet: true } : { paymentStatus: "paid", refundRequested: true }) }, reason },
    });
    return toListItem(await transaction.order.findUniqueOrThrow({ where: { id: orderId }, select: listSelect }));
  });
  await closeTasksOfOrder(orderId);
  return cancelled;
}
