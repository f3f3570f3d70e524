import { recordAdminAction, recordStoreAction } from "~/features/audit/index.server";
import type { DeliveryState, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { reliabilityMinimumDecisions, reliabilityThresholdPercent, reliabilityWindowDays } from "./delivery-rules";

/**
 * A worker's reliability (issue #48): of their deliveries that clients flagged and that were
 * decided in the last 90 days, the share that stood on the evidence. A flag upheld by an admin, or
 * left without a screenshot, counts against; nothing the worker says about their own work counts.
 * Shown to the worker and to admins; under the threshold (with enough decisions to mean something)
 * the worker stops receiving tasks until an admin reviews them.
 */

type Db = Prisma.TransactionClient;

export interface Reliability {
  stood: number;
  dropped: number;
  /** Stood out of decided, rounded down; null before any decision. */
  percent: number | null;
  /** Whether the store paused the worker's tasks for it (until an admin resumes them). */
  paused: boolean;
}

const droppedStates: DeliveryState[] = ["dropped", "replaced"];

export async function reliabilityOf(workerId: number, now = new Date(), db: Db = getPrisma()): Promise<Reliability> {
  const since = new Date(now.getTime() - reliabilityWindowDays * 24 * 3_600_000);
  const [groups, user] = await Promise.all([
    db.taskCompletion.groupBy({
      by: ["deliveryState"],
      where: { workerId, flaggedAt: { not: null }, decidedAt: { gte: since }, deliveryState: { in: ["stood", ...droppedStates] } },
      _count: { _all: true },
    }),
    db.user.findUnique({ where: { id: workerId }, select: { tasksPausedAt: true } }),
  ]);
  const countOf = (states: DeliveryState[]) => groups.filter((group) => states.includes(group.deliveryState)).reduce((sum, group) => sum + group._count._all, 0);
  const stood = countOf(["stood"]);
  const dropped = countOf(droppedStates);
  const decided = stood + dropped;
  return { stood, dropped, percent: decided === 0 ? null : Math.floor((stood * 100) / decided), paused: Boolean(user?.tasksPausedAt) };
}

/** Whether a figure is under the line that pauses a worker's tasks. */
export function isUnreliable({ stood, dropped }: Pick<Reliability, "stood" | "dropped">): boolean {
  const decided = stood + dropped;
  return decided >= reliabilityMinimumDecisions && stood * 100 < reliabilityThresholdPercent * decided;
}

/** After a flagged delivery is dropped: pauses the worker's tasks if their reliability fell under the threshold (once). */
export async function pauseIfUnreliable(db: Db, workerId: number, now: Date): Promise<boolean> {
  const reliability = await reliabilityOf(workerId, now, db);
  if (!isUnreliable(reliability)) return false;
  const paused = await db.user.updateMany({ where: { id: workerId, role: "worker", tasksPausedAt: null }, data: { tasksPausedAt: now } });
  if (paused.count === 0) return false;
  await recordStoreAction(db, {
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
    const reliability = await reliabilityOf(workerId, new Date(), transaction);
    await recordAdminAction(transaction, admin, {
      action: "worker.tasks_resume",
      targetType: "user",
      targetId: String(workerId),
      details: { before: "tasks paused", after: "receiving tasks", stood: reliability.stood, dropped: reliability.dropped, percent: reliability.percent },
    });
  });
}
