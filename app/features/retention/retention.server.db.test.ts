import "~/test/service-test-environment";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage, type UploadStorage } from "~/features/uploads/storage.server";
import { tinyPng } from "~/features/uploads/test-images";
import { storeImage } from "~/features/uploads/uploads.server";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { applyRetentionPolicy } from "./retention.server";

const database = serviceDatabase();
const dayMs = 24 * 60 * 60 * 1000;
const now = new Date("2027-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs);

let root: string;
let storage: UploadStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "smb-retention-"));
  storage = createDiskStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function screenshot(ownerId: number, createdAt = daysAgo(200)) {
  const stored = await storeImage({ ownerId, purpose: "account_screenshot", bytes: tinyPng() }, storage);
  await database.prisma().upload.update({ where: { id: stored.id }, data: { createdAt } });
  return stored.id;
}

async function orderUsing(clientId: number, screenshotUploadId: string | null, ended: { status: "processing" | "completed" | "cancelled" | "partial"; at: Date }) {
  const order = await database.prisma().order.create({
    data: {
      clientId,
      packageId: "custom-instagram",
      packageName: "1000 Followers",
      platform: "instagram",
      quantity: 1000,
      targetUsername: "@ama.shop",
      targetUrl: "instagram.com/ama.shop",
      screenshotUploadId,
      priceMinor: 150_000,
      rewardMinor: 45,
      feeMinor: 2_550,
      totalMinor: 152_550,
      currency: "GHS",
      status: ended.status,
      completedAt: ended.status === "completed" ? ended.at : null,
      cancelledAt: ended.status === "cancelled" ? ended.at : null,
    },
  });
  // updatedAt is set by Prisma on every write; a raw update puts it where the test needs it.
  await database.prisma().$executeRaw`UPDATE orders SET updated_at = ${ended.at} WHERE id = ${order.id}`;
  return order;
}

async function storedFileExists(uploadId: string) {
  const row = await database.prisma().upload.findUnique({ where: { id: uploadId } });
  return { row: row !== null, bytes: row ? (await storage.get(row.storageKey)) !== null : false };
}

describe("the privacy policy's retention periods", () => {
  it("deletes account screenshots 90 days after their paid orders ended, at once when they ended unpaid, and unused ones after a day; keeps the rest", async () => {
    const client = await createTestUser(database.prisma(), "client");
    const completedLongAgo = await screenshot(client.id);
    await orderUsing(client.id, completedLongAgo, { status: "completed", at: daysAgo(91) });
    const cancelledLongAgo = await screenshot(client.id);
    const cancelledOrder = await orderUsing(client.id, cancelledLongAgo, { status: "cancelled", at: daysAgo(120) });
    const partialLongAgo = await screenshot(client.id);
    await orderUsing(client.id, partialLongAgo, { status: "partial", at: daysAgo(95) });
    const completedRecently = await screenshot(client.id);
    await orderUsing(client.id, completedRecently, { status: "completed", at: daysAgo(89) });
    const stillRunning = await screenshot(client.id);
    await orderUsing(client.id, stillRunning, { status: "processing", at: daysAgo(300) });
    // One screenshot used by two orders: kept while either is inside its period.
    const sharedWithRecent = await screenshot(client.id);
    await orderUsing(client.id, sharedWithRecent, { status: "completed", at: daysAgo(200) });
    await orderUsing(client.id, sharedWithRecent, { status: "completed", at: daysAgo(10) });
    const unusedOld = await screenshot(client.id, daysAgo(1.05));
    const unusedNew = await screenshot(client.id, daysAgo(0.95));
    // Ended unpaid (cancelled, or expired: decision 0020): nothing to deliver or dispute, gone at once.
    const cancelledUnpaidToday = await screenshot(client.id);
    await orderUsing(client.id, cancelledUnpaidToday, { status: "cancelled", at: daysAgo(0.01) });
    const cancelledPaidToday = await screenshot(client.id);
    const paidOrder = await orderUsing(client.id, cancelledPaidToday, { status: "cancelled", at: daysAgo(0.01) });
    await database.prisma().order.update({ where: { id: paidOrder.id }, data: { paymentStatus: "refunded" } });
    await database.prisma().$executeRaw`UPDATE orders SET updated_at = ${daysAgo(0.01)} WHERE id = ${paidOrder.id}`;

    const result = await applyRetentionPolicy(now, storage);

    expect(result.screenshots).toBe(5);
    for (const deleted of [completedLongAgo, cancelledLongAgo, partialLongAgo, unusedOld, cancelledUnpaidToday]) {
      expect(await storedFileExists(deleted)).toEqual({ row: false, bytes: false });
    }
    for (const kept of [completedRecently, stillRunning, sharedWithRecent, unusedNew, cancelledPaidToday]) {
      expect(await storedFileExists(kept)).toEqual({ row: true, bytes: true });
    }
    // The order itself is kept (6 years), without its screenshot.
    expect(await database.prisma().order.findUnique({ where: { id: cancelledOrder.id } })).toMatchObject({ screenshotUploadId: null });
    // A second run finds nothing more: the job is idempotent.
    expect((await applyRetentionPolicy(now, storage)).screenshots).toBe(0);
  });

  it("clears task proofs 12 months after the completion and deletes support tickets 2 years after they closed", async () => {
    const prisma = database.prisma();
    const client = await createTestUser(prisma, "client");
    const worker = await createTestUser(prisma, "worker", { platforms: ["instagram"] });
    const otherWorker = await createTestUser(prisma, "worker", { platforms: ["instagram"] });
    const order = await orderUsing(client.id, null, { status: "completed", at: daysAgo(400) });
    const task = await prisma.task.create({
      data: { orderId: order.id, platform: "instagram", type: "followers", targetUrl: "instagram.com/ama.shop", rewardMinor: 45, currency: "GHS", requiredCompletions: 2 },
    });
    const proofImage = await storeImage({ ownerId: worker.id, purpose: "task_proof", bytes: tinyPng() }, storage);
    await prisma.upload.update({ where: { id: proofImage.id }, data: { createdAt: daysAgo(366) } });
    const completion = (workerId: number, handle: string, completedAt: Date, proofUploadId: string | null) =>
      prisma.taskCompletion.create({
        data: { taskId: task.id, workerId, proof: `https://instagram.com/${handle}`, proofUploadId, rewardMinor: 45, currency: "GHS", targetUrl: `instagram.com/${handle}`, type: "followers", platform: "instagram", handle, holdUntil: completedAt, completedAt },
      });
    const old = await completion(worker.id, "old_handle", daysAgo(366), proofImage.id);
    const recent = await completion(otherWorker.id, "new_handle", daysAgo(300), null);

    const ticket = (status: "open" | "answered" | "closed", updatedAt: Date) =>
      prisma.supportTicket.create({ data: { name: "Ama", email: "ama@example.com", category: "orders", subject: "Hello", message: "Help", status, updatedAt } });
    const closedLongAgo = await ticket("closed", daysAgo(731));
    const closedRecently = await ticket("closed", daysAgo(700));
    const openLongAgo = await ticket("open", daysAgo(900));
    // Prisma sets updatedAt itself on create; put it where the test needs it.
    for (const [id, at] of [[closedLongAgo.id, daysAgo(731)], [closedRecently.id, daysAgo(700)], [openLongAgo.id, daysAgo(900)]] as const) {
      await prisma.$executeRaw`UPDATE support_tickets SET updated_at = ${at} WHERE id = ${id}`;
    }

    const result = await applyRetentionPolicy(now, storage);

    expect(result.proofs).toBe(2); // the old completion's proof text and its image
    expect(await prisma.taskCompletion.findUnique({ where: { id: old.id } })).toMatchObject({ proof: null, proofUploadId: null, rewardMinor: 45 });
    expect(await prisma.taskCompletion.findUnique({ where: { id: recent.id } })).toMatchObject({ proof: "https://instagram.com/new_handle" });
    expect(await storedFileExists(proofImage.id)).toEqual({ row: false, bytes: false });
    expect(result.tickets).toBe(1);
    expect(await prisma.supportTicket.findUnique({ where: { id: closedLongAgo.id } })).toBeNull();
    expect(await prisma.supportTicket.findUnique({ where: { id: closedRecently.id } })).not.toBeNull();
    expect(await prisma.supportTicket.findUnique({ where: { id: openLongAgo.id } })).not.toBeNull();
  });
});
