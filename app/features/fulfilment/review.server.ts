import { assertAdmin } from "~/features/auth";
import type { PublicUser } from "~/features/auth/index.server";
import { recordAdminAction } from "~/features/audit/index.server";
import { contestedStates, dropDelivery, releaseEarning } from "~/features/deliveries/index.server";
import { revertDelivery } from "~/features/order-lifecycle/index.server";
import { revertRedelivery } from "~/features/refills/index.server";
import { reopenSlot } from "~/features/task-lifecycle/index.server";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";

/**
 * Drop protection: a completion's reward is held for the hold period. An admin may reject it
 * meanwhile (the follower dropped, the proof was false): its earning is reversed and its slot
 * reopens. Otherwise it is approved when the hold ends and the reward becomes available.
 */
export async function rejectCompletion(admin: PublicUser, completionId: number, reason: string, now = new Date()): Promise<void> {
  assertAdmin(admin);
  await getDatabase().sql.transaction(async (sql) => {
    const [completion] = await sql.query<{ review: string }>("SELECT review::text AS review FROM task_completions WHERE id = $1::int FOR UPDATE", [completionId]);
    if (!completion) throw new AppError(404, "not_found", "Completion not found");
    const dropped = completion.review === "held" && (await dropDelivery(sql, completionId, "takenBack", { reason, adminId: admin.id, ledgerDescription: `Rejected: ${reason}` }, now));
    if (!dropped) throw new AppError(409, "not_under_review", "Only a completion under review can be rejected.");
    // The slot reopens: the task (and a completed order) take one more delivery.
    await reopenSlot(sql, dropped.taskId, now);
    if (dropped.refillId === null) await revertDelivery(sql, dropped.orderId, now);
    else await revertRedelivery(sql, dropped.refillId, now);
    await recordAdminAction(sql, admin, { action: "completion.reject", targetType: "task_completion", targetId: String(completionId), details: { before: "held", after: "rejected", reason } });
  });
}

const heldEarningSelect = { id: true, workerId: true, rewardMinor: true, currency: true, task: { select: { orderId: true } } } as const;

const heldEarningOf = (completion: { id: number; workerId: number; rewardMinor: number; currency: "GHS" | "USD"; task: { orderId: number } }) => ({
  id: completion.id,
  workerId: completion.workerId,
  rewardMinor: completion.rewardMinor,
  currency: completion.currency,
  orderId: completion.task.orderId,
});

/** An admin approves a completion under review before its hold ends: released exactly as the job releases it. */
export async function approveCompletion(admin: PublicUser, completionId: number, now = new Date()): Promise<void> {
  assertAdmin(admin);
  // What is read here never changes; whether the completion is still held is releaseEarning's guard.
  const completion = await getPrisma().taskCompletion.findUnique({ where: { id: completionId }, select: heldEarningSelect });
  if (!completion) throw new AppError(404, "not_found", "Completion not found");
  await getDatabase().sql.transaction(async (sql) => {
    if (!(await releaseEarning(sql, heldEarningOf(completion), now, "Approved by an admin"))) {
      throw new AppError(409, "not_under_review", "Only a completion under review can be approved.");
    }
    await recordAdminAction(sql, admin, { action: "completion.approve", targetType: "task_completion", targetId: String(completion.id), details: { before: "held", after: "approved" } });
  });
}

/**
 * The background job: completions whose hold ended are approved and their rewards become available;
 * a contested delivery's waits for its decision.
 */
export async function releaseHeldEarnings(now = new Date(), limit = 200): Promise<number> {
  const due = await getPrisma().taskCompletion.findMany({
    where: { review: "held", holdUntil: { lte: now }, deliveryState: { notIn: contestedStates } },
    orderBy: { holdUntil: "asc" },
    take: limit,
    select: heldEarningSelect,
  });
  let released = 0;
  for (const completion of due) {
    const done = await getDatabase().sql.transaction((sql) => releaseEarning(sql, heldEarningOf(completion), now, "Review period ended"));
    if (done) released += 1;
  }
  return released;
}
