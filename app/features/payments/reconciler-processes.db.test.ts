import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createOrderSchema } from "~/features/orders/order-schema";
import { cancelOrder } from "~/features/orders/order-cancellation.server";
import { createOrder } from "~/features/orders/order-placement.server";
import { createTestUser, paystackSandbox, serviceDatabase } from "~/test/service-test";
import { readRecords } from "../../../sandbox/paystack/store";
import { sleep } from "../../../sandbox/paystack/testing";
import { cardChargeSchema } from "./payment-schema";
import { chargeCard } from "./payments.server";
import { reconcilePayments } from "./reconciler.server";

/*
 * Issue #17: every app process runs the background jobs (server/jobs.ts), so with several processes
 * behind a load balancer the payments reconciler runs several rounds at once on one database. Each
 * due item must still be handled once: a requested refund reaches Paystack once and is booked once.
 * The rounds here run concurrently in one process on separate pooled connections, which is what
 * several processes do to the database: the claims (conditional updates, FOR UPDATE SKIP LOCKED)
 * are decided there.
 */
const { prisma } = serviceDatabase();
const paystack = paystackSandbox({ refundProcessMs: 100 });
const processes = 3;

let payers = 0;

async function paidThenCancelledOrder() {
  payers += 1;
  const client = await createTestUser(prisma(), "client", { fullName: "Esi Processes" });
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-tiktok", quantity: 100, targetUsername: `esi.processes.${payers}`, accountScreenshot: null }));
  const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) };
  const paid = await chargeCard(client, cardChargeSchema.parse({ email: client.email, amount: 15255, orderId: order.id, currency: "GHS", card }), `203.0.113.${payers}`);
  expect(paid.data.status).toBe("success");
  await cancelOrder(client, order.id);
  return { orderId: order.id, reference: paid.data.reference as string };
}

/** The refunds Paystack (the sandbox) made of a charge, from its records. */
function refundsAtPaystack(reference: string): number {
  return readRecords<{ refunds: unknown[] }>(paystack.sandbox.stateDir, "charges").get(reference)?.refunds.length ?? 0;
}

/** One reconciler round in each of `processes` processes, at the same moment. */
const roundsAtOnce = (now?: Date) => Promise.all(Array.from({ length: processes }, () => reconcilePayments(now)));

describe("the payments reconciler in several processes at once", () => {
  it("sends each requested refund to Paystack once and books it once", async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => paidThenCancelledOrder()));

    await roundsAtOnce();
    for (const { reference } of orders) expect(refundsAtPaystack(reference), reference).toBe(1);

    // Later rounds (all processes again) look the refunds up and book them.
    const deadline = Date.now() + 10_000;
    const states = async () => (await prisma().paymentAttempt.findMany({ where: { reference: { in: orders.map((order) => order.reference) } }, select: { refundState: true } })).map((attempt) => attempt.refundState);
    while ((await states()).some((state) => state !== "processed")) {
      if (Date.now() > deadline) throw new Error(`refunds not processed in time: ${(await states()).join(", ")}`);
      await sleep(150);
      await roundsAtOnce(new Date(Date.now() + 60_000));
    }

    for (const { orderId, reference } of orders) {
      expect(refundsAtPaystack(reference), reference).toBe(1);
      const entries = await prisma().ledgerEntry.findMany({ where: { orderId, kind: "refund" }, select: { amountMinor: true } });
      expect(entries, `refund entries of order ${orderId}`).toEqual([{ amountMinor: 15255 }]);
      expect(await prisma().order.findUniqueOrThrow({ where: { id: orderId }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "refunded" });
    }
  }, 30_000);
});
