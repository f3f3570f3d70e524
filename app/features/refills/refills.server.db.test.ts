import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import type { CatalogPlatform } from "~/features/catalog/catalog";
import { workerHandleSchema } from "~/features/fulfilment/handle-schema";
import { releaseHeldEarnings } from "~/features/fulfilment/review.server";
import { listAvailableTasks } from "~/features/fulfilment/tasks.server";
import { completeTask } from "~/features/fulfilment/task-completion.server";
import { linkWorkerHandle } from "~/features/fulfilment/worker-handles.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { applyTransactionOutcome } from "~/features/payments/settlement.server";
import { decideFlag, dropDeliveriesWithoutEvidence } from "~/features/deliveries/decisions.server";
import { submitDeliveryEvidence } from "~/features/deliveries/evidence.server";
import { tinyPng } from "~/features/uploads/test-images";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { refillOfferFor, refillsById, refillsOfOrder, requestRefill } from "./refills.server";

/*
 * Refills on PGlite or PostgreSQL (decision 0041): a refill names the deliveries that dropped, each
 * is decided on evidence like a flag, and its status is read off them; the limits refuse with a
 * clear message and change nothing; the ledger stays sound. Orders are really delivered: 50 workers
 * each complete the order's task (the catalogue's minimum).
 */
process.env.COMPLETION_HOLD_HOURS = "72";

const { prisma, sql } = serviceDatabase();

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

async function deliveriesOf(orderId: number) {
  return prisma().taskCompletion.findMany({ where: { task: { orderId } }, orderBy: { id: "asc" }, select: { id: true, handle: true, workerId: true, deliveryState: true, refillId: true } });
}

async function ledgerIsSound() {
  expect((await checkLedger(sql())).filter((result) => result.offending > 0)).toEqual([]);
}

describe("the refill period of the order's service (issue #50)", () => {
  it("offers a refill only within the service's refill days, and none for a service without refills", () => {
    const delivered = new Date("2026-11-01T00:00:00Z");
    const order = (refillDays: number) => ({ status: "completed", completedAt: delivered, refillDays });
    expect(refillOfferFor(order(0), [], new Date("2026-11-01T01:00:00Z"))).toEqual({ state: "none" });
    expect(refillOfferFor(order(7), [], new Date("2026-11-07T23:00:00Z"))).toEqual({ state: "available" });
    expect(refillOfferFor(order(7), [], new Date("2026-11-08T01:00:00Z"))).toMatchObject({ state: "unavailable", reason: expect.stringMatching(/^Refills could be requested until /) });
    expect(refillOfferFor(order(30), [], new Date("2026-11-08T01:00:00Z"))).toEqual({ state: "available" });
  });
});

describe("requesting a refill", () => {
  it("names the drops of the client's delivered order, which become flags of the refill, within the limits", async () => {
    const start = new Date();
    const { client, order, workers } = await deliveredOrder(start);
    const stranger = await createTestUser(prisma(), "client");
    const at = new Date(start.getTime() + hour);
    const [first, second] = await deliveriesOf(order.id);

    expect((await refusal(requestRefill(stranger, order.id, { deliveryIds: [first.id] }, at))).status).toBe(404);
    expect((await refusal(requestRefill(workers[0], order.id, { deliveryIds: [first.id] }, at))).status).toBe(403);
    // A delivery of another order, or a handle that delivered nothing here: refused whole, nothing opened.
    const other = await deliveredOrder(start);
    const [foreign] = await deliveriesOf(other.order.id);
    const notOurs = await refusal(requestRefill(client, order.id, { deliveryIds: [first.id, foreign.id] }, at));
    expect([notOurs.status, notOurs.message]).toEqual([404, `Delivery ${foreign.id} is not a delivery of this order.`]);
    const unknown = await refusal(requestRefill(client, order.id, { handles: [first.handle, "@nobody_here"] }, at));
    expect([unknown.status, unknown.message]).toEqual([404, "No delivery of this order was made by @nobody_here."]);
    expect(await prisma().refill.count({ where: { orderId: order.id } })).toBe(0);
    expect((await deliveriesOf(order.id)).filter((delivery) => delivery.deliveryState !== "counted")).toEqual([]);

    const refill = await requestRefill(client, order.id, { handles: [`@${first.handle.toUpperCase()}`, second.handle] }, at);
    expect(refill).toMatchObject({ orderId: order.id, status: "in_progress", statusLabel: "In progress", named: { total: 2, deciding: 2, stood: 0, dropped: 0, replaced: 0 } });
    const named = (await deliveriesOf(order.id)).filter((delivery) => delivery.refillId === refill.id);
    expect(named.map((delivery) => [delivery.id, delivery.deliveryState])).toEqual([
      [first.id, "flagged"],
      [second.id, "flagged"],
    ]);
    // Each worker is asked for evidence by e-mail, as for any flag.
    expect(await prisma().outboxMessage.count({ where: { idempotencyKey: { in: [`delivery-flagged:${first.id}`, `delivery-flagged:${second.id}`] } } })).toBe(2);

    const open = await refusal(requestRefill(client, order.id, { deliveryIds: [named[0].id + 2] }, new Date(at.getTime() + 30 * hour)));
    expect([open.status, open.code, open.message]).toEqual([409, "refill_open", `This order already has a refill in progress (refill ${refill.id}).`]);
    expect(refillOfferFor({ status: "completed", completedAt: start }, await refillsOfOrder(order.id, at), at)).toEqual({ state: "unavailable", reason: "A refill of this order is in progress." });

    // 30 days after delivery the window is closed.
    const late = await deliveredOrder(new Date(start.getTime() + 10 * 60_000), await Promise.all(Array.from({ length: 50 }, () => newWorker())));
    const [lateDelivery] = await deliveriesOf(late.order.id);
    const closed = await refusal(requestRefill(late.client, late.order.id, { deliveryIds: [lateDelivery.id] }, new Date(start.getTime() + 31 * 24 * hour)));
    expect([closed.status, closed.code]).toEqual([422, "refill_window_closed"]);
    expect(closed.message).toMatch(/^Refills can be requested within 30 days of delivery; this order was delivered on /);
    expect(await prisma().refill.count({ where: { orderId: late.order.id } })).toBe(0);
    await ledgerIsSound();
  });

  it("refuses an order not delivered yet, and one that is not there", async () => {
    const client = await createTestUser(prisma(), "client");
    const { order } = await paidOrder(client);
    const undelivered = await refusal(requestRefill(client, order.id, null));
    expect([undelivered.status, undelivered.code, undelivered.message]).toEqual([422, "not_delivered", "Only a delivered order can be refilled: this one is not delivered yet."]);
    expect((await refusal(requestRefill(client, 2_000_000_000, null))).status).toBe(404);
    expect((await refusal(requestRefill(client, -1, null))).status).toBe(404);
    expect(await prisma().refill.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("opened without names (the reseller API's), waits for them, and ends rejected when none come in 7 days", async () => {
    const start = new Date();
    const { client, order } = await deliveredOrder(start);
    const [first] = await deliveriesOf(order.id);
    const at = new Date(start.getTime() + hour);
    const waiting = await requestRefill(client, order.id, null, at);
    expect(waiting).toMatchObject({ status: "pending", statusLabel: "Pending", named: { total: 0 }, nameDropsBy: new Date(at.getTime() + 7 * 24 * hour).toISOString() });
    expect(refillOfferFor({ status: "completed", completedAt: start }, await refillsOfOrder(order.id, at), at)).toEqual({ state: "available" });
    // The names go to the waiting refill: no second one is opened.
    const named = await requestRefill(client, order.id, { deliveryIds: [first.id] }, new Date(at.getTime() + 2 * hour));
    expect(named).toMatchObject({ id: waiting.id, status: "in_progress", named: { total: 1 } });
    expect(await prisma().refill.count({ where: { orderId: order.id } })).toBe(1);

    const other = await deliveredOrder(start);
    const silent = await requestRefill(other.client, other.order.id, null, at);
    const [refill] = await refillsById([silent.id], other.client.id, new Date(at.getTime() + 7 * 24 * hour + 1));
    expect(refill).toMatchObject({ status: "rejected", statusLabel: "Rejected" });
    // Once rejected, the next refill may be asked (its 24 hours are long past), naming the drops at once.
    const [otherFirst] = await deliveriesOf(other.order.id);
    const next = await requestRefill(other.client, other.order.id, { deliveryIds: [otherFirst.id] }, new Date(at.getTime() + 7 * 24 * hour + 2));
    expect(next.id).not.toBe(silent.id);
  });
});

describe("a refill decided on evidence", () => {
  it("re-delivers what dropped by someone new to the target and completes; what stood does not count", async () => {
    const start = new Date();
    const { client, order, workers } = await deliveredOrder(start);
    // Released before the refill: a drop is clawed back, not reversed.
    await releaseHeldEarnings(new Date(start.getTime() + 73 * hour));
    const at = new Date(start.getTime() + 80 * hour);
    const [shown, missing, wrong] = await deliveriesOf(order.id);
    const refill = await requestRefill(client, order.id, { deliveryIds: [shown.id, missing.id, wrong.id] }, at);
    const worker = (delivery: { workerId: number }) => workers.find((item) => item.id === delivery.workerId)!;
    const admin = await createTestUser(prisma(), "admin");

    await submitDeliveryEvidence(worker(shown), shown.id, tinyPng(), new Date(at.getTime() + hour));
    await submitDeliveryEvidence(worker(wrong), wrong.id, tinyPng(), new Date(at.getTime() + hour));
    await decideFlag(admin, shown.id, { decision: "reject", reason: "The follow is in the screenshot" }, new Date(at.getTime() + 2 * hour));
    await decideFlag(admin, wrong.id, { decision: "uphold", reason: "Another account in the screenshot" }, new Date(at.getTime() + 2 * hour));
    expect((await refillsById([refill.id], client.id, new Date(at.getTime() + 2 * hour)))[0]).toMatchObject({ status: "in_progress", named: { total: 3, deciding: 1, stood: 1, dropped: 1 } });
    await dropDeliveriesWithoutEvidence(new Date(at.getTime() + 49 * hour));
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "in_progress", named: { total: 3, deciding: 0, stood: 1, dropped: 2, replaced: 0 } });
    expect(await prisma().ledgerEntry.count({ where: { kind: "earning_clawback", taskCompletionId: { in: [missing.id, wrong.id] } } })).toBe(2);

    // Each drop is re-delivered by a task of its own, offered only to workers who never did the target.
    const replacements = await prisma().task.findMany({ where: { replacesCompletionId: { in: [missing.id, wrong.id] } }, select: { id: true } });
    expect(replacements).toHaveLength(2);
    expect((await listAvailableTasks(worker(missing), 50)).map((task) => task.id)).not.toContain(replacements[0].id);
    for (const task of replacements) await completeTask(await newWorker(), task.id, {}, new Date(at.getTime() + 50 * hour));
    expect((await refillsById([refill.id], client.id))[0]).toMatchObject({ status: "completed", statusLabel: "Completed", named: { dropped: 2, replaced: 2, stood: 1 } });
    // The order itself stays as it was: completed, its quantity delivered once.
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true, deliveredQuantity: true } })).toEqual({ status: "completed", deliveredQuantity: 50 });
    await ledgerIsSound();
  });

  it("is rejected when every named delivery stood, and the next may be asked 24 hours later", async () => {
    const start = new Date();
    const { client, order, workers } = await deliveredOrder(start);
    const [named, later] = await deliveriesOf(order.id);
    const at = new Date(start.getTime() + hour);
    const refill = await requestRefill(client, order.id, { deliveryIds: [named.id] }, at);
    await submitDeliveryEvidence(workers.find((item) => item.id === named.workerId)!, named.id, tinyPng(), at);
    await decideFlag(await createTestUser(prisma(), "admin"), named.id, { decision: "reject", reason: "The follow is in the screenshot" }, at);
    expect((await refillsById([refill.id], client.id, at))[0]).toMatchObject({ status: "rejected", named: { total: 1, stood: 1, dropped: 0 } });
    const soon = await refusal(requestRefill(client, order.id, { deliveryIds: [later.id] }, new Date(at.getTime() + 23 * hour)));
    expect([soon.status, soon.code]).toEqual([429, "refill_too_soon"]);
    expect(soon.message).toMatch(/^One refill per order every 24 hours: you can request the next one after \d+ \w+ 2026 at \d\d:\d\d GMT\.$/);
    // A delivery already decided cannot be named again.
    const again = await refusal(requestRefill(client, order.id, { deliveryIds: [named.id] }, new Date(at.getTime() + 25 * hour)));
    expect([again.status, again.code]).toEqual([409, "already_flagged"]);
    expect((await requestRefill(client, order.id, { deliveryIds: [later.id] }, new Date(at.getTime() + 25 * hour))).status).toBe("in_progress");
    await ledgerIsSound();
  });
});
