import { isCatalogPlatform } from "~/features/catalog";
import { firstRunSlotsIn, type PaidOrderSchedule, paidOrderScheduleColumns } from "~/features/drip-feed/index.server";
import { markPaid, markPaidFromWallet } from "~/features/order-lifecycle/index.server";
import { closeTasksOfOrder as closeOpenTasks, openTask } from "~/features/task-lifecycle/index.server";
import type { EngagementType, Platform } from "~/generated/prisma/client";
import { getDatabase } from "~/lib/database/db.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";

/*
 * "Paid → open the task" has one owner, here. A payment (settlement) and the wallet each take an
 * order to paid through this module only, never through the order lifecycle directly, and the task
 * opens in the same transaction: a paid order always has its task, and no caller pairs the two.
 * A cancelled (refunded) order's task closes here too.
 */

/** An order paid in full by a payment: paid (the order lifecycle), then its task opened. False when it was not payable. */
export async function creditPaidOrder(sql: SqlQueries, orderId: number, now: Date): Promise<boolean> {
  if (!(await markPaid(sql, orderId, now))) return false;
  await openTaskForPaidOrder(sql, orderId);
  return true;
}

/** An order paid from the client's wallet, inside the wallet's transaction (it debits the wallet there). */
export async function creditWalletPaidOrder(sql: SqlQueries, orderId: number, now: Date): Promise<boolean> {
  if (!(await markPaidFromWallet(sql, orderId, now))) return false;
  await openTaskForPaidOrder(sql, orderId);
  return true;
}

/** A cancelled (refunded) order's open task closes: no one works for money that went back. */
export async function closeTasksOfOrder(orderId: number): Promise<void> {
  await closeOpenTasks(getDatabase().sql, orderId);
}

/** What opening a paid order's task needs of it. */
type PaidOrderForTask = PaidOrderSchedule & { platform: Platform; serviceType: EngagementType; targetUrl: string; rewardMinor: number; currency: "GHS" | "USD"; hasTask: boolean };

/**
 * Opens the paid order's task, once (an order with a task keeps it). A drip-feed order's task opens
 * with its first run's slots; the drip-feed job raises them run by run. An order of a platform the
 * catalogue does not serve gets none.
 */
async function openTaskForPaidOrder(sql: SqlQueries, orderId: number): Promise<void> {
  const [order] = await sql.query<PaidOrderForTask>(
    `SELECT ${paidOrderScheduleColumns("o")}, o.platform::text AS platform, o.service_type::text AS "serviceType", o.target_url AS "targetUrl",
       o.reward_minor AS "rewardMinor", o.currency::text AS currency, EXISTS (SELECT 1 FROM tasks t WHERE t.order_id = o.id) AS "hasTask"
     FROM orders o WHERE o.id = $1::int`,
    [orderId],
  );
  if (!order) throw new Error(`Order ${orderId} not found to open its task`);
  if (order.hasTask || !isCatalogPlatform(order.platform)) return;
  const requiredCompletions = await firstRunSlotsIn(sql, order);
  await openTask(sql, { orderId: order.id, platform: order.platform, type: order.serviceType, targetUrl: order.targetUrl, rewardMinor: order.rewardMinor, currency: order.currency, requiredCompletions });
}
