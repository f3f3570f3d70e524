import { isCatalogPlatform } from "~/features/catalog/catalog";
import { firstRunSlotsIn, type PaidOrderSchedule, paidOrderScheduleColumns } from "~/features/drip-feed/drip-feed.server";
import { closeTasksOfOrder as closeOpenTasks, openedTaskInsert } from "~/features/task-lifecycle/task-lifecycle.server";
import { type EngagementType, type Platform } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { type SqlQueries, StatementParameters, writeTogether } from "~/lib/database/sql-client.server";

/* A paid order's task: opened in the transaction that credits the order, closed when the order is cancelled. */

/**
 * Opens the paid order's task; runs inside the transaction that credits the order, so it happens once.
 * A drip-feed order's task opens with its first run's slots; the drip-feed job raises them run by run.
 */
export async function openTaskForPaidOrder(sql: SqlQueries, orderId: number): Promise<void> {
  const [order] = await sql.query<PaidOrderForTask>(`SELECT ${paidOrderForTaskColumns("o")} FROM orders o WHERE o.id = $1::int`, [orderId]);
  if (!order) throw new Error(`Order ${orderId} not found to open its task`);
  await openTaskFor(sql, order);
}

/** What opening a paid order's task needs of it, read with `paidOrderForTaskColumns`. */
export type PaidOrderForTask = PaidOrderSchedule & { platform: Platform; serviceType: EngagementType; targetUrl: string; rewardMinor: number; currency: "GHS" | "USD"; hasTask: boolean };

/**
 * The select list of a PaidOrderForTask on `orders` aliased `alias`: a caller that writes the order
 * anyway (the settlement's UPDATE … RETURNING) reads it there and calls openTaskFor, one statement fewer.
 */
export const paidOrderForTaskColumns = (alias: string) =>
  `${paidOrderScheduleColumns(alias)}, ${alias}.platform::text AS platform, ${alias}.service_type::text AS "serviceType", ${alias}.target_url AS "targetUrl",
   ${alias}.reward_minor AS "rewardMinor", ${alias}.currency::text AS currency, EXISTS (SELECT 1 FROM tasks t WHERE t.order_id = ${alias}.id) AS "hasTask"`;

/** openTaskForPaidOrder with the order already read. */
export async function openTaskFor(sql: SqlQueries, order: PaidOrderForTask): Promise<void> {
  const parameters = new StatementParameters();
  await writeTogether(sql, parameters, [await openTaskInsert(sql, parameters, order)]);
}

/**
 * openTaskFor's INSERT, as a write of the caller's statement (writeTogether); null when the order
 * gets no task (it has one, or its platform is not one of the catalog's). A drip-feed order's first
 * run is opened here, in a statement of its own.
 */
export async function openTaskInsert(sql: SqlQueries, parameters: StatementParameters, order: PaidOrderForTask): Promise<string | null> {
  if (order.hasTask || !isCatalogPlatform(order.platform)) return null;
  const requiredCompletions = await firstRunSlotsIn(sql, order);
  return openedTaskInsert(parameters, { orderId: order.id, platform: order.platform, type: order.serviceType, targetUrl: order.targetUrl, rewardMinor: order.rewardMinor, currency: order.currency, requiredCompletions });
}

/** A cancelled (refunded) order's open task closes: no one works for money that went back. */
export async function closeTasksOfOrder(orderId: number): Promise<void> {
  await closeOpenTasks(getPrisma(), orderId);
}
