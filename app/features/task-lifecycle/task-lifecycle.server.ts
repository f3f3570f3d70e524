import type { EngagementType, Platform, TaskStatus } from "~/generated/prisma/client";
import { isoTimestamp, type SqlQueries, sqlValueList } from "~/lib/database/sql-client.server";

/**
 * The only writer of the tasks table. A task offers a paid order's units to workers: it opens
 * `available` with its slots (`required_completions`), each completion fills one (the row is the
 * counter and the lock), the last fills it (`completed`); a completion taken back reopens a slot; a
 * drip-feed run raises the slots; a cancelled order's open task closes (`cancelled`). A dropped
 * delivery's re-delivery is a task of its own with one slot. Every change is one statement guarded
 * by the statuses its transition may leave, so a task never goes past its slots or reopens once closed.
 *
 * Who decides when is elsewhere (fulfilment opens and fills, the deliveries reopen and re-deliver,
 * drip-feed raises, the order's cancellation closes); they call these functions.
 */

type StatusEdge = readonly [from: TaskStatus, to: TaskStatus];

/** Every transition and the status changes it may make (a test enumerates them and checks every other start is refused). */
export const taskTransitions = {
  opened: [],
  slotFilled: [
    ["available", "available"],
    ["available", "completed"],
  ],
  slotReopened: [
    ["available", "available"],
    ["completed", "available"],
    ["cancelled", "cancelled"],
  ],
  slotsRaised: [
    ["available", "available"],
    ["completed", "available"],
    ["completed", "completed"],
  ],
  closed: [["available", "cancelled"]],
} as const satisfies Record<string, readonly StatusEdge[]>;

type TaskTransition = keyof typeof taskTransitions;

const from = (transition: TaskTransition): TaskStatus[] => [...new Set(taskTransitions[transition].map(([start]) => start))];

/** What a paid order's task is opened with. */
export type NewTask = { orderId: number; platform: Platform; type: EngagementType; targetUrl: string; rewardMinor: number; currency: "GHS" | "USD"; requiredCompletions: number };

/** A paid order's task, `available` (opened), in the caller's transaction. */
export async function openTask(sql: SqlQueries, task: NewTask, now = new Date()): Promise<void> {
  await sql.query(
    `INSERT INTO tasks (order_id, platform, type, target_url, reward_minor, currency, required_completions, completion_count, status, created_at, updated_at)
     VALUES ($1::int, $2::platform, $3::engagement_type, $4::text, $5::int, $6::currency, $7::int, 0, 'available', $8::timestamp, $8::timestamp)`,
    [task.orderId, task.platform, task.type, task.targetUrl, task.rewardMinor, task.currency, task.requiredCompletions, now.toISOString()],
  );
}

/** A dropped delivery's re-delivery (opened): one slot at what the dropped delivery paid. */
export async function openRedelivery(sql: SqlQueries, task: Omit<NewTask, "requiredCompletions"> & { replacesCompletionId: number }, now: Date): Promise<void> {
  await sql.query(
    `INSERT INTO tasks (order_id, platform, type, target_url, reward_minor, currency, required_completions, completion_count, status, replaces_completion_id, created_at, updated_at)
     VALUES ($1::int, $2::platform, $3::engagement_type, $4::text, $5::int, $6::currency, 1, 0, 'available', $7::int, $8::timestamp, $8::timestamp)`,
    [task.orderId, task.platform, task.type, task.targetUrl, task.rewardMinor, task.currency, task.replacesCompletionId, now.toISOString()],
  );
}

/** The task a completion's action went to (the target's oldest open order's). */
export type ClaimedTask = {
  id: number;
  orderId: number;
  refillId: number | null;
  /** A dropped delivery's re-delivery: the delivery it replaces. */
  replacesId: number | null;
  rewardMinor: number;
  currency: "GHS" | "USD";
  platform: Platform;
  type: EngagementType;
  targetUrl: string;
  /** ISO (sql-client.server.ts). */
  createdAt: string;
};

/**
 * Fills one slot (slotFilled) of the target's oldest open task of `type` (of `orderId` when given), a
 * dropped delivery's re-delivery first, as it is owed from before; the last slot completes it. FOR
 * UPDATE queues concurrent claims on that row; a claim that finds it filled meanwhile takes the next
 * open task. Null when none is open.
 */
export async function fillSlot(sql: SqlQueries, { targetUrl, type, orderId }: { targetUrl: string; type: EngagementType; orderId: number | null }, now: Date): Promise<ClaimedTask | null> {
  const [claimed] = await sql.query<ClaimedTask>(
    `UPDATE tasks SET
       completion_count = completion_count + 1,
       status = CASE WHEN completion_count + 1 >= required_completions THEN 'completed'::task_status ELSE status END,
       completed_at = CASE WHEN completion_count + 1 >= required_completions THEN $2::timestamp ELSE completed_at END,
       updated_at = $2::timestamp
     WHERE id = (
       SELECT id FROM tasks
       WHERE target_url = $1::text AND type = $3::engagement_type AND status IN (${sqlValueList(from("slotFilled"))}) AND completion_count < required_completions
         AND ($4::int IS NULL OR order_id = $4::int)
       ORDER BY replaces_completion_id IS NULL, created_at, id
       LIMIT 1
       FOR UPDATE
     )
     RETURNING id, order_id AS "orderId", refill_id AS "refillId", replaces_completion_id AS "replacesId", reward_minor AS "rewardMinor", currency::text AS currency,
       platform::text AS platform, type::text AS type, target_url AS "targetUrl", ${isoTimestamp("created_at")} AS "createdAt"`,
    [targetUrl, now.toISOString(), type, orderId],
  );
  return claimed ?? null;
}

/** A completion taken back: its slot reopens (slotReopened), a completed task takes one more delivery. False when the task has no filled slot. */
export async function reopenSlot(sql: SqlQueries, taskId: number, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE tasks SET completion_count = completion_count - 1,
       status = CASE WHEN status = 'completed' THEN 'available'::task_status ELSE status END,
       completed_at = NULL, updated_at = $2::timestamp
     WHERE id = $1::int AND completion_count > 0 AND status IN (${sqlValueList(from("slotReopened"))})
     RETURNING id`,
    [taskId, now.toISOString()],
  );
  return updated.length === 1;
}

/** Locks an order's own tasks (not a refill's), in the order a completion takes its locks (task, then order). */
export async function lockTasksOfOrder(sql: SqlQueries, orderId: number): Promise<void> {
  await sql.query("SELECT id FROM tasks WHERE order_id = $1::int AND refill_id IS NULL ORDER BY id FOR UPDATE", [orderId]);
}

/** A drip-feed run opened (slotsRaised): the order's own task offers `slots` in all, reopening it if its last run had filled it. */
export async function raiseSlots(sql: SqlQueries, orderId: number, slots: number, now: Date): Promise<void> {
  await sql.query(
    `UPDATE tasks SET required_completions = GREATEST(required_completions, $2::int),
       status = CASE WHEN status = 'completed' AND completion_count < $2::int THEN 'available'::task_status ELSE status END,
       completed_at = CASE WHEN completion_count < $2::int THEN NULL ELSE completed_at END,
       updated_at = $3::timestamp
     WHERE order_id = $1::int AND refill_id IS NULL AND status IN (${sqlValueList(from("slotsRaised"))})`,
    [orderId, slots, now.toISOString()],
  );
}

/** A cancelled (refunded) order's open task closes (closed): no one works for money that went back. */
export async function closeTasksOfOrder(sql: SqlQueries, orderId: number): Promise<void> {
  await sql.query(`UPDATE tasks SET status = 'cancelled', updated_at = $2::timestamp WHERE order_id = $1::int AND status IN (${sqlValueList(from("closed"))})`, [
    orderId,
    new Date().toISOString(),
  ]);
}
