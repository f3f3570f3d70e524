import "~/test/service-test-environment";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAttempt } from "~/features/payments/payments.server";
import { applyTransactionOutcome } from "~/features/payments/settlement.server";
import { applyRetentionPolicy } from "~/features/retention/retention.server";
import { createDiskStorage, setUploadStorage, type UploadStorage } from "~/features/uploads/storage.server";
import { tinyPng } from "~/features/uploads/test-images";
import type { PaymentAttemptStatus } from "~/generated/prisma/client";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { sourcesMatching } from "~/test/source-scan";
import { createTopUp, expireUnpaidTopUps, topUpFor } from "~/features/top-ups/top-ups.server";
import { expireUnpaidOrders } from "./order-expiry.server";
import { createOrderSchema } from "./order-schema";
import { cancelOrder } from "./order-cancellation.server";
import { createOrder } from "./order-placement.server";
import { getOrderFor, listOrdersFor, type OrderViewer } from "./orders.server";

/*
 * Unpaid orders expire 24 hours after they were placed (decision 0020): cancelled with expiredAt,
 * never while a payment may still succeed, once however often the job runs, and a success that
 * still arrives is refunded. The retention job then deletes the screenshot.
 */
const { prisma } = serviceDatabase();
const hourMs = 60 * 60 * 1000;
const pngDataUrl = `data:image/png;base64,${Buffer.from(tinyPng()).toString("base64")}`;

let root: string;
let storage: UploadStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "smb-expiry-"));
  storage = createDiskStorage(root);
  setUploadStorage(storage);
});
afterAll(async () => {
  setUploadStorage(undefined);
  await rm(root, { recursive: true, force: true });
});

async function newClient(): Promise<OrderViewer & { email: string }> {
  return (await createTestUser(prisma(), "client")) as OrderViewer & { email: string };
}

/** An unpaid order (₵152.55) placed `hoursAgo` hours ago, with a screenshot. */
async function unpaidOrder(client: OrderViewer, hoursAgo: number, checkoutKey?: string) {
  const input = createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "ama.grows", accountScreenshot: pngDataUrl, checkoutKey });
  const { order } = await createOrder(client, input);
  await prisma().order.update({ where: { id: order.id }, data: { createdAt: new Date(Date.now() - hoursAgo * hourMs) } });
  return order;
}

let attempts = 0;
async function attemptOf(orderId: number, status: PaymentAttemptStatus) {
  attempts += 1;
  return prisma().paymentAttempt.create({
    data: { orderId, reference: `smb-${orderId}-expiry${attempts}`, channel: "mobile_money", provider: "mtn", phone: "0551234987", amountMinor: 15255, currency: "GHS", status },
  });
}

const orderRow = (id: number) => prisma().order.findUniqueOrThrow({ where: { id } });

describe("unpaid orders expire", () => {
  it("cancels an order unpaid for 24 hours as expired, once, and leaves younger and paid ones alone", async () => {
    const client = await newClient();
    const old = await unpaidOrder(client, 24.1);
    const young = await unpaidOrder(client, 23.9);
    const paid = await unpaidOrder(client, 48);
    await prisma().order.update({ where: { id: paid.id }, data: { status: "processing", paymentStatus: "paid", paidAt: new Date() } });

    await expireUnpaidOrders();

    expect(await orderRow(old.id)).toMatchObject({ status: "cancelled", paymentStatus: "unpaid", expiredAt: expect.any(Date), cancelledAt: expect.any(Date), checkoutKey: null });
    expect(await orderRow(young.id)).toMatchObject({ status: "pending", expiredAt: null });
    expect(await orderRow(paid.id)).toMatchObject({ status: "processing", expiredAt: null });
    const firstExpiry = (await orderRow(old.id)).expiredAt;
    // Idempotent: a second run (another process, the next minute) changes nothing.
    expect(await expireUnpaidOrders()).toBe(0);
    expect((await orderRow(old.id)).expiredAt).toEqual(firstExpiry);

    // The API says so: status "cancelled" (SPEC's word) with expiredAt beside it.
    expect(await getOrderFor(client, old.id)).toMatchObject({ status: "cancelled", paymentStatus: "unpaid", expiredAt: firstExpiry?.toISOString(), expiresAt: null, latePayment: null });
    expect((await getOrderFor(client, young.id)).expiresAt).toEqual(expect.any(String));
    const listed = await listOrdersFor(client, { limit: 10 });
    expect(listed.find((order) => order.id === old.id)).toMatchObject({ status: "cancelled", expired_at: firstExpiry?.toISOString() });
    expect(listed.find((order) => order.id === young.id)).toMatchObject({ status: "pending", expired_at: null });
  });

  it("expires a due order as soon as a page reads it, before the job came round", async () => {
    const client = await newClient();
    const order = await unpaidOrder(client, 25);
    expect(await getOrderFor(client, order.id)).toMatchObject({ status: "cancelled", expiredAt: expect.any(String) });
    expect(await expireUnpaidOrders()).toBe(0);
  });

  it("waits while a payment may still succeed, and expires the order once that attempt has ended", async () => {
    const client = await newClient();
    const order = await unpaidOrder(client, 30);
    const open = await attemptOf(order.id, "pay_offline");
    const abandonedByPaystack = await attemptOf(order.id, "not_completed");

    await expireUnpaidOrders();
    expect(await getOrderFor(client, order.id)).toMatchObject({ status: "pending", expiredAt: null });

    await prisma().paymentAttempt.update({ where: { id: open.id }, data: { status: "failed" } });
    await expireUnpaidOrders();
    expect((await orderRow(order.id)).status).toBe("pending");

    // The reconciler gives up on the last open attempt (24 h after it started): now it expires.
    await prisma().paymentAttempt.update({ where: { id: abandonedByPaystack.id }, data: { status: "abandoned" } });
    expect(await expireUnpaidOrders()).toBe(1);
    expect((await orderRow(order.id)).expiredAt).not.toBeNull();
  });

  it("starts no charge on an order that expired after the payment form read it", async () => {
    const client = await newClient();
    const order = await unpaidOrder(client, 25);
    await expireUnpaidOrders();
    const refused = await refusal(
      recordAttempt({ kind: "order", id: order.id, totalMinor: 15255, currency: "GHS" }, { channel: "card", payerEmail: client.email }, { clientId: client.id, clientAddress: "198.51.100.7" }),
    );
    expect(refused.status).toBe(422);
    expect(refused.message).toBe("This order expired because it was not paid in time, and can no longer be paid. Please start a new checkout.");
    expect(await prisma().paymentAttempt.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("refunds a success that still arrives for an expired order, and the order says so", async () => {
    const client = await newClient();
    const order = await unpaidOrder(client, 25);
    const attempt = await attemptOf(order.id, "abandoned");
    await expireUnpaidOrders();

    const result = await applyTransactionOutcome({ reference: attempt.reference, status: "success", amount: 15255, currency: "GHS", gatewayResponse: "Approved" });

    expect(result).toBe("refund_requested");
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({ status: "success", refundState: "requested" });
    expect(await getOrderFor(client, order.id)).toMatchObject({ status: "cancelled", paymentStatus: "unpaid", expiredAt: expect.any(String), latePayment: "refund_requested" });
    expect(await prisma().task.count({ where: { orderId: order.id } })).toBe(0);
    // Once Paystack reports the refund processed, the order says refunded.
    await prisma().paymentAttempt.update({ where: { id: attempt.id }, data: { refundState: "processed" } });
    expect((await getOrderFor(client, order.id)).latePayment).toBe("refunded");
  });

  it("lets the client start again: the same checkout draft makes a new order, and cancelling says it expired", async () => {
    const client = await newClient();
    const order = await unpaidOrder(client, 25, "draft-expiring");
    await expireUnpaidOrders();

    const input = createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "ama.grows", accountScreenshot: null, checkoutKey: "draft-expiring" });
    const again = await createOrder(client, input);
    expect(again.created).toBe(true);
    expect(again.order.id).not.toBe(order.id);
    expect(again.order).toMatchObject({ status: "pending", expiredAt: null });

    const refused = await refusal(cancelOrder(client, order.id));
    expect(refused.status).toBe(422);
    expect(refused.message).toBe("This order has already expired: it was not paid in time, and nothing was charged.");
  });

  it("has the retention job delete an expired order's screenshot at its next run, and keep a waiting order's", async () => {
    const client = await newClient();
    const expired = await unpaidOrder(client, 25);
    const waiting = await unpaidOrder(client, 1);
    await expireUnpaidOrders();
    const uploadOf = async (orderId: number) => (await prisma().order.findUniqueOrThrow({ where: { id: orderId }, include: { screenshotUpload: true } })).screenshotUpload;
    const expiredUpload = await uploadOf(expired.id);
    const waitingUpload = await uploadOf(waiting.id);
    expect(await storage.get(expiredUpload!.storageKey)).not.toBeNull();

    await applyRetentionPolicy(new Date(), storage);

    expect(await storage.get(expiredUpload!.storageKey)).toBeNull();
    expect(await uploadOf(expired.id)).toBeNull();
    expect(await storage.get(waitingUpload!.storageKey)).not.toBeNull();
  });
});

describe("unpaid top-ups (issue #49)", () => {
  it("the job expires a top-up unpaid for 24 hours, once, and leaves younger and credited ones alone", async () => {
    const client = await createTestUser(prisma(), "client");
    const [old, young, paid] = await Promise.all([createTopUp(client, 5000), createTopUp(client, 5000), createTopUp(client, 5000)]);
    const dayAgo = new Date(Date.now() - 25 * hourMs);
    await prisma().walletTopUp.updateMany({ where: { id: { in: [old.id, paid.id] } }, data: { createdAt: dayAgo } });
    await prisma().walletTopUp.update({ where: { id: paid.id }, data: { creditedAt: new Date() } });
    expect(await expireUnpaidTopUps()).toBeGreaterThanOrEqual(1);
    expect(await expireUnpaidTopUps()).toBe(0);
    const statuses = await Promise.all([old, young, paid].map(async ({ id }) => (await topUpFor(client, id)).status));
    expect(statuses).toEqual(["expired", "pending", "credited"]);
  });

  it("nothing outside top-ups.server.ts writes a top-up's state", async () => {
    expect(await sourcesMatching(/\bwalletTopUp\.(update|updateMany|upsert|delete|deleteMany)\(|(UPDATE|DELETE FROM)\s+wallet_top_ups\b/i, "features/top-ups/top-ups.server.ts")).toEqual([]);
  });
});
