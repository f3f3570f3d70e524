import { deliveryIdsByHandles, deliveryIdsSchema, flagInTransaction, flagRequestSchema, contestedStates } from "~/features/deliveries/index.server";
import type { DeliveryState } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { isoTimestamp, type SqlQueries } from "~/lib/database/sql-client.server";
import { formatOrderDateTime } from "~/lib/date-time";
import { AppError } from "~/lib/errors";
import { maximumRecordId } from "~/lib/record-id";
import { nameDropsDays, refillCooldownHours, refillStatusLabels, type RefillStatus, refillWindowDays } from "./refill-rules";

/**
 * A client's refills (decision 0041, replacing 0025's re-checks): the client names the deliveries of
 * their order that dropped, and each named one is decided on evidence exactly like a flag
 * (deliveries.server.ts): its worker is asked for a screenshot, an admin decides the contested ones,
 * and a drop is delivered again by someone who never did the target. A refill opened without names
 * (the reseller API's `refill`) waits for them for nameDropsDays, then ends rejected.
 *
 * A refill that names deliveries keeps no state of its own: its status is read off its deliveries
 * (refillStatusOf), so the deliveries' one owner decides it. Refills of the earlier re-checks keep
 * their stored status, and their re-delivery tasks go on (redelivery.server.ts).
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

export interface RefillView {
  id: number;
  orderId: number;
  status: RefillStatus;
  /** "Pending", "In progress", "Completed", "Rejected". */
  statusLabel: string;
  requestedAt: string;
  /** Without a delivery named by then, the refill ends rejected. */
  nameDropsBy: string;
  /** The deliveries the client named, by how they stand (all zero for a refill of the earlier re-checks). */
  named: { total: number; deciding: number; stood: number; dropped: number; replaced: number };
  /** A refill of the earlier re-checks: how many dropped, and how many of those were delivered again. */
  droppedCount: number;
  redeliveredCount: number;
}

/** Who asks: a refill is the client's own order's. */
export interface RefillRequester {
  id: number;
  role: string;
}

/** What dropped, as the client names it: delivery ids (the order page, `/api/orders/{id}/refills`) or handles (the reseller API), and what they see. */
export type NamedDrops = ({ deliveryIds: number[] } | { handles: string[] }) & { note?: string };

function assertClient(user: RefillRequester): void {
  if (user.role !== "client") throw new AppError(403, "forbidden", "Only clients can request refills.");
}

const orderNotFound = () => new AppError(404, "not_found", "Order not found");

/** An order of a service without refills (its refill days are 0). */
export const noRefillMessage = "This service has no refill: its orders cannot be refilled.";

/** POST /api/orders/{id}/refills and the order page's "Refill selected". */
export const refillRequestSchema = flagRequestSchema.extend({ deliveryIds: deliveryIdsSchema("Choose at least one delivery that dropped.") });

/**
 * A refill of the client's delivered order naming `drops` (or, from the reseller API, none yet). When
 * the order's open refill is still waiting for names, they go to it; otherwise a new refill opens,
 * within refillWindowDays of delivery and one every refillCooldownHours. The order's row lock
 * serialises concurrent requests, so "one open" holds under races.
 */
export async function requestRefill(client: RefillRequester, orderId: number, drops: NamedDrops | null, now = new Date()): Promise<RefillView> {
  assertClient(client);
  // No order has an id past the column's range (and `$1::int` would refuse one).
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > maximumRecordId) throw orderNotFound();
  const refillId = await getDatabase().sql.transaction(async (sql) => {
    // The refill window is the order's service's (issue #50): 0 days, no refills (a window closed from the start).
    const [order] = await sql.query<{ status: string; completedAt: string | null; refillDays: number }>(
      `SELECT o.status::text AS status, ${isoTimestamp("o.completed_at")} AS "completedAt", s.refill_days AS "refillDays" FROM orders o JOIN services s ON s.id = o.package_id
       WHERE o.id = $1::int AND o.client_id = $2::int FOR NO KEY UPDATE OF o`,
      [orderId, client.id],
    );
    if (!order) throw orderNotFound();
    if (order.refillDays === 0) throw new AppError(422, "refill_window_closed", noRefillMessage);
    const [last] = await refillRows(sql, { orderId }, 1);
    const lastStatus = last && refillStatusOf(last, now);
    if (drops && last && isWaitingForNames(last, now)) {
      await nameDrops(sql, client.id, orderId, last.id, drops, now);
      return last.id;
    }
    const completedAt = order.completedAt === null ? null : new Date(order.completedAt);
    if ((order.status !== "completed" && order.status !== "partial") || !completedAt) {
      throw new AppError(422, "not_delivered", "Only a delivered order can be refilled: this one is not delivered yet.");
    }
    if (now.getTime() - completedAt.getTime() > order.refillDays * dayMs) {
      throw new AppError(422, "refill_window_closed", `Refills can be requested within ${order.refillDays} days of delivery; this order was delivered on ${formatOrderDateTime(completedAt)}.`);
    }
    if (last && (lastStatus === "pending" || lastStatus === "in_progress")) {
      throw new AppError(409, "refill_open", `This order already has a refill in progress (refill ${last.id}).`);
    }
    if (last && now.getTime() - last.createdAt.getTime() < refillCooldownHours * hourMs) {
      const next = new Date(last.createdAt.getTime() + refillCooldownHours * hourMs);
      throw new AppError(429, "refill_too_soon", `One refill per order every ${refillCooldownHours} hours: you can request the next one after ${formatOrderDateTime(next)}.`, {
        retryAfterSeconds: Math.ceil((next.getTime() - now.getTime()) / 1000),
      });
    }
    const [refill] = await sql.query<{ id: number }>(
      `INSERT INTO refills (order_id, client_id, names_deliveries, check_until, created_at, updated_at)
       VALUES ($1::int, $2::int, true, $3::timestamp, $4::timestamp, $4::timestamp)
       RETURNING id`,
      [orderId, client.id, new Date(now.getTime() + nameDropsDays * dayMs).toISOString(), now.toISOString()],
    );
    if (drops) await nameDrops(sql, client.id, orderId, refill.id, drops, now);
    return refill.id;
  });
  return (await refillsById([refillId], client.id, now))[0];
}

/** The named deliveries become flags of the refill: each worker is asked for evidence, all or nothing. */
async function nameDrops(sql: SqlQueries, clientId: number, orderId: number, refillId: number, drops: NamedDrops, now: Date): Promise<void> {
  const deliveryIds = "handles" in drops ? await deliveryIdsByHandles(sql, orderId, drops.handles) : drops.deliveryIds;
  if (deliveryIds.length === 0) throw new AppError(422, "no_drops_named", "Name at least one delivery that dropped.");
  await flagInTransaction(sql, clientId, orderId, deliveryIds, { note: drops.note ? `Refill ${refillId}: ${drops.note}` : `Named as dropped in refill ${refillId}.`, refillId }, now);
}

type RefillRow = {
  id: number;
  orderId: number;
  status: RefillStatus;
  namesDeliveries: boolean;
  createdAt: Date;
  checkUntil: Date;
  droppedCount: number;
  redeliveredCount: number;
  namedDeliveries: { deliveryState: DeliveryState }[];
};

/** Which refills: an order's, or those among `ids` that are the client's. */
type RefillsOf = { orderId: number } | { ids: number[]; clientId: number };

/** The refills `of` names, newest first, `take` at most, each with the states of the deliveries it names. */
async function refillRows(sql: SqlQueries, of: RefillsOf, take: number): Promise<RefillRow[]> {
  const where = "orderId" in of ? "r.order_id = $2::int" : "r.id = ANY($2::int[]) AND r.client_id = $3::int";
  const values = "orderId" in of ? [of.orderId] : [of.ids, of.clientId];
  const rows = await sql.query<Omit<RefillRow, "createdAt" | "checkUntil" | "namedDeliveries"> & { createdAt: string; checkUntil: string; namedStates: DeliveryState[] }>(
    `SELECT r.id, r.order_id AS "orderId", r.status::text AS status, r.names_deliveries AS "namesDeliveries",
       ${isoTimestamp("r.created_at")} AS "createdAt", ${isoTimestamp("r.check_until")} AS "checkUntil",
       r.dropped_count AS "droppedCount", r.redelivered_count AS "redeliveredCount",
       ARRAY(SELECT c.delivery_state::text FROM task_completions c WHERE c.refill_id = r.id) AS "namedStates"
     FROM refills r
     WHERE ${where}
     ORDER BY r.id DESC
     LIMIT $1::int`,
    [take, ...values],
  );
  return rows.map(({ createdAt, checkUntil, namedStates, ...row }) => ({
    ...row,
    createdAt: new Date(createdAt),
    checkUntil: new Date(checkUntil),
    namedDeliveries: namedStates.map((deliveryState) => ({ deliveryState })),
  }));
}

/** An open refill none of whose deliveries are named yet, before its deadline for naming them. */
function isWaitingForNames(refill: RefillRow, now: Date): boolean {
  return refill.namesDeliveries && refill.namedDeliveries.length === 0 && now <= refill.checkUntil;
}

/**
 * A refill's status, read off its named deliveries: none named yet → pending (rejected once the
 * time to name them is over); any still being decided, or dropped and not yet delivered again → in
 * progress; every drop delivered again → completed; none dropped → rejected.
 */
export function refillStatusOf(refill: RefillRow, now: Date): RefillStatus {
  if (!refill.namesDeliveries) return refill.status;
  const named = namedCounts(refill);
  if (named.total === 0) return now > refill.checkUntil ? "rejected" : "pending";
  if (named.deciding > 0) return "in_progress";
  if (named.dropped === 0) return "rejected";
  return named.replaced === named.dropped ? "completed" : "in_progress";
}

function namedCounts(refill: RefillRow): RefillView["named"] {
  const states = refill.namedDeliveries.map((delivery) => delivery.deliveryState);
  const count = (wanted: DeliveryState[]) => states.filter((state) => wanted.includes(state)).length;
  return { total: states.length, deciding: count(contestedStates), stood: count(["stood"]), dropped: count(["dropped", "replaced"]), replaced: count(["replaced"]) };
}

function toRefillView(refill: RefillRow, now: Date): RefillView {
  const status = refillStatusOf(refill, now);
  return {
    id: refill.id,
    orderId: refill.orderId,
    status,
    statusLabel: refillStatusLabels[status],
    requestedAt: refill.createdAt.toISOString(),
    nameDropsBy: refill.checkUntil.toISOString(),
    named: namedCounts(refill),
    droppedCount: refill.droppedCount,
    redeliveredCount: refill.redeliveredCount,
  };
}

/** The client's refills among `ids` (others' are left out), in the order asked. */
export async function refillsById(ids: number[], clientId: number, now = new Date()): Promise<RefillView[]> {
  const rows = await refillRows(getDatabase().sql, { ids, clientId }, ids.length);
  const byId = new Map(rows.map((row) => [row.id, toRefillView(row, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An order's refills, newest first (the caller has checked the order is the viewer's). */
export async function refillsOfOrder(orderId: number, now = new Date()): Promise<RefillView[]> {
  return (await refillRows(getDatabase().sql, { orderId }, 20)).map((row) => toRefillView(row, now));
}

/**
 * Whether requestRefill would take this order now (the same rules, read only), so the order page
 * offers the checklist's "Refill selected" only when it works, and otherwise says when it will.
 */
export type RefillOffer = { state: "available" } | { state: "unavailable"; reason: string } | { state: "none" };

export function refillOfferFor(order: { status: string; completedAt: Date | null; refillDays?: number }, refills: RefillView[], now = new Date()): RefillOffer {
  const last = refills[0];
  const refillDays = order.refillDays ?? refillWindowDays;
  if (refillDays === 0) return { state: "none" };
  if (last && last.status === "pending") return { state: "available" };
  if ((order.status !== "completed" && order.status !== "partial") || !order.completedAt) return { state: "none" };
  if (now.getTime() - order.completedAt.getTime() > refillDays * dayMs) {
    return { state: "unavailable", reason: `Refills could be requested until ${formatOrderDateTime(new Date(order.completedAt.getTime() + refillDays * dayMs))}.` };
  }
  if (last && last.status === "in_progress") return { state: "unavailable", reason: "A refill of this order is in progress." };
  if (last && now.getTime() - Date.parse(last.requestedAt) < refillCooldownHours * hourMs) {
    return { state: "unavailable", reason: `You can request the next refill after ${formatOrderDateTime(new Date(Date.parse(last.requestedAt) + refillCooldownHours * hourMs))}.` };
  }
  return { state: "available" };
}

/** An order's refills as its page shows them: what the client may do now, and how each refill went. */
export interface RefillPanel {
  /** The order's service's refill window, in days after delivery. */
  refillDays: number;
  offer: RefillOffer;
  refills: (RefillView & { requestedAtText: string; nameDropsByText: string })[];
}

/** The order page's refill panel (null: the order was never delivered and has no refill). */
export async function refillPanelFor(orderId: number, now = new Date()): Promise<RefillPanel | null> {
  const [order, refills] = await Promise.all([
    getPrisma().order.findUnique({ where: { id: orderId }, select: { status: true, completedAt: true, service: { select: { refillDays: true } } } }),
    refillsOfOrder(orderId, now),
  ]);
  if (!order) return null;
  const offer = refillOfferFor({ ...order, refillDays: order.service.refillDays }, refills, now);
  if (offer.state === "none" && refills.length === 0) return null;
  return {
    refillDays: order.service.refillDays,
    offer,
    refills: refills.map((refill) => ({ ...refill, requestedAtText: formatOrderDateTime(refill.requestedAt), nameDropsByText: formatOrderDateTime(refill.nameDropsBy) })),
  };
}

/** GET /api/orders/:id/refills: the client's own order's refills (404 alike for a missing or another's order). */
export async function refillsOfClientOrder(client: RefillRequester, orderId: number): Promise<RefillView[]> {
  assertClient(client);
  const order = orderId > 0 ? await getPrisma().order.findFirst({ where: { id: orderId, clientId: client.id }, select: { id: true } }) : null;
  if (!order) throw orderNotFound();
  return refillsOfOrder(order.id);
}
