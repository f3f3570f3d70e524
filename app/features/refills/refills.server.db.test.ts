import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import type { CatalogPlatform } from "~/features/catalog/catalog";
import { workerStats } from "~/features/fulfilment/earnings.server";
import { workerHandleSchema } from "~/features/fulfilment/handle-schema";
import { rejectCompletion, releaseHeldEarnings } from "~/features/fulfilment/review.server";
import { completeTask, listAvailableTasks } from "~/features/fulfilment/tasks.server";
import { linkWorkerHandle } from "~/features/fulfilment/worker-handles.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { applyTransactionOutcome } from "~/features/payments/settlement.server";
import { payoutRequestSchema, requestPayout } from "~/features/payouts/payouts.server";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { answerRecheck, endDueRechecks, listPendingRechecks } from "./rechecks.server";
import { refillOfferFor, refillsById, refillsOfOrder, requestRefill } from "./refills.server";

/*
 * Refills on PGlite or PostgreSQL (issue #21): a delivered order's refill asks each worker who
 * delivered it to re-check; drops take the earning back and are re-delivered by workers new to the
 * target; the limits refuse with a clear message and change nothing; the ledger stays sound.
 * Orders are really delivered: 50 workers each complete the order's task (the catalogue's minimum).
 */
process.env.COMPLETION_HOLD_HOURS = "72";
// One task's reward (₵0.45) can be withdrawn, so a claw-back can take a balance below zero.
process.env.PAYOUT_MINIMUM_CEDIS = "0.40";

const { prisma } = serviceDatabase();

const hour = 3_600_000;
let sequence = 0;
const unique = () => `${process.pid}x${Date.now().toString(36)}x${++sequence}`;

async function newWorker(platform: CatalogPlatform = "instagram"): Promise<PublicUser> {
  const worker = await createTestUser(prisma(), "worker", { platforms: [platform] });
  await linkWorkerHandle(worker, workerHandleSchema.parse({ platform, handle: `rw${unique()}` }));
  return worker;
}

async function paidOrder(client: PublicUser, quantity = 50) {
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity, targetUsername: `refill${unique()}`, accountScreenshot: null }));
  const reference = `refill_${order.id}_${unique()}`;
  await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: Math.round(order.amount * 100), currency: "GHS" } });
  expect(await applyTransactionOutcome({ reference, status: "success", amount: Math.round(order.amount * 100), currency: "GHS" })).toBe("credited");
  return { order, task: await prisma().task.findFirstOrThrow({ where: { orderId: order.id } }) };
}

/** A paid order of 50 delivered by `workers` (50 of them; new ones unless given), at `at`. */
async function deliveredOrder(at: Date, workers?: PublicUser[]) {
  const client = await createTestUser(prisma(), "client");
  const { order, task } = await paidOrder(client);
  const deliverers = workers ?? (await Promise.all(Array.from({ length: 50 }, () => newWorker())));
  for (const [index, worker] of deliverers.entries()) await completeTask(worker, task.id, {}, new Date(at.getTime() + index * 10));
  const delivered = await prisma().order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true } });
  expect(delivered.status).toBe("completed");
  return { client, order, task, workers: deliverers };
}

/** The re-check of `worker` in refill `refillId`. */
async function checkOf(refillId: number, worker: PublicUser) {
  return prisma().refillCheck.findFirstOrThrow({ where: { refillId, workerId: worker.id } });
}

/** Everyone but `except` confirms their re-check. */
async function othersConfirm(refillId: number, workers: PublicUser[], except: PublicUser[], at: Date) {
  for (const worker of workers.filter((item) => !except.includes(item))) await answerRecheck(worker, (await checkOf(refillId, worker)).id, "confirmed", at);
}

async function ledgerIsSound() {
  expect((await checkLedger(prisma())).filter((result) => result.offending > 0)).toEqual([]);
}

describe("requesting a refill", () => {
  it("opens a pending re-check of every delivery for the client's delivered order, within the limits", async () => {
    const start = new Date();
    const { client, order, workers } = await deliveredOrder(start);
    const stranger = await createTestUser(prisma(), "client");
    const at = new Date(start.getTime() + hour);

    expect((await refusal(requestRefill(stranger, order.id, at))).status).toBe(404);
    expect((await refusal(requestRefill(workers[0], order.id, at))).status).toBe(403);
    const refill = await requestRefill(client, order.id, at);
    expect(refill).toMatchObject({ orderId: order.id, status: "pending", statusLabel: "Pending", checks: { total: 50, confirmed: 0, dropped: 0, pending: 50 }, droppedCount: 0 });
    expect(refill.checkUntil).toBe(new Date(at.getTime() + 48 * hour).toISOString());

    const open = await refusal(requestRefill(client, order.id, new Date(at.getTime() + 30 * hour)));
    expect([open.status, open.code, open.message]).toEqual([409, "refill_open", `This order already has a refill in progress (refill ${refill.id}).`]);
    expect(await prisma().refill.count({ where: { orderId: order.id } })).toBe(1);
    expect(refillOfferFor({ status: "completed", completedAt: start }, await refillsOfOrder(order.id), at)).toEqual({ state: "unavailable", reason: "A refill of this order is in progress." });

    // Nothing dropped: rejected, and the next one may be asked 24 hours after this one.
    await othersConfirm(refill.id, workers, [], new Date(at.getTime() + hour));
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "rejected", statusLabel: "Rejected", droppedCount: 0, checks: { confirmed: 50, pending: 0 } });
    expect(await prisma().task.count({ where: { refillId: refill.id } })).toBe(0);
    const soon = await refusal(requestRefill(client, order.id, new Date(at.getTime() + 23 * hour)));
    expect([soon.status, soon.code]).toEqual([429, "refill_too_soon"]);
    expect(soon.message).toMatch(/^One refill per order every 24 hours: you can request the next one after \d+ \w+ 2026 at \d\d:\d\d GMT\.$/);
    expect((await requestRefill(client, order.id, new Date(at.getTime() + 25 * hour))).status).toBe("pending");

    // 30 days after delivery the window is closed.
    const late = await deliveredOrder(new Date(start.getTime() + 10 * 60_000), workers.slice(0, 49).concat(await newWorker()));
    const closed = await refusal(requestRefill(late.client, late.order.id, new Date(start.getTime() + 31 * 24 * hour)));
    expect([closed.status, closed.code]).toEqual([422, "refill_window_closed"]);
    expect(closed.message).toMatch(/^Refills can be requested within 30 days of delivery; this order was delivered on /);
    expect(await prisma().refill.count({ where: { orderId: late.order.id } })).toBe(0);
    await ledgerIsSound();
  });

  it("refuses an order not delivered yet, and one that is not there", async () => {
    const client = await createTestUser(prisma(), "client");
    const { order } = await paidOrder(client);
    const undelivered = await refusal(requestRefill(client, order.id));
    expect([undelivered.status, undelivered.code, undelivered.message]).toEqual([422, "not_delivered", "Only a delivered order can be refilled: this one is not delivered yet."]);
    expect((await refusal(requestRefill(client, 2_000_000_000))).status).toBe(404);
    expect((await refusal(requestRefill(client, -1))).status).toBe(404);
    expect(await prisma().refill.count({ where: { orderId: order.id } })).toBe(0);
  });
});

describe("the re-check and the re-delivery", () => {
  it("takes back a dropped earning, re-delivers with a worker new to the target, and completes", async () => {
    const start = new Date();
    const { client, order, workers } = await deliveredOrder(start);
    const [confirmer, dropper, released] = workers;
    // The rewards were released before the refill: they are clawed back, not reversed; one was withdrawn already.
    await releaseHeldEarnings(new Date(start.getTime() + 73 * hour));
    await requestPayout(released, payoutRequestSchema.parse({ amount: 0.45, phone: "0241234567", provider: "mtn" }));
    const at = new Date(start.getTime() + 80 * hour);
    const refill = await requestRefill(client, order.id, at);

    // Each worker sees only their own re-check, with the handle they did it with.
    const [mine] = await listPendingRechecks(dropper);
    const dropperCheck = await checkOf(refill.id, dropper);
    const completion = await prisma().taskCompletion.findUniqueOrThrow({ where: { id: dropperCheck.completionId } });
    expect(mine).toMatchObject({ id: dropperCheck.id, platform: "instagram", targetUrl: order.targetUrl, handle: completion.handle });
    const foreign = await refusal(answerRecheck(confirmer, dropperCheck.id, "confirmed", at));
    expect([foreign.status, foreign.message]).toEqual([403, "This re-check is about another worker's task: only they can answer it."]);
    expect((await checkOf(refill.id, dropper)).answer).toBe("pending");

    await answerRecheck(confirmer, (await checkOf(refill.id, confirmer)).id, "confirmed", at);
    const twice = await refusal(answerRecheck(confirmer, (await checkOf(refill.id, confirmer)).id, "dropped", at));
    expect([twice.status, twice.code]).toEqual([409, "already_answered"]);
    await answerRecheck(dropper, dropperCheck.id, "dropped", at);
    await answerRecheck(released, (await checkOf(refill.id, released)).id, "dropped", at);
    await othersConfirm(refill.id, workers, [confirmer, dropper, released], at);

    const [inProgress] = await refillsById([refill.id], client.id);
    expect(inProgress).toMatchObject({ status: "in_progress", statusLabel: "In progress", droppedCount: 2, redeliveredCount: 0, checks: { confirmed: 48, dropped: 2, pending: 0 } });
    // The earnings came back (all 50 were released at 73 h): two claw-backs, the balance at zero.
    expect(await prisma().ledgerEntry.count({ where: { kind: "earning_clawback", userId: { in: [dropper.id, released.id] } } })).toBe(2);
    expect((await workerStats(dropper)).availableBalance).toBe(0);
    expect((await workerStats(dropper)).completedTasks).toBe(0);
    // The one who had withdrawn is below zero: no withdrawal until new earnings cover it.
    expect((await workerStats(released)).availableBalance).toBe(-0.45);
    const blocked = await refusal(requestPayout(released, payoutRequestSchema.parse({ amount: 0.45, phone: "0241234567", provider: "mtn" })));
    expect([blocked.status, blocked.code, blocked.message]).toEqual([
      422,
      "negative_balance",
      "Your balance is ₵0.45 below zero: work you were paid for was found undone at a refill's re-check. Withdrawals open again once new earnings cover it.",
    ]);
    expect(await prisma().adminAuditLog.count({ where: { action: "completion.drop", adminId: null, targetId: { in: [String(dropperCheck.completionId)] } } })).toBe(1);

    // The re-delivery: 2 slots, offered to workers who never did this target, never past 2.
    const redelivery = await prisma().task.findFirstOrThrow({ where: { refillId: refill.id } });
    expect(redelivery).toMatchObject({ orderId: order.id, requiredCompletions: 2, targetUrl: order.targetUrl, status: "available" });
    expect((await listAvailableTasks(confirmer, 50)).map((task) => task.id)).not.toContain(redelivery.id);
    expect((await listAvailableTasks(dropper, 50)).map((task) => task.id)).not.toContain(redelivery.id);
    const [first, second, third] = [await newWorker(), await newWorker(), await newWorker()];
    expect((await listAvailableTasks(first, 50)).map((task) => task.id)).toContain(redelivery.id);
    await completeTask(first, redelivery.id, {}, new Date(at.getTime() + hour));
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "in_progress", redeliveredCount: 1 });
    await completeTask(second, redelivery.id, {}, new Date(at.getTime() + hour));
    const over = await refusal(completeTask(third, redelivery.id, {}, new Date(at.getTime() + hour)));
    expect(over.status).toBe(409);
    const [done] = await refillsById([refill.id], client.id);
    expect(done).toMatchObject({ status: "completed", statusLabel: "Completed", droppedCount: 2, redeliveredCount: 2 });
    // The order itself stays as it was: completed, its quantity delivered once.
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true, deliveredQuantity: true } })).toEqual({ status: "completed", deliveredQuantity: 50 });

    // An admin rejecting a re-delivery reopens the refill's slot, not the order's.
    const admin = await createTestUser(prisma(), "admin");
    const redone = await prisma().taskCompletion.findFirstOrThrow({ where: { taskId: redelivery.id, workerId: second.id } });
    await rejectCompletion(admin, redone.id, "No follow seen", new Date(at.getTime() + 2 * hour));
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "in_progress", redeliveredCount: 1 });
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true, deliveredQuantity: true } })).toEqual({ status: "completed", deliveredQuantity: 50 });
    await completeTask(third, redelivery.id, {}, new Date(at.getTime() + 3 * hour));
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "completed", redeliveredCount: 2 });
    await ledgerIsSound();
  });

  it("counts a re-check unanswered by the deadline as a drop, reversing the held earning, once", async () => {
    const start = new Date();
    const { client, order, workers } = await deliveredOrder(start);
    const silent = workers[7];
    const refill = await requestRefill(client, order.id, new Date(start.getTime() + hour));
    await othersConfirm(refill.id, workers, [silent], new Date(start.getTime() + 2 * hour));
    expect(await endDueRechecks(new Date(start.getTime() + 48 * hour))).toBe(0);
    const late = await refusal(answerRecheck(silent, (await checkOf(refill.id, silent)).id, "confirmed", new Date(start.getTime() + 50 * hour)));
    expect([late.status, late.code]).toEqual([409, "recheck_closed"]);

    const after = new Date(start.getTime() + 50 * hour);
    expect(await endDueRechecks(after)).toBeGreaterThanOrEqual(1);
    expect(await endDueRechecks(after)).toBe(0);
    expect((await checkOf(refill.id, silent)).answer).toBe("unanswered");
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "in_progress", droppedCount: 1 });
    const completion = await prisma().taskCompletion.findUniqueOrThrow({ where: { id: (await checkOf(refill.id, silent)).completionId } });
    expect(completion).toMatchObject({ review: "rejected", rejectionReason: "Dropped: no answer to the re-check" });
    expect(completion.droppedAt).not.toBeNull();
    expect(await prisma().ledgerEntry.count({ where: { taskCompletionId: completion.id, kind: "earning_reversal" } })).toBe(1);
    // The next refill of the order re-checks only what still counts.
    await completeTask(await newWorker(), (await prisma().task.findFirstOrThrow({ where: { refillId: refill.id } })).id, {}, after);
    const next = await requestRefill(client, order.id, new Date(start.getTime() + 26 * hour + 48 * hour));
    expect(next.checks.total).toBe(50);
    expect(await prisma().refillCheck.count({ where: { refillId: next.id, completionId: completion.id } })).toBe(0);
    await ledgerIsSound();
  });

  it("ends the re-check once when the last two answers arrive together", async () => {
    const start = new Date();
    const { client, order, workers } = await deliveredOrder(start);
    const [a, b] = workers;
    const refill = await requestRefill(client, order.id, start);
    await othersConfirm(refill.id, workers, [a, b], start);
    await Promise.all([answerRecheck(a, (await checkOf(refill.id, a)).id, "dropped", start), answerRecheck(b, (await checkOf(refill.id, b)).id, "dropped", start)]);
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "in_progress", droppedCount: 2 });
    expect(await prisma().task.findMany({ where: { refillId: refill.id }, select: { requiredCompletions: true } })).toEqual([{ requiredCompletions: 2 }]);
    // Two new workers at once take the two slots; a third racing them is refused.
    const racers = [await newWorker(), await newWorker(), await newWorker()];
    const task = await prisma().task.findFirstOrThrow({ where: { refillId: refill.id } });
    const results = await Promise.allSettled(racers.map((worker) => completeTask(worker, task.id, {}, start)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "completed", redeliveredCount: 2 });
    await ledgerIsSound();
  });
});
