import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { setDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import { type RunningSandbox, type WebhookReceiver, sandboxSecretKey, startSandbox, startWebhookReceiver } from "../../../sandbox/paystack/testing";
import { createPaystackClient } from "~/features/payments/paystack-client.server";
import { usePaystack } from "~/features/payments/paystack.server";

/*
 * Payouts against the Paystack sandbox's transfers: the reservation, the balance that can never be
 * overdrawn, approval, rejection, failed transfers giving the money back, and a ledger that balances.
 */
process.env.SESSION_SECRET ??= "payouts-test-secret-payouts-test-secret-0123";
process.env.LOG_LEVEL = "silent";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smb-payouts-test-"));
process.env.DATA_DIR = dataDir;

const { requestPayout, approvePayout, rejectPayout, listMyPayouts, reconcileProcessingPayouts, payoutRequestSchema } = await import("./payouts.server");
const { receivePaystackWebhook } = await import("~/features/payments/webhooks.server");

let testDatabase: TestDatabase;
let sandbox: RunningSandbox;
let webhooks: WebhookReceiver;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  setDatabase(testDatabase.database);
  webhooks = await startWebhookReceiver();
  sandbox = await startSandbox({ webhookUrl: () => webhooks.url, transferSettleMs: 100 });
  usePaystack({ client: createPaystackClient({ baseUrl: sandbox.baseUrl, secretKey: sandboxSecretKey, retries: 0 }), secretKey: sandboxSecretKey });
});
afterAll(async () => {
  usePaystack(undefined);
  await sandbox?.close();
  await webhooks?.close();
  setDatabase(undefined);
  await testDatabase?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const prisma = () => testDatabase.database.prisma;

let sequence = 0;
async function newUser(role: "worker" | "admin"): Promise<PublicUser> {
  sequence += 1;
  const username = `payout_${role}_${process.pid}_${sequence}`;
  const user = await prisma().user.create({ data: { email: `${username}@example.com`, username, usernameLower: username, fullName: "Kwame Earner", role, status: "active", platforms: ["instagram"], passwordHash: "x" } });
  return { id: user.id, email: user.email, username, fullName: user.fullName, role, status: "active", platforms: ["instagram"] } as PublicUser;
}

/** A worker with `cedis` of released (available) earnings. */
async function workerWith(cedis: number) {
  const worker = await newUser("worker");
  await prisma().ledgerEntry.create({ data: { userId: worker.id, kind: "earning_release", bucket: "available", amountMinor: cedis * 100, currency: "GHS", idempotencyKey: `test-balance:${worker.id}` } });
  return worker;
}

const balance = async (workerId: number) => (await prisma().ledgerEntry.aggregate({ where: { userId: workerId, bucket: "available" }, _sum: { amountMinor: true } }))._sum.amountMinor ?? 0;
const withdrawal = (amount: number, phone = "0241234567") => payoutRequestSchema.parse({ amount, phone, provider: "mtn" });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("requesting a payout", () => {
  it("reserves the amount at once and refuses more than the available balance", async () => {
    const worker = await workerWith(50);
    const payout = await requestPayout(worker, withdrawal(30));
    expect(payout).toMatchObject({ amount: 30, status: "pending", phone: "0241234567", provider: "MTN" });
    expect(await balance(worker.id)).toBe(2000);
    expect(await failure(requestPayout(worker, withdrawal(25)))).toMatchObject({ status: 422, message: "You can withdraw at most ₵20.00 now." });
    expect(await failure(requestPayout(worker, withdrawal(19.99)))).toMatchObject({ status: 400, message: "The minimum withdrawal is ₵20.00." });
  });

  it("never overdraws under concurrent requests", async () => {
    const worker = await workerWith(100);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => requestPayout(worker, withdrawal(30))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    expect(await balance(worker.id)).toBe(1000);
    expect(await prisma().payout.count({ where: { workerId: worker.id } })).toBe(3);
  });
});

describe("an admin's decision", () => {
  it("approves: the transfer goes out and the payout succeeds (by webhook)", async () => {
    const worker = await workerWith(40);
    const admin = await newUser("admin");
    const payout = await requestPayout(worker, withdrawal(40));
    const approved = await approvePayout(admin, payout.id);
    expect(["processing", "success"]).toContain(approved.status);
    const [delivered] = await webhooks.waitFor((received) => received.some((webhook) => webhook.body.data.reference === payout.reference), 5_000);
    const webhook = webhooks.received.find((received) => received.body.data.reference === payout.reference) ?? delivered;
    await receivePaystackWebhook(webhook.rawBody, webhook.signature);
    await receivePaystackWebhook(webhook.rawBody, webhook.signature);
    expect((await listMyPayouts(worker))[0]).toMatchObject({ id: payout.id, status: "success" });
    expect(await balance(worker.id)).toBe(0);
    expect(await failure(approvePayout(admin, payout.id))).toMatchObject({ status: 409 });
  });

  it("gives the money back when the transfer fails (found by the reconciler)", async () => {
    const worker = await workerWith(25);
    const admin = await newUser("admin");
    const payout = await requestPayout(worker, withdrawal(25, "0551234988"));
    await approvePayout(admin, payout.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await reconcileProcessingPayouts(new Date(Date.now() + 120_000));
    await reconcileProcessingPayouts(new Date(Date.now() + 120_000));
    expect((await listMyPayouts(worker))[0]).toMatchObject({ status: "failed" });
    expect(await balance(worker.id)).toBe(2500);
    expect(await prisma().ledgerEntry.count({ where: { payoutId: payout.id, kind: "payout_reversal" } })).toBe(1);
  });

  it("rejects: the amount is back, audited, and a stale approval is refused", async () => {
    const worker = await workerWith(20);
    const admin = await newUser("admin");
    const payout = await requestPayout(worker, withdrawal(20));
    expect(await rejectPayout(admin, payout.id, "Wallet name does not match")).toMatchObject({ status: "rejected", failureReason: "Wallet name does not match" });
    expect(await balance(worker.id)).toBe(2000);
    expect(await failure(approvePayout(admin, payout.id))).toMatchObject({ status: 409 });
    expect(await failure(rejectPayout(worker, payout.id, "x"))).toMatchObject({ status: 403 });
    const audit = await prisma().adminAuditLog.findMany({ where: { targetType: "payout", targetId: String(payout.id) }, select: { action: true, details: true } });
    expect(audit).toEqual([{ action: "payout.reject", details: { before: "pending", after: "rejected", reason: "Wallet name does not match" } }]);
  });

  it("keeps every worker's ledger balanced: available = earnings released − payouts + give-backs, never negative", async () => {
    const rows = await prisma().ledgerEntry.groupBy({ by: ["userId"], where: { bucket: "available" }, _sum: { amountMinor: true } });
    for (const row of rows) expect(row._sum.amountMinor ?? 0).toBeGreaterThanOrEqual(0);
    const open = await prisma().payout.findMany({ where: { status: { in: ["pending", "processing", "success"] } }, select: { workerId: true, amountMinor: true } });
    for (const row of rows) {
      const credited = (await prisma().ledgerEntry.aggregate({ where: { userId: row.userId, bucket: "available", amountMinor: { gt: 0 }, kind: { not: "payout_reversal" } }, _sum: { amountMinor: true } }))._sum.amountMinor ?? 0;
      const spent = open.filter((payout) => payout.workerId === row.userId).reduce((sum, payout) => sum + payout.amountMinor, 0);
      expect(row._sum.amountMinor).toBe(credited - spent);
    }
  });
});
