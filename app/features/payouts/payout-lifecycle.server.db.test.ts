import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { PayoutStatus } from "~/generated/prisma/enums";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { sourcesMatching } from "~/test/source-scan";
import { type PayoutTransition, claimTransferSend, insertPayout, movePayout, payoutTransitions } from "./payout-lifecycle.server";

/*
 * The payouts' one owner: its transitions, each refused from every status it may not leave, and a
 * scan that no other module writes the table.
 */
const { prisma, sql } = serviceDatabase();
const statuses = Object.values(PayoutStatus);
let sequence = 0;

/** A payout row in `status`, written here as any status can be (tests are not scanned). */
async function payoutIn(status: PayoutStatus) {
  const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"] });
  sequence += 1;
  const request = { workerId: worker.id, amountMinor: 2_000, currency: "GHS", channel: "mobile_money", accountNumber: "0241234567", accountName: "Ama Tester", bankCode: "MTN", reference: `payout_lifecycle_${sequence}` } as const;
  const id = await insertPayout(sql(), request);
  await prisma().payout.update({ where: { id }, data: { status } });
  return prisma().payout.findUniqueOrThrow({ where: { id } });
}

describe("the allowed transitions", () => {
  it("are exactly these", () => {
    const edges = Object.entries(payoutTransitions).flatMap(([name, rule]) => rule.from.map((from) => `${name}: ${from} → ${rule.to}`));
    expect(edges).toEqual([
      "approved: pending → processing",
      "rejected: pending → rejected",
      "heldForOtp: processing → awaiting_otp",
      "otpAccepted: awaiting_otp → processing",
      "paid: processing → success",
      "paid: awaiting_otp → success",
      "failed: processing → failed",
      "failed: awaiting_otp → failed",
      "reversed: processing → reversed",
      "reversed: awaiting_otp → reversed",
      "reversed: success → reversed",
    ]);
  });

  it("a request starts pending", async () => {
    const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"] });
    const id = await insertPayout(sql(), { workerId: worker.id, amountMinor: 2_000, currency: "GHS", channel: "mobile_money", accountNumber: "0241234567", accountName: "Ama", bankCode: "MTN", reference: "payout_lifecycle_new" });
    expect((await prisma().payout.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
  });
});

describe("each transition applies only from its allowed statuses", () => {
  const transitions = Object.keys(payoutTransitions) as PayoutTransition[];
  it.each(transitions)("%s", async (transition) => {
    const { from, to } = payoutTransitions[transition];
    for (const status of statuses) {
      const payout = await payoutIn(status);
      const moved = await movePayout(sql(), transition, { id: payout.id }, { reason: "test" });
      const after = await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } });
      const isAllowed = (from as readonly PayoutStatus[]).includes(status);
      expect([status, moved], `${transition} from ${status}`).toEqual([status, isAllowed]);
      expect(after.status).toBe(isAllowed ? to : status);
      expect(after.completedAt !== null).toBe(isAllowed && ["success", "failed", "reversed", "rejected"].includes(to));
      // Applied once: the same transition again finds the payout moved on (unless it leads back to where it may start).
      if (isAllowed && !(from as readonly PayoutStatus[]).includes(to)) expect(await movePayout(sql(), transition, { id: payout.id })).toBe(false);
    }
  });

  it("refuses when the payout is not as the caller saw it: another status of the transition's, or another send counted", async () => {
    const held = await payoutIn("awaiting_otp");
    expect(await movePayout(sql(), "failed", { id: held.id, onlyFrom: "processing" })).toBe(false);
    const sent = await payoutIn("processing");
    expect(await claimTransferSend(sql(), sent, new Date())).toBe(true);
    expect(await claimTransferSend(sql(), sent, new Date())).toBe(false); // the same attempt, claimed already
    expect(await movePayout(sql(), "failed", { reference: sent.reference, transferAttempts: sent.transferAttempts })).toBe(false);
    expect(await movePayout(sql(), "failed", { reference: sent.reference, transferAttempts: sent.transferAttempts + 1 })).toBe(true);
  });
});

describe("nothing else writes a payout", () => {
  it("no module outside the payout lifecycle writes the payouts table", async () => {
    expect(await sourcesMatching(/\bpayout\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|(INSERT INTO|UPDATE|DELETE FROM)\s+payouts\b/i, "features/payouts/payout-lifecycle.server.ts")).toEqual([]);
  });
});
