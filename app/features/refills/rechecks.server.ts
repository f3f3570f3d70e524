import { recordStoreAction } from "~/features/audit/audit.server";
import { isCatalogPlatform, rewardPerActionMinor } from "~/features/catalog/catalog";
import { dropDelivery } from "~/features/deliveries/delivery-lifecycle.server";
import type { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { formatOrderDateTime } from "~/lib/date-time";
import { AppError } from "~/lib/errors";
import type { RecheckAnswer } from "./refill-rules";

/**
 * A refill's re-check (issue #21): each worker who delivered the order is asked, on their dashboard,
 * whether their follow still stands. "No longer following", or no answer by the deadline, is a drop:
 * the completion's earning is reversed (still held) or clawed back (released), and the dropped count
 * is offered again as a re-delivery task, which workers who never did the target take (the task
 * list's own rule). When nothing dropped the refill is rejected.
 *
 * Every step takes the refill's row lock first, so concurrent answers and the deadline job end the
 * re-check exactly once.
 */

type Db = Prisma.TransactionClient;

export interface RecheckView {
  id: number;
  platform: string;
  type: string;
  targetUrl: string;
  /** The worker's handle that did the action (the one linked to their profile). */
  handle: string;
  completedAt: string;
  /** "26 November 2026 at 15:16 GMT": no answer by then counts as a drop. */
  answerBy: string;
}

/** Who answers: the worker whose completion is re-checked. */
export interface Rechecker {
  id: number;
  role: string;
}

/** The worker's re-checks waiting for an answer, oldest first. */
export async function listPendingRechecks(worker: Rechecker, limit = 20): Promise<RecheckView[]> {
  if (worker.role !== "worker") return [];
  const checks = await getPrisma().refillCheck.findMany({
    where: { workerId: worker.id, answer: "pending", refill: { status: "pending" } },
    orderBy: { id: "asc" },
    take: limit,
    select: { id: true, refill: { select: { checkUntil: true } }, completion: { select: { platform: true, targetUrl: true, handle: true, completedAt: true, task: { select: { type: true } } } } },
  });
  return checks.map((check) => ({
    id: check.id,
    platform: check.completion.platform,
    type: check.completion.task.type,
    targetUrl: check.completion.targetUrl,
    handle: check.completion.handle,
    completedAt: formatOrderDateTime(check.completion.completedAt),
    answerBy: formatOrderDateTime(check.refill.checkUntil),
  }));
}

const recheckNotFound = () => new AppError(404, "not_found", "Re-check not found");

/** The worker answers one of their re-checks; the last answer ends the re-check. */
export async function answerRecheck(worker: Rechecker, checkId: number, answer: RecheckAnswer, now = new Date()): Promise<void> {
  if (worker.role !== "worker") throw new AppError(403, "forbidden", "Only workers answer re-checks.");
  if (!Number.isSafeInteger(checkId) || checkId <= 0) throw recheckNotFound();
  const prisma = getPrisma();
  const check = await prisma.refillCheck.findUnique({ where: { id: checkId }, select: { workerId: true, refillId: true } });
  if (!check) throw recheckNotFound();
  if (check.workerId !== worker.id) throw new AppError(403, "forbidden", "This re-check is about another worker's task: only they can answer it.");
  await prisma.$transaction(async (transaction) => {
    const refill = await lockRefill(transaction, check.refillId);
    if (refill.status !== "pending" || now > refill.checkUntil) {
      throw new AppError(409, "recheck_closed", `This re-check closed on ${formatOrderDateTime(refill.checkUntil < now ? refill.checkUntil : now)}.`);
    }
    const answered = await transaction.refillCheck.updateMany({ where: { id: checkId, answer: "pending" }, data: { answer, answeredAt: now } });
    if (answered.count === 0) throw new AppError(409, "already_answered", "You have already answered this re-check.");
    if ((await transaction.refillCheck.count({ where: { refillId: check.refillId, answer: "pending" } })) === 0) await endRecheck(transaction, check.refillId, now);
  });
}

/** The background job: re-checks past their deadline end, their unanswered checks counted as drops. */
export async function endDueRechecks(now = new Date(), limit = 100): Promise<number> {
  const prisma = getPrisma();
  const due = await prisma.refill.findMany({ where: { status: "pending", checkUntil: { lte: now } }, orderBy: { checkUntil: "asc" }, take: limit, select: { id: true } });
  let ended = 0;
  for (const { id } of due) {
    const done = await prisma.$transaction(async (transaction) => {
      const refill = await lockRefill(transaction, id);
      if (refill.status !== "pending" || refill.checkUntil > now) return false;
      return endRecheck(transaction, id, now);
    });
    if (done) ended += 1;
  }
  return ended;
}

async function lockRefill(db: Db, refillId: number) {
  const [refill] = await db.$queryRaw<{ status: string; check_until: Date }[]>`
    SELECT status::text AS status, check_until FROM refills WHERE id = ${refillId} FOR UPDATE`;
  if (!refill) throw new AppError(404, "not_found", "Refill not found");
  return { status: refill.status, checkUntil: refill.check_until };
}

/**
 * Ends a pending re-check (the caller holds the refill's lock): unanswered checks become drops, each
 * dropped completion's earning is taken back, and the refill is rejected (nothing dropped) or its
 * dropped count opened as a re-delivery task.
 */
async function endRecheck(db: Db, refillId: number, now: Date): Promise<boolean> {
  await db.refillCheck.updateMany({ where: { refillId, answer: "pending" }, data: { answer: "unanswered", answeredAt: now } });
  const drops = await db.refillCheck.findMany({
    // A completion an admin rejected meanwhile was already taken back and its slot reopened.
    where: { refillId, answer: { in: ["dropped", "unanswered"] }, completion: { review: { not: "rejected" } } },
    select: { answer: true, completion: { select: { id: true, workerId: true, rewardMinor: true, currency: true, platform: true, targetUrl: true, task: { select: { orderId: true, type: true } } } } },
  });
  for (const drop of drops) {
    await dropCompletion(db, drop.completion, drop.answer === "dropped" ? "reported no longer following" : "no answer to the re-check", now);
  }
  const dropped = drops.length;
  await db.refill.update({ where: { id: refillId }, data: { status: dropped === 0 ? "rejected" : "in_progress", droppedCount: dropped, checkedAt: now, updatedAt: now } });
  if (dropped > 0) {
    const { completion } = drops[0];
    if (!isCatalogPlatform(completion.platform)) throw new Error(`Refill ${refillId}: ${completion.platform} is not sold`);
    await db.task.create({
      data: {
        orderId: completion.task.orderId,
        refillId,
        platform: completion.platform,
        type: completion.task.type,
        targetUrl: completion.targetUrl,
        rewardMinor: rewardPerActionMinor(completion.platform),
        currency: completion.currency,
        requiredCompletions: dropped,
        createdAt: now,
      },
    });
  }
  return true;
}

/**
 * Work found undone: the delivery is dropped (its earning reversed while held, clawed back once
 * released; delivery-lifecycle.server.ts), and the store's decision audited.
 */
async function dropCompletion(db: Db, completion: { id: number; workerId: number; rewardMinor: number; task: { orderId: number } }, why: string, now: Date): Promise<void> {
  const dropped = await dropDelivery(db, completion.id, "takenBack", { reason: `Dropped: ${why}`, adminId: null, ledgerDescription: `Refill of order ${completion.task.orderId}: ${why}` }, now);
  if (!dropped) return;
  await recordStoreAction(db, {
    action: "completion.drop",
    targetType: "task_completion",
    targetId: String(completion.id),
    details: { reason: why, earning: dropped.earning, amountMinor: completion.rewardMinor, workerId: completion.workerId },
  });
}
