import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { OrderPaymentStatus, OrderStatus } from "~/generated/prisma/client";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { sourcesMatching } from "~/test/source-scan";
import {
  cancelByAdmin,
  cancelPaidByClient,
  cancelUnpaidByClient,
  expireUnpaid,
  markPaid,
  markPaidFromWallet,
  markRefunded,
  orderTransitions,
  recordDelivery,
  revertDelivery,
  stopDripFeedByClient,
} from "./order-lifecycle.server";

/*
 * The order lifecycle is the only writer of an order's state. The table of transitions is the
 * contract; every function applies exactly from the states the table lists and refuses the rest.
 */
const { prisma, sql } = serviceDatabase();

const statuses: OrderStatus[] = ["pending", "processing", "completed", "cancelled", "partial"];
const paymentStatuses: OrderPaymentStatus[] = ["unpaid", "paid", "refunded"];
const now = new Date("2026-11-25T10:00:00Z");

describe("the allowed transitions", () => {
  it("are exactly these", () => {
    const edges = Object.entries(orderTransitions).flatMap(([name, rule]) => [
      ...rule.status.map(([from, to]) => `${name}: ${from} → ${to}`),
      ...("payment" in rule ? [`${name}: payment ${rule.payment[0]} → ${rule.payment[1]}`] : []),
    ]);
    expect(edges).toEqual([
      "paid: pending → processing",
      "paid: payment unpaid → paid",
      "paidFromWallet: pending → processing",
      "paidFromWallet: payment unpaid → paid",
      "deliveryRecorded: processing → processing",
      "deliveryRecorded: processing → completed",
      "deliveryReverted: processing → processing",
      "deliveryReverted: completed → processing",
      "deliveryReverted: cancelled → cancelled",
      "deliveryReverted: partial → partial",
      "cancelledByClient: pending → cancelled",
      "cancelledByClient: processing → cancelled",
      "cancelledByAdmin: pending → cancelled",
      "cancelledByAdmin: processing → cancelled",
      "dripFeedStopped: processing → cancelled",
      "dripFeedStopped: processing → partial",
      "expired: pending → cancelled",
      "refunded: payment paid → refunded",
    ]);
  });
});

type Row = { status: OrderStatus; paymentStatus: OrderPaymentStatus; deliveredQuantity?: number; quantity?: number };

async function orderIn({ status, paymentStatus, deliveredQuantity = 0, quantity = 2 }: Row) {
  const client = await createTestUser(prisma(), "client");
  const order = await prisma().order.create({
    data: {
      clientId: client.id,
      packageId: "custom-instagram",
      packageName: "Custom",
      platform: "instagram",
      quantity,
      deliveredQuantity,
      targetUsername: "@ama.grows",
      targetUrl: "https://instagram.com/ama.grows",
      priceMinor: 300,
      rewardMinor: 45,
      feeMinor: 0,
      totalMinor: 300,
      currency: "GHS",
      status,
      paymentStatus,
      paidAt: paymentStatus === "unpaid" ? null : new Date(now.getTime() - 60_000),
      createdAt: new Date(now.getTime() - 48 * 3_600_000),
    },
  });
  return { id: order.id, clientId: client.id };
}

const stateOf = (id: number) => prisma().order.findUniqueOrThrow({ where: { id }, select: { status: true, paymentStatus: true, deliveredQuantity: true, cancelledAt: true, refundRequestedAt: true } });

/** Every (status, payment status) pair: whether the transition applied, and the state after it. */
async function tryEverywhere(apply: (order: { id: number; clientId: number }) => Promise<boolean>, extra: Partial<Row> = {}) {
  const outcomes: string[] = [];
  for (const status of statuses) {
    for (const paymentStatus of paymentStatuses) {
      const order = await orderIn({ status, paymentStatus, ...extra });
      const before = await stateOf(order.id);
      const applied = await apply(order);
      const after = await stateOf(order.id);
      if (applied) outcomes.push(`${status}/${paymentStatus} → ${after.status}/${after.paymentStatus}`);
      else expect(after, `${status}/${paymentStatus} refused, nothing written`).toEqual(before);
    }
  }
  return outcomes;
}

describe("each transition applies only from its allowed states", () => {
  it("paid", async () => {
    expect(await tryEverywhere(({ id }) => markPaid(sql(), id, now))).toEqual(["pending/unpaid → processing/paid"]);
  });

  it("paid from the wallet: like paid, and the processing fee goes (the total is the price)", async () => {
    expect(await tryEverywhere(({ id }) => sql().transaction((tx) => markPaidFromWallet(tx, id, now)))).toEqual(["pending/unpaid → processing/paid"]);
    const order = await orderIn({ status: "pending", paymentStatus: "unpaid" });
    await prisma().order.update({ where: { id: order.id }, data: { feeMinor: 5, totalMinor: 305 } });
    await sql().transaction((tx) => markPaidFromWallet(tx, order.id, now));
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id }, select: { feeMinor: true, totalMinor: true, paidFromWallet: true } })).toEqual({ feeMinor: 0, totalMinor: 300, paidFromWallet: true });
  });

  it("delivery recorded: only in fulfilment; the last unit completes the order", async () => {
    expect(await tryEverywhere(({ id }) => recordDelivery(sql(), id, now))).toEqual([
      "processing/unpaid → processing/unpaid",
      "processing/paid → processing/paid",
      "processing/refunded → processing/refunded",
    ]);
    const lastUnit = await orderIn({ status: "processing", paymentStatus: "paid", deliveredQuantity: 1, quantity: 2 });
    expect(await recordDelivery(sql(), lastUnit.id, now)).toBe(true);
    expect(await stateOf(lastUnit.id)).toMatchObject({ status: "completed", deliveredQuantity: 2 });
  });

  it("delivery reverted: a completed order returns to fulfilment, nothing below zero", async () => {
    expect(await tryEverywhere(({ id }) => revertDelivery(sql(), id, now), { deliveredQuantity: 1 })).toEqual([
      "processing/unpaid → processing/unpaid",
      "processing/paid → processing/paid",
      "processing/refunded → processing/refunded",
      "completed/unpaid → processing/unpaid",
      "completed/paid → processing/paid",
      "completed/refunded → processing/refunded",
      "cancelled/unpaid → cancelled/unpaid",
      "cancelled/paid → cancelled/paid",
      "cancelled/refunded → cancelled/refunded",
      "partial/unpaid → partial/unpaid",
      "partial/paid → partial/paid",
      "partial/refunded → partial/refunded",
    ]);
    const nothingDelivered = await orderIn({ status: "processing", paymentStatus: "paid" });
    expect(await revertDelivery(sql(), nothingDelivered.id, now)).toBe(false);
  });

  it("cancelled by the client, unpaid", async () => {
    expect(await tryEverywhere((order) => cancelUnpaidByClient(sql(), order, now))).toEqual(["pending/unpaid → cancelled/unpaid", "processing/unpaid → cancelled/unpaid"]);
    const someoneElses = await orderIn({ status: "pending", paymentStatus: "unpaid" });
    expect(await cancelUnpaidByClient(sql(), { id: someoneElses.id, clientId: someoneElses.clientId + 1 }, now)).toBe(false);
  });

  it("cancelled by the client, paid: within the window and before any delivery, with a refund request", async () => {
    const windowStart = new Date(now.getTime() - 3_600_000);
    expect(await tryEverywhere((order) => cancelPaidByClient(sql(), order, windowStart, now))).toEqual(["pending/paid → cancelled/paid", "processing/paid → cancelled/paid"]);
    const late = await orderIn({ status: "processing", paymentStatus: "paid" });
    expect(await cancelPaidByClient(sql(), late, new Date(now.getTime() - 30_000), now)).toBe(false);
    const started = await orderIn({ status: "processing", paymentStatus: "paid", deliveredQuantity: 1 });
    expect(await cancelPaidByClient(sql(), started, windowStart, now)).toBe(false);
    const fresh = await orderIn({ status: "processing", paymentStatus: "paid" });
    expect(await cancelPaidByClient(sql(), fresh, windowStart, now)).toBe(true);
    expect(await stateOf(fresh.id)).toMatchObject({ status: "cancelled", cancelledAt: now, refundRequestedAt: now });
  });

  it("cancelled by an admin: paid and open, with a refund request, once", async () => {
    expect(await tryEverywhere(({ id }) => cancelByAdmin(sql(), id, now))).toEqual(["pending/paid → cancelled/paid", "processing/paid → cancelled/paid"]);
    const order = await orderIn({ status: "processing", paymentStatus: "paid" });
    expect(await cancelByAdmin(sql(), order.id, now)).toBe(true);
    expect(await cancelByAdmin(sql(), order.id, now)).toBe(false);
  });

  it("expired: unpaid and pending, when the caller's due rule matches", async () => {
    const due = { placedBefore: new Date(now.getTime() - 24 * 3_600_000), openAttemptStatuses: ["pending"] };
    expect(await tryEverywhere(({ id }) => expireUnpaid(sql(), id, due, now))).toEqual(["pending/unpaid → cancelled/unpaid"]);
    const young = await orderIn({ status: "pending", paymentStatus: "unpaid" });
    expect(await expireUnpaid(sql(), young.id, { placedBefore: new Date(now.getTime() - 72 * 3_600_000), openAttemptStatuses: ["pending"] }, now)).toBe(false);
  });

  it("refunded: a paid order's payment status, whatever its fulfilment", async () => {
    expect(await tryEverywhere(({ id }) => markRefunded(sql(), id))).toEqual(statuses.map((status) => `${status}/paid → ${status}/refunded`));
  });
});

describe("a drip-feed order stopped by its client (issue #21)", () => {
  const asDripFeed = (id: number, runsOpened = 1) => prisma().order.update({ where: { id }, data: { dripRuns: 3, dripIntervalMinutes: 5, dripRunsOpened: runsOpened, paidFromWallet: true } });
  const stop = async (order: { id: number; clientId: number }) => (await sql().transaction((tx) => stopDripFeedByClient(tx, order, now))) !== null;

  it("applies only in fulfilment, paid from the wallet, with runs remaining: cancelled when nothing was delivered, partial otherwise", async () => {
    expect(await tryEverywhere(async (order) => (await asDripFeed(order.id), stop(order)))).toEqual(["processing/paid → cancelled/paid"]);
    expect(await tryEverywhere(async (order) => (await asDripFeed(order.id), stop(order)), { deliveredQuantity: 1, quantity: 3 })).toEqual(["processing/paid → partial/paid"]);
    expect(await tryEverywhere(async (order) => (await asDripFeed(order.id, 3), stop(order)))).toEqual([]);
    expect(await tryEverywhere(stop)).toEqual([]);
  });

  it("records the undelivered units, and refuses another client", async () => {
    const order = await orderIn({ status: "processing", paymentStatus: "paid", deliveredQuantity: 1, quantity: 3 });
    await asDripFeed(order.id);
    expect(await sql().transaction((tx) => stopDripFeedByClient(tx, { id: order.id, clientId: order.clientId + 1 }, now))).toBeNull();
    expect(await sql().transaction((tx) => stopDripFeedByClient(tx, order, now))).toBe(2);
    expect(await sql().transaction((tx) => stopDripFeedByClient(tx, order, now))).toBeNull();
  });
});

describe("nothing else writes an order's state", () => {
  it("no module outside the lifecycle updates orders", async () => {
    expect(await sourcesMatching(/\border\.(update|updateMany|upsert)\(|UPDATE\s+orders\b/i, "features/order-lifecycle")).toEqual([]);
  });

  it("only fulfilment takes an order to paid, so the task opens with it (no caller pairs the two)", async () => {
    expect(await sourcesMatching(/\bmarkPaid(FromWallet)?\b/, "features/order-lifecycle")).toEqual(["features/fulfilment/paid-order-tasks.server.ts"]);
  });
});

describe("the client's e-mail of each transition (issue #19)", () => {
  const mailsOf = async (orderId: number) =>
    (await prisma().outboxMessage.findMany({ where: { idempotencyKey: { startsWith: `order:${orderId}:` } }, orderBy: { id: "asc" } })).map((mail) => ({ to: mail.recipient, subject: mail.subject }));
  const emailOf = async (clientId: number) => (await prisma().user.findUniqueOrThrow({ where: { id: clientId } })).email;
  const reference = (id: number) => `SMB-${id}-2026`;

  it("queues one e-mail per transition applied, in the transition's transaction, and none for a refused or repeated one", async () => {
    const order = await orderIn({ status: "pending", paymentStatus: "unpaid", quantity: 1 });
    const to = await emailOf(order.clientId);
    await sql().transaction((tx) => markPaid(tx, order.id, now));
    await sql().transaction((tx) => markPaid(tx, order.id, now)); // refused: already paid
    await recordDelivery(sql(), order.id, now); // the only unit: completed
    await sql().transaction((tx) => revertDelivery(tx, order.id, now));
    await recordDelivery(sql(), order.id, now); // completed again: no second e-mail
    await sql().transaction((tx) => markRefunded(tx, order.id));
    expect(await mailsOf(order.id)).toEqual([
      { to, subject: `Payment received — ${reference(order.id)}` },
      { to, subject: `Order delivered — ${reference(order.id)}` },
      { to, subject: `Refund processed — ${reference(order.id)}` },
    ]);
    const receipt = await prisma().outboxMessage.findUniqueOrThrow({ where: { idempotencyKey: `order:${order.id}:paid` } });
    expect(receipt.textBody).toContain("Total paid: ₵3.00");
    expect(receipt.textBody).toContain(`/orders/${order.id}`);
  });

  it("says who cancelled, and whether a refund is on its way", async () => {
    const paid = await orderIn({ status: "processing", paymentStatus: "paid" });
    await sql().transaction((tx) => cancelByAdmin(tx, paid.id, now));
    const unpaid = await orderIn({ status: "pending", paymentStatus: "unpaid" });
    await sql().transaction((tx) => expireUnpaid(tx, unpaid.id, { placedBefore: now, openAttemptStatuses: [] }, now));
    const [byAdmin] = await prisma().outboxMessage.findMany({ where: { idempotencyKey: `order:${paid.id}:cancelledByAdmin` } });
    const [expired] = await prisma().outboxMessage.findMany({ where: { idempotencyKey: `order:${unpaid.id}:expired` } });
    expect(byAdmin!.textBody).toMatch(/Our team cancelled your order[\s\S]*A refund of ₵3\.00 is on its way/);
    expect(expired!.textBody).toMatch(/not paid within 24 hours[\s\S]*Nothing was charged/);
    expect(expired!.textBody).not.toContain("refund");
  });

  it("queues nothing when the transaction that would have changed the order rolls back", async () => {
    const order = await orderIn({ status: "pending", paymentStatus: "unpaid" });
    await sql()
      .transaction(async (tx) => {
        await markPaid(tx, order.id, now);
        throw new Error("the settlement failed after the transition");
      })
      .catch(() => undefined);
    expect(await mailsOf(order.id)).toEqual([]);
    expect(await stateOf(order.id)).toMatchObject({ status: "pending", paymentStatus: "unpaid" });
  });
});
