import type { OrderPaymentStatus, OrderStatus } from "~/generated/prisma/client";
import { type SqlQueries } from "~/lib/database/sql-client.server";
import { type OrderEmailEvent, type OrderForEmail, orderForEmailColumns, queueEmailOfOrder, queueOrderEmail } from "./order-emails.server";

/**
 * The only writer of an order's state: its `status`, `paymentStatus`, delivery counter and the
 * timestamps that go with them. Every change is a named transition taking the caller's transaction
 * and applied as one conditional update on the order row, so a transition is refused (returns false,
 * nothing written) unless the order is in a state it may leave that way. Callers decide what a
 * refusal means for their user; concurrent callers (a payment and a cancellation, two admins) can
 * never both apply.
 *
 * Statuses: an order is placed `pending` and unpaid; paid, it goes to `processing` (its task is
 * offered to workers) and to `completed` when every unit is delivered; `cancelled` ends it (by the
 * client, by an admin, or by expiry when never paid). `partial` ends a drip-feed order its client
 * stopped with part of it delivered (decision 0026).
 *
 * Each applied transition that the client should hear about queues its e-mail in the same
 * transaction (order-emails.server.ts): pass a transaction, not the bare client, so both or neither.
 */

/** The transition applied (one row updated): queue the client's e-mail for it in the same transaction. */
async function applied(sql: SqlQueries, updated: readonly unknown[], orderId: number, event: OrderEmailEvent): Promise<boolean> {
  if (updated.length !== 1) return false;
  await queueOrderEmail(sql, orderId, event);
  return true;
}

type StatusEdge = readonly [from: OrderStatus, to: OrderStatus];

/**
 * Every transition and the status changes it may make (a test enumerates them, and checks the
 * functions below refuse every other starting state). `payment` is the change of `paymentStatus`.
 */
export const orderTransitions = {
  paid: { status: [["pending", "processing"]], payment: ["unpaid", "paid"] },
  paidFromWallet: { status: [["pending", "processing"]], payment: ["unpaid", "paid"] },
  deliveryRecorded: { status: [["processing", "processing"], ["processing", "completed"]] },
  deliveryReverted: { status: [["processing", "processing"], ["completed", "processing"], ["cancelled", "cancelled"], ["partial", "partial"]] },
  cancelledByClient: { status: [["pending", "cancelled"], ["processing", "cancelled"]] },
  cancelledByAdmin: { status: [["pending", "cancelled"], ["processing", "cancelled"]] },
  dripFeedStopped: { status: [["processing", "cancelled"], ["processing", "partial"]] },
  expired: { status: [["pending", "cancelled"]] },
  refunded: { status: [], payment: ["paid", "refunded"] },
} as const satisfies Record<string, { status: readonly StatusEdge[]; payment?: readonly [OrderPaymentStatus, OrderPaymentStatus] }>;

export type OrderTransition = keyof typeof orderTransitions;

const from = (transition: OrderTransition): OrderStatus[] => [...new Set(orderTransitions[transition].status.map(([start]) => start))];

/**
 * A successful payment of the full amount: an unpaid, pending order becomes paid, and its receipt is
 * queued. Fulfilment takes it from here in the same transaction (creditPaidOrder opens its task); it
 * is the only caller, so a paid order always has its task.
 */
export async function markPaid(sql: SqlQueries, orderId: number, now: Date): Promise<boolean> {
  // The statement returns what the receipt says, so the e-mail needs no second read.
  const [paid] = await sql.query<OrderForEmail>(
    `UPDATE orders o SET payment_status = 'paid', status = 'processing', paid_at = $2::timestamp, updated_at = $2::timestamp
     FROM users u
     WHERE o.id = $1::int AND u.id = o.client_id AND o.payment_status = 'unpaid' AND o.status::text = ANY($3::text[])
     RETURNING ${orderForEmailColumns}`,
    [orderId, now.toISOString(), from("paid")],
  );
  if (!paid) return false;
  await queueEmailOfOrder(sql, paid, "paid");
  return true;
}

/**
 * Paid from the client's wallet (issue #20): like `paid`, and the processing fee goes (spending the
 * balance carries none), so the order's total is its price. The caller debits the wallet in the same
 * transaction (ledger's spendFromWallet), and fulfilment opens its task (creditWalletPaidOrder, the
 * only caller).
 */
export async function markPaidFromWallet(sql: SqlQueries, orderId: number, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders SET payment_status = 'paid', status = 'processing', paid_at = $2::timestamp, paid_from_wallet = true,
       fee_minor = 0, total_minor = price_minor, updated_at = $2::timestamp
     WHERE id = $1::int AND payment_status = 'unpaid' AND status::text = ANY($3::text[])
     RETURNING id`,
    [orderId, now.toISOString(), from("paidFromWallet")],
  );
  return applied(sql, updated, orderId, "paid");
}

/**
 * One unit delivered (a worker's completion): counted only while the order is in fulfilment, so a
 * cancellation that won the race stops deliveries; the last unit completes the order.
 */
export async function recordDelivery(sql: SqlQueries, orderId: number, now: Date): Promise<boolean> {
  const updated = await sql.query<{ status: OrderStatus }>(
    `UPDATE orders SET
       delivered_quantity = delivered_quantity + 1,
       status = CASE WHEN delivered_quantity + 1 >= quantity THEN 'completed'::order_status ELSE status END,
       completed_at = CASE WHEN delivered_quantity + 1 >= quantity THEN $2::timestamp ELSE completed_at END,
       updated_at = $2::timestamp
     WHERE id = $1::int AND status = 'processing'
     RETURNING status::text AS status`,
    [orderId, now.toISOString()],
  );
  if (updated[0]?.status === "completed") await queueOrderEmail(sql, orderId, "delivered");
  return updated.length === 1;
}

/**
 * A delivery taken back (an admin rejected the completion): the unit is owed again, so a completed
 * order returns to fulfilment; any other status stays as it is (a cancelled order is not reopened).
 */
export async function revertDelivery(sql: SqlQueries, orderId: number, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders SET delivered_quantity = delivered_quantity - 1,
       status = CASE WHEN status = 'completed' THEN 'processing'::order_status ELSE status END,
       completed_at = NULL, updated_at = $2::timestamp
     WHERE id = $1::int AND delivered_quantity > 0 AND status::text = ANY($3::text[])
     RETURNING id`,
    [orderId, now.toISOString(), from("deliveryReverted")],
  );
  return updated.length === 1;
}

/** The client cancels an order not paid yet. */
export async function cancelUnpaidByClient(sql: SqlQueries, order: { id: number; clientId: number }, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders SET status = 'cancelled', cancelled_at = $3::timestamp, updated_at = $3::timestamp
     WHERE id = $1::int AND client_id = $2::int AND status::text = ANY($4::text[]) AND payment_status = 'unpaid'
     RETURNING id`,
    [order.id, order.clientId, now.toISOString(), from("cancelledByClient")],
  );
  return applied(sql, updated, order.id, "cancelledByClient");
}

/**
 * The client cancels a paid order with a refund request (the payments side refunds it): only while
 * paid at or after `paidSince` (the cancellation window) and before anything was delivered.
 */
export async function cancelPaidByClient(sql: SqlQueries, order: { id: number; clientId: number }, paidSince: Date, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders o SET status = 'cancelled', cancelled_at = $4::timestamp, refund_requested_at = $4::timestamp, updated_at = $4::timestamp
     WHERE o.id = $1::int AND o.client_id = $2::int AND o.status::text = ANY($5::text[]) AND o.payment_status = 'paid'
       AND o.refund_requested_at IS NULL AND o.paid_at >= $3::timestamp
       AND NOT EXISTS (SELECT 1 FROM task_completions c JOIN tasks t ON t.id = c.task_id WHERE t.order_id = o.id)
       -- A completion bumps this in the same row, so a cancellation racing it re-checks and loses.
       AND o.delivered_quantity = 0
     RETURNING o.id`,
    [order.id, order.clientId, paidSince.toISOString(), now.toISOString(), from("cancelledByClient")],
  );
  return applied(sql, updated, order.id, "cancelledByClient");
}

/** An admin cancels a paid, not yet completed order and asks for its refund. Work already done stays paid to workers. */
export async function cancelByAdmin(sql: SqlQueries, orderId: number, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders SET status = 'cancelled', cancelled_at = $2::timestamp, refund_requested_at = $2::timestamp, updated_at = $2::timestamp
     WHERE id = $1::int AND payment_status = 'paid' AND status::text = ANY($3::text[]) AND refund_requested_at IS NULL
     RETURNING id`,
    [orderId, now.toISOString(), from("cancelledByAdmin")],
  );
  return applied(sql, updated, orderId, "cancelledByAdmin");
}

/**
 * The client stops a wallet-paid drip-feed order while runs remain (issue #21, decision 0026): its
 * runs not yet opened and the unfilled slots of the open one are not delivered, and their units are
 * recorded for the refund the caller books in the same transaction (ledger refundUndeliveredToWallet).
 * The order ends `partial`, or `cancelled` when nothing was delivered. Deliveries count only while
 * the order is `processing`, so a completion that loses the race to this update is refused.
 * Returns the units not delivered, or null (nothing written).
 */
export async function stopDripFeedByClient(sql: SqlQueries, order: { id: number; clientId: number }, now: Date): Promise<number | null> {
  const [stopped] = await sql.query<{ undelivered: number }>(
    `UPDATE orders SET
       status = CASE WHEN delivered_quantity = 0 THEN 'cancelled'::order_status ELSE 'partial'::order_status END,
       cancelled_at = $3::timestamp, drip_next_run_at = NULL,
       drip_refunded_quantity = quantity - delivered_quantity, updated_at = $3::timestamp,
       -- Nothing delivered: a cancelled order wholly refunded, as any other; a partial one's refund is
       -- its own, and its delivery ended now (what was delivered may be refilled, as a completed order's).
       refund_requested_at = CASE WHEN delivered_quantity = 0 THEN $3::timestamp ELSE refund_requested_at END,
       completed_at = CASE WHEN delivered_quantity = 0 THEN completed_at ELSE $3::timestamp END
     WHERE id = $1::int AND client_id = $2::int AND status::text = ANY($4::text[])
       AND payment_status = 'paid' AND paid_from_wallet AND refund_requested_at IS NULL
       AND drip_runs IS NOT NULL AND drip_runs_opened < drip_runs AND delivered_quantity < quantity
     RETURNING drip_refunded_quantity AS undelivered`,
    [order.id, order.clientId, now.toISOString(), from("dripFeedStopped")],
  );
  if (!stopped) return null;
  await queueOrderEmail(sql, order.id, "cancelledByClient");
  return Number(stopped.undelivered);
}

/**
 * Drip-feed schedule (decision 0026): "Deliver gradually" makes an unpaid order a drip-feed order,
 * in the transaction that pays it. False when it is no longer unpaid (nothing written).
 */
export async function scheduleDripFeed(sql: SqlQueries, orderId: number, drip: { runs: number; intervalMinutes: number }): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders SET drip_runs = $2::int, drip_interval_minutes = $3::int, updated_at = $4::timestamp
     WHERE id = $1::int AND payment_status = 'unpaid' AND status = 'pending' AND drip_runs IS NULL
     RETURNING id`,
    [orderId, drip.runs, drip.intervalMinutes, new Date().toISOString()],
  );
  return updated.length === 1;
}

/** A paid drip-feed order's first run is open (with its task); the next opens at `nextRunAt`. Once. */
export async function openFirstDripRun(sql: SqlQueries, orderId: number, nextRunAt: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders SET drip_runs_opened = 1, drip_next_run_at = $2::timestamp, updated_at = $3::timestamp
     WHERE id = $1::int AND drip_runs IS NOT NULL AND drip_runs_opened = 0
     RETURNING id`,
    [orderId, nextRunAt.toISOString(), new Date().toISOString()],
  );
  return updated.length === 1;
}

/**
 * The run after `runsOpened` opens, if it is due by `now` and the order still in fulfilment: one
 * conditional update, so it opens once however many processes try. `nextRunAt` is null for the last.
 */
export async function openNextDripRun(sql: SqlQueries, orderId: number, runsOpened: number, now: Date, nextRunAt: Date | null): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders SET drip_runs_opened = $2::int + 1, drip_next_run_at = $4::timestamp, updated_at = $3::timestamp
     WHERE id = $1::int AND status = 'processing' AND drip_runs_opened = $2::int AND drip_runs > $2::int AND drip_next_run_at <= $3::timestamp
     RETURNING id`,
    [orderId, runsOpened, now.toISOString(), nextRunAt?.toISOString() ?? null],
  );
  return updated.length === 1;
}

/**
 * The store cancels an order never paid in time (decision 0020). `due` is the caller's definition of
 * "in time": placed before `placedBefore`, and no payment of it in one of `openAttemptStatuses` (one
 * that may still succeed). The checkout key goes, so the same checkout draft submitted again makes a
 * new order.
 */
export async function expireUnpaid(sql: SqlQueries, orderId: number, due: { placedBefore: Date; openAttemptStatuses: readonly string[] }, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders o SET status = 'cancelled', cancelled_at = $2::timestamp, expired_at = $2::timestamp, checkout_key = NULL, updated_at = $2::timestamp
     WHERE o.id = $1::int AND o.status::text = ANY($3::text[]) AND o.payment_status = 'unpaid' AND o.created_at <= $4::timestamp
       AND NOT EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = o.id AND a.paid_at IS NULL AND a.status::text = ANY($5::text[]))
     RETURNING o.id`,
    [orderId, now.toISOString(), from("expired"), due.placedBefore.toISOString(), due.openAttemptStatuses],
  );
  return applied(sql, updated, orderId, "expired");
}

/**
 * Every successful payment of the order has come back in full: it reads refunded, whatever its
 * fulfilment status (that is where its money stands; the work is the admin's call).
 */
export async function markRefunded(sql: SqlQueries, orderId: number): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE orders SET payment_status = 'refunded', updated_at = $2::timestamp WHERE id = $1::int AND payment_status = 'paid' RETURNING id`,
    [orderId, new Date().toISOString()],
  );
  return applied(sql, updated, orderId, "refunded");
}
