import { assertAdmin } from "~/features/auth/assert-admin";
import type { PublicUser } from "~/features/auth/accounts.server";
import { recordAdminAction } from "~/features/audit/audit.server";
import { releaseHeldEarning, reverseHeldEarning } from "~/features/ledger/ledger.server";
import { revertDelivery } from "~/features/order-lifecycle/order-lifecycle.server";
import { revertRedelivery } from "~/features/refills/redelivery.server";
import type { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";

/**
 * Drop protection: a completion's reward is held for the hold period. An admin may reject it
 * meanwhile (the follower dropped, the proof was false): its earning is reversed and its slot
 * reopens. Otherwise it is approved when the hold ends and the reward becomes available.
 */
export async function rejectCompletion(admin: PublicUser, completionId: number, reason: string, now = new Date()): Promise<void> {
  assertAdmin(admin);
  await getPrisma().$transaction(async (transaction) => {
    const completion = await transaction.taskCompletion.findUnique({ where: { id: completionId }, select: { id: true, taskId: true, workerId: true, rewardMinor: true, currency: true, review: true, task: { select: { orderId: true, refillId: true } } } });
    if (!completion) throw new AppError(404, "not_found", "Completion not found");
    const rejected = await transaction.taskCompletion.updateMany({ where: { id: completionId, review: "held" }, data: { review: "rejected", reviewedAt: now, rejectionReason: reason } });
    if (rejected.count === 0) throw new AppError(409, "not_under_review", "Only a completion under review can be rejected.");
    await reverseHeldEarning(transaction, rewardOf(completion), `Rejected: ${reason}`);
    // The slot reopens: the task (and a completed order) take one more delivery.
    await transaction.$executeRaw`
      UPDATE tasks SET completion_count = completion_count - 1,
        status = CASE WHEN status = 'completed' THEN 'available'::task_status ELSE status END,
        completed_at = NULL, updated_at = ${now}
      WHERE id = ${completion.taskId}`;
    if (completion.task.refillId === null) await revertDelivery(transaction, completion.task.orderId, now);
    else await revertRedelivery(transaction, completion.task.refillId, now);
    await recordAdminAction(transaction, admin, { action: "completion.reject", targetType: "task_completion", targetId: String(completion.id), details: { before: "held", after: "rejected", reason } });
  });
}

type HeldCompletion = { id: number; workerId: number; rewardMinor: number; currency: "GHS" | "USD"; task: { orderId: number } };

/** A held completion's reward becomes available: approved, its amount moved from held to available in the ledger. */
async function releaseCompletion(transaction: Prisma.TransactionClient, completion: HeldCompletion, now: Date, description: string): Promise<boolean> {
  // The claim: only the caller that flips it writes the ledger entries.
  const approved = await transaction.taskCompletion.updateMany({ where: { id: completion.id, review: "held" }, data: { review: "approved", reviewedAt: now } });
  if (approved.count === 0) return false;
  await releaseHeldEarning(transaction, rewardOf(completion), description);
  return true;
}

function rewardOf(completion: HeldCompletion) {
  return { completionId: completion.id, workerId: completion.workerId, rewardMinor: completion.rewardMinor, currency: completion.currency, orderId: completion.task.orderId };
}

const heldCompletionSelect = { id: true, workerId: true, rewardMinor: true, currency: true, task: { select: { orderId: true } } } as const;

/** An admin approves a completion under review before its hold ends: released exactly as the job releases it. */
export async function approveCompletion(admin: PublicUser, completionId: number, now = new Date()): Promise<void> {
  assertAdmin(admin);
  await getPrisma().$transaction(async (transaction) => {
    const completion = await transaction.taskCompletion.findUnique({ where: { id: completionId }, select: heldCompletionSelect });
    if (!completion) throw new AppError(404, "not_found", "Completion not found");
    if (!(await releaseCompletion(transaction, completion, now, "Approved by an admin"))) {
      throw new AppError(409, "not_under_review", "Only a completion under review can be approved.");
    }
    await recordAdminAction(transaction, admin, { action: "completion.approve", targetType: "task_completion", targetId: String(completion.id), details: { before: "held", after: "approved" } });
  });
}

/** The background job: completions whose hold ended are approved and their rewards become available. */
export async function releaseHeldEarnings(now = new Date(), limit = 200): Promise<number> {
  const prisma = getPrisma();
  const due = await prisma.taskCompletion.findMany({ where: { review: "held", holdUntil: { lte: now } }, orderBy: { holdUntil: "asc" }, take: limit, select: heldCompletionSelect });
  let released = 0;
  for (const completion of due) {
    const done = await prisma.$transaction((transaction) => releaseCompletion(transaction, completion, now, "Review period ended"));
    if (done) released += 1;
  }
  return released;
}
