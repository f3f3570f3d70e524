import { absoluteLink, queueEmail, queuedEmailInsert } from "~/features/mail/index.server";
import { greetingNameOf, orderCancelledMail, orderDeliveredMail, paymentFailedMail, paymentReceivedMail, refundSentMail } from "~/features/mail";
import { isoTimestamp, type SqlQueries, StatementParameters, writeTogether } from "~/lib/database/sql-client.server";
import { getEnv } from "~/lib/env.server";
import { orderReference } from "~/lib/order-reference";

/**
 * The client's e-mail for each transition of an order (issue #19), queued in the transition's own
 * transaction by order-lifecycle.server.ts: whoever causes the change (a webhook, the reconciler, an
 * admin, the expiry job), the e-mail goes once. Keys name the order and the event.
 */
export type OrderEmailEvent = "paid" | "delivered" | "cancelledByClient" | "cancelledByAdmin" | "expired" | "refunded";

const cancelledBy = { cancelledByClient: "client", cancelledByAdmin: "admin", expired: "expiry" } as const;

/**
 * What an order's e-mail says of it, as a select list over the order `o` and its client `u`: a
 * transition's own statement can return it (markPaid), so the e-mail costs no second read.
 */
export const orderForEmailColumns = `o.id, ${isoTimestamp("o.created_at")} AS "createdAt", o.package_name AS "packageName", o.quantity, o.price_minor AS "priceMinor",
  o.fee_minor AS "feeMinor", o.total_minor AS "totalMinor", ${isoTimestamp("o.paid_at")} AS "paidAt",
  o.refund_requested_at IS NOT NULL AS "refundRequested", o.paid_from_wallet AS "paidFromWallet", o.drip_refunded_quantity AS "dripRefundedQuantity",
  (o.api_key_id IS NOT NULL OR o.client_reference IS NOT NULL) AS "placedInBulk", u.email, u.full_name AS "fullName", ${isoTimestamp("u.email_verified_at")} AS "emailVerifiedAt"`;

export async function queueOrderEmail(sql: SqlQueries, orderId: number, event: OrderEmailEvent): Promise<void> {
  const [order] = await sql.query<OrderForEmail>(`SELECT ${orderForEmailColumns} FROM orders o JOIN users u ON u.id = o.client_id WHERE o.id = $1::int`, [orderId]);
  if (!order) throw new Error(`Order ${orderId} not found for its ${event} e-mail`);
  await queueEmailOfOrder(sql, order, event);
}

/** The e-mail of an order read with `orderForEmailColumns`. */
export async function queueEmailOfOrder(sql: SqlQueries, order: OrderForEmail, event: OrderEmailEvent): Promise<void> {
  const parameters = new StatementParameters();
  await writeTogether(sql, parameters, [orderEmailInsert(parameters, order, event)]);
}

/** queueEmailOfOrder's INSERT; null when the order gets no such e-mail. */
function orderEmailInsert(parameters: StatementParameters, order: OrderForEmail, event: OrderEmailEvent): string | null {
  // Orders placed in bulk — through the reseller API (a key) or a mass order (a client reference) —
  // are followed through the API's status and the wallet's history: a receipt and a delivery e-mail
  // for each would be hundreds a day. Cancellations and refunds, rare and worth reading, still go.
  if (order.placedInBulk && (event === "paid" || event === "delivered")) return null;
  const reference = orderReference(order.id, order.createdAt);
  const common = { name: greetingNameOf(order), reference, packageName: order.packageName, orderUrl: absoluteLink(`/orders/${order.id}`) };
  const content = (() => {
    switch (event) {
      case "paid":
        return paymentReceivedMail({ ...common, priceMinor: order.priceMinor, feeMinor: order.feeMinor, totalMinor: order.totalMinor, paidAt: order.paidAt ? new Date(order.paidAt) : new Date() });
      case "delivered":
        return orderDeliveredMail({ ...common, quantity: order.quantity });
      case "refunded":
        return refundSentMail({ ...common, amountMinor: order.totalMinor, toWallet: order.paidFromWallet });
      default:
        return orderCancelledMail({ ...common, cancelledBy: cancelledBy[event], refundMinor: cancellationRefundMinor(order), expiryHours: getEnv().UNPAID_ORDER_EXPIRY_HOURS, toWallet: order.paidFromWallet });
    }
  })();
  return queuedEmailInsert(parameters, `order:${order.id}:${event}`, order.email, content);
}

/** What an order's e-mails say of it; timestamps as ISO strings (sql-client.server.ts). */
export type OrderForEmail = {
  id: number;
  createdAt: string;
  packageName: string;
  quantity: number;
  priceMinor: number;
  feeMinor: number;
  totalMinor: number;
  paidAt: string | null;
  refundRequested: boolean;
  paidFromWallet: boolean;
  dripRefundedQuantity: number | null;
  placedInBulk: boolean;
  email: string;
  fullName: string;
  emailVerifiedAt: string | null;
};

/** What a cancellation gives back: a stopped drip-feed order its undelivered units' price (decision 0026), else the whole when a refund was asked. */
function cancellationRefundMinor(order: { refundRequested: boolean; totalMinor: number; priceMinor: number; quantity: number; dripRefundedQuantity: number | null }): number | null {
  // Rounded down to the pesewa, as the ledger's refundUndeliveredToWallet books it (exact: priced per unit).
  if (order.dripRefundedQuantity !== null) return Math.floor((order.priceMinor * order.dripRefundedQuantity) / order.quantity);
  return order.refundRequested ? order.totalMinor : null;
}

/**
 * A payment that failed or was given up (the order stays unpaid): the client is told, with a link to
 * pay again. Keyed by the payment's reference, so each attempt is told once.
 */
export async function queuePaymentFailedEmail(sql: SqlQueries, paymentReference: string): Promise<void> {
  const [attempt] = await sql.query<{ gatewayResponse: string | null; orderId: number | null; createdAt: string; paymentStatus: string; status: string; email: string; fullName: string; emailVerifiedAt: string | null }>(
    `SELECT a.gateway_response AS "gatewayResponse", o.id AS "orderId", ${isoTimestamp("o.created_at")} AS "createdAt", o.payment_status::text AS "paymentStatus", o.status::text AS status,
       u.email, u.full_name AS "fullName", ${isoTimestamp("u.email_verified_at")} AS "emailVerifiedAt"
     FROM payment_attempts a JOIN orders o ON o.id = a.order_id JOIN users u ON u.id = o.client_id
     WHERE a.reference = $1::text`,
    [paymentReference],
  );
  // Paid by another attempt meanwhile, or cancelled: nothing to pay again. A wallet top-up's payer
  // is on its page and sees the outcome there; an unpaid top-up needs no reminder.
  if (!attempt?.orderId || attempt.paymentStatus !== "unpaid" || attempt.status !== "pending") return;
  await queueEmail(
    sql,
    `payment-failed:${paymentReference}`,
    attempt.email,
    paymentFailedMail({ name: greetingNameOf(attempt), reference: orderReference(attempt.orderId, attempt.createdAt), reason: attempt.gatewayResponse, payAgainUrl: absoluteLink(`/checkout?orderId=${attempt.orderId}`), expiryHours: getEnv().UNPAID_ORDER_EXPIRY_HOURS }),
  );
}
