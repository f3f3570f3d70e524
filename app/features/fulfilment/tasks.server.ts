import { toMajorUnits } from "~/lib/money";
import type { PublicUser } from "~/features/auth/index.server";
import { isCatalogPlatform } from "~/features/catalog";
import type { Prisma } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { isoTimestamp, StatementParameters } from "~/lib/database/sql-client.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
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

/** The signed-in user as an approved worker, or why not (403). */
export function assertActiveWorker(user: PublicUser): void {
  if (user.role !== "worker") throw new AppError(403, "forbidden", "Only workers can do tasks.");
  if (user.status === "pending_review") throw new AppError(403, "worker_pending", "Your worker account is waiting for review. Tasks are offered once an admin approves it.");
  if (user.status !== "active") throw new AppError(403, "worker_inactive", "Your worker account cannot take tasks. Please contact support.");
}

type TaskRow = {
  id: number;
  platform: string;
  type: string;
  target_url: string;
  reward_minor: number;
  currency: "GHS" | "USD";
  status: string;
  created_at: string;
  remaining: number;
};

/** A statement and its values, as `sql.query` takes them. */
type Statement = { text: string; values: unknown[] };

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
 * so it checked and sorted every open task instead of walking the (status, created_at) index until
 * 10 are found (bench/README.md, api-reads, has the figures).
 */
function availableTasksQuery(worker: PublicUser, select: string, tail: (parameters: StatementParameters) => string = () => ""): Statement | null {
  const platforms = worker.platforms.filter(isCatalogPlatform);
  if (platforms.length === 0) return null;
  const parameters = new StatementParameters();
  const workerId = parameters.add(worker.id, "int");
  const text = `
    SELECT ${select}
    FROM tasks t
    JOIN worker_handles h ON h.worker_id = ${workerId} AND h.platform = t.platform
    JOIN users me ON me.id = ${workerId} AND me.tasks_paused_at IS NULL
    WHERE t.status = 'available'
      AND t.completion_count < t.required_completions
      AND t.platform IN (${platforms.map((platform) => parameters.add(platform, "platform")).join(", ")})
      AND NOT EXISTS (
        SELECT 1 FROM task_completions c
        WHERE c.target_url = t.target_url AND c.type = t.type AND (c.worker_id = ${workerId} OR (c.platform = t.platform AND c.handle = h.handle))
      )
      AND NOT EXISTS (
        SELECT 1 FROM tasks older
        WHERE older.target_url = t.target_url AND older.type = t.type AND older.status = 'available' AND older.completion_count < older.required_completions
          AND (older.created_at, older.id) < (t.created_at, t.id)
      )
      AND (t.type <> 'comments' OR EXISTS (${commentLineOpenTo(workerId, "t.target_url", parameters.add(new Date().toISOString(), "timestamp"))}))
    ${tail(parameters)}`;
  return { text, values: parameters.values };
}

/**
 * A comment line of `targetUrl`'s open comments tasks this worker may have (decision 0047): one no
 * one holds, one whose reservation lapsed, or their own not yet posted. A comments task with none
 * left is not offered: every line is someone's for now. The arguments are the statement's expressions
 * for the worker, the target and the time now.
 */
function commentLineOpenTo(workerId: string, targetUrl: string, now: string) {
  return `
    SELECT 1 FROM tasks ct JOIN order_comment_lines l ON l.order_id = ct.order_id
    WHERE ct.target_url = ${targetUrl} AND ct.type = 'comments' AND ct.status = 'available' AND ct.completion_count < ct.required_completions
      AND l.completion_id IS NULL AND (l.worker_id IS NULL OR l.worker_id = ${workerId} OR l.reserved_until <= ${now})`;
}

/**
 * Whether the worker may see the account screenshot `uploadId` (issue #48): it verifies the account
 * of an order whose task they are offered now (the list's own rule), or one they did.
 */
export async function workerMaySeeAccountScreenshot(worker: PublicUser, uploadId: string): Promise<boolean> {
  if (worker.role !== "worker") return false;
  const sql = getDatabase().sql;
  const [done] = await sql.query<{ done: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM task_completions c JOIN tasks t ON t.id = c.task_id JOIN orders o ON o.id = t.order_id
                    WHERE c.worker_id = $1::int AND o.screenshot_upload_id = $2::text) AS done`,
    [worker.id, uploadId],
  );
  if (done?.done) return true;
  const offered = availableTasksQuery(worker, "1", (parameters) => `AND EXISTS (SELECT 1 FROM orders o WHERE o.id = t.order_id AND o.screenshot_upload_id = ${parameters.add(uploadId, "text")}) LIMIT 1`);
  return offered !== null && (await sql.query(offered.text, offered.values)).length > 0;
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
    `t.id, t.platform::text AS platform, t.type::text AS type, t.target_url, t.reward_minor, t.currency::text AS currency, t.status::text AS status, ${isoTimestamp("t.created_at")} AS created_at, (t.required_completions - t.completion_count) AS remaining`,
    (parameters) => `ORDER BY t.created_at, t.id LIMIT ${parameters.add(Math.min(Math.max(limit, 1), 50), "int")}`,
  );
  if (!query) return [];
  const rows = await getDatabase().sql.query<TaskRow>(query.text, query.values);
  const comments = await reservedCommentsOf(worker.id, rows.filter((row) => row.type === "comments").map((row) => row.target_url), new Date());
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform,
    type: row.type,
    targetUrl: row.target_url,
    reward: toMajorUnits(row.reward_minor),
    currency: row.currency,
    status: row.status,
    createdAt: row.created_at,
    remaining: Number(row.remaining),
    action: actionOf(row),
    target: isProfileTask(row) ? "profile" : "post",
    comment: row.type === "comments" ? (comments.get(row.target_url) ?? null) : null,
  }));
}

/** The worker's live comment reservations on `targetUrls` (one each at most: reserveCommentLine keeps it so). */
async function reservedCommentsOf(workerId: number, targetUrls: string[], now: Date): Promise<Map<string, CommentReservation>> {
  if (targetUrls.length === 0) return new Map();
  const rows = await getDatabase().sql.query<{ target_url: string; text: string; reserved_until: string }>(
    `SELECT DISTINCT ON (ct.target_url) ct.target_url, l.text, ${isoTimestamp("l.reserved_until")} AS reserved_until
     FROM order_comment_lines l JOIN tasks ct ON ct.order_id = l.order_id AND ct.type = 'comments'
     WHERE l.worker_id = $1::int AND l.completion_id IS NULL AND l.reserved_until > $2::timestamp
       AND ct.target_url = ANY($3::text[])
     ORDER BY ct.target_url, l.id`,
    [workerId, now.toISOString(), targetUrls],
  );
  return new Map(rows.map((row) => [row.target_url, { text: row.text, reservedUntil: row.reserved_until }]));
}

export async function countAvailableTasks(worker: PublicUser): Promise<number> {
  const query = availableTasksQuery(worker, "count(*)::int AS count");
  if (!query) return 0;
  const [row] = await getDatabase().sql.query<{ count: number }>(query.text, query.values);
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

export function toCompletedTaskView(
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
