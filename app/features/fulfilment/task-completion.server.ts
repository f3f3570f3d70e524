import { randomInt } from "node:crypto";
import type { PublicUser } from "~/features/auth/index.server";
import { isCatalogPlatform, platformLabels } from "~/features/catalog";
import { markReplaced, sampleForSpotCheck } from "~/features/deliveries/index.server";
import { spotCheckHours } from "~/features/deliveries";
import { recordHeldEarning } from "~/features/ledger/index.server";
import { recordDelivery } from "~/features/order-lifecycle/index.server";
import { recordRedelivery } from "~/features/refills/index.server";
import { fillSlot } from "~/features/task-lifecycle/index.server";
import { type CompletionReview, type EngagementType, type Platform } from "~/generated/prisma/client";
import { getDatabase } from "~/lib/database/db.server";
import { isoTimestamp, isUniqueViolation, type SqlQueries } from "~/lib/database/sql-client.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { maximumRecordId } from "~/lib/record-id";
import { normalizeHandle } from "./handle-schema";
import { type CommentReservation, type CompletedTaskView, assertActiveWorker, toCompletedTaskView } from "./tasks.server";

/* A worker's action on a task: completing it (the reward held, the slot filled, the delivery counted), and reserving a comments task's line first. */

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
