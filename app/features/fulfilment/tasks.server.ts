import { randomInt } from "node:crypto";
import { toMajorUnits } from "~/lib/money";
import type { PublicUser } from "~/features/auth/accounts.server";
import { isCatalogPlatform, platformLabels } from "~/features/catalog/catalog";
import { firstRunSlotsIn, type PaidOrderSchedule, paidOrderScheduleColumns } from "~/features/drip-feed/drip-feed.server";
import { markReplaced, sampleForSpotCheck } from "~/features/deliveries/delivery-lifecycle.server";
import { spotCheckHours } from "~/features/deliveries/delivery-rules";
import { recordHeldEarning } from "~/features/ledger/ledger.server";
import { recordDelivery } from "~/features/order-lifecycle/order-lifecycle.server";
import { recordRedelivery } from "~/features/refills/redelivery.server";
import { closeTasksOfOrder as closeOpenTasks, fillSlot, openedTaskInsert } from "~/features/task-lifecycle/task-lifecycle.server";
import { type CompletionReview, type EngagementType, type Platform, Prisma } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { isoTimestamp, isUniqueViolation, type SqlQueries, StatementParameters, writeTogether } from "~/lib/database/sql-client.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { maximumRecordId } from "~/lib/record-id";
import { normalizeHandle } from "./handle-schema";
import { actionOf, isProfileTask } from "./worker-display";

/**
 * Tasks: a paid order opens one task for its target; approved workers complete it one action at a
 * time. Workers see a target once, however many orders it has, and an action goes to the target's
 * oldest open order. A completion is one transaction that never goes past the task's quantity (the
 * task row is the counter and the lock), never repeats a worker or a handle on one target (unique
 * indexes), moves the order's progress only while the order is open, and credits the reward as held
 * earnings.
 */

/** SPEC §3's Task, plus what a worker needs to do it (how many are still wanted). */
export interface TaskView {
  id: number;
  platform: string;
  type: string;
  targetUrl: string;
  /** Cedis per action (decision 0010: API amounts are cedis as numbers). */
  reward: number;
  currency: "GHS" | "USD";
  status: string;
  createdAt: string;
  remaining: number;
  /** What to do, as the task card says it: "Follow", "Like this post", "Watch this video for at least 30 seconds", … (worker-display.ts). */
  action: string;
  /** "profile" when the target is an account (follow, subscribe), "post" for one post or video. */
  target: "profile" | "post";
  /** A comments task: the client's line reserved for this worker (decision 0047), null until they ask for one ("Get my comment"). */
  comment: CommentReservation | null;
}

/** A comment line reserved for one worker until `reservedUntil` (ISO). */
export interface CommentReservation {
  text: string;
  reservedUntil: string;
}

/** A worker's own completion, for "my tasks" and Recent Activity. */
export interface CompletedTaskView extends Omit<TaskView, "remaining" | "comment"> {
  /** The comment line this completion posted (comments tasks), else null. */
  comment: string | null;
  completionId: number;
  handle: string;
  review: "held" | "approved" | "rejected";
  completedAt: string;
  /** When a held reward becomes available (unless rejected first). */
  holdUntil: string;
}

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

/** The signed-in user as an approved worker, or why not (403). */
export function assertActiveWorker(user: PublicUser): void {
  if (user.role !== "worker") throw new AppError(403, "forbidden", "Only workers can do tasks.");
  if (user.status === "pending_review") throw new AppError(403, "worker_pending", "Your worker account is waiting for review. Tasks are offered once an admin approves it.");
  if (user.status !== "active") throw new AppError(403, "worker_inactive", "Your worker account cannot take tasks. Please contact support.");
}

interface TaskRow {
  id: number;
  platform: string;
  type: string;
  target_url: string;
  reward_minor: number;
  currency: "GHS" | "USD";
  status: string;
  created_at: Date;
  remaining: number;
}

/**
 * The open tasks this worker may do: on platforms they joined and linked a handle for, on targets
 * neither their account nor their handle has completed before (any order), oldest first; none while
 * the store has paused their tasks for reliability (issue #21). A refill's re-delivery task is one
 * more open task of its target, so it goes only to workers who never did that target.
 * One entry per target and kind (a post's likes and its comments are two), its oldest open order's
 * task: a worker does an action on a target once, however many orders it has (completeTask credits
 * that oldest order). The filter is in the query, so the
 * first 10 are 10 targets; each row looks for an older open task of its target through the
 * (target_url, status, created_at) index, and the walk still stops after 10.
 * The platform is compared as the enum, not as text: PostgreSQL cannot estimate `platform::text IN`,
 * guessed ~5 matching tasks, and so checked every open task and sorted them (25 ms with 1,000 open
 * tasks, 0.4 ms walking the (status, created_at) index until 10 are found; bench/README.md, api-reads).
 */
function availableTasksQuery(worker: PublicUser, select: Prisma.Sql, tail: Prisma.Sql) {
  const platforms = worker.platforms.filter(isCatalogPlatform);
  if (platforms.length === 0) return null;
  return Prisma.sql`
    SELECT ${select}
    FROM tasks t
    JOIN worker_handles h ON h.worker_id = ${worker.id} AND h.platform = t.platform
    JOIN users me ON me.id = ${worker.id} AND me.tasks_paused_at IS NULL
    WHERE t.status = 'available'
      AND t.completion_count < t.required_completions
      AND t.platform IN (${Prisma.join(platforms.map((platform) => Prisma.sql`CAST(${platform} AS platform)`))})
      AND NOT EXISTS (
        SELECT 1 FROM task_completions c
        WHERE c.target_url = t.target_url AND c.type = t.type AND (c.worker_id = ${worker.id} OR (c.platform = t.platform AND c.handle = h.handle))
      )
      AND NOT EXISTS (
        SELECT 1 FROM tasks older
        WHERE older.target_url = t.target_url AND older.type = t.type AND older.status = 'available' AND older.completion_count < older.required_completions
          AND (older.created_at, older.id) < (t.created_at, t.id)
      )
      AND (t.type <> 'comments' OR EXISTS (${commentLineOpenTo(worker.id, Prisma.sql`t.target_url`, new Date())}))
    ${tail}`;
}

/**
 * A comment line of `targetUrl`'s open comments tasks this worker may have (decision 0047): one no
 * one holds, one whose reservation lapsed, or their own not yet posted. A comments task with none
 * left is not offered: every line is someone's for now.
 */
function commentLineOpenTo(workerId: number, targetUrl: Prisma.Sql, now: Date) {
  return Prisma.sql`
    SELECT 1 FROM tasks ct JOIN order_comment_lines l ON l.order_id = ct.order_id
    WHERE ct.target_url = ${targetUrl} AND ct.type = 'comments' AND ct.status = 'available' AND ct.completion_count < ct.required_completions
      AND l.completion_id IS NULL AND (l.worker_id IS NULL OR l.worker_id = ${workerId} OR l.reserved_until <= CAST(${now.toISOString()} AS timestamp))`;
}

/**
 * Whether the worker may see the account screenshot `uploadId` (issue #48): it verifies the account
 * of an order whose task they are offered now (the list's own rule), or one they did.
 */
export async function workerMaySeeAccountScreenshot(worker: PublicUser, uploadId: string): Promise<boolean> {
  if (worker.role !== "worker") return false;
  const [done] = await getPrisma().$queryRaw<{ done: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM task_completions c JOIN tasks t ON t.id = c.task_id JOIN orders o ON o.id = t.order_id
                   WHERE c.worker_id = ${worker.id} AND o.screenshot_upload_id = ${uploadId}) AS done`;
  if (done?.done) return true;
  const offered = availableTasksQuery(worker, Prisma.sql`1`, Prisma.sql`AND EXISTS (SELECT 1 FROM orders o WHERE o.id = t.order_id AND o.screenshot_upload_id = ${uploadId}) LIMIT 1`);
  return offered !== null && (await getPrisma().$queryRaw<unknown[]>(offered)).length > 0;
}

/** The account screenshots of the orders of `taskIds`, as addresses the task cards show (tasks without one are left out). */
export async function accountScreenshotsOf(taskIds: number[]): Promise<Map<number, string>> {
  if (taskIds.length === 0) return new Map();
  const rows = await getPrisma().task.findMany({ where: { id: { in: taskIds }, order: { screenshotUploadId: { not: null } } }, select: { id: true, order: { select: { screenshotUploadId: true } } } });
  return new Map(rows.map((row) => [row.id, `/api/uploads/${row.order.screenshotUploadId}`]));
}

/** SPEC §9: the dashboard lists the first 10 (AVAILABLE_TASKS_SHOWN). */
export async function listAvailableTasks(worker: PublicUser, limit = getEnv().AVAILABLE_TASKS_SHOWN): Promise<TaskView[]> {
  assertActiveWorker(worker);
  const query = availableTasksQuery(
    worker,
    Prisma.sql`t.id, t.platform::text AS platform, t.type::text AS type, t.target_url, t.reward_minor, t.currency::text AS currency, t.status::text AS status, t.created_at, (t.required_completions - t.completion_count) AS remaining`,
    Prisma.sql`ORDER BY t.created_at, t.id LIMIT ${Math.min(Math.max(limit, 1), 50)}`,
  );
  if (!query) return [];
  const rows = await getPrisma().$queryRaw<TaskRow[]>(query);
  const comments = await reservedCommentsOf(worker.id, rows.filter((row) => row.type === "comments").map((row) => row.target_url), new Date());
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform,
    type: row.type,
    targetUrl: row.target_url,
    reward: toMajorUnits(row.reward_minor),
    currency: row.currency,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    remaining: Number(row.remaining),
    action: actionOf(row),
    target: isProfileTask(row) ? "profile" : "post",
    comment: row.type === "comments" ? (comments.get(row.target_url) ?? null) : null,
  }));
}

/** The worker's live comment reservations on `targetUrls` (one each at most: reserveCommentLine keeps it so). */
async function reservedCommentsOf(workerId: number, targetUrls: string[], now: Date): Promise<Map<string, CommentReservation>> {
  if (targetUrls.length === 0) return new Map();
  const rows = await getPrisma().$queryRaw<{ target_url: string; text: string; reserved_until: Date }[]>`
    SELECT DISTINCT ON (ct.target_url) ct.target_url, l.text, l.reserved_until
    FROM order_comment_lines l JOIN tasks ct ON ct.order_id = l.order_id AND ct.type = 'comments'
    WHERE l.worker_id = ${workerId} AND l.completion_id IS NULL AND l.reserved_until > CAST(${now.toISOString()} AS timestamp)
      AND ct.target_url IN (${Prisma.join(targetUrls)})
    ORDER BY ct.target_url, l.id`;
  return new Map(rows.map((row) => [row.target_url, { text: row.text, reservedUntil: new Date(row.reserved_until).toISOString() }]));
}

export async function countAvailableTasks(worker: PublicUser): Promise<number> {
  const query = availableTasksQuery(worker, Prisma.sql`count(*)::int AS count`, Prisma.empty);
  if (!query) return 0;
  const [row] = await getPrisma().$queryRaw<{ count: number }[]>(query);
  return Number(row?.count ?? 0);
}

/** The worker's completions, newest first. */
export async function listMyTasks(worker: PublicUser, limit = 20): Promise<CompletedTaskView[]> {
  if (worker.role !== "worker") throw new AppError(403, "forbidden", "Only workers can do tasks.");
  const completions = await getPrisma().taskCompletion.findMany({
    where: { workerId: worker.id },
    orderBy: { id: "desc" },
    take: Math.min(Math.max(limit, 1), 50),
    include: { task: { select: completedTaskSelect } },
  });
  const commentIds = completions.filter((completion) => completion.type === "comments").map((completion) => completion.id);
  const lines =
    commentIds.length === 0 ? [] : await getPrisma().orderCommentLine.findMany({ where: { completionId: { in: commentIds } }, select: { completionId: true, text: true } });
  const lineOf = new Map(lines.map((line) => [line.completionId, line.text]));
  return completions.map((completion) => toCompletedTaskView(completion, lineOf.get(completion.id) ?? null));
}

const completedTaskSelect = { id: true, platform: true, type: true, targetUrl: true, createdAt: true } satisfies Prisma.TaskSelect;

type CompletionWithTask = Prisma.TaskCompletionGetPayload<{ include: { task: { select: typeof completedTaskSelect } } }>;

function toCompletedTaskView(
  completion: Pick<CompletionWithTask, "id" | "rewardMinor" | "currency" | "handle" | "review" | "completedAt" | "holdUntil" | "task">,
  comment: string | null,
): CompletedTaskView {
  return {
    id: completion.task.id,
    platform: completion.task.platform,
    type: completion.task.type,
    targetUrl: completion.task.targetUrl,
    action: actionOf(completion.task),
    target: isProfileTask(completion.task) ? "profile" : "post",
    comment,
    reward: toMajorUnits(completion.rewardMinor),
    currency: completion.currency,
    status: "completed",
    createdAt: completion.task.createdAt.toISOString(),
    completionId: completion.id,
    handle: completion.handle,
    review: completion.review,
    completedAt: completion.completedAt.toISOString(),
    holdUntil: completion.holdUntil.toISOString(),
  };
}


/** How the ledger names one action of a kind ("Instagram follow of …"). */
const actionNouns: Partial<Record<EngagementType, string>> = { followers: "follow", subscribers: "subscription", likes: "like", views: "view", comments: "comment" };

const alreadyDone = () => new AppError(409, "already_completed", "You have already completed a task for this account.");
const commentNotReserved = () =>
  new AppError(409, "comment_not_reserved", "Get your comment first: press “Get my comment”, post that line on the post, then complete the task.");
const commentsTaken = () => new AppError(409, "comments_taken", "Every comment of this task is taken by other workers for now. Please try again later.");
const notACommentTask = () => new AppError(400, "not_a_comment_task", "This task is not a comments task.");
const noLongerAvailable = () => new AppError(409, "task_closed", "This task is no longer available.");
export const tasksPaused = () =>
  new AppError(403, "tasks_paused", "Your tasks are paused: too many of your flagged deliveries were found missing. An admin will review your account; screenshots, re-checks and withdrawals go on meanwhile.");

/** POST /api/tasks/{id}/complete: one action by this worker, with their linked handle as proof. */
export async function completeTask(worker: PublicUser, taskId: number, { proofHandle }: { proofHandle?: string }, now = new Date()): Promise<CompletedTaskView> {
  assertActiveWorker(worker);
  const env = getEnv();
  // The task names the target; the action goes to the target's oldest open order (see the claim below).
  const task = await readTaskForCompletion(taskId, worker.id);
  if (!task) throw new AppError(404, "not_found", "Task not found");
  const label = isCatalogPlatform(task.platform) ? platformLabels[task.platform] : task.platform;
  if (!worker.platforms.includes(task.platform)) throw new AppError(403, "wrong_platform", `This task is on ${label}, which you have not joined.`);
  if (task.linkedHandle === null) throw new AppError(400, "handle_missing", `Link your ${label} handle in your profile first.`);
  const handle = proofHandle === undefined ? task.linkedHandle : normalizeHandle(proofHandle);
  if (handle !== task.linkedHandle) throw new AppError(400, "handle_mismatch", `Use the ${label} handle linked to your profile (@${task.linkedHandle}).`);
  // The common repeat, answered before the limits (the unique indexes still decide under races).
  if (task.isRepeat) throw alreadyDone();

  // One transaction below Prisma: the busiest write of the store, eight round trips with BEGIN and
  // COMMIT, and Prisma's own work per statement was most of its CPU (issue #22).
  try {
    const completion = await getDatabase().sql.transaction(async (sql) => {
      // One worker's completions queue on their own row, so the limits hold under concurrent calls.
      const [me] = await sql.query<{ paused: boolean }>("SELECT tasks_paused_at IS NOT NULL AS paused FROM users WHERE id = $1::int FOR UPDATE", [worker.id]);
      if (me?.paused) throw tasksPaused();
      const { earlierCompletions } = await assertWithinLimits(sql, worker.id, now, env.COMPLETION_MIN_INTERVAL_MS, env.COMPLETIONS_PER_DAY, env.SPOT_CHECK_FIRST_COMPLETIONS);

      // A comment is the line reserved for this worker (decision 0047), and it counts for that line's
      // order. Its row is locked until the completion binds it: a reservation racing to take it back
      // waits, then finds it bound. A lapsed reservation still counts while no one else took the line.
      let line: { id: number; orderId: number; text: string } | undefined;
      if (task.type === "comments") {
        [line] = await sql.query<{ id: number; orderId: number; text: string }>(
          `SELECT l.id, l.order_id AS "orderId", l.text FROM order_comment_lines l
           WHERE l.worker_id = $1::int AND l.completion_id IS NULL
             AND EXISTS (SELECT 1 FROM tasks ct WHERE ct.order_id = l.order_id AND ct.target_url = $2::text AND ct.type = 'comments')
           ORDER BY l.id LIMIT 1
           FOR UPDATE`,
          [worker.id, task.targetUrl],
        );
        if (!line) throw commentNotReserved();
      }

      // One slot of the target's oldest open task, as the list offers it: two workers shown the same
      // entry with one slot left both get their action counted (the second on the next open task).
      const claimed = await fillSlot(sql, { targetUrl: task.targetUrl, type: task.type, orderId: line?.orderId ?? null }, now);
      if (!claimed) throw noLongerAvailable();

      // Deliveries count only while the order is open: a cancellation that won the race stops them.
      // A refill's re-delivery counts on the refill instead (its order is long completed), and a
      // dropped delivery's re-delivery replaces it (the order's count never went down).
      const counted =
        claimed.replacesId !== null
          ? await markReplaced(sql, claimed.replacesId)
          : claimed.refillId === null
            ? await recordDelivery(sql, claimed.orderId, now)
            : await recordRedelivery(sql, claimed.refillId, now);
      if (!counted) throw noLongerAvailable();

      const holdUntil = new Date(now.getTime() + env.COMPLETION_HOLD_HOURS * 3_600_000);
      const [created] = await sql.query<{ id: number; review: CompletionReview }>(
        `INSERT INTO task_completions (task_id, worker_id, proof, reward_minor, currency, target_url, type, platform, handle, hold_until, completed_at)
         VALUES ($1::int, $2::int, $3::text, $4::int, $5::currency, $6::text, $7::engagement_type, $8::platform, $9::text, $10::timestamp, $11::timestamp)
         RETURNING id, review::text AS review`,
        [claimed.id, worker.id, line ? `@${handle} posted: ${line.text}` : `@${handle}`, claimed.rewardMinor, claimed.currency, task.targetUrl, task.type, task.platform, handle, holdUntil.toISOString(), now.toISOString()],
      );
      if (line) {
        await sql.query("UPDATE order_comment_lines SET completion_id = $1::int, reserved_until = NULL WHERE id = $2::int", [created.id, line.id]);
      }
      await recordHeldEarning(
        sql,
        { completionId: created.id, workerId: worker.id, rewardMinor: claimed.rewardMinor, currency: claimed.currency, orderId: claimed.orderId },
        `Task ${claimed.id}: ${label} ${actionNouns[task.type] ?? "action"} of ${task.targetUrl}`,
      );
      if (isSpotChecked(earlierCompletions, env.SPOT_CHECK_FIRST_COMPLETIONS, env.SPOT_CHECK_ONE_IN)) {
        await sampleForSpotCheck(sql, created.id, new Date(now.getTime() + spotCheckHours * 3_600_000), now);
      }
      const { id, platform, type, targetUrl, createdAt } = claimed;
      return {
        view: { ...created, rewardMinor: claimed.rewardMinor, currency: claimed.currency, handle, holdUntil, completedAt: now, task: { id, platform, type, targetUrl, createdAt: new Date(createdAt) } },
        comment: line?.text ?? null,
      };
    });
    return toCompletedTaskView(completion.view, completion.comment);
  } catch (error) {
    // A unique index refused the completion: the worker or their handle already did this target.
    if (isUniqueViolation(error)) throw alreadyDone();
    throw error;
  }
}

/** How long a worker holds the comment line they asked for (decision 0047): time to open the post and write it. */
export const commentReservationMinutes = 30;

/**
 * "Get my comment" (decision 0047): one of the client's lines of this comments task's target, held
 * for this worker for commentReservationMinutes. A worker holds one line per target at most, and asking
 * again gives the same line (its time renewed) until they complete it. Race-free: the worker's own
 * row is locked first (their requests queue), and a free line is taken with FOR UPDATE SKIP LOCKED
 * and re-checked by the UPDATE itself, so two workers never get the same line.
 */
export async function reserveCommentLine(worker: PublicUser, taskId: number, now = new Date()): Promise<CommentReservation> {
  assertActiveWorker(worker);
  const task = await readTaskForCompletion(taskId, worker.id);
  if (!task) throw new AppError(404, "not_found", "Task not found");
  if (task.type !== "comments") throw notACommentTask();
  const label = isCatalogPlatform(task.platform) ? platformLabels[task.platform] : task.platform;
  if (!worker.platforms.includes(task.platform)) throw new AppError(403, "wrong_platform", `This task is on ${label}, which you have not joined.`);
  if (task.linkedHandle === null) throw new AppError(400, "handle_missing", `Link your ${label} handle in your profile first.`);
  if (task.isRepeat) throw alreadyDone();
  const until = new Date(now.getTime() + commentReservationMinutes * 60_000).toISOString();

  return getDatabase().sql.transaction(async (sql) => {
    const [me] = await sql.query<{ paused: boolean }>("SELECT tasks_paused_at IS NOT NULL AS paused FROM users WHERE id = $1::int FOR UPDATE", [worker.id]);
    if (me?.paused) throw tasksPaused();
    // Lines of the target's open comments tasks, the oldest order's first.
    const linesOfTarget = `FROM order_comment_lines l JOIN tasks ct ON ct.order_id = l.order_id
       WHERE ct.target_url = $1::text AND ct.type = 'comments' AND ct.status = 'available' AND ct.completion_count < ct.required_completions
         AND l.completion_id IS NULL`;
    // Their own line first (lapsed or not: no one else took it meanwhile, or it would not be theirs).
    const [own] = await sql.query<{ text: string; reservedUntil: string }>(
      `UPDATE order_comment_lines SET reserved_until = $3::timestamp
       WHERE id = (SELECT l.id ${linesOfTarget} AND l.worker_id = $2::int ORDER BY l.id LIMIT 1 FOR UPDATE OF l)
         AND worker_id = $2::int AND completion_id IS NULL
       RETURNING text, ${isoTimestamp("reserved_until")} AS "reservedUntil"`,
      [task.targetUrl, worker.id, until],
    );
    if (own) return own;
    // A free line: no one's, or its reservation lapsed. A line another transaction holds is skipped,
    // and the UPDATE re-checks the line it locked, so a line taken meanwhile is never taken twice.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [taken] = await sql.query<{ text: string; reservedUntil: string }>(
        `UPDATE order_comment_lines SET worker_id = $2::int, reserved_until = $3::timestamp
         WHERE id = (SELECT l.id ${linesOfTarget} AND (l.worker_id IS NULL OR l.reserved_until <= $4::timestamp)
                     ORDER BY ct.created_at, ct.id, l.position LIMIT 1 FOR UPDATE OF l SKIP LOCKED)
           AND completion_id IS NULL AND (worker_id IS NULL OR reserved_until <= $4::timestamp)
         RETURNING text, ${isoTimestamp("reserved_until")} AS "reservedUntil"`,
        [task.targetUrl, worker.id, until, now.toISOString()],
      );
      if (taken) return taken;
      const [left] = await sql.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 ${linesOfTarget} AND (l.worker_id IS NULL OR l.reserved_until <= $2::timestamp)) AS any`, [
        task.targetUrl,
        now.toISOString(),
      ]);
      if (!left?.any) break;
    }
    throw commentsTaken();
  });
}

/**
 * The store's spot check (decision 0042): every completion among a worker's first ones, then 1 in
 * `oneIn` at random, so no worker knows which of their later ones will be asked about.
 */
function isSpotChecked(earlierCompletions: number, firstCompletions: number, oneIn: number): boolean {
  return earlierCompletions < firstCompletions || (oneIn > 0 && randomInt(oneIn) === 0);
}

/** Refuses a completion past the worker's limits; answers how many they made before (up to `countUpTo`). */
async function assertWithinLimits(sql: SqlQueries, workerId: number, now: Date, minIntervalMs: number, perDay: number, countUpTo: number): Promise<{ earlierCompletions: number }> {
  // Ghana keeps GMT all year: the Africa/Accra day is the UTC day.
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  // Both limits and the spot check's count in one statement (after the worker's row lock, so it sees their other completions).
  const [recent] = await sql.query<{ last: string | null; today: number; earlier: number }>(
    `SELECT (SELECT ${isoTimestamp("completed_at")} FROM task_completions WHERE worker_id = $1::int ORDER BY completed_at DESC LIMIT 1) AS last,
       (SELECT count(*)::int FROM task_completions WHERE worker_id = $1::int AND completed_at >= $2::timestamp) AS today,
       (SELECT count(*)::int FROM (SELECT 1 FROM task_completions WHERE worker_id = $1::int LIMIT $3::int) AS first) AS earlier`,
    [workerId, dayStart.toISOString(), countUpTo],
  );
  if (recent.last && now.getTime() - Date.parse(recent.last) < minIntervalMs) {
    throw new AppError(429, "too_fast", `Please wait ${Math.ceil(minIntervalMs / 1000)} seconds between tasks.`);
  }
  if (recent.today >= perDay) throw new AppError(429, "daily_limit", `You have reached today's limit of ${perDay} tasks. Please come back tomorrow.`);
  return { earlierCompletions: recent.earlier };
}

/**
 * The task, the worker's handle on its platform and whether either already did its target, in one
 * statement below Prisma: three reads before every completion (issue #22).
 */
async function readTaskForCompletion(taskId: number, workerId: number) {
  // Past PostgreSQL's integer the statement would fail; no task has such an id.
  if (!Number.isSafeInteger(taskId) || taskId < 1 || taskId > maximumRecordId) return undefined;
  const [row] = await getDatabase().sql.query<{ platform: Platform; type: EngagementType; target_url: string; linked_handle: string | null; is_repeat: boolean }>(
    `SELECT t.platform::text AS platform, t.type::text AS type, t.target_url, h.handle AS linked_handle,
       EXISTS (SELECT 1 FROM task_completions c
               WHERE c.target_url = t.target_url AND c.type = t.type AND (c.worker_id = $2 OR (c.platform = t.platform AND c.handle = h.handle))) AS is_repeat
     FROM tasks t LEFT JOIN worker_handles h ON h.worker_id = $2 AND h.platform = t.platform
     WHERE t.id = $1`,
    [taskId, workerId],
  );
  return row && { platform: row.platform, type: row.type, targetUrl: row.target_url, linkedHandle: row.linked_handle, isRepeat: row.is_repeat };
}
