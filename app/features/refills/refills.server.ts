import { getPrisma } from "~/lib/database/db.server";
import { formatOrderDateTime } from "~/lib/date-time";
import { AppError } from "~/lib/errors";
import { recheckHours, refillCooldownHours, refillStatusLabels, type RefillStatus, refillWindowDays } from "./refill-rules";

/**
 * A client's refills (issue #21): asked for on a delivered order, re-checked by the workers who
 * delivered it (rechecks.server.ts), what dropped delivered again by others. This module is the
 * client's side: request one, and read where they stand.
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
  /** Unanswered re-checks count as drops after this time. */
  checkUntil: string;
  /** Re-checks asked and how they went (pending ones are not answered yet). */
  checks: { total: number; confirmed: number; dropped: number; pending: number };
  droppedCount: number;
  redeliveredCount: number;
  completedAt: string | null;
}

/** Who asks: a refill is the client's own order's. */
export interface RefillRequester {
  id: number;
  role: string;
}

function assertClient(user: RefillRequester): void {
  if (user.role !== "client") throw new AppError(403, "forbidden", "Only clients can request refills.");
}

const orderNotFound = () => new AppError(404, "not_found", "Order not found");

/**
 * Opens a refill of the client's delivered order: a re-check for each completion that still counts.
 * The order's row lock serialises concurrent requests, so "one open, one per 24 h" holds under races.
 */
export async function requestRefill(client: RefillRequester, orderId: number, now = new Date()): Promise<RefillView> {
  assertClient(client);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw orderNotFound();
  const refillId = await getPrisma().$transaction(async (transaction) => {
    const [order] = await transaction.$queryRaw<{ status: string; completed_at: Date | null }[]>`
      SELECT status::text AS status, completed_at FROM orders WHERE id = ${orderId} AND client_id = ${client.id} FOR NO KEY UPDATE`;
    if (!order) throw orderNotFound();
    if ((order.status !== "completed" && order.status !== "partial") || !order.completed_at) {
      throw new AppError(422, "not_delivered", "Only a delivered order can be refilled: this one is not delivered yet.");
    }
    if (now.getTime() - order.completed_at.getTime() > refillWindowDays * dayMs) {
      throw new AppError(422, "refill_window_closed", `Refills can be requested within ${refillWindowDays} days of delivery; this order was delivered on ${formatOrderDateTime(order.completed_at)}.`);
    }
    const last = await transaction.refill.findFirst({ where: { orderId }, orderBy: { id: "desc" }, select: { id: true, status: true, createdAt: true } });
    if (last && (last.status === "pending" || last.status === "in_progress")) {
      throw new AppError(409, "refill_open", `This order already has a refill in progress (refill ${last.id}).`);
    }
    if (last && now.getTime() - last.createdAt.getTime() < refillCooldownHours * hourMs) {
      const next = new Date(last.createdAt.getTime() + refillCooldownHours * hourMs);
      throw new AppError(429, "refill_too_soon", `One refill per order every ${refillCooldownHours} hours: you can request the next one after ${formatOrderDateTime(next)}.`, {
        retryAfterSeconds: Math.ceil((next.getTime() - now.getTime()) / 1000),
      });
    }
    // Every delivery of the order that still counts: the first delivery's and earlier refills'.
    const completions = await transaction.taskCompletion.findMany({
      where: { task: { orderId }, review: { not: "rejected" }, droppedAt: null },
      select: { id: true, workerId: true },
      orderBy: { id: "asc" },
    });
    if (completions.length === 0) throw new AppError(422, "not_delivered", "Nothing of this order is delivered to re-check.");
    const refill = await transaction.refill.create({
      data: {
        orderId,
        clientId: client.id,
        checkUntil: new Date(now.getTime() + recheckHours * hourMs),
        createdAt: now,
        checks: { createMany: { data: completions.map((completion) => ({ completionId: completion.id, workerId: completion.workerId, createdAt: now })) } },
      },
      select: { id: true },
    });
    return refill.id;
  });
  return (await refillsById([refillId], client.id))[0];
}

const refillSelect = {
  id: true,
  orderId: true,
  status: true,
  createdAt: true,
  checkUntil: true,
  droppedCount: true,
  redeliveredCount: true,
  completedAt: true,
  checks: { select: { answer: true } },
} as const;

type RefillRow = { id: number; orderId: number; status: RefillStatus; createdAt: Date; checkUntil: Date; droppedCount: number; redeliveredCount: number; completedAt: Date | null; checks: { answer: string }[] };

function toRefillView(refill: RefillRow): RefillView {
  const count = (answers: string[]) => refill.checks.filter((check) => answers.includes(check.answer)).length;
  return {
    id: refill.id,
    orderId: refill.orderId,
    status: refill.status,
    statusLabel: refillStatusLabels[refill.status],
    requestedAt: refill.createdAt.toISOString(),
    checkUntil: refill.checkUntil.toISOString(),
    checks: { total: refill.checks.length, confirmed: count(["confirmed"]), dropped: count(["dropped", "unanswered"]), pending: count(["pending"]) },
    droppedCount: refill.droppedCount,
    redeliveredCount: refill.redeliveredCount,
    completedAt: refill.completedAt?.toISOString() ?? null,
  };
}

/** The client's refills among `ids` (others' are left out), in the order asked. */
export async function refillsById(ids: number[], clientId: number): Promise<RefillView[]> {
  const rows = await getPrisma().refill.findMany({ where: { id: { in: ids }, clientId }, select: refillSelect });
  const byId = new Map(rows.map((row) => [row.id, toRefillView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An order's refills, newest first (the caller has checked the order is the viewer's). */
export async function refillsOfOrder(orderId: number): Promise<RefillView[]> {
  const rows = await getPrisma().refill.findMany({ where: { orderId }, orderBy: { id: "desc" }, take: 20, select: refillSelect });
  return rows.map(toRefillView);
}

/**
 * Whether requestRefill would take this order now (the same rules, read only), so the order page
 * offers the button only when it works, and otherwise says when it will.
 */
export type RefillOffer = { state: "available" } | { state: "unavailable"; reason: string } | { state: "none" };

export function refillOfferFor(order: { status: string; completedAt: Date | null }, refills: RefillView[], now = new Date()): RefillOffer {
  if ((order.status !== "completed" && order.status !== "partial") || !order.completedAt) return { state: "none" };
  if (now.getTime() - order.completedAt.getTime() > refillWindowDays * dayMs) {
    return { state: "unavailable", reason: `Refills could be requested until ${formatOrderDateTime(new Date(order.completedAt.getTime() + refillWindowDays * dayMs))}.` };
  }
  const last = refills[0];
  if (last && (last.status === "pending" || last.status === "in_progress")) return { state: "unavailable", reason: "A refill of this order is in progress." };
  if (last && now.getTime() - Date.parse(last.requestedAt) < refillCooldownHours * hourMs) {
    return { state: "unavailable", reason: `You can request the next refill after ${formatOrderDateTime(new Date(Date.parse(last.requestedAt) + refillCooldownHours * hourMs))}.` };
  }
  return { state: "available" };
}

/** An order's refills as its page shows them: what the client may do now, and how each refill went. */
export interface RefillPanel {
  offer: RefillOffer;
  refills: (RefillView & { requestedAtText: string; checkUntilText: string; completedAtText: string | null })[];
}

/** The order page's refill panel (null: the order was never delivered and has no refill). */
export async function refillPanelFor(orderId: number, now = new Date()): Promise<RefillPanel | null> {
  const [order, refills] = await Promise.all([
    getPrisma().order.findUnique({ where: { id: orderId }, select: { status: true, completedAt: true } }),
    refillsOfOrder(orderId),
  ]);
  if (!order) return null;
  const offer = refillOfferFor(order, refills, now);
  if (offer.state === "none" && refills.length === 0) return null;
  return {
    offer,
    refills: refills.map((refill) => ({
      ...refill,
      requestedAtText: formatOrderDateTime(refill.requestedAt),
      checkUntilText: formatOrderDateTime(refill.checkUntil),
      completedAtText: refill.completedAt && formatOrderDateTime(refill.completedAt),
    })),
  };
}

/** GET /api/orders/:id/refills: the client's own order's refills (404 alike for a missing or another's order). */
export async function refillsOfClientOrder(client: RefillRequester, orderId: number): Promise<RefillView[]> {
  assertClient(client);
  const order = orderId > 0 ? await getPrisma().order.findFirst({ where: { id: orderId, clientId: client.id }, select: { id: true } }) : null;
  if (!order) throw orderNotFound();
  return refillsOfOrder(order.id);
}
