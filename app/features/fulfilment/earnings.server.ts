import type { PublicUser } from "~/features/auth/accounts.server";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { countAvailableTasks } from "./tasks.server";

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

const earnedKinds = ["earning", "earning_reversal"] as const;

export async function workerStats(worker: PublicUser, now = new Date()): Promise<WorkerStats> {
  if (worker.role !== "worker") throw new AppError(403, "forbidden", "Access denied");
  const prisma = getPrisma();
  // Ghana keeps GMT all year: the Africa/Accra day is the UTC day.
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [total, today, held, available, completedTasks, availableTasks] = await Promise.all([
    prisma.ledgerEntry.aggregate({ where: { userId: worker.id, kind: { in: [...earnedKinds] } }, _sum: { amountMinor: true } }),
    prisma.ledgerEntry.aggregate({ where: { userId: worker.id, kind: { in: [...earnedKinds] }, createdAt: { gte: dayStart } }, _sum: { amountMinor: true } }),
    prisma.ledgerEntry.aggregate({ where: { userId: worker.id, bucket: "held" }, _sum: { amountMinor: true } }),
    prisma.ledgerEntry.aggregate({ where: { userId: worker.id, bucket: "available" }, _sum: { amountMinor: true } }),
    prisma.taskCompletion.count({ where: { workerId: worker.id, review: { not: "rejected" } } }),
    worker.status === "active" ? countAvailableTasks(worker) : Promise.resolve(0),
  ]);
  const cedis = (sum: { _sum: { amountMinor: number | null } }) => (sum._sum.amountMinor ?? 0) / 100;
  return { totalEarnings: cedis(total), todayEarnings: cedis(today), completedTasks, availableTasks, heldEarnings: cedis(held), availableBalance: cedis(available), currency: "GHS" };
}
