import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/lib/database/db.server";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import type { PublicUser } from "~/features/auth/accounts.server";
import { createOrderSchema } from "./order-schema";

// Before any service reads the environment: quiet logs and a throw-away upload directory.
process.env.SESSION_SECRET ??= "orders-test-secret-orders-test-secret-0123";
process.env.LOG_LEVEL = "silent";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smb-cancellation-offer-test-"));
process.env.DATA_DIR = dataDir;

const { createOrder } = await import("./order-placement.server");
const { adjustClientWallet } = await import("~/features/admin/wallet-adjustments.server");
const { payOrderFromWallet } = await import("~/features/wallet/wallet.server");
const { cancelOrder, cancellationOfferFor, CANCELLATION_WINDOW_MS } = await import("./order-cancellation.server");

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  setDatabase(testDatabase.database);
});
afterAll(async () => {
  setDatabase(undefined);
  await testDatabase?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const prisma = () => testDatabase.database.prisma;

let sequence = 0;
async function newUser(role: "client" | "worker" | "admin" = "client") {
  sequence += 1;
  const username = `offer_${role}_${process.pid}_${sequence}`;
  const user = await prisma().user.create({
    data: { email: `${username}@example.com`, username, usernameLower: username.toLowerCase(), fullName: "Ama Mensah", role, passwordHash: "x" },
  });
  return { id: user.id, role };
}

const body = () => createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "ama.gh", accountScreenshot: null });

const markPaid = (orderId: number, paidAt: Date) =>
  prisma().order.update({ where: { id: orderId }, data: { paymentStatus: "paid", paidAt, status: "processing" } });

/** The offer must match what cancelOrder then does: offered ⇔ the cancellation succeeds. */
async function expectOfferMatchesCancellation(client: { id: number; role: "client" | "worker" | "admin" }, orderId: number, isOffered: boolean) {
  const offer = await cancellationOfferFor(client, orderId);
  expect(offer !== null).toBe(isOffered);
  const outcome = await cancelOrder(client, orderId).then(
    () => "cancelled",
    () => "refused",
  );
  expect(outcome).toBe(isOffered ? "cancelled" : "refused");
}

describe("cancellationOfferFor", () => {
  it("offers an unpaid order at any time, without a deadline or refund, and nothing once it is cancelled", async () => {
    const client = await newUser();
    const { order } = await createOrder(client, body());
    expect(await cancellationOfferFor(client, order.id)).toEqual({ refundsPayment: false, until: null });
    await expectOfferMatchesCancellation(client, order.id, true);
    expect(await cancellationOfferFor(client, order.id)).toBeNull();
  });

  it("offers a paid order until 1 hour after payment, with a refund", async () => {
    const client = await newUser();
    const { order } = await createOrder(client, body());
    const paidAt = new Date(Date.now() - 10 * 60_000);
    await markPaid(order.id, paidAt);
    expect(await cancellationOfferFor(client, order.id)).toEqual({
      refundsPayment: true,
      until: new Date(paidAt.getTime() + CANCELLATION_WINDOW_MS).toISOString(),
    });
    expect(await cancellationOfferFor(client, order.id, new Date(paidAt.getTime() + CANCELLATION_WINDOW_MS + 1))).toBeNull();
    await expectOfferMatchesCancellation(client, order.id, true);
  });

  it("offers a paid order paid from the balance with its payment going back to the balance, no fee", async () => {
    const client = await newUser();
    const admin = await newUser("admin");
    await adjustClientWallet(admin as unknown as PublicUser, client.id, { amount: 20_000, reason: "Test funding" });
    const { order } = await createOrder(client, body());
    await payOrderFromWallet(client as unknown as PublicUser, order.id);
    const offer = await cancellationOfferFor(client, order.id);
    expect(offer).toMatchObject({ refundsPayment: true, toBalanceMinor: 15_000 });
    await expectOfferMatchesCancellation(client, order.id, true);
  });

  it("offers nothing after the hour, once delivery began, or to anyone but the owning client", async () => {
    const client = await newUser();
    const late = (await createOrder(client, body())).order;
    await markPaid(late.id, new Date(Date.now() - CANCELLATION_WINDOW_MS - 60_000));
    await expectOfferMatchesCancellation(client, late.id, false);

    const started = (await createOrder(client, body())).order;
    await markPaid(started.id, new Date());
    const worker = await newUser("worker");
    const task = await prisma().task.create({
      data: { orderId: started.id, platform: "instagram", type: "followers", targetUrl: started.targetUrl, rewardMinor: 30, currency: "GHS", requiredCompletions: 5 },
    });
    await prisma().taskCompletion.create({
      data: { taskId: task.id, workerId: worker.id, rewardMinor: 30, currency: "GHS", targetUrl: task.targetUrl, type: "followers", platform: "instagram", handle: "ama_works", holdUntil: new Date() },
    });
    await expectOfferMatchesCancellation(client, started.id, false);

    const open = (await createOrder(client, body())).order;
    expect(await cancellationOfferFor(await newUser(), open.id)).toBeNull();
    expect(await cancellationOfferFor(await newUser("admin"), open.id)).toBeNull();
    expect(await cancellationOfferFor(worker, open.id)).toBeNull();
    expect(await cancellationOfferFor(client, 0)).toBeNull();
  });
});
