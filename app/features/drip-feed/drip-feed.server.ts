import { openFirstDripRun, openNextDripRun, scheduleDripFeed } from "~/features/order-lifecycle/index.server";
import type { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { isoTimestamp, type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { lockTasksOfOrder, raiseSlots } from "~/features/task-lifecycle/index.server";
import { checkRunSizes, type DripFeed, priceOfUnits, runsDelivered, slotsOpenedAfter } from "./drip-feed";

/**
 * Drip-feed orders on the server (issue #21, decision 0026): the schedule columns of an order
 * (`drip_*`), the job that opens each run's slots on the order's task when it is due, and what the
 * pages and the API show of it. An order's status and money stay with order-lifecycle and the ledger.
 */

const minuteMs = 60_000;

/**
 * "Deliver gradually" chosen at "Pay from balance": the unpaid order becomes a drip-feed order, in
 * the transaction that pays it (so a refused payment leaves it as it was). Each run must be at least
 * the catalogue's minimum.
 */
export async function makeDripFeedIn(sql: SqlQueries, orderId: number, drip: DripFeed): Promise<void> {
  const [order] = await sql.query<{ quantity: number }>("SELECT quantity FROM orders WHERE id = $1::int", [orderId]);
  if (!order) throw new AppError(404, "not_found", "Order not found");
  const problem = checkRunSizes(order.quantity, drip.runs);
  if (problem) throw new AppError(400, "invalid_quantity", problem);
  if (!(await scheduleDripFeed(sql, orderId, drip))) throw new AppError(409, "already_paid", "This order is already paid.");
}

/**
 * The slots of a paid order's first run (all of them for an order delivered at once), and for a
 * drip-feed order its first run counted open and the next one scheduled an interval after payment.
 * Called by the task opener in the payment's transaction.
 */
export async function firstRunSlotsIn(sql: SqlQueries, order: PaidOrderSchedule): Promise<number> {
  if (order.dripRuns === null || order.dripIntervalMinutes === null) return order.quantity;
  const paidAt = order.paidAt ? new Date(order.paidAt) : new Date();
  await openFirstDripRun(sql, order.id, new Date(paidAt.getTime() + order.dripIntervalMinutes * minuteMs));
  return slotsOpenedAfter(order.quantity, order.dripRuns, 1);
}

/** What firstRunSlotsIn needs of the order, read by its caller with the rest of the order (`paidAt` as an ISO string). */
export type PaidOrderSchedule = {
  id: number;
  quantity: number;
  dripRuns: number | null;
  dripIntervalMinutes: number | null;
  paidAt: string | null;
};

/** The select list of a PaidOrderSchedule, for the caller's statement on `orders` (aliased `alias`). */
export const paidOrderScheduleColumns = (alias: string) =>
  `${alias}.id, ${alias}.quantity, ${alias}.drip_runs AS "dripRuns", ${alias}.drip_interval_minutes AS "dripIntervalMinutes", ${isoTimestamp(`${alias}.paid_at`)} AS "paidAt"`;

/**
 * Opens the next run of one drip-feed order if it is due: one conditional update of the order's run
 * counter (a run opens once, however many processes try) and the task's required completions raised
 * to the run's end, reopening a task its last run had filled (the order's own task: a refill's
 * re-delivery task is not a run). The task's row is locked first, in the
 * order a worker's completion takes them (task, then order), so the two never deadlock.
 */
export async function openNextRun(orderId: number, now = new Date()): Promise<boolean> {
  return getPrisma().$transaction(async (transaction) => {
    await lockTasksOfOrder(sqlOfPrisma(transaction), orderId);
    const order = await transaction.order.findUnique({
      where: { id: orderId },
      select: { quantity: true, dripRuns: true, dripIntervalMinutes: true, dripRunsOpened: true },
    });
    if (!order || order.dripRuns === null || order.dripIntervalMinutes === null || order.dripRunsOpened >= order.dripRuns) return false;
    const opened = order.dripRunsOpened + 1;
    const nextRunAt = opened >= order.dripRuns ? null : new Date(now.getTime() + order.dripIntervalMinutes * minuteMs);
    if (!(await openNextDripRun(sqlOfPrisma(transaction), orderId, order.dripRunsOpened, now, nextRunAt))) return false;
    await raiseSlots(sqlOfPrisma(transaction), orderId, slotsOpenedAfter(order.quantity, order.dripRuns, opened), now);
    return true;
  });
}

/** The background job: every drip-feed run due by `now` opens (at most `limit` per pass). Returns how many opened. */
export async function openDueDripRuns(now = new Date(), limit = 200): Promise<number> {
  const due = await getPrisma().order.findMany({
    where: { dripNextRunAt: { lte: now }, status: "processing" },
    orderBy: { dripNextRunAt: "asc" },
    select: { id: true },
    take: limit,
  });
  let opened = 0;
  for (const { id } of due) if (await openNextRun(id, now)) opened += 1;
  return opened;
}

/** A drip-feed order as its page and the API show it. */
export interface DripFeedView {
  runs: number;
  intervalMinutes: number;
  runsOpened: number;
  /** Runs whose every unit has been delivered. */
  runsDelivered: number;
  /** When the next run opens (ISO); null once every run is open or the order ended. */
  nextRunAt: string | null;
  /** Units refunded to the wallet when the order was cancelled with runs remaining; null otherwise. */
  refundedQuantity: number | null;
  refundedMinor: number | null;
}

export const dripFeedSelect = {
  quantity: true,
  deliveredQuantity: true,
  priceMinor: true,
  dripRuns: true,
  dripIntervalMinutes: true,
  dripRunsOpened: true,
  dripNextRunAt: true,
  dripRefundedQuantity: true,
} satisfies Prisma.OrderSelect;

type DripFeedRow = Prisma.OrderGetPayload<{ select: typeof dripFeedSelect }>;

export function toDripFeedView(order: DripFeedRow): DripFeedView | null {
  if (order.dripRuns === null || order.dripIntervalMinutes === null) return null;
  return {
    runs: order.dripRuns,
    intervalMinutes: order.dripIntervalMinutes,
    runsOpened: order.dripRunsOpened,
    runsDelivered: runsDelivered(order.quantity, order.dripRuns, order.deliveredQuantity),
    nextRunAt: order.dripNextRunAt?.toISOString() ?? null,
    refundedQuantity: order.dripRefundedQuantity,
    refundedMinor: order.dripRefundedQuantity === null ? null : priceOfUnits(order.priceMinor, order.quantity, order.dripRefundedQuantity),
  };
}

/** The drip-feed of an order its viewer may already see (the caller checked ownership). */
export async function dripFeedOf(orderId: number): Promise<DripFeedView | null> {
  const order = await getPrisma().order.findUnique({ where: { id: orderId }, select: dripFeedSelect });
  return order ? toDripFeedView(order) : null;
}
