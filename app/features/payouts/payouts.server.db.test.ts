import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createTestUser, refusal, paystackSandbox, serviceDatabase } from "~/test/service-test";
import { sourcesMatching } from "~/test/source-scan";
import { confirmPayoutNumber } from "./payout-numbers.server";
import { approvePayout, listMyPayouts, payoutRequestSchema, reconcileProcessingPayouts, rejectPayout, requestPayout } from "./payouts.server";
import { receivePaystackWebhook } from "~/features/webhooks/paystack-webhook.server";

/*
 * Payouts against the Paystack sandbox's transfers: the reservation, the balance that can never be
 * overdrawn, approval, rejection, failed transfers giving the money back, and a ledger that balances.
 */
const { prisma } = serviceDatabase();
const paystack = paystackSandbox({ transferSettleMs: 100 });

const newUser = (role: "worker" | "admin") => createTestUser(prisma(), role, { platforms: ["instagram"], fullName: "Kwame Earner" });

/** A worker with `cedis` of released (available) earnings and 0241234567 (MTN) confirmed as their payout number. */
async function workerWith(cedis: number) {
  const worker = await newUser("worker");
  await prisma().ledgerEntry.create({ data: { userId: worker.id, kind: "earning_release", bucket: "available", amountMinor: cedis * 100, currency: "GHS", idempotencyKey: `test-balance:${worker.id}` } });
  await prisma().payoutNumber.create({ data: { workerId: worker.id, accountNumber: "0241234567", bankCode: "MTN", confirmedAt: new Date() } });
  return worker;
}

const mailsTo = async (email: string) => (await prisma().outboxMessage.findMany({ where: { recipient: email }, orderBy: { id: "asc" } })).map((mail) => ({ subject: mail.subject, text: mail.textBody }));
const balance = async (workerId: number) => (await prisma().ledgerEntry.aggregate({ where: { userId: workerId, bucket: "available" }, _sum: { amountMinor: true } }))._sum.amountMinor ?? 0;
const withdrawal = (amount: number, phone = "0241234567") => payoutRequestSchema.parse({ amount, phone, provider: "mtn" });

describe("requesting a payout", () => {
  it("reserves the amount at once and refuses more than the available balance", async () => {
    const worker = await workerWith(50);
    const payout = await requestPayout(worker, withdrawal(30));
    expect(payout).toMatchObject({ amount: 30, status: "pending", phone: "0241234567", provider: "MTN" });
    expect(await balance(worker.id)).toBe(2000);
    expect(await refusal(requestPayout(worker, withdrawal(25)))).toMatchObject({ status: 422, message: "You can withdraw at most ₵20.00 now." });
    expect(await refusal(requestPayout(worker, withdrawal(19.99)))).toMatchObject({ status: 400, message: "The minimum withdrawal is ₵20.00." });
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
    const [delivered] = await paystack.webhooks.waitFor((received) => received.some((webhook) => webhook.body.data.reference === payout.reference));
    const webhook = paystack.webhooks.received.find((received) => received.body.data.reference === payout.reference) ?? delivered;
    await receivePaystackWebhook(webhook.rawBody, webhook.signature);
    await receivePaystackWebhook(webhook.rawBody, webhook.signature);
    expect((await listMyPayouts(worker))[0]).toMatchObject({ id: payout.id, status: "success" });
    expect(await balance(worker.id)).toBe(0);
    expect(await refusal(approvePayout(admin, payout.id))).toMatchObject({ status: 409 });
    // The worker is told once, however often Paystack says it (issue #19).
    expect(await mailsTo(worker.email)).toEqual([
      { subject: "Withdrawal requested — ₵40.00", text: expect.stringContaining(`withdrawal #${payout.id} of ₵40.00 to your mobile money wallet (MTN 024 *** 4567)`) },
      { subject: "Withdrawal sent — ₵40.00", text: expect.stringContaining(`#${payout.id} of ₵40.00 was sent to your mobile money wallet (MTN 024 *** 4567)`) },
    ]);
  });

  it("gives the money back when the transfer fails (found by the reconciler)", async () => {
    const worker = await workerWith(25);
    const admin = await newUser("admin");
    await prisma().payoutNumber.create({ data: { workerId: worker.id, accountNumber: "0551234988", bankCode: "MTN", confirmedAt: new Date() } });
    const payout = await requestPayout(worker, withdrawal(25, "0551234988"));
    await approvePayout(admin, payout.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await reconcileProcessingPayouts(new Date(Date.now() + 120_000));
    await reconcileProcessingPayouts(new Date(Date.now() + 120_000));
    expect((await listMyPayouts(worker))[0]).toMatchObject({ status: "failed" });
    expect(await balance(worker.id)).toBe(2500);
    expect(await prisma().ledgerEntry.count({ where: { payoutId: payout.id, kind: "payout_reversal" } })).toBe(1);
    expect(await mailsTo(worker.email)).toEqual([
      { subject: "Withdrawal requested — ₵25.00", text: expect.any(String) },
      { subject: "Withdrawal not sent — ₵25.00", text: expect.stringContaining("The amount is back in your available balance") },
    ]);
  });

  it("keeps withdrawals closed until the worker's e-mail address is confirmed", async () => {
    const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"], emailVerified: false });
    expect(await refusal(requestPayout(worker, withdrawal(20)))).toMatchObject({ status: 403, code: "email_unverified" });
  });

  it("rejects: the amount is back, audited, and a stale approval is refused", async () => {
    const worker = await workerWith(20);
    const admin = await newUser("admin");
    const payout = await requestPayout(worker, withdrawal(20));
    expect(await rejectPayout(admin, payout.id, "Wallet name does not match")).toMatchObject({ status: "rejected", failureReason: "Wallet name does not match" });
    expect(await balance(worker.id)).toBe(2000);
    expect(await refusal(approvePayout(admin, payout.id))).toMatchObject({ status: 409 });
    expect(await refusal(rejectPayout(worker, payout.id, "x"))).toMatchObject({ status: 403 });
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

describe("payout numbers (issue #49)", () => {
  it("refuses a withdrawal to a number the worker has not confirmed and e-mails the link; the link confirms it once", async () => {
    const worker = await workerWith(50);
    const refused = await refusal(requestPayout(worker, withdrawal(30, "0551230000")));
    expect(refused).toMatchObject({ status: 422, message: `MTN 055 *** 0000 is a new payout number: we e-mailed a link to ${worker.email} to confirm it. Open the link, then request the withdrawal again.` });
    expect(await balance(worker.id)).toBe(5000);
    const [mail] = await mailsTo(worker.email);
    expect(mail).toEqual({ subject: "Confirm your new payout number", text: expect.stringContaining("MTN 055 *** 0000") });
    const token = /\/payouts\/confirm-number\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    expect(await confirmPayoutNumber(token)).toEqual({ destination: "MTN 055 *** 0000" });
    expect(await refusal(confirmPayoutNumber(token))).toMatchObject({ status: 400, message: "This link has already been used. Ask for a new one if you need it." });
    expect(await requestPayout(worker, withdrawal(30, "0551230000"))).toMatchObject({ amount: 30, phone: "0551230000" });
  });
});

describe("payout-number links (issue #49)", () => {
  it("are sent at most 5 an hour to one worker: the sixth refusal is a 429 and sends nothing", async () => {
    const worker = await workerWith(50);
    for (let index = 0; index < 5; index++) expect((await refusal(requestPayout(worker, withdrawal(30, `055123100${index}`)))).status).toBe(422);
    const sixth = await refusal(requestPayout(worker, withdrawal(30, "0551231009")));
    expect(sixth).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) });
    expect(sixth.message).toMatch(/^We have sent you several links to confirm payout numbers in the last hour\. Use the newest one, or try again in \d+ minutes\.$/);
    expect((await mailsTo(worker.email)).filter((mail) => mail.subject === "Confirm your new payout number")).toHaveLength(5);
  });
});

describe("nothing else writes a payout number (issue #49)", () => {
  it("no module outside payout-numbers.server.ts creates or confirms one", async () => {
    expect(await sourcesMatching(/\bpayoutNumber\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|(INSERT INTO|UPDATE|DELETE FROM)\s+payout_numbers\b/i, "features/payouts/payout-numbers.server.ts")).toEqual([]);
  });
});
