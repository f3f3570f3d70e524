import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { TaskStatus } from "~/generated/prisma/enums";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { sourcesMatching } from "~/test/source-scan";
import { closeTasksOfOrder, fillSlot, raiseSlots, reopenSlot, taskTransitions } from "./task-lifecycle.server";

/*
 * The tasks' one owner: its transitions, each refused from every status it may not leave, and a scan
 * that no other module writes the table. Task rows are set up here directly (tests are not scanned).
 */
const { prisma, sql } = serviceDatabase();
const statuses = Object.values(TaskStatus);
const now = new Date("2026-12-02T10:00:00Z");
let sequence = 0;

/** A task of its own order and target, in `status` with `completionCount` of `requiredCompletions` filled. */
async function taskIn(status: TaskStatus, { completionCount = 1, requiredCompletions = 3 } = {}) {
  const client = await createTestUser(prisma(), "client");
  sequence += 1;
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 50, targetUsername: `lifecycle${process.pid}x${sequence}`, accountScreenshot: null }));
  return prisma().task.create({
    data: { orderId: order.id, platform: "instagram", type: "followers", targetUrl: order.targetUrl, rewardMinor: 45, currency: "GHS", requiredCompletions, completionCount, status },
  });
}

const reread = (id: number) => prisma().task.findUniqueOrThrow({ where: { id } });

describe("the allowed transitions", () => {
  it("are exactly these", () => {
    const edges = Object.entries(taskTransitions).flatMap(([name, edges]) => (edges.length === 0 ? [`${name}: → available`] : edges.map(([from, to]) => `${name}: ${from} → ${to}`)));
    expect(edges).toEqual([
      "opened: → available",
      "slotFilled: available → available",
      "slotFilled: available → completed",
      "slotReopened: available → available",
      "slotReopened: completed → available",
      "slotReopened: cancelled → cancelled",
      "slotsRaised: available → available",
      "slotsRaised: completed → available",
      "slotsRaised: completed → completed",
      "closed: available → cancelled",
    ]);
  });
});

describe("each transition applies only from its allowed statuses", () => {
  it("slotFilled: an open slot of an available task; the last one completes it", async () => {
    for (const status of statuses) {
      const task = await taskIn(status, { completionCount: 1, requiredCompletions: 3 });
      const claimed = await fillSlot(sqlOfPrisma(prisma()), { targetUrl: task.targetUrl, type: "followers", orderId: task.orderId }, now);
      expect([status, claimed?.id ?? null]).toEqual([status, status === "available" ? task.id : null]);
      expect((await reread(task.id)).completionCount).toBe(status === "available" ? 2 : 1);
    }
    const lastSlot = await taskIn("available", { completionCount: 2, requiredCompletions: 3 });
    expect((await fillSlot(sqlOfPrisma(prisma()), { targetUrl: lastSlot.targetUrl, type: "followers", orderId: null }, now))?.id).toBe(lastSlot.id);
    expect(await reread(lastSlot.id)).toMatchObject({ status: "completed", completionCount: 3, completedAt: now });
    expect(await fillSlot(sqlOfPrisma(prisma()), { targetUrl: lastSlot.targetUrl, type: "followers", orderId: null }, now)).toBeNull();
  });

  it("slotReopened: a filled slot of any task; a completed task is available again, a cancelled one stays cancelled", async () => {
    for (const status of statuses) {
      const task = await taskIn(status, { completionCount: 3, requiredCompletions: 3 });
      expect(await reopenSlot(sql(), task.id, now)).toBe(true);
      expect(await reread(task.id)).toMatchObject({ completionCount: 2, status: status === "completed" ? "available" : status });
    }
    const empty = await taskIn("available", { completionCount: 0 });
    expect(await reopenSlot(sql(), empty.id, now)).toBe(false);
    expect((await reread(empty.id)).completionCount).toBe(0);
  });

  it("slotsRaised: an available or completed task; a cancelled one is left alone", async () => {
    for (const status of statuses) {
      const task = await taskIn(status, { completionCount: 3, requiredCompletions: 3 });
      await raiseSlots(sql(), task.orderId, 5, now);
      const after = await reread(task.id);
      if (status === "cancelled") expect(after).toMatchObject({ status: "cancelled", requiredCompletions: 3 });
      else expect(after).toMatchObject({ status: "available", requiredCompletions: 5, completedAt: null });
    }
    const stillFull = await taskIn("completed", { completionCount: 3, requiredCompletions: 3 });
    await raiseSlots(sql(), stillFull.orderId, 2, now);
    expect(await reread(stillFull.id)).toMatchObject({ status: "completed", requiredCompletions: 3 });
  });

  it("closed: only an available task", async () => {
    for (const status of statuses) {
      const task = await taskIn(status);
      await closeTasksOfOrder(sql(), task.orderId);
      expect([status, (await reread(task.id)).status]).toEqual([status, status === "available" ? "cancelled" : status]);
    }
  });
});

describe("nothing else writes a task", () => {
  it("no module outside the task lifecycle writes the tasks table", async () => {
    expect(await sourcesMatching(/\btask\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|(INSERT INTO|UPDATE|DELETE FROM)\s+tasks\b/i, "features/task-lifecycle")).toEqual([]);
  });
});
