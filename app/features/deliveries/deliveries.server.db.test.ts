import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { workerHandleSchema } from "~/features/fulfilment/handle-schema";
import { releaseHeldEarnings } from "~/features/fulfilment/review.server";
import { listAvailableTasks } from "~/features/fulfilment/tasks.server";
import { completeTask } from "~/features/fulfilment/task-completion.server";
import { linkWorkerHandle } from "~/features/fulfilment/worker-handles.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { applyTransactionOutcome } from "~/features/payments/settlement.server";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { tinyPng } from "~/features/uploads/test-images";
import { decideFlag, dropDeliveriesWithoutEvidence } from "./decisions.server";
import { deliveriesOfOrder, deliveriesPanelFor, flagDeliveriesOfOrder } from "./deliveries.server";
import { submitDeliveryEvidence } from "./evidence.server";
import { reliabilityOf, resumeWorkerTasks } from "./reliability.server";

/*
 * The client's side of the buyer's check on PGlite or PostgreSQL (issue #48): an order's deliveries
 * are really completed by workers; the flag window, a flag racing the release job and two flags
 * racing each other.
 */
process.env.COMPLETION_HOLD_HOURS = "72";
process.env.COMPLETION_MIN_INTERVAL_MS = "0";

const { prisma, sql } = serviceDatabase();

const hour = 3_600_000;
const day = 24 * hour;
let sequence = 0;
const unique = () => `${process.pid}x${Date.now().toString(36)}x${++sequence}`;

async function newWorker(): Promise<PublicUser> {
  const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"] });
  await linkWorkerHandle(worker, workerHandleSchema.parse({ platform: "instagram", handle: `dw${unique()}` }));
  return worker;
}

/** A paid order of 50 with `count` deliveries made at `at` by new workers. */
async function orderWithDeliveries(count: number, at: Date) {
  const workers: PublicUser[] = [];
  const client = await createTestUser(prisma(), "client");
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 50, targetUsername: `flags${unique()}`, accountScreenshot: null }));
  const reference = `flags_${order.id}_${unique()}`;
  await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: Math.round(order.amount * 100), currency: "GHS" } });
  expect(await applyTransactionOutcome({ reference, status: "success", amount: Math.round(order.amount * 100), currency: "GHS" })).toBe("credited");
  const task = await prisma().task.findFirstOrThrow({ where: { orderId: order.id } });
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    workers.push(await newWorker());
    ids.push((await completeTask(workers[index], task.id, {}, new Date(at.getTime() + index))).completionId);
  }
  return { client, order, task, ids, workers };
}

async function ledgerIsSound() {
  expect((await checkLedger(sql())).filter((result) => result.offending > 0)).toEqual([]);
}

describe("the flag window", () => {
  it("is open while the order is delivered and for 30 days after it completed, then refused with the date", async () => {
    const start = new Date();
    const { client, order, ids } = await orderWithDeliveries(3, start);
    expect(await flagDeliveriesOfOrder(client, order.id, { deliveryIds: [ids[0]] }, new Date(start.getTime() + hour))).toEqual({ flagged: 1 });

    const completedAt = new Date(start.getTime() + 2 * hour);
    await prisma().order.update({ where: { id: order.id }, data: { status: "completed", completedAt } });
    expect(await flagDeliveriesOfOrder(client, order.id, { deliveryIds: [ids[1]] }, new Date(completedAt.getTime() + 30 * day))).toEqual({ flagged: 1 });
    const late = await refusal(flagDeliveriesOfOrder(client, order.id, { deliveryIds: [ids[2]] }, new Date(completedAt.getTime() + 30 * day + 1)));
    expect(late).toMatchObject({ status: 409, code: "flag_window_closed" });
    expect(late.message).toMatch(/^Deliveries of this order could be flagged until \d{1,2} \w+ \d{4} at \d\d:\d\d GMT, 30 days after it was completed\.$/);
    expect((await deliveriesOfOrder(client, order.id)).deliveries.map((delivery) => delivery.state)).toEqual(["flagged", "flagged", "counted"]);

    // The order page offers the checklist only inside the window.
    const panelAt = async (at: Date) => (await deliveriesPanelFor(client, order.id, { page: 1, isAllSelected: false, justFlagged: null }, at)).canFlag;
    expect(await panelAt(new Date(completedAt.getTime() + 29 * day))).toBe(true);
    expect(await panelAt(new Date(completedAt.getTime() + 31 * day))).toBe(false);
  });
});

describe("a flag and the release job", () => {
  it("a flagged delivery's held earning is not released when its hold ends; the others are", async () => {
    const start = new Date();
    const { client, order, ids } = await orderWithDeliveries(3, start);
    await flagDeliveriesOfOrder(client, order.id, { deliveryIds: [ids[1]] }, new Date(start.getTime() + hour));
    await releaseHeldEarnings(new Date(start.getTime() + 73 * hour));
    const reviews = await prisma().taskCompletion.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, select: { review: true } });
    expect(reviews.map((row) => row.review)).toEqual(["approved", "held", "approved"]);
    await ledgerIsSound();
  });

  it("the ledger check names an earning released while its delivery was flagged", async () => {
    const start = new Date();
    const { client, order, ids } = await orderWithDeliveries(2, start);
    await flagDeliveriesOfOrder(client, order.id, { deliveryIds: ids }, new Date(start.getTime() + hour));
    const rule = "earnings released while their delivery was flagged";
    const offending = async () => (await checkLedger(sql())).find((result) => result.rule === rule)?.offending;
    expect(await offending()).toBe(0);
    // What a release that ignored the flag would leave: the review approved after the flag.
    await prisma().taskCompletion.update({ where: { id: ids[0] }, data: { review: "approved", reviewedAt: new Date(start.getTime() + 73 * hour) } });
    expect(await offending()).toBe(1);
    await prisma().taskCompletion.update({ where: { id: ids[0] }, data: { review: "held", reviewedAt: null } });
  });

  it("racing each other, they meet on the delivery's row: a release either comes first or not at all, and the ledger stays sound", async () => {
    // Each round flags every delivery of a new order while the release job runs over them. The rounds go
    // on until a flag has come before the job reached its delivery, which the scheduler may not give at once.
    let raced = false;
    for (let round = 0; round < 5 && !raced; round++) {
      const start = new Date();
      const { client, order, ids } = await orderWithDeliveries(8, start);
      const releaseAt = new Date(start.getTime() + 73 * hour);
      const outcomes = await Promise.all([releaseHeldEarnings(releaseAt), ...ids.map((id) => flagDeliveriesOfOrder(client, order.id, { deliveryIds: [id] }, releaseAt))]);
      expect(outcomes.slice(1)).toEqual(ids.map(() => ({ flagged: 1 })));
      const rows = await prisma().taskCompletion.findMany({ where: { id: { in: ids } }, select: { id: true, review: true, deliveryState: true } });
      raced = rows.some((row) => row.review === "held");
      for (const row of rows) {
        expect(row.deliveryState).toBe("flagged");
        const releases = await prisma().ledgerEntry.count({ where: { taskCompletionId: row.id, kind: "earning_release" } });
        expect(releases).toBe(row.review === "approved" ? 2 : 0);
      }
      // Once flagged, no later run releases any of them.
      await releaseHeldEarnings(new Date(releaseAt.getTime() + hour));
      const after = await prisma().taskCompletion.findMany({ where: { id: { in: ids } }, select: { id: true, review: true } });
      expect(after.map((row) => row.review).sort()).toEqual(rows.map((row) => row.review).sort());
      await ledgerIsSound();
    }
    expect(raced).toBe(true);
  });
});

describe("two flags of one delivery at once", () => {
  it("one is taken, the other refused with 409", async () => {
    const { client, order, ids } = await orderWithDeliveries(1, new Date());
    const results = await Promise.allSettled([flagDeliveriesOfOrder(client, order.id, { deliveryIds: ids }), flagDeliveriesOfOrder(client, order.id, { deliveryIds: ids, note: "again" })]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused && "reason" in refused ? refused.reason : null).toMatchObject({ status: 409, code: "already_flagged" });
  });
});

describe("the worker's screenshot and its deadline", () => {
  it("e-mails the worker at the flag; no screenshot by the deadline drops the delivery, reverses its held reward and opens its re-delivery, once", async () => {
    const start = new Date();
    const { client, order, task, ids, workers } = await orderWithDeliveries(2, start);
    const flaggedAt = new Date(start.getTime() + hour);
    await flagDeliveriesOfOrder(client, order.id, { deliveryIds: ids }, flaggedAt);
    const mails = await prisma().outboxMessage.findMany({ where: { idempotencyKey: { in: ids.map((id) => `delivery-flagged:${id}`) } }, orderBy: { idempotencyKey: "asc" } });
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(workers.map((worker) => worker.email).sort());
    expect(mails[0].textBody).toContain("Upload a screenshot of their profile showing you follow within 48 hours");

    // One answers in time, the other does not.
    // (The job looks at every order: other tests' flags may be due too, so this one's rows are what is checked.)
    await submitDeliveryEvidence(workers[0], ids[0], tinyPng(), new Date(flaggedAt.getTime() + 47 * hour));
    await dropDeliveriesWithoutEvidence(new Date(flaggedAt.getTime() + 48 * hour - 1));
    expect(await prisma().taskCompletion.findUniqueOrThrow({ where: { id: ids[1] }, select: { deliveryState: true } })).toEqual({ deliveryState: "flagged" });
    const late = new Date(flaggedAt.getTime() + 48 * hour);
    await dropDeliveriesWithoutEvidence(late);
    await dropDeliveriesWithoutEvidence(late);
    const rows = await prisma().taskCompletion.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, select: { deliveryState: true, review: true } });
    expect(rows).toEqual([
      { deliveryState: "under_review", review: "held" },
      { deliveryState: "dropped", review: "rejected" },
    ]);
    const redelivery = await prisma().task.findFirstOrThrow({ where: { replacesCompletionId: ids[1] }, select: { orderId: true, requiredCompletions: true, targetUrl: true, status: true } });
    expect(redelivery).toEqual({ orderId: order.id, requiredCompletions: 1, targetUrl: task.targetUrl, status: "available" });
    expect(await prisma().adminAuditLog.count({ where: { action: "delivery.drop", targetId: String(ids[1]), adminId: null } })).toBe(1);
    // A late screenshot is refused with the deadline.
    expect((await refusal(submitDeliveryEvidence(workers[1], ids[1], tinyPng(), late))).message).toBe("This delivery is not waiting for a screenshot.");
    await ledgerIsSound();
  });

  it("an upheld flag of a released earning claws it back; the order's delivered count stays whole", async () => {
    const start = new Date();
    const { client, order, ids, workers } = await orderWithDeliveries(1, start);
    await releaseHeldEarnings(new Date(start.getTime() + 73 * hour));
    const at = new Date(start.getTime() + 80 * hour);
    await flagDeliveriesOfOrder(client, order.id, { deliveryIds: ids }, at);
    await submitDeliveryEvidence(workers[0], ids[0], tinyPng(), at);
    const admin = await createTestUser(prisma(), "admin");
    expect(await decideFlag(admin, ids[0], { decision: "uphold", reason: "Another account in the screenshot" }, at)).toEqual({ deliveryId: ids[0], state: "dropped" });
    expect(await prisma().ledgerEntry.count({ where: { taskCompletionId: ids[0], kind: "earning_clawback" } })).toBe(1);
    expect((await prisma().order.findUniqueOrThrow({ where: { id: order.id }, select: { deliveredQuantity: true } })).deliveredQuantity).toBe(1);
    await ledgerIsSound();
  });
});

describe("reliability from evidence", () => {
  it("is the share of flagged deliveries that stood; under 80 % over 5 decisions the store pauses the worker's tasks, audited, until an admin resumes them", async () => {
    const doubtful = await newWorker();
    const admin = await createTestUser(prisma(), "admin");
    const start = new Date(Date.now() - 10 * day);
    expect(await reliabilityOf(doubtful.id, start)).toEqual({ stood: 0, dropped: 0, percent: null, paused: false });
    // Five orders, each with a delivery of theirs that its client flags: three stand, two are upheld.
    for (let index = 0; index < 5; index++) {
      const at = new Date(start.getTime() + index * hour);
      const { client, order, task } = await orderWithDeliveries(0, at);
      const { completionId } = await completeTask(doubtful, task.id, {}, at);
      await flagDeliveriesOfOrder(client, order.id, { deliveryIds: [completionId] }, at);
      await submitDeliveryEvidence(doubtful, completionId, tinyPng(), at);
      await decideFlag(admin, completionId, index < 3 ? { decision: "reject", reason: "The follow is in the screenshot" } : { decision: "uphold", reason: "Another account" }, at);
      const expected = index < 3 ? { stood: index + 1, dropped: 0, percent: 100, paused: false } : index === 3 ? { stood: 3, dropped: 1, percent: 75, paused: false } : { stood: 3, dropped: 2, percent: 60, paused: true };
      expect(await reliabilityOf(doubtful.id, at)).toEqual(expected);
    }
    expect(await listAvailableTasks(doubtful, 50)).toEqual([]);
    const { task } = await orderWithDeliveries(0, new Date());
    expect(await refusal(completeTask(doubtful, task.id, {}))).toMatchObject({ status: 403, code: "tasks_paused" });
    expect(await prisma().adminAuditLog.findMany({ where: { action: "worker.tasks_pause", targetId: String(doubtful.id) }, select: { adminId: true, details: true } })).toEqual([
      { adminId: null, details: { before: "receiving tasks", after: "tasks paused", stood: 3, dropped: 2, percent: 60 } },
    ]);

    // Only an admin resumes them, once; the figure stays as it is.
    expect((await refusal(resumeWorkerTasks(doubtful, doubtful.id))).status).toBe(403);
    await resumeWorkerTasks(admin, doubtful.id);
    expect((await refusal(resumeWorkerTasks(admin, doubtful.id))).status).toBe(409);
    expect(await reliabilityOf(doubtful.id)).toMatchObject({ stood: 3, dropped: 2, paused: false });
    expect((await listAvailableTasks(doubtful, 50)).map((item) => item.id)).toContain(task.id);
    await ledgerIsSound();
  });
});

describe("screening the flags of a client whose flags keep being rejected", () => {
  it("after 3 rejected in 30 days, an admin screens further flags before any worker is asked: ask the worker, or reject", async () => {
    const admin = await createTestUser(prisma(), "admin");
    const start = new Date(Date.now() - 5 * day);
    const { client, order, ids, workers } = await orderWithDeliveries(6, start);
    // Three flags rejected on the evidence.
    for (const [index, id] of ids.slice(0, 3).entries()) {
      await flagDeliveriesOfOrder(client, order.id, { deliveryIds: [id] }, start);
      await submitDeliveryEvidence(workers[index], id, tinyPng(), start);
      await decideFlag(admin, id, { decision: "reject", reason: "The follow is in the screenshot" }, start);
    }
    // The next two wait for an admin: no worker is asked, no deadline runs, the earnings stay held.
    const at = new Date(start.getTime() + hour);
    await flagDeliveriesOfOrder(client, order.id, { deliveryIds: [ids[3], ids[4]], note: "Again" }, at);
    expect(await prisma().outboxMessage.count({ where: { idempotencyKey: { in: [`delivery-flagged:${ids[3]}`, `delivery-flagged:${ids[4]}`] } } })).toBe(0);
    expect((await deliveriesOfOrder(client, order.id)).deliveries.slice(3, 5).map((delivery) => delivery.state)).toEqual(["flagged", "flagged"]);
    const stateOf = async (id: number) => (await prisma().taskCompletion.findUniqueOrThrow({ where: { id }, select: { deliveryState: true, review: true, evidenceDueAt: true } }));
    await dropDeliveriesWithoutEvidence(new Date(at.getTime() + 100 * hour));
    await releaseHeldEarnings(new Date(at.getTime() + 100 * hour));
    expect(await stateOf(ids[3])).toEqual({ deliveryState: "screening", review: "held", evidenceDueAt: null });
    // Only a screened flag can be asked; a screened one cannot be upheld without the worker's side.
    expect((await refusal(decideFlag(admin, ids[5], { decision: "ask", reason: "Plausible" }, at))).status).toBe(409);
    expect((await refusal(decideFlag(admin, ids[3], { decision: "uphold", reason: "Missing" }, at))).message).toBe("Screen this flag first: ask the worker for a screenshot, or reject it.");
    // One is passed to its worker (e-mailed, 48 hours from now), the other rejected outright.
    expect(await decideFlag(admin, ids[3], { decision: "ask", reason: "The note is specific" }, at)).toEqual({ deliveryId: ids[3], state: "flagged" });
    expect(await stateOf(ids[3])).toMatchObject({ deliveryState: "flagged", evidenceDueAt: new Date(at.getTime() + 48 * hour) });
    expect(await prisma().outboxMessage.count({ where: { idempotencyKey: `delivery-flagged:${ids[3]}`, recipient: workers[3].email } })).toBe(1);
    expect(await decideFlag(admin, ids[4], { decision: "reject", reason: "The follow is on the profile" }, at)).toEqual({ deliveryId: ids[4], state: "stood" });
    await ledgerIsSound();
  });
});
