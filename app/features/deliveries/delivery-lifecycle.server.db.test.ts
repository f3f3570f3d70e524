import "~/test/service-test-environment";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { applyTransactionOutcome } from "~/features/payments/settlement.server";
import type { CompletionReview, DeliveryState } from "~/generated/prisma/client";
import type { SqlQueries } from "~/lib/database/sql-client.server";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { sourcesMatching } from "~/test/source-scan";
import {
  type DeliveryTransition,
  deliveryTransitions,
  dropDelivery,
  flagDeliveries,
  flagDeliveriesForScreening,
  markReplaced,
  sampleForSpotCheck,
  markStood,
  passToWorker,
  releaseEarning,
  submitEvidence,
} from "./delivery-lifecycle.server";

/*
 * The delivery lifecycle is the only writer of a delivery's state (issue #48). The table of
 * transitions is the contract; every function applies exactly from the states the table lists,
 * refuses the rest, and a drop takes the earning back the one way that fits it.
 */
const { prisma, sql } = serviceDatabase();

const states: DeliveryState[] = ["counted", "screening", "flagged", "under_review", "stood", "dropped", "replaced"];
const now = new Date("2026-11-29T10:00:00Z");
const hour = 3_600_000;

let task: { id: number; orderId: number; targetUrl: string };
let uploadId: string;
let admin: { id: number };

beforeAll(async () => {
  const client = await createTestUser(prisma(), "client");
  admin = await createTestUser(prisma(), "admin");
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 50, targetUsername: `lifecycle${process.pid}`, accountScreenshot: null }));
  const reference = `lifecycle_${order.id}_${process.pid}`;
  await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: Math.round(order.amount * 100), currency: "GHS" } });
  expect(await applyTransactionOutcome({ reference, status: "success", amount: Math.round(order.amount * 100), currency: "GHS" })).toBe("credited");
  task = await prisma().task.findFirstOrThrow({ where: { orderId: order.id }, select: { id: true, orderId: true, targetUrl: true } });
  uploadId = (await prisma().upload.create({ data: { purpose: "task_proof", contentType: "image/png", sizeBytes: 1, sha256: "0", storageKey: `lifecycle-${process.pid}` }, select: { id: true } })).id;
});

/** A completion of the test order by a new worker, in `state`, its earning `review`, its evidence due at `evidenceDueAt`. */
async function completionIn(state: DeliveryState, { review = "held", evidenceDueAt = new Date(now.getTime() + hour) }: { review?: CompletionReview; evidenceDueAt?: Date } = {}) {
  const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"] });
  const [row] = await prisma().$queryRaw<{ id: number }[]>`
    INSERT INTO task_completions (task_id, worker_id, reward_minor, currency, target_url, type, platform, handle, hold_until, completed_at, review, delivery_state, evidence_due_at)
    VALUES (${task.id}, ${worker.id}, 45, 'GHS', ${task.targetUrl}, 'followers', 'instagram', ${`lifecycle_${worker.id}`}, ${now}, ${now}, ${review}::completion_review, ${state}::delivery_state, ${evidenceDueAt})
    RETURNING id`;
  return { id: row.id, workerId: worker.id };
}

const stateOf = async (id: number) => (await prisma().taskCompletion.findUniqueOrThrow({ where: { id }, select: { deliveryState: true } })).deliveryState;

type Db = SqlQueries;
const drop = { reason: "Not found on the profile", adminId: null, ledgerDescription: "test drop" };

/** Each transition, applied to completion `id`: whether it applied. */
const apply: Record<DeliveryTransition, (db: Db, id: number) => Promise<boolean>> = {
  flagged: async (db, id) => (await flagDeliveries(db, [id], { note: "not there", refillId: null, evidenceDueAt: new Date(now.getTime() + 48 * hour) }, now)).length === 1,
  sampled: (db, id) => sampleForSpotCheck(db, id, new Date(now.getTime() + 24 * hour), now),
  flaggedForScreening: async (db, id) => (await flagDeliveriesForScreening(db, [id], { note: "not there", refillId: null }, now)).length === 1,
  passedToWorker: (db, id) => passToWorker(db, id, new Date(now.getTime() + 48 * hour)),
  evidenceSubmitted: (db, id) => submitEvidence(db, id, uploadId, now),
  upheld: async (db, id) => (await dropDelivery(db, id, "upheld", { ...drop, adminId: admin.id }, now)) !== null,
  stood: (db, id) => markStood(db, id, { reason: "The follow is there", adminId: admin.id }, now),
  evidenceMissed: async (db, id) => (await dropDelivery(db, id, "evidenceMissed", drop, now)) !== null,
  takenBack: async (db, id) => (await dropDelivery(db, id, "takenBack", drop, now)) !== null,
  replaced: (db, id) => markReplaced(db, id),
};

describe("the allowed transitions", () => {
  it("are exactly these", () => {
    const edges = Object.entries(deliveryTransitions).flatMap(([name, rule]) => rule.map(([from, to]) => `${name}: ${from} → ${to}`));
    expect(edges).toEqual([
      "flagged: counted → flagged",
      "sampled: counted → flagged",
      "flaggedForScreening: counted → screening",
      "passedToWorker: screening → flagged",
      "evidenceSubmitted: flagged → under_review",
      "upheld: under_review → dropped",
      "stood: screening → stood",
      "stood: under_review → stood",
      "evidenceMissed: flagged → dropped",
      "takenBack: counted → dropped",
      "replaced: dropped → replaced",
    ]);
  });

  it("each applies from exactly its listed states, to its listed state, and refuses every other", async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const [name, edges] of Object.entries(deliveryTransitions) as [DeliveryTransition, readonly (readonly [DeliveryState, DeliveryState])[]][]) {
      for (const state of states) {
        // A missed deadline applies only once the deadline passed.
        const { id } = await completionIn(state, { evidenceDueAt: name === "evidenceMissed" ? new Date(now.getTime() - 1) : new Date(now.getTime() + hour) });
        const applied = await sql().transaction((db) => apply[name](db, id));
        outcomes.push(`${name} from ${state}: ${applied ? "applied" : "refused"}, now ${await stateOf(id)}`);
        const edge = edges.find(([from]) => from === state);
        expected.push(`${name} from ${state}: ${edge ? "applied" : "refused"}, now ${edge ? edge[1] : state}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it("a missing screenshot drops a flagged delivery only once its deadline has passed, and evidence is taken only before it", async () => {
    const early = await completionIn("flagged", { evidenceDueAt: new Date(now.getTime() + 1) });
    expect(await sql().transaction((db) => dropDelivery(db, early.id, "evidenceMissed", drop, now))).toBeNull();
    const late = await completionIn("flagged", { evidenceDueAt: now });
    expect(await sql().transaction((db) => submitEvidence(db, late.id, uploadId, now))).toBe(false);
    expect(await sql().transaction((db) => dropDelivery(db, late.id, "evidenceMissed", drop, now))).toMatchObject({ id: late.id, earning: "reversed" });
  });
});

describe("a drop takes the earning back", () => {
  const entriesOf = (id: number) => prisma().ledgerEntry.findMany({ where: { taskCompletionId: id }, select: { kind: true, bucket: true, amountMinor: true }, orderBy: { id: "asc" } });

  it("reversed while it is held: the review is rejected, so the release job passes it by", async () => {
    const { id } = await completionIn("counted");
    expect(await sql().transaction((db) => dropDelivery(db, id, "takenBack", drop, now))).toMatchObject({ id, earning: "reversed", orderId: task.orderId, taskId: task.id, refillId: null });
    expect(await prisma().taskCompletion.findUniqueOrThrow({ where: { id }, select: { review: true, deliveryState: true, droppedAt: true, decisionReason: true } })).toEqual({
      review: "rejected",
      deliveryState: "dropped",
      droppedAt: now,
      decisionReason: drop.reason,
    });
    expect(await entriesOf(id)).toEqual([{ kind: "earning_reversal", bucket: "held", amountMinor: -45 }]);
  });

  it("clawed back once it was released: the review stays approved", async () => {
    const { id } = await completionIn("under_review", { review: "approved" });
    expect(await sql().transaction((db) => dropDelivery(db, id, "upheld", { ...drop, adminId: admin.id }, now))).toMatchObject({ id, earning: "clawed back" });
    expect(await prisma().taskCompletion.findUniqueOrThrow({ where: { id }, select: { review: true, deliveryState: true, decidedById: true } })).toEqual({ review: "approved", deliveryState: "dropped", decidedById: admin.id });
    expect(await entriesOf(id)).toEqual([{ kind: "earning_clawback", bucket: "available", amountMinor: -45 }]);
  });
});

describe("a held earning is released only while its delivery is not contested", () => {
  it("waits while flagged or under review, never for a dropped one, and releases a counted or stood one once", async () => {
    const released: Record<string, boolean> = {};
    for (const state of states) {
      const completion = await completionIn(state, { review: state === "dropped" || state === "replaced" ? "rejected" : "held" });
      const earning = { id: completion.id, workerId: completion.workerId, rewardMinor: 45, currency: "GHS" as const, orderId: task.orderId };
      released[state] = await sql().transaction((db) => releaseEarning(db, earning, now, "test release"));
      if (released[state]) expect(await sql().transaction((db) => releaseEarning(db, earning, now, "test release"))).toBe(false);
    }
    expect(released).toEqual({ counted: true, screening: false, flagged: false, under_review: false, stood: true, dropped: false, replaced: false });
  });
});

describe("nothing else writes a delivery's state", () => {
  it("no module outside the deliveries feature updates task_completions", async () => {
    expect(await sourcesMatching(/\btaskCompletion\.(update|updateMany|upsert)\(|UPDATE\s+task_completions\b/i, "features/deliveries")).toEqual([]);
  });
});
