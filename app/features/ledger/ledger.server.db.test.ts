import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { sourcesMatching } from "~/test/source-scan";
import { checkLedger } from "./ledger-check.server";
import { balanceOf, isRefundBooked, recordHeldEarning, recordRefund, releaseHeldEarning, releasePayoutReservation, reservePayout, reverseHeldEarning } from "./ledger.server";

/*
 * The ledger module is the only writer of ledger entries: one definition of a balance, every entry
 * keyed by what caused it (so a retry cannot book it twice), and invariants anyone can check.
 */
const { prisma, sql } = serviceDatabase();

let sequence = 0;

/** A paid order with its task and one completion by `workerId`, as rows (the services make these in real use). */
async function completionBy(workerId: number, rewardMinor = 45) {
  sequence += 1;
  const client = await createTestUser(prisma(), "client");
  const targetUrl = `https://instagram.com/ledger_target_${sequence}`;
  const order = await prisma().order.create({
    data: { clientId: client.id, packageId: "custom-instagram", packageName: "Custom", platform: "instagram", quantity: 10, targetUsername: "@t", targetUrl, priceMinor: 1500, feeMinor: 0, totalMinor: 1500, rewardMinor, currency: "GHS", status: "processing", paymentStatus: "paid", paidAt: new Date() },
  });
  const task = await prisma().task.create({ data: { orderId: order.id, platform: "instagram", type: "followers", targetUrl, rewardMinor, currency: "GHS", requiredCompletions: 10 } });
  const completion = await prisma().taskCompletion.create({
    data: { taskId: task.id, workerId, rewardMinor, currency: "GHS", targetUrl, type: "followers", platform: "instagram", handle: `worker_${sequence}`, holdUntil: new Date() },
  });
  return { completionId: completion.id, workerId, rewardMinor, currency: "GHS" as const, orderId: order.id, clientId: client.id };
}

async function payoutOf(workerId: number, amountMinor: number) {
  sequence += 1;
  const payout = await prisma().payout.create({
    data: { workerId, amountMinor, currency: "GHS", channel: "mobile_money", accountNumber: "0551234987", accountName: "Ama", bankCode: "MTN", reference: `payout_ledger_${sequence}` },
  });
  return { id: payout.id, workerId, amountMinor, currency: "GHS" as const };
}

const offendingRules = async () => (await checkLedger(sql())).filter((result) => result.offending > 0);

describe("balances", () => {
  it("held while under review, available once released, reserved while a withdrawal travels", async () => {
    const worker = await createTestUser(prisma(), "worker");
    const first = await completionBy(worker.id, 45);
    const second = await completionBy(worker.id, 60);
    const rejected = await completionBy(worker.id, 45);
    for (const reward of [first, second, rejected]) await recordHeldEarning(sql(), reward, "earned");
    expect(await balanceOf(sql(), worker.id)).toEqual({ availableMinor: 0, heldMinor: 150, reservedMinor: 0 });

    await releaseHeldEarning(sql(), first, "review period ended");
    await releaseHeldEarning(sql(), second, "approved");
    await reverseHeldEarning(sql(), rejected, "the follower dropped");
    await prisma().taskCompletion.updateMany({ where: { id: { in: [first.completionId, second.completionId] } }, data: { review: "approved" } });
    // A reversal is a drop's (delivery-lifecycle.server.ts), as the ledger check requires.
    const droppedAt = new Date();
    await prisma().taskCompletion.update({ where: { id: rejected.completionId }, data: { review: "rejected", deliveryState: "dropped", droppedAt, decidedAt: droppedAt } });
    expect(await balanceOf(sql(), worker.id)).toEqual({ availableMinor: 105, heldMinor: 0, reservedMinor: 0 });

    const travelling = await payoutOf(worker.id, 100);
    await reservePayout(sql(), travelling);
    expect(await balanceOf(sql(), worker.id)).toEqual({ availableMinor: 5, heldMinor: 0, reservedMinor: 100 });

    // Failed: the amount comes back once, however often the failure is reported.
    await prisma().payout.update({ where: { id: travelling.id }, data: { status: "failed" } });
    await releasePayoutReservation(sql(), travelling, "failed");
    await releasePayoutReservation(sql(), travelling, "failed, reported again");
    expect(await balanceOf(sql(), worker.id)).toEqual({ availableMinor: 105, heldMinor: 0, reservedMinor: 0 });
    expect(await offendingRules()).toEqual([]);
  });

  it("a refund is the client's history, never a balance", async () => {
    const worker = await createTestUser(prisma(), "worker");
    const reward = await completionBy(worker.id);
    const { orderId, clientId } = reward;
    await recordHeldEarning(sql(), reward, "earned");
    await prisma().paymentAttempt.create({ data: { orderId, reference: "smb-ledger-refund", channel: "card", amountMinor: 1500, currency: "GHS", status: "success", paidAt: new Date(), refundedAmountMinor: 1500, refundState: "processed" } });
    expect(await isRefundBooked(sql(), "smb-ledger-refund", "r1")).toBe(false);
    await recordRefund(sql(), { clientId, orderId, paymentReference: "smb-ledger-refund", refundKey: "r1", amountMinor: 1500, currency: "GHS", description: "Refund" });
    expect(await isRefundBooked(sql(), "smb-ledger-refund", "r1")).toBe(true);
    expect(await balanceOf(sql(), clientId)).toEqual({ availableMinor: 0, heldMinor: 0, reservedMinor: 0 });
  });
});

describe("idempotency", () => {
  it("the same cause cannot be booked twice", async () => {
    const worker = await createTestUser(prisma(), "worker");
    const reward = await completionBy(worker.id);
    await recordHeldEarning(sql(), reward, "earned");
    await expect(recordHeldEarning(sql(), reward, "earned again")).rejects.toMatchObject({ code: "23505" });
    const payout = await payoutOf(worker.id, 10);
    await releaseHeldEarning(sql(), reward, "released");
    await prisma().taskCompletion.update({ where: { id: reward.completionId }, data: { review: "approved" } });
    await reservePayout(sql(), payout);
    await expect(reservePayout(sql(), payout)).rejects.toMatchObject({ code: "23505" });
    expect(await prisma().ledgerEntry.count({ where: { OR: [{ taskCompletionId: reward.completionId }, { payoutId: payout.id }] } })).toBe(4);
  });
});

describe("the invariant check", () => {
  // Last: it breaks the ledger on purpose.
  it("finds a payout whose amount came back though it was paid, and a negative balance", async () => {
    expect(await offendingRules()).toEqual([]);
    const worker = await createTestUser(prisma(), "worker");
    const payout = await payoutOf(worker.id, 500);
    await reservePayout(sql(), payout); // more than the worker had
    expect(await offendingRules()).toEqual([{ rule: "users with a negative available balance other than by claw-backs", offending: 1 }]);
    await prisma().payout.update({ where: { id: payout.id }, data: { status: "success" } });
    await releasePayoutReservation(sql(), payout, "given back by mistake");
    expect(await offendingRules()).toEqual([{ rule: "payouts whose amount came back other than once exactly when they were not paid", offending: 1 }]);
  });
});

describe("the only writer", () => {
  it("no module outside the ledger writes ledger entries", async () => {
    expect(await sourcesMatching(/\bledgerEntry\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|(INSERT INTO|UPDATE|DELETE FROM)\s+ledger_entries\b/i, "features/ledger")).toEqual([]);
  });
});
