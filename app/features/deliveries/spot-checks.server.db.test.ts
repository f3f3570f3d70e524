import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { workerHandleSchema } from "~/features/fulfilment/handle-schema";
import { releaseHeldEarnings } from "~/features/fulfilment/review.server";
import { completeTask } from "~/features/fulfilment/task-completion.server";
import { linkWorkerHandle } from "~/features/fulfilment/worker-handles.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { applyTransactionOutcome } from "~/features/payments/settlement.server";
import { tinyPng } from "~/features/uploads/test-images";
import { forgetEnv } from "~/lib/env.server";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { decideFlag, dropDeliveriesWithoutEvidence, listFlagsForAdmin } from "./decisions.server";
import { deliveriesOfOrder } from "./deliveries.server";
import { listWorkerFlags, submitDeliveryEvidence } from "./evidence.server";

/*
 * Spot checks on PGlite or PostgreSQL (issue #48 item 6, decision 0042): the store asks for a
 * screenshot on each worker's first completions and then on 1 in N at random; the earning waits for
 * the decision, an admin decides in the flags queue, and a missing screenshot drops the delivery.
 * Here the first 2 are checked (the suite's default is none).
 */
process.env.COMPLETION_HOLD_HOURS = "72";
process.env.SPOT_CHECK_FIRST_COMPLETIONS = "2";
process.env.SPOT_CHECK_ONE_IN = "0";
forgetEnv();

const { prisma, sql } = serviceDatabase();

const hour = 3_600_000;
let sequence = 0;
const unique = () => `${process.pid}x${Date.now().toString(36)}x${++sequence}`;

async function paidOrder(client: PublicUser) {
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 50, targetUsername: `spot${unique()}`, accountScreenshot: null }));
  const reference = `spot_${order.id}_${unique()}`;
  await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: Math.round(order.amount * 100), currency: "GHS" } });
  expect(await applyTransactionOutcome({ reference, status: "success", amount: Math.round(order.amount * 100), currency: "GHS" })).toBe("credited");
  return { order, task: await prisma().task.findFirstOrThrow({ where: { orderId: order.id } }) };
}

const completionOf = (taskId: number, workerId: number) =>
  prisma().taskCompletion.findFirstOrThrow({ where: { taskId, workerId }, select: { id: true, deliveryState: true, isSpotCheck: true, review: true, evidenceDueAt: true } });

describe("spot checks", () => {
  it("ask for a screenshot on a worker's first completions, hold their earnings, and are decided in the flags queue", async () => {
    const client = await createTestUser(prisma(), "client");
    const admin = await createTestUser(prisma(), "admin");
    const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"] });
    await linkWorkerHandle(worker, workerHandleSchema.parse({ platform: "instagram", handle: `spot${unique()}` }));
    const orders = [await paidOrder(client), await paidOrder(client), await paidOrder(client)];
    const start = new Date();
    for (const [index, { task }] of orders.entries()) await completeTask(worker, task.id, {}, new Date(start.getTime() + index * 10_000));
    const [first, second, third] = await Promise.all(orders.map(({ task }) => completionOf(task.id, worker.id)));

    // The first two are checked, due 24 hours after each; the third is not.
    expect(first).toMatchObject({ deliveryState: "flagged", isSpotCheck: true, review: "held", evidenceDueAt: new Date(start.getTime() + 24 * hour) });
    expect(second).toMatchObject({ deliveryState: "flagged", isSpotCheck: true });
    expect(third).toMatchObject({ deliveryState: "counted", isSpotCheck: false, evidenceDueAt: null });
    const asked = await listWorkerFlags(worker);
    expect(asked.map((flag) => [flag.deliveryId, flag.isSpotCheck, flag.request])).toEqual([
      [second.id, true, "Screenshot needed within 24 hours: upload one of their profile showing you follow"],
      [first.id, true, "Screenshot needed within 24 hours: upload one of their profile showing you follow"],
    ]);
    // The client sees the store's check, not a flag of theirs.
    expect((await deliveriesOfOrder(client, orders[0].order.id)).deliveries.map((delivery) => delivery.state)).toEqual(["spot_check"]);

    // The hold ends: only the unchecked earning is released.
    await releaseHeldEarnings(new Date(start.getTime() + 73 * hour));
    expect((await completionOf(orders[2].task.id, worker.id)).review).toBe("approved");
    expect((await completionOf(orders[0].task.id, worker.id)).review).toBe("held");

    // One screenshot comes in time and an admin finds the follow in it; the other never comes.
    await submitDeliveryEvidence(worker, first.id, tinyPng(), new Date(start.getTime() + 2 * hour));
    const queue = await listFlagsForAdmin(admin, { state: "under_review" }, new Date(start.getTime() + 3 * hour));
    expect(queue.find((flag) => flag.deliveryId === first.id)).toMatchObject({ isSpotCheck: true, clientNote: null, state: "under_review" });
    await decideFlag(admin, first.id, { decision: "reject", reason: "The follow is in the screenshot" }, new Date(start.getTime() + 3 * hour));
    expect(await dropDeliveriesWithoutEvidence(new Date(start.getTime() + 24 * hour))).toBe(0);
    expect(await dropDeliveriesWithoutEvidence(new Date(start.getTime() + 25 * hour))).toBe(1);
    expect(await completionOf(orders[1].task.id, worker.id)).toMatchObject({ deliveryState: "dropped", review: "rejected" });
    expect(await prisma().task.count({ where: { replacesCompletionId: second.id } })).toBe(1);

    // The one that stood is released by the next run; a decided spot check counts on no client's flag record.
    await releaseHeldEarnings(new Date(start.getTime() + 74 * hour));
    expect((await completionOf(orders[0].task.id, worker.id)).review).toBe("approved");
    const decided = await listFlagsForAdmin(admin, { state: "stood" }, new Date(start.getTime() + 74 * hour));
    expect(decided.find((flag) => flag.deliveryId === first.id)?.client).toMatchObject({ flagsRejected: 0, flagsUpheld: 0 });
    expect((await checkLedger(sql())).filter((result) => result.offending > 0)).toEqual([]);
  });

  it("after the first ones, check 1 in N at random", async () => {
    process.env.SPOT_CHECK_FIRST_COMPLETIONS = "0";
    process.env.SPOT_CHECK_ONE_IN = "1";
    forgetEnv();
    try {
      const client = await createTestUser(prisma(), "client");
      const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"] });
      await linkWorkerHandle(worker, workerHandleSchema.parse({ platform: "instagram", handle: `spot${unique()}` }));
      const { task } = await paidOrder(client);
      await completeTask(worker, task.id, {}, new Date());
      expect(await completionOf(task.id, worker.id)).toMatchObject({ deliveryState: "flagged", isSpotCheck: true });
    } finally {
      process.env.SPOT_CHECK_FIRST_COMPLETIONS = "2";
      process.env.SPOT_CHECK_ONE_IN = "0";
      forgetEnv();
    }
  });
});
