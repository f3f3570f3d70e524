import { z } from "zod";
import { isCatalogPlatform, platformLabels, targetUrlFor } from "~/features/catalog";
import { absoluteLink, queuedEmailInsert } from "~/features/mail/index.server";
import { deliveryFlaggedMail } from "~/features/mail";
import type { DeliveryState, EngagementType, Platform } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { type SqlQueries, StatementParameters, writeTogether } from "~/lib/database/sql-client.server";
import { formatOrderDateTime } from "~/lib/date-time";
import { AppError } from "~/lib/errors";
import { maximumRecordId } from "~/lib/record-id";
import type { DeliveriesPanelData } from "./deliveries-panel";
import { contestedStates, type Flag, flagDeliveries, flagDeliveriesForScreening } from "./delivery-lifecycle.server";
import { type DeliveryViewState, deliveriesPageSize, evidenceHours, evidenceRequest, flagNoteMaxLength, flagWindowDays, maximumFlagsPerRequest, screeningRejectedFlags, screeningWindowDays } from "./delivery-rules";

/**
 * An order's deliveries as its buyer sees them (issue #48): who delivered each unit, with a link to
 * their profile so the buyer can check it against their own followers list, and the buyer's flags of
 * the ones they cannot find. What a flag then sets in motion (the worker's evidence, an admin's
 * decision) is delivery-lifecycle.server.ts's.
 */

/** Who reads an order's deliveries: its client, or an admin. */
export interface DeliveryViewer {
  id: number;
  role: string;
}

/** One delivery, as `GET /api/orders/{id}/deliveries` answers it. */
export interface DeliveryView {
  id: number;
  handle: string;
  /** The handle's profile, or null on a platform the store no longer sells. */
  profileUrl: string | null;
  platform: string;
  deliveredAt: string;
  state: DeliveryViewState;
  /** A comments order's delivery: the client's line this worker posted (decision 0047); null for other kinds. */
  comment: string | null;
}

export interface DeliveriesPage {
  deliveries: DeliveryView[];
  page: number;
  pages: number;
  total: number;
}

const orderNotFound = () => new AppError(404, "not_found", "Order not found");

/** `?page=N`: a positive page number, 1 when absent. */
export const deliveriesPageSchema = z.coerce.number({ error: "page must be a whole number from 1" }).int("page must be a whole number from 1").min(1, "page must be a whole number from 1").max(1_000_000).default(1);

/** The order of `viewer` (its client, or any for an admin) with what the flag window needs, or 404 alike for missing and another's. */
async function orderOf(viewer: DeliveryViewer, orderId: number) {
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > maximumRecordId || (viewer.role !== "client" && viewer.role !== "admin")) throw orderNotFound();
  const order = await getPrisma().order.findFirst({
    where: viewer.role === "admin" ? { id: orderId } : { id: orderId, clientId: viewer.id },
    select: { id: true, completedAt: true, cancelledAt: true },
  });
  if (!order) throw orderNotFound();
  return order;
}

/** One page of the order's deliveries, oldest first. */
export async function deliveriesOfOrder(viewer: DeliveryViewer, orderId: number, page = 1): Promise<DeliveriesPage> {
  const order = await orderOf(viewer, orderId);
  const { deliveries, ...paging } = await pageOfDeliveries(order.id, page);
  return { deliveries: deliveries.map(({ decisionReason: _reason, ...delivery }) => delivery), ...paging };
}

/**
 * A delivery's state as its client sees it: a flag an admin is screening is a flag like any other,
 * and the store's spot check is its own until decided.
 */
function viewStateOf(delivery: { deliveryState: DeliveryState; isSpotCheck: boolean }): DeliveryViewState {
  if (delivery.isSpotCheck && contestedStates.includes(delivery.deliveryState)) return "spot_check";
  return delivery.deliveryState === "screening" ? "flagged" : delivery.deliveryState;
}

/** A page of deliveries, each with the reason of its decision (the order page shows it; the API's shape has none). */
async function pageOfDeliveries(orderId: number, page: number): Promise<Omit<DeliveriesPage, "deliveries"> & { deliveries: (DeliveryView & { decisionReason: string | null })[] }> {
  const prisma = getPrisma();
  const where = { task: { orderId } };
  const [rows, total] = await Promise.all([
    prisma.taskCompletion.findMany({
      where,
      orderBy: { id: "asc" },
      skip: (page - 1) * deliveriesPageSize,
      take: deliveriesPageSize,
      select: { id: true, handle: true, platform: true, completedAt: true, deliveryState: true, isSpotCheck: true, decisionReason: true },
    }),
    prisma.taskCompletion.count({ where }),
  ]);
  const lines = rows.length === 0 ? [] : await prisma.orderCommentLine.findMany({ where: { completionId: { in: rows.map((row) => row.id) } }, select: { completionId: true, text: true } });
  const commentOf = new Map(lines.map((line) => [line.completionId, line.text]));
  return {
    deliveries: rows.map((row) => ({
      id: row.id,
      handle: row.handle,
      profileUrl: isCatalogPlatform(row.platform) ? targetUrlFor(row.platform, row.handle) : null,
      platform: row.platform,
      deliveredAt: row.completedAt.toISOString(),
      state: viewStateOf(row),
      comment: commentOf.get(row.id) ?? null,
      decisionReason: row.decisionReason,
    })),
    page,
    pages: Math.max(1, Math.ceil(total / deliveriesPageSize)),
    total,
  };
}

/** The order page's "Who delivered" panel: one page of deliveries and whether the viewer may flag them. */
export async function deliveriesPanelFor(
  viewer: DeliveryViewer,
  orderId: number,
  { page, isAllSelected, justFlagged }: { page: number; isAllSelected: boolean; justFlagged: number | null },
  now = new Date(),
): Promise<DeliveriesPanelData> {
  const order = await orderOf(viewer, orderId);
  const list = await pageOfDeliveries(order.id, page);
  const windowEnd = flagWindowEnd(order);
  return {
    deliveries: list.deliveries.map((delivery) => ({
      id: delivery.id,
      handle: delivery.handle,
      profileUrl: delivery.profileUrl,
      platformLabel: isCatalogPlatform(delivery.platform) ? platformLabels[delivery.platform] : delivery.platform,
      deliveredAtText: formatOrderDateTime(delivery.deliveredAt),
      state: delivery.state,
      comment: delivery.comment,
      decisionReason: delivery.decisionReason,
    })),
    page: list.page,
    pages: list.pages,
    total: list.total,
    canFlag: viewer.role === "client" && (windowEnd === null || now <= windowEnd),
    flagUntilText: windowEnd && formatOrderDateTime(windowEnd),
    isAllSelected,
    justFlagged,
  };
}

/** How many of the client's flags admins rejected (the delivery stood) in the screening window. */
async function rejectedFlagsOf(sql: SqlQueries, clientId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - screeningWindowDays * 24 * 3_600_000);
  const [row] = await sql.query<{ rejected: number }>(
    `SELECT COUNT(*)::int AS rejected FROM task_completions c JOIN tasks t ON t.id = c.task_id JOIN orders o ON o.id = t.order_id
     WHERE o.client_id = $1::int AND c.delivery_state = 'stood' AND c.flagged_at IS NOT NULL AND NOT c.is_spot_check AND c.decided_at >= $2::timestamp`,
    [clientId, since.toISOString()],
  );
  return row.rejected;
}

/** Each flagged delivery's worker hears of it by e-mail, in the flag's (or the screening admin's) transaction: sent only if it commits. */
export async function askWorkersForEvidence(sql: SqlQueries, completionIds: number[], dueAt: Date): Promise<void> {
  const deliveries = await sql.query<{ id: number; handle: string; platform: Platform; targetUrl: string; type: EngagementType; email: string; fullName: string }>(
    `SELECT c.id, c.handle, c.platform::text AS platform, c.target_url AS "targetUrl", t.type::text AS type, u.email, u.full_name AS "fullName"
     FROM task_completions c JOIN tasks t ON t.id = c.task_id JOIN users u ON u.id = c.worker_id
     WHERE c.id = ANY($1::int[])`,
    [completionIds],
  );
  // One statement for all of them, however many deliveries one flag names.
  const parameters = new StatementParameters();
  const inserts = deliveries.map((delivery) => {
    const content = deliveryFlaggedMail({
      name: delivery.fullName,
      target: delivery.targetUrl,
      handle: delivery.handle,
      request: evidenceRequest(delivery.type, delivery.platform),
      dueAt,
      dashboardUrl: absoluteLink("/dashboard#flags"),
    });
    return queuedEmailInsert(parameters, `delivery-flagged:${delivery.id}`, delivery.email, content);
  });
  await writeTogether(sql, parameters, inserts);
}

/** When the order's flag window closes: 30 days after it completed (or ended); null while it is still being delivered. */
function flagWindowEnd(order: { completedAt: Date | null; cancelledAt: Date | null }): Date | null {
  const ended = order.completedAt ?? order.cancelledAt;
  return ended && new Date(ended.getTime() + flagWindowDays * 24 * 3_600_000);
}

/** The deliveries a flag (or a refill) names, from the API's JSON or the order page's checklist. */
export function deliveryIdsSchema(noneChosenMessage: string) {
  return z
    .array(z.number({ error: "deliveryIds must be delivery ids" }).int().min(1).max(maximumRecordId), { error: "deliveryIds must be a list of delivery ids" })
    .min(1, noneChosenMessage)
    .max(maximumFlagsPerRequest, `At most ${maximumFlagsPerRequest} deliveries can be named at once.`);
}

/** POST /api/orders/{id}/flags and the order page's checklist. */
export const flagRequestSchema = z.object({
  deliveryIds: deliveryIdsSchema("Choose at least one delivery to flag."),
  note: z.string({ error: "note must be text" }).trim().max(flagNoteMaxLength, `Keep the note under ${flagNoteMaxLength} characters.`).optional(),
});

export type FlagRequest = z.infer<typeof flagRequestSchema>;

/**
 * The client flags deliveries of their order they cannot find: all of them or none. A delivery of
 * another order is 404; one already flagged or decided, or a request after the window, 409. Each
 * flagged delivery's held earning waits for the decision, and its worker is asked for evidence.
 */
export async function flagDeliveriesOfOrder(client: DeliveryViewer, orderId: number, request: FlagRequest, now = new Date()): Promise<{ flagged: number }> {
  if (client.role !== "client") throw new AppError(403, "forbidden", "Only the client who placed this order can flag its deliveries.");
  const order = await orderOf(client, orderId);
  const windowEnd = flagWindowEnd(order);
  if (windowEnd && now > windowEnd) {
    throw new AppError(409, "flag_window_closed", `Deliveries of this order could be flagged until ${formatOrderDateTime(windowEnd)}, ${flagWindowDays} days after it was completed.`);
  }
  const note = request.note ? request.note : null;
  const flagged = await getDatabase().sql.transaction((sql) => flagInTransaction(sql, client.id, order.id, request.deliveryIds, { note, refillId: null }, now));
  return { flagged };
}

/**
 * Flags deliveries of the client's order in the caller's transaction (a flag, or a refill naming its
 * drops): all of them or none, as flagDeliveriesOfOrder says. Returns how many were flagged.
 */
export async function flagInTransaction(sql: SqlQueries, clientId: number, orderId: number, deliveryIds: number[], flag: Flag, now: Date): Promise<number> {
  const ids = [...new Set(deliveryIds)];
  const rows = await sql.query<{ id: number; state: DeliveryState }>(
    `SELECT c.id, c.delivery_state::text AS state FROM task_completions c JOIN tasks t ON t.id = c.task_id
     WHERE c.id = ANY($1::int[]) AND t.order_id = $2::int
     ORDER BY c.id
     FOR UPDATE OF c`,
    [ids, orderId],
  );
  const found = new Map(rows.map((row) => [row.id, row.state]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError(404, "not_found", `Delivery ${missing} is not a delivery of this order.`);
  const taken = rows.find((row) => row.state !== "counted");
  if (taken) throw new AppError(409, "already_flagged", `Delivery ${taken.id} is already flagged, being checked or decided.`);
  const evidenceDueAt = new Date(now.getTime() + evidenceHours * 3_600_000);
  const isScreened = (await rejectedFlagsOf(sql, clientId, now)) >= screeningRejectedFlags;
  const applied = isScreened ? await flagDeliveriesForScreening(sql, ids, flag, now) : await flagDeliveries(sql, ids, { ...flag, evidenceDueAt }, now);
  if (applied.length !== ids.length) throw new AppError(409, "already_flagged", "Some of these deliveries changed meanwhile; please reload the order.");
  if (!isScreened) await askWorkersForEvidence(sql, ids, evidenceDueAt);
  return applied.length;
}

/**
 * The order's deliveries made by `handles` (the reseller API's refill, which knows handles, not
 * delivery ids), normalised as completions store them (trimmed, no "@", lower case): each handle must
 * name one, or the whole request is refused; flagInTransaction then refuses any not counted.
 */
export async function deliveryIdsByHandles(sql: SqlQueries, orderId: number, handles: string[]): Promise<number[]> {
  const wanted = [...new Set(handles.map((handle) => handle.trim().replace(/^@/, "").toLowerCase()).filter(Boolean))];
  const rows = await sql.query<{ id: number; handle: string }>(
    `SELECT c.id, lower(c.handle) AS handle FROM task_completions c JOIN tasks t ON t.id = c.task_id
     WHERE t.order_id = $1::int AND lower(c.handle) = ANY($2::text[])`,
    [orderId, wanted],
  );
  const byHandle = new Map(rows.map((row) => [row.handle, row.id]));
  const unknown = wanted.find((handle) => !byHandle.has(handle));
  if (unknown !== undefined) throw new AppError(404, "not_found", `No delivery of this order was made by @${unknown}.`);
  return wanted.map((handle) => byHandle.get(handle)!);
}
