import { recordAdminAction, recordStoreAction } from "~/features/audit/audit.server";
import type { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { reliabilityMinimumChecks, reliabilityThresholdPercent, reliabilityWindowDays } from "./refill-rules";

/**
 * A worker's reliability (issue #21): of their completions re-checked in the last 90 days, the
 * share that still stood. Shown to the worker and to admins; under the threshold (with enough
 * re-checks to mean something) the worker stops receiving tasks until an admin reviews them.
 */

type Db = Prisma.TransactionClient;

export interface Reliability {
  confirmed: number;
  dropped: number;
  /** Confirmed out of answered, rounded down; null before any re-check. */
  percent: number | null;
  /** Whether the store paused the worker's tasks for it (until an admin resumes them). */
  paused: boolean;
}

export async function reliabilityOf(workerId: number, now = new Date(), db: Db = getPrisma()): Promise<Reliability> {
  const since = new Date(now.getTime() - reliabilityWindowDays * 24 * 3_600_000);
  const [groups, user] = await Promise.all([
    db.refillCheck.groupBy({ by: ["answer"], where: { workerId, answer: { not: "pending" }, answeredAt: { gte: since } }, _count: { _all: true } }),
    db.user.findUnique({ where: { id: workerId }, select: { tasksPausedAt: true } }),
  ]);
  const countOf = (answers: string[]) => groups.filter((group) => answers.includes(group.answer)).reduce((sum, group) => sum + group._count._all, 0);
  const confirmed = countOf(["confirmed"]);
  const dropped = countOf(["dropped", "unanswered"]);
  const answered = confirmed + dropped;
  return { confirmed, dropped, percent: answered === 0 ? null : Math.floor((confirmed * 100) / answered), paused: Boolean(user?.tasksPausedAt) };
}

/** Whether a figure is under the line that pauses a worker's tasks. */
export function isUnreliable({ confirmed, dropped }: Pick<Reliability, "confirmed" | "dropped">): boolean {
  const answered = confirmed + dropped;
  return answered >= reliabilityMinimumChecks && confirmed * 100 < reliabilityThresholdPercent * answered;
}

/** After a drop: pauses the worker's tasks if their reliability fell under the threshold (once). */
export async function pauseIfUnreliable(db: Db, workerId: number, now: Date): Promise<boolean> {
  const reliability = await reliabilityOf(workerId, now, db);
  if (!isUnreliable(reliability)) return false;
  const paused = await db.user.updateMany({ where: { id: workerId, role: "worker", tasksPausedAt: null }, data: { tasksPausedAt: now } });
  if (paused.count === 0) return false;
  await recordStoreAction(db, {
    action: "worker.tasks_pause",
    targetType: "user",
    targetId: String(workerId),
    details: { before: "receiving tasks", after: "tasks paused", confirmed: reliability.confirmed, dropped: reliability.dropped, percent: reliability.percent },
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
    const reliability = await reliabilityOf(workerId, new Date(), transaction);
    await recordAdminAction(transaction, admin, {
      action: "worker.tasks_resume",
      targetType: "user",
      targetId: String(workerId),
      details: { before: "tasks paused", after: "receiving tasks", confirmed: reliability.confirmed, dropped: reliability.dropped, percent: reliability.percent },
    });
  });
}
