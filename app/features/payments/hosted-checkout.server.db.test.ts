import "~/test/service-test-environment";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/lib/database/db.server";
import type { PublicUser } from "~/features/auth/accounts.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { createTestUser, paystackSandbox, refusal, serviceDatabase } from "~/test/service-test";
import { sandboxSecretKey } from "../../../sandbox/paystack/testing";
import { startHostedCardPayment } from "./hosted-checkout.server";
import { verifyPayment } from "./payment-checks.server";
import { createPaystackClient } from "~/features/paystack/paystack-client.server";
import { setPaystack } from "~/features/paystack/paystack.server";
import { reconcileOpenAttempts } from "./reconciler.server";

/*
 * Cards on Paystack's hosted checkout against the sandbox over real HTTP: the store initialises the
 * transaction, the payer (here: fetch, as a browser without JavaScript) pays on the checkout page
 * and returns, and the store verifies and credits once.
 */
const { prisma } = serviceDatabase();
const paystack = paystackSandbox();

const siteUrl = "http://store.example";
const newClient = () => createTestUser(prisma(), "client", { fullName: "Abena Card" });

async function newOrder(client: PublicUser) {
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "abena.gh", accountScreenshot: null }));
  return order;
}

const start = (client: PublicUser, orderId: number, amount = 15255) => startHostedCardPayment(client, { orderId, email: client.email, amount, currency: "GHS" }, siteUrl, "127.0.0.1");

/** The payer on the sandbox's checkout page: the card, then wherever Paystack sends them. */
async function payOnCheckoutPage(authorizationUrl: string, card: { number: string; cvv: string }) {
  // The page sits on the callback's origin (the store); in this test the sandbox runs on its own port.
  const url = authorizationUrl.replace(siteUrl, paystack.sandbox.baseUrl.replace("/sandbox/paystack", ""));
  const form = new URLSearchParams({ step: "card", ...card, expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) });
  const response = await fetch(url, { method: "POST", body: form, redirect: "manual" });
  return response.headers.get("location");
}

const orderRow = (id: number) => prisma().order.findUniqueOrThrow({ where: { id } });

describe("hosted card checkout", () => {
  it("initialises the order's total and sends the payer to Paystack, who returns them to the status page", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const started = await start(client, order.id);
    expect(started).toMatchObject({ status: true, data: { status: "open_url", reference: expect.stringMatching(new RegExp(`^smb-${order.id}-[0-9a-f]+$`)) } });
    const { reference, url } = started.data;
    expect(url).toBe(started.data.authorization_url);
    expect(url).toMatch(new RegExp(`^${siteUrl}/sandbox/paystack/checkout/[a-z0-9]+$`));
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference } })).toMatchObject({ channel: "card", status: "pending", amountMinor: 15255, payerEmail: client.email });

    const returnTo = new URL((await payOnCheckoutPage(url!, { number: "4084084084084081", cvv: "408" }))!);
    expect(`${returnTo.origin}${returnTo.pathname}`).toBe(`${siteUrl}/payment-status/${reference}`);
    expect(Object.fromEntries(returnTo.searchParams)).toEqual({ orderId: String(order.id), amount: "152.55", currency: "GHS", trxref: reference, reference });

    // The status page's check: verified with Paystack and credited, once however often it is asked.
    expect(await verifyPayment(reference)).toMatchObject({ status: true, data: { status: "success" } });
    expect(await verifyPayment(reference)).toMatchObject({ data: { status: "success" } });
    expect(await orderRow(order.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(await prisma().task.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("leaves an unpaid checkout open to the reconciler, which credits a payment made later", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const { data } = await start(client, order.id);
    // Nobody has paid yet: Paystack reads "abandoned" ("The transaction was not completed").
    await reconcileOpenAttempts(new Date(Date.now() + 60_000));
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid" });
    await payOnCheckoutPage(data.url!, { number: "4084084084084081", cvv: "408" });
    await reconcileOpenAttempts(new Date(Date.now() + 10 * 60_000));
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("refuses an amount that is not the order's total, another client's order, and a paid order", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    expect((await refusal(start(client, order.id, 100))).status).toBe(400);
    const stranger = await newClient();
    expect((await refusal(start(stranger, order.id))).status).toBe(404);
    expect(await prisma().paymentAttempt.count({ where: { orderId: order.id } })).toBe(0);

    const { data } = await start(client, order.id);
    await payOnCheckoutPage(data.url!, { number: "4084084084084081", cvv: "408" });
    await verifyPayment(data.reference);
    expect((await refusal(start(client, order.id))).status).toBe(409);
  });

  it("reads the order under its lock: a checkout started while the order expires waits for it, then is refused", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    let started: Promise<unknown> = Promise.resolve();
    await getDatabase().sql.transaction(async (sql) => {
      await sql.query(`SELECT id FROM orders WHERE id = $1::int FOR UPDATE`, [order.id]);
      started = refusal(start(client, order.id));
      await sleep(200); // on PostgreSQL the checkout now waits for this lock (without it, it would read the open order)
      await sql.query(`UPDATE orders SET status = 'cancelled', expired_at = now(), cancelled_at = now() WHERE id = $1::int`, [order.id]);
    });
    expect(await started).toMatchObject({ status: 422, message: "This order expired because it was not paid in time, and can no longer be paid. Please start a new checkout." });
    expect(await prisma().paymentAttempt.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("ends the attempt with a clear message when Paystack cannot be reached, so a new one can start", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const reachable = createPaystackClient({ baseUrl: paystack.sandbox.baseUrl, secretKey: sandboxSecretKey, retries: 0 });
    setPaystack({ client: createPaystackClient({ baseUrl: "http://127.0.0.1:9/paystack", secretKey: sandboxSecretKey, retries: 0 }), secretKey: sandboxSecretKey });
    try {
      const answer = await start(client, order.id);
      expect(answer).toMatchObject({ status: false, message: "The payment provider could not be reached. Please try again in a moment.", data: { status: "failed" } });
      expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: answer.data.reference } })).toMatchObject({ status: "failed" });
    } finally {
      setPaystack({ client: reachable, secretKey: sandboxSecretKey });
    }
    expect(await start(client, order.id)).toMatchObject({ status: true, data: { status: "open_url" } });
  });
});
