import type { PublicUser } from "~/features/auth/index.server";
import { balanceOf, earnedKinds } from "~/features/ledger/index.server";
import { getPrisma, getDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { countAvailableTasks } from "./tasks.server";
import { toMajorUnits } from "~/lib/money";

/** SPEC §3 worker stats, from the ledger (never a stored counter), plus the two balances. Cedis. */
export interface WorkerStats {
  totalEarnings: number;
  todayEarnings: number;
  completedTasks: number;
  availableTasks: number;
  /** Earned but still under review. */
  heldEarnings: number;
  /** Released earnings not yet paid out. */
  availableBalance: number;
  currency: "GHS";
}

export async function workerStats(worker: PublicUser, now = new Date()): Promise<WorkerStats> {
  if (worker.role !== "worker") throw new AppError(403, "forbidden", "Access denied");
  const prisma = getPrisma();
  // Ghana keeps GMT all year: the Africa/Accra day is the UTC day.
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [total, today, balance, completedTasks, availableTasks] = await Promise.all([
    prisma.ledgerEntry.aggregate({ where: { userId: worker.id, kind: { in: earnedKinds } }, _sum: { amountMinor: true } }),
    prisma.ledgerEntry.aggregate({ where: { userId: worker.id, kind: { in: earnedKinds }, createdAt: { gte: dayStart } }, _sum: { amountMinor: true } }),
    balanceOf(getDatabase().sql, worker.id),
    prisma.taskCompletion.count({ where: { workerId: worker.id, review: { not: "rejected" }, droppedAt: null } }),
    worker.status === "active" ? countAvailableTasks(worker) : Promise.resolve(0),
  ]);
  const cedis = (sum: { _sum: { amountMinor: number | null } }) => toMajorUnits(sum._sum.amountMinor ?? 0);
  return { totalEarnings: cedis(total), todayEarnings: cedis(today), completedTasks, availableTasks, heldEarnings: toMajorUnits(balance.heldMinor), availableBalance: toMajorUnits(balance.availableMinor), currency: "GHS" };
}
