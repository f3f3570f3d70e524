import { recordAdminAction, recordStoreAction } from "~/features/audit/index.server";
import type { DeliveryState } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { reliabilityMinimumDecisions, reliabilityThresholdPercent, reliabilityWindowDays } from "./delivery-rules";

/**
 * A worker's reliability (issue #48): of their deliveries that clients flagged and that were
 * decided in the last 90 days, the share that stood on the evidence. A flag upheld by an admin, or
 * left without a screenshot, counts against; nothing the worker says about their own work counts.
 * Shown to the worker and to admins; under the threshold (with enough decisions to mean something)
 * the worker stops receiving tasks until an admin reviews them.
 */

export interface Reliability {
  stood: number;
  dropped: number;
  /** Stood out of decided, rounded down; null before any decision. */
  percent: number | null;
  /** Whether the store paused the worker's tasks for it (until an admin resumes them). */
  paused: boolean;
}

const droppedStates: DeliveryState[] = ["dropped", "replaced"];

export async function reliabilityOf(workerId: number, now = new Date(), sql: SqlQueries = getDatabase().sql): Promise<Reliability> {
  const since = new Date(now.getTime() - reliabilityWindowDays * 24 * 3_600_000);
  const [row] = await sql.query<{ stood: number; dropped: number; paused: boolean }>(
    `SELECT COUNT(*) FILTER (WHERE c.delivery_state = 'stood')::int AS stood,
       COUNT(*) FILTER (WHERE c.delivery_state::text = ANY($3::text[]))::int AS dropped,
       (SELECT tasks_paused_at IS NOT NULL FROM users WHERE id = $1::int) AS paused
     FROM task_completions c
     WHERE c.worker_id = $1::int AND c.flagged_at IS NOT NULL AND c.decided_at >= $2::timestamp`,
    [workerId, since.toISOString(), droppedStates],
  );
  const { stood, dropped } = row;
  const decided = stood + dropped;
  return { stood, dropped, percent: decided === 0 ? null : Math.floor((stood * 100) / decided), paused: Boolean(row.paused) };
}

/** Whether a figure is under the line that pauses a worker's tasks. */
export function isUnreliable({ stood, dropped }: Pick<Reliability, "stood" | "dropped">): boolean {
  const decided = stood + dropped;
  return decided >= reliabilityMinimumDecisions && stood * 100 < reliabilityThresholdPercent * decided;
}

/** After a flagged delivery is dropped: pauses the worker's tasks if their reliability fell under the threshold (once). */
export async function pauseIfUnreliable(sql: SqlQueries, workerId: number, now: Date): Promise<boolean> {
  const reliability = await reliabilityOf(workerId, now, sql);
  if (!isUnreliable(reliability)) return false;
  const paused = await sql.query(
    "UPDATE users SET tasks_paused_at = $2::timestamp, updated_at = $2::timestamp WHERE id = $1::int AND role = 'worker' AND tasks_paused_at IS NULL RETURNING id",
    [workerId, now.toISOString()],
  );
  if (paused.length === 0) return false;
  await recordStoreAction(sql, {
    action: "worker.tasks_pause",
    targetType: "user",
    targetId: String(workerId),
    details: { before: "receiving tasks", after: "tasks paused", stood: reliability.stood, dropped: reliability.dropped, percent: reliability.percent },
  });
  return true;
}

/** An admin reviewed a paused worker and lets them take tasks again (audited); 409 when not paused. */
export async function resumeWorkerTasks(admin: { id: number; role: string }, workerId: number): Promise<void> {
  if (admin.role !== "admin") throw new AppError(403, "forbidden", "Access denied");
  await getPrisma().$transaction(async (transaction) => {
    const worker = await transaction.user.findUnique({ where: { id: workerId }, select: { role: true, tasksPausedAt: true } });
    if (!worker || worker.role !== "worker") throw new AppError(404, "not_found", "Worker not found");
    const resumed = await transaction.user.updateMany({ where: { id: workerId, tasksPausedAt: { not: null } }, data: { tasksPausedAt: null } });
    if (resumed.count === 0) throw new AppError(409, "stale_state", "This worker's tasks are not paused.");
    const reliability = await reliabilityOf(workerId, new Date(), sqlOfPrisma(transaction));
    await recordAdminAction(sqlOfPrisma(transaction), admin, {
      action: "worker.tasks_resume",
      targetType: "user",
      targetId: String(workerId),
      details: { before: "tasks paused", after: "receiving tasks", stood: reliability.stood, dropped: reliability.dropped, percent: reliability.percent },
    });
  });
}
