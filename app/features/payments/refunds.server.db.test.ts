import "~/test/service-test-environment";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listPaymentAttempts } from "~/features/admin/payment-attempts.server";
import { paymentListQuerySchema } from "~/features/admin/admin-schemas";
import { createOrderSchema } from "~/features/orders/order-schema";
import { cancelOrder } from "~/features/orders/order-cancellation.server";
import { createOrder } from "~/features/orders/order-placement.server";
import { createTestUser, paystackSandbox, refusal, serviceDatabase } from "~/test/service-test";
import { sandboxSecretKey, sleep } from "../../../sandbox/paystack/testing";
import { cardChargeSchema } from "./payment-schema";
import { chargeCard } from "./payments.server";
import { createPaystackClient, parsePaystackEvent, refundEventNames, signWebhookBody } from "~/features/paystack/paystack-client.server";
import { reconcilePayments } from "./reconciler.server";
import { createTopUp } from "~/features/top-ups/top-ups.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { reverseTopUpCredit } from "~/features/ledger/ledger.server";
import { receivePaystackWebhook } from "~/features/webhooks/paystack-webhook.server";

/*
 * Refunds booked exactly as Paystack reports them, whoever started them. The fixtures in
 * contract/fixtures/webhook-refund.*.json are Paystack's own documented example events (Payments ›
 * Refunds, "Listen for notifications"; PaystackOSS/doc-code-snippets src/doc/payments/refunds/events/),
 * kept byte for byte: their `amount` is a string in refund.pending, .processing and .processed.
 * Payments run on the sandbox over HTTP; webhooks are signed and handed to the app as Paystack would.
 */
const { prisma, sql } = serviceDatabase();
const paystack = paystackSandbox({ refundProcessMs: 100 });

const fixturesDir = path.join(import.meta.dirname, "../paystack/contract/fixtures");
const readFixture = (event: string) => fs.readFileSync(path.join(fixturesDir, `webhook-${event}.json`), "utf8");

/** A documented event about one of our payments: the fixture with our reference and currency (and any other change). */
function documentedEvent(event: string, data: Record<string, unknown>): string {
  const fixture = JSON.parse(readFixture(event)) as { event: string; data: Record<string, unknown> };
  return JSON.stringify({ ...fixture, data: { ...fixture.data, currency: "GHS", ...data } });
}

const deliver = (rawBody: string) => receivePaystackWebhook(rawBody, signWebhookBody(rawBody, sandboxSecretKey));

let payers = 0;

/** An order of 100 Instagram followers paid by card (from an address of its own): 15255 pesewas. */
async function paidOrder() {
  payers += 1;
  const client = await createTestUser(prisma(), "client", { fullName: "Efua Refund" });
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "efua.gh", accountScreenshot: null }));
  const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) };
  const paid = await chargeCard(client, cardChargeSchema.parse({ email: client.email, amount: 15255, orderId: order.id, currency: "GHS", card }), `198.51.100.${payers}`);
  expect(paid.data.status).toBe("success");
  return { client, order, reference: paid.data.reference as string };
}

const attemptOf = (reference: string) => prisma().paymentAttempt.findUniqueOrThrow({ where: { reference } });
const orderOf = (id: number) => prisma().order.findUniqueOrThrow({ where: { id } });
const refundEntries = (orderId: number) => prisma().ledgerEntry.findMany({ where: { orderId, kind: "refund" }, orderBy: { id: "asc" } });

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(50);
  }
}

describe("Paystack's documented refund events", () => {
  it("accepts every kind, string amounts included, and acknowledges those for a reference this store does not know", async () => {
    const documented = fs.readdirSync(fixturesDir).filter((file) => file.startsWith("webhook-refund."));
    expect(documented.map((file) => file.slice("webhook-".length, -".json".length)).sort()).toEqual([...refundEventNames].sort());
    for (const name of refundEventNames) {
      const rawBody = readFixture(name);
      const documentedAmount = (JSON.parse(rawBody) as { data: { amount: string | number } }).data.amount;
      expect(parsePaystackEvent(rawBody), name).toMatchObject({ event: name, data: { amount: Number(documentedAmount) } });
      // Their transactions are not ours: 200 all the same (Paystack would retry an error for 72 hours), and the event is kept.
      await expect(deliver(rawBody)).resolves.toBeUndefined();
      const reference = (JSON.parse(rawBody) as { data: { transaction_reference: string } }).data.transaction_reference;
      expect(await prisma().webhookEvent.findFirst({ where: { event: name, reference }, select: { processedAt: true, error: true } })).toMatchObject({
        processedAt: expect.any(Date),
        error: null,
      });
    }
    expect(await prisma().ledgerEntry.count({ where: { kind: "refund", idempotencyKey: { contains: "T2154954_412829" } } })).toBe(0);
  });

  it("refuses an amount that is not whole minor units (400), so a guessed amount is never booked", async () => {
    for (const amount of ["100.50", "1e4", "", " 500", "-500", -500, 10.5, null]) {
      const rawBody = documentedEvent("refund.processed", { amount, transaction_reference: "no-such-payment" });
      expect(parsePaystackEvent(rawBody), String(amount)).toBeUndefined();
      expect((await refusal(deliver(rawBody))).status, String(amount)).toBe(400);
    }
  });
});

describe("booking what Paystack reports", () => {
  it("books a partial refund at exactly its amount, and the payment reads partially refunded", async () => {
    const { order, reference } = await paidOrder();
    await deliver(documentedEvent("refund.processed", { transaction_reference: reference, amount: "5000" }));

    expect(await refundEntries(order.id)).toMatchObject([{ amountMinor: 5000, currency: "GHS" }]);
    expect(await attemptOf(reference)).toMatchObject({ refundedAmountMinor: 5000, refundState: "partially_refunded" });
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("two partial refunds that add up to the payment mark it refunded", async () => {
    const { order, reference } = await paidOrder();
    await deliver(documentedEvent("refund.processed", { transaction_reference: reference, amount: "5000", refund_reference: "132013318360" }));
    await deliver(documentedEvent("refund.processed", { transaction_reference: reference, amount: "10255", refund_reference: "132013318361" }));

    expect((await refundEntries(order.id)).map((entry) => entry.amountMinor)).toEqual([5000, 10255]);
    expect(await attemptOf(reference)).toMatchObject({ refundedAmountMinor: 15255, refundState: "processed" });
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "refunded" });
  });

  it("books a replayed event once, and never more than was paid", async () => {
    const { order, reference } = await paidOrder();
    const rawBody = documentedEvent("refund.processed", { transaction_reference: reference, amount: "15255" });
    // The same bytes ten times at once, and the same refund in other bytes (a re-sent event).
    const resent = JSON.stringify({ data: JSON.parse(rawBody).data, event: "refund.processed" });
    await Promise.all([...Array.from({ length: 10 }, () => deliver(rawBody)), deliver(resent)]);
    // Another refund reported beyond the amount paid finds nothing left to book.
    await deliver(documentedEvent("refund.processed", { transaction_reference: reference, amount: "100", refund_reference: "another" }));

    expect((await refundEntries(order.id)).map((entry) => entry.amountMinor)).toEqual([15255]);
    expect(await attemptOf(reference)).toMatchObject({ refundedAmountMinor: 15255, refundState: "processed" });
  });
});

describe("a refund started in Paystack's dashboard", () => {
  it("of a paid, active order is recorded with its amount and flagged for admins", async () => {
    const { order, reference } = await paidOrder();
    // The dashboard: a refund straight at Paystack, not through the store.
    const dashboard = createPaystackClient({ baseUrl: paystack.sandbox.baseUrl, secretKey: sandboxSecretKey });
    expect((await dashboard.refund({ transaction: reference, amount: 4000 })).ok).toBe(true);

    const stages = ["refund.pending", "refund.processing", "refund.processed"];
    const byStage = (stage: string) => paystack.webhooks.received.find((webhook) => webhook.body.event === stage && webhook.body.data.transaction_reference === reference);
    await paystack.webhooks.waitFor(() => stages.every((stage) => byStage(stage)));

    const pending = byStage("refund.pending")!;
    await receivePaystackWebhook(pending.rawBody, pending.signature);
    expect(await attemptOf(reference)).toMatchObject({ refundState: "pending", refundOrigin: "paystack_dashboard", refundedAmountMinor: 0 });
    for (const stage of ["refund.processing", "refund.processed"]) await receivePaystackWebhook(byStage(stage)!.rawBody, byStage(stage)!.signature);

    expect(await attemptOf(reference)).toMatchObject({ refundState: "partially_refunded", refundOrigin: "paystack_dashboard", refundedAmountMinor: 4000 });
    expect(await refundEntries(order.id)).toMatchObject([{ amountMinor: 4000, description: expect.stringContaining("outside the store") }]);
    expect(await orderOf(order.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    // A late pending event (delivered after its processed one) changes nothing.
    await receivePaystackWebhook(pending.rawBody, pending.signature);
    expect(await attemptOf(reference)).toMatchObject({ refundState: "partially_refunded" });

    const admin = await createTestUser(prisma(), "admin");
    const listed = await listPaymentAttempts(admin, paymentListQuerySchema.parse({ q: reference }));
    expect(listed.items).toMatchObject([{ reference, refundOrigin: "paystack_dashboard", refundedAmount: 40, refundState: "partially_refunded", amount: 152.55 }]);
  });

  it("then a cancellation: the store refunds only what is left, and the order reads refunded", async () => {
    const { client, order, reference } = await paidOrder();
    await deliver(documentedEvent("refund.processed", { transaction_reference: reference, amount: "5000" }));
    await cancelOrder(client, order.id);
    await reconcilePayments(); // asks Paystack for the rest now; later rounds look the refund up
    expect(await attemptOf(reference)).toMatchObject({ refundState: "pending", paystackRefundId: expect.any(String) });

    await waitUntil(async () => {
      await reconcilePayments(new Date(Date.now() + 60_000));
      return (await orderOf(order.id)).paymentStatus === "refunded";
    });
    expect((await refundEntries(order.id)).map((entry) => entry.amountMinor)).toEqual([5000, 10255]);
    // The flag stays: part of this money left without the store asking.
    expect(await attemptOf(reference)).toMatchObject({ refundedAmountMinor: 15255, refundState: "processed", refundOrigin: "paystack_dashboard" });
  });
});

describe("refunds the store asks for", () => {
  it("books a cancelled order's refund once, though Paystack reports it by look-up and by webhook", async () => {
    const { client, order, reference } = await paidOrder();
    await cancelOrder(client, order.id);
    await reconcilePayments();
    const asked = await attemptOf(reference);
    expect(asked).toMatchObject({ refundState: "pending", refundOrigin: "store", paystackRefundId: expect.any(String) });

    // The look-up (GET /refund/{id}) books it; then the webhook of the same refund arrives.
    await waitUntil(async () => {
      await reconcilePayments(new Date(Date.now() + 60_000));
      return (await attemptOf(reference)).refundState === "processed";
    });
    await paystack.webhooks.waitFor((received) => received.some((webhook) => webhook.body.event === "refund.processed" && webhook.body.data.transaction_reference === reference));
    const webhook = paystack.webhooks.received.find((received) => received.body.event === "refund.processed" && received.body.data.transaction_reference === reference)!;
    await receivePaystackWebhook(webhook.rawBody, webhook.signature);

    expect((await refundEntries(order.id)).map((entry) => entry.amountMinor)).toEqual([15255]);
    expect(await attemptOf(reference)).toMatchObject({ refundedAmountMinor: 15255, refundState: "processed", refundOrigin: "store" });
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });

  it("marks the store's refund failed when Paystack reports it failed or needing attention", async () => {
    for (const name of ["refund.failed", "refund.needs-attention"]) {
      const { reference } = await paidOrder();
      await prisma().paymentAttempt.update({ where: { reference }, data: { refundState: "pending", refundRequestedAt: new Date(), refundOrigin: "store" } });
      await deliver(documentedEvent(name, { transaction_reference: reference }));
      expect(await attemptOf(reference), name).toMatchObject({ refundState: "failed", refundOrigin: "store", refundedAmountMinor: 0 });
    }
  });
});

describe("a top-up refunded in Paystack's dashboard after it was credited (issue #49)", () => {
  // Last in this file: it breaks the ledger on purpose at the end.
  it("takes its credit back out of the wallet once, however often the refund is reported; the ledger check finds a second reversal", async () => {
    const client = await createTestUser(prisma(), "client", { fullName: "Efua Topup" });
    const topUp = await createTopUp(client, 5000);
    const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) };
    const paid = await chargeCard(client, cardChargeSchema.parse({ email: client.email, amount: 5085, topUpId: topUp.id, currency: "GHS", card }), "198.51.100.249");
    expect(paid.data.status).toBe("success");
    const reference = paid.data.reference as string;
    const walletEntries = () => prisma().ledgerEntry.findMany({ where: { userId: client.id, bucket: "wallet" }, orderBy: { id: "asc" }, select: { kind: true, amountMinor: true } });
    expect(await walletEntries()).toEqual([{ kind: "wallet_top_up", amountMinor: 5000 }]);

    const dashboard = createPaystackClient({ baseUrl: paystack.sandbox.baseUrl, secretKey: sandboxSecretKey });
    expect((await dashboard.refund({ transaction: reference })).ok).toBe(true);
    const processed = () => paystack.webhooks.received.find((webhook) => webhook.body.event === "refund.processed" && webhook.body.data.transaction_reference === reference);
    await paystack.webhooks.waitFor(() => processed() !== undefined);
    // Reported twice (Paystack retries until it hears 200), and found again by the reconciler.
    await receivePaystackWebhook(processed()!.rawBody, processed()!.signature);
    await receivePaystackWebhook(processed()!.rawBody, processed()!.signature);
    await reconcilePayments();
    expect(await walletEntries()).toEqual([
      { kind: "wallet_top_up", amountMinor: 5000 },
      { kind: "wallet_top_up_reversal", amountMinor: -5000 },
    ]);
    const rule = "refunded top-ups whose credit is not reversed exactly once";
    const offending = async () => (await checkLedger(sql())).find((result) => result.rule === rule)!.offending;
    expect(await offending()).toBe(0);

    // Taken back a second time by mistake: the check says so.
    await reverseTopUpCredit(sql(), { userId: client.id, amountMinor: 5000, currency: "GHS", topUpId: topUp.id, paymentReference: reference, refundKey: "by-mistake" }, "twice");
    expect(await offending()).toBe(1);
  });
});
