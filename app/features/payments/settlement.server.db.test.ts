import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { recordAttempt } from "./payments.server";
import { applyTransactionOutcome } from "./settlement.server";

/*
 * applyTransactionOutcome's answers for an order's success, which settles in one transaction that
 * starts by recording the success (settleOrderPayment), and for what that fast path leaves to the
 * general one: an unknown reference, a success already taken into account.
 */
const { prisma } = serviceDatabase();

/** ₵150.00 + ₵2.55 fee = 15255 pesewas, with a card attempt recorded as the charge call does. */
async function orderWithAttempt(client: PublicUser) {
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "ama.gh", accountScreenshot: null }));
  const reference = await recordAttempt({ kind: "order", id: order.id, totalMinor: 15255, currency: "GHS" }, { channel: "card", payerEmail: client.email }, { clientId: client.id, clientAddress: "10.16.0.1" });
  return { orderId: order.id, reference };
}

const success = (reference: string, amount = 15255) => ({ reference, status: "success", amount, currency: "GHS", gatewayResponse: "Approved" });

describe("an order's payment succeeding", () => {
  it("credits the order once, opens its task and queues its receipt; the same success again is already settled", async () => {
    const client = await createTestUser(prisma(), "client", { fullName: "Ama Payer" });
    const { orderId, reference } = await orderWithAttempt(client);
    expect(await applyTransactionOutcome(success(reference))).toBe("credited");
    expect(await prisma().order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference } })).toMatchObject({ status: "success", gatewayResponse: "Approved", refundState: null });
    expect(await prisma().task.findMany({ where: { orderId }, select: { requiredCompletions: true, status: true } })).toEqual([{ requiredCompletions: 100, status: "available" }]);
    expect(await prisma().outboxMessage.findUnique({ where: { idempotencyKey: `order:${orderId}:paid` }, select: { recipient: true } })).toEqual({ recipient: client.email });

    expect(await applyTransactionOutcome(success(reference))).toBe("already_settled");
    expect(await prisma().task.count({ where: { orderId } })).toBe(1);
  });

  it("refunds a success for another amount and leaves the order unpaid", async () => {
    const client = await createTestUser(prisma(), "client", { fullName: "Kofi Payer" });
    const { orderId, reference } = await orderWithAttempt(client);
    expect(await applyTransactionOutcome(success(reference, 100))).toBe("refund_requested");
    expect(await prisma().order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ paymentStatus: "unpaid", status: "pending" });
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference } })).toMatchObject({ status: "success", refundState: "requested" });
    expect(await prisma().task.count({ where: { orderId } })).toBe(0);
    expect(await prisma().outboxMessage.count({ where: { idempotencyKey: `order:${orderId}:paid` } })).toBe(0);
  });

  it("refunds a success in another currency, or of an amount no total can be (a fraction, beyond the integer range), and credits none", async () => {
    const client = await createTestUser(prisma(), "client", { fullName: "Efua Payer" });
    for (const outcome of [
      { ...success("", 15255), currency: "USD" },
      success("", 15255.5),
      success("", 2 ** 40),
      { ...success("", 15255), amount: null },
    ]) {
      const { orderId, reference } = await orderWithAttempt(client);
      expect(await applyTransactionOutcome({ ...outcome, reference })).toBe("refund_requested");
      expect(await prisma().order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ paymentStatus: "unpaid", status: "pending" });
      expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference } })).toMatchObject({ status: "success", refundState: "requested" });
    }
  });

  it("answers an unknown reference as unknown, and writes nothing", async () => {
    const before = await prisma().paymentAttempt.count();
    expect(await applyTransactionOutcome(success("smb-999999-0000000000000000"))).toBe("unknown_reference");
    expect(await applyTransactionOutcome(success("smb-w999999-0000000000000000"))).toBe("unknown_reference");
    expect(await prisma().paymentAttempt.count()).toBe(before);
  });
});
