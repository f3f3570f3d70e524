import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { cancelOrder } from "~/features/orders/order-cancellation.server";
import { createOrder } from "~/features/orders/order-placement.server";
import { findOrderOfPayment } from "~/features/orders/orders.server";
import { createTestUser, paystackSandbox, refusal, serviceDatabase } from "~/test/service-test";
import { sandboxSecretKey, sleep } from "../../../sandbox/paystack/testing";
import { cardChargeSchema, mobileMoneyChargeSchema } from "./payment-schema";
import { chargeCard, chargeMobileMoney } from "./payments.server";
import { resendAuthorization, submitOtp } from "./charge-steps.server";
import { checkPayment, checkPaymentWithOrder, verifyPayment } from "./payment-checks.server";
import { createPaystackClient, signWebhookBody } from "~/features/paystack/paystack-client.server";
import { setPaystack } from "~/features/paystack/paystack.server";
import { type HttpCall, httpCall } from "~/lib/http-call.server";
import { reconcileOpenAttempts, reconcilePayments } from "./reconciler.server";
import { applyTransactionOutcome } from "./settlement.server";
import { receivePaystackWebhook } from "~/features/webhooks/paystack-webhook.server";

/*
 * The payment service against the Paystack sandbox over real HTTP on loopback, with the real client,
 * on PGlite or PostgreSQL. Webhooks go to a receiver that keeps their exact bytes, so tests decide
 * when (and how often) the app receives them.
 */
const { prisma } = serviceDatabase();
const paystack = paystackSandbox({ momoApproveMs: 300, momoAbandonMs: 600, refundProcessMs: 100 });

const newClient = () => createTestUser(prisma(), "client", { fullName: "Kofi Payer" });
/** Where the charges come from, for the charge limits (charge-limits.server.db.test.ts tests those). */
const clientAddress = "127.0.0.1";

/** An unpaid order of 100 Instagram followers: ₵150.00 + ₵2.55 fee = 15255 pesewas. */
async function newOrder(client: PublicUser) {
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "kofi.gh", accountScreenshot: null }));
  return order;
}

const card = (number: string, cvv: string) => ({ number, cvv, expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) });
const cardCharge = (client: PublicUser, orderId: number, number: string, cvv: string, extra: Record<string, unknown> = {}) =>
  cardChargeSchema.parse({ email: client.email, amount: 15255, orderId, currency: "GHS", card: card(number, cvv), ...extra });
const momoCharge = (client: PublicUser, orderId: number, phone: string, provider: "mtn" | "vod" | "tgo") =>
  mobileMoneyChargeSchema.parse({ email: client.email, amount: 15255, orderId, currency: "GHS", mobile_money: { phone, provider } });

const orderRow = (id: number) => prisma().order.findUniqueOrThrow({ where: { id } });

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(50);
  }
}

describe("card payments", () => {
  it("credits the order once on success and refuses a second charge", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeCard(client, cardCharge(client, order.id, "4084084084084081", "408"), clientAddress);
    expect(answer).toMatchObject({ status: true, data: { status: "success" } });
    expect(await orderRow(order.id)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    const attempt = await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: answer.data.reference } });
    expect(attempt).toMatchObject({ status: "success", amountMinor: 15255, payerEmail: client.email, phone: null });
    expect(JSON.stringify(attempt)).not.toContain("4084084084084081");
    // The receipt is queued with the payment (issue #19).
    expect(await prisma().outboxMessage.findMany({ where: { recipient: client.email }, select: { subject: true } })).toEqual([{ subject: expect.stringMatching(/^Payment received — SMB-\d+-\d{4}$/) }]);

    expect((await refusal(chargeCard(client, cardCharge(client, order.id, "4084084084084081", "408"), clientAddress))).status).toBe(409);
  });

  it("takes the amount from the order and refuses a payload that differs", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const error = await refusal(chargeCard(client, { ...cardCharge(client, order.id, "4084084084084081", "408"), amount: 100 }, clientAddress));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The amount does not match this order's total of ₵152.55.");
    expect(await prisma().paymentAttempt.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("answers 404 for another client's order and changes nothing", async () => {
    const owner = await newClient();
    const order = await newOrder(owner);
    const stranger = await newClient();
    expect((await refusal(chargeCard(stranger, cardCharge(stranger, order.id, "4084084084084081", "408"), clientAddress))).status).toBe(404);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid" });
  });

  it("asks for a PIN, then continues the same attempt with it", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const first = await chargeCard(client, cardCharge(client, order.id, "507850785078507812", "081"), clientAddress);
    expect(first).toMatchObject({ status: true, data: { status: "send_pin" } });
    const second = await chargeCard(client, cardCharge(client, order.id, "507850785078507812", "081", { pin: "1111" }), clientAddress);
    expect(second).toMatchObject({ status: true, data: { status: "success", reference: first.data.reference } });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("goes PIN, then OTP, then success", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    await chargeCard(client, cardCharge(client, order.id, "5060666666666666666", "123"), clientAddress);
    const afterPin = await chargeCard(client, cardCharge(client, order.id, "5060666666666666666", "123", { pin: "1234" }), clientAddress);
    expect(afterPin.data.status).toBe("send_otp");
    expect((await refusal(submitOtp(await newClient(), { reference: afterPin.data.reference, otp: "123456" }))).status).toBe(404);
    const done = await submitOtp(client, { reference: afterPin.data.reference, otp: "123456" });
    expect(done).toMatchObject({ status: true, data: { status: "success" } });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", status: "processing" });
  });

  it("reports a declined card with the provider's message and leaves the order unpaid", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeCard(client, cardCharge(client, order.id, "4084080000005408", "001"), clientAddress);
    expect(answer).toMatchObject({ status: false, message: "Declined", data: { status: "failed" } });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid", status: "pending" });
    expect(await verifyPayment(answer.data.reference)).toEqual({ status: true, message: "Verification successful", data: { status: "failed", gateway_response: "Declined" } });
    // Told by e-mail too, with the way back to paying (issue #19).
    const [mail] = await prisma().outboxMessage.findMany({ where: { recipient: client.email } });
    expect(mail!.subject).toMatch(/^Payment not completed — SMB-/);
    expect(mail!.textBody).toContain("did not go through: Declined");
    expect(mail!.textBody).toContain(`/checkout?orderId=${order.id}`);
  });
});

describe("mobile money", () => {
  it("prompts the phone and credits the order once approved (seen by verify)", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234987", "mtn"), clientAddress);
    expect(answer).toMatchObject({ status: true, data: { status: "pay_offline" } });
    expect((await verifyPayment(answer.data.reference)).data.status).toBe("ongoing");
    await sleep(400);
    await prisma().paymentAttempt.update({ where: { reference: answer.data.reference }, data: { lastCheckedAt: null } });
    expect((await verifyPayment(answer.data.reference)).data.status).toBe("success");
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("reports a failed prompt, then resends a new one for the same order", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234988", "mtn"), clientAddress);
    await sleep(400);
    expect(await verifyPayment(answer.data.reference)).toMatchObject({ data: { status: "failed", gateway_response: "Insufficient funds" } });
    const resent = await resendAuthorization(client, answer.data.reference, clientAddress);
    expect(resent.data.reference).not.toBe(answer.data.reference);
    expect(resent.data.status).toBe("pay_offline");
    const attempts = await prisma().paymentAttempt.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(attempts.map((attempt) => [attempt.status, attempt.phone, attempt.provider])).toEqual([
      ["failed", "0551234988", "mtn"],
      ["pay_offline", "0551234988", "mtn"],
    ]);
  });

  it("takes a Vodafone voucher as the OTP; AirtelTigo's tgo goes to Paystack as atl", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeMobileMoney(client, momoCharge(client, order.id, "0201234567", "vod"), clientAddress);
    expect(answer.data.status).toBe("send_otp");
    expect(await submitOtp(client, { reference: answer.data.reference, otp: "123456" })).toMatchObject({ data: { status: "success" } });

    const other = await newOrder(client);
    const tigo = await chargeMobileMoney(client, momoCharge(client, other.id, "0261234987", "tgo"), clientAddress);
    expect(tigo.data.status).toBe("pay_offline");
  });
});

describe("crediting exactly once", () => {
  /** An MTN prompt the sandbox approved: its order, the charge's answer and the signed charge.success it sent (not yet received by the store). */
  async function approvedMomoPayment() {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234987", "mtn"), clientAddress);
    const [delivered] = await paystack.webhooks.waitFor((received) => received.some((webhook) => webhook.body.data.reference === answer.data.reference));
    const webhook = paystack.webhooks.received.find((received) => received.body.data.reference === answer.data.reference) ?? delivered;
    return { order, answer, webhook };
  }

  it("ten copies of the webhook and verify polling at once credit the order once", async () => {
    const { order, answer, webhook } = await approvedMomoPayment();

    await prisma().paymentAttempt.update({ where: { reference: answer.data.reference }, data: { lastCheckedAt: null } });
    const started = performance.now();
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => receivePaystackWebhook(webhook.rawBody, webhook.signature)),
      ...Array.from({ length: 5 }, () => verifyPayment(answer.data.reference)),
      ...Array.from({ length: 5 }, () => applyTransactionOutcome({ reference: answer.data.reference, status: "success", amount: 15255, currency: "GHS" })),
    ]);
    const elapsedMs = performance.now() - started;
    const settlements = outcomes.slice(15) as string[];
    const order2 = await orderRow(order.id);
    expect(order2).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await prisma().paymentAttempt.count({ where: { orderId: order.id, paidAt: { not: null } } })).toBe(1);
    expect(await prisma().paymentAttempt.count({ where: { orderId: order.id, refundState: { not: null } } })).toBe(0);
    expect(settlements.filter((result) => result === "credited").length).toBeLessThanOrEqual(1);
    expect(await prisma().webhookEvent.count({ where: { reference: answer.data.reference } })).toBe(1);
    console.info(`race: 10 webhooks + 5 verifies + 5 direct settlements in ${elapsedMs.toFixed(0)} ms, one credit`);
  });

  /** Runs `run` with a Paystack client that notes each call it makes ("GET /transaction/verify/…"), then puts the usual client back. */
  async function paystackCallsDuring(run: () => Promise<void>): Promise<string[]> {
    const asked: string[] = [];
    const clientWith = (fetchImpl?: HttpCall) => createPaystackClient({ baseUrl: paystack.sandbox.baseUrl, secretKey: sandboxSecretKey, retries: 0, fetchImpl });
    const recording: HttpCall = (url, init) => {
      asked.push(`${init.method} ${url.slice(paystack.sandbox.baseUrl.length)}`);
      return httpCall(url, init);
    };
    setPaystack({ client: clientWith(recording), secretKey: sandboxSecretKey });
    try {
      await run();
    } finally {
      setPaystack({ client: clientWith(), secretKey: sandboxSecretKey });
    }
    return asked;
  }

  /**
   * An attempt the store holds open (never checked) whose card Paystack charged, and the signed
   * charge.success Paystack sent for it (not yet received by the store). Card, not mobile money: a
   * phone takes only a few prompts an hour.
   */
  async function paidOpenCardAttempt() {
    const client = await newClient();
    const order = await newOrder(client);
    const reference = `open_${order.id}_${Date.now()}`;
    await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: 15255, currency: "GHS", payerEmail: client.email, nextCheckAt: new Date() } });
    const directClient = createPaystackClient({ baseUrl: paystack.sandbox.baseUrl, secretKey: sandboxSecretKey });
    expect((await directClient.charge({ email: client.email, amount: 15255, currency: "GHS", reference, card: card("4084084084084081", "408") })).ok).toBe(true);
    const [webhook] = await paystack.webhooks.waitFor((received) => received.some((delivered) => delivered.body.data.reference === reference));
    return { order, reference, webhook: paystack.webhooks.received.find((delivered) => delivered.body.data.reference === reference) ?? webhook! };
  }

  it("a status check while this process applies the payment's webhook waits for it: no second question to Paystack", async () => {
    const { order, reference, webhook } = await paidOpenCardAttempt();
    const asked = await paystackCallsDuring(async () => {
      const applying = receivePaystackWebhook(webhook.rawBody, webhook.signature);
      expect(await verifyPayment(reference)).toMatchObject({ data: { status: "success" } });
      await applying;
    });
    expect(asked).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await prisma().paymentAttempt.count({ where: { orderId: order.id, paidAt: { not: null } } })).toBe(1);

    // Without a webhook underway, an open attempt is asked about, as before.
    const other = await paidOpenCardAttempt();
    const askedAlone = await paystackCallsDuring(async () => {
      expect(await verifyPayment(other.reference)).toMatchObject({ data: { status: "success" } });
    });
    expect(askedAlone).toEqual([`GET /transaction/verify/${other.reference}`]);
  });

  it("a webhook that could not be acted on is kept with its error (500, nothing credited); a later copy lands and marks it processed", async () => {
    const { order, answer, webhook: copy } = await approvedMomoPayment();
    const storedEvent = () => prisma().webhookEvent.findMany({ where: { reference: answer.data.reference }, select: { processedAt: true, error: true } });
    // The order's task cannot be written: the settlement's transaction fails as a whole.
    await prisma().$executeRawUnsafe(`ALTER TABLE tasks ADD CONSTRAINT no_task_for_this_order CHECK (order_id <> ${order.id}) NOT VALID`);
    try {
      await expect(receivePaystackWebhook(copy.rawBody, copy.signature)).rejects.toThrow(/no_task_for_this_order/);
    } finally {
      await prisma().$executeRawUnsafe("ALTER TABLE tasks DROP CONSTRAINT no_task_for_this_order");
    }
    expect(await storedEvent()).toEqual([{ processedAt: null, error: expect.stringContaining("no_task_for_this_order") }]);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid", status: "pending" });
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: answer.data.reference }, select: { paidAt: true } })).toEqual({ paidAt: null });

    await receivePaystackWebhook(copy.rawBody, copy.signature); // Paystack's retry
    expect(await storedEvent()).toEqual([{ processedAt: expect.any(Date), error: null }]);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await prisma().task.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("refuses a forged or unsigned webhook and changes nothing", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234989", "mtn"), clientAddress);
    const forged = JSON.stringify({ event: "charge.success", data: { id: 1, reference: answer.data.reference, amount: 15255, currency: "GHS", status: "success" } });
    expect((await refusal(receivePaystackWebhook(forged, signWebhookBody(forged, "sk_test_wrong")))).status).toBe(401);
    expect((await refusal(receivePaystackWebhook(forged, null))).status).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "unpaid" });
  });

  it("refunds a success that arrives for an order someone already paid", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const prompt = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234987", "mtn"), clientAddress);
    await chargeCard(client, cardCharge(client, order.id, "4084084084084081", "408"), clientAddress);
    await sleep(400);
    await prisma().paymentAttempt.update({ where: { reference: prompt.data.reference }, data: { lastCheckedAt: null } });
    await verifyPayment(prompt.data.reference);
    const duplicate = await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: prompt.data.reference } });
    expect(duplicate).toMatchObject({ status: "success", refundState: "requested" });

    await reconcilePayments();
    await waitUntil(async () => {
      await reconcilePayments(new Date(Date.now() + 60_000));
      return (await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: prompt.data.reference } })).refundState === "processed";
    });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await prisma().ledgerEntry.findMany({ where: { orderId: order.id, kind: "refund" } })).toHaveLength(1);
  });
});

describe("the reconciler", () => {
  it("settles an attempt whose answer was lost (a server stopped mid-payment)", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    // The attempt is recorded, the charge reaches Paystack, and the answer never comes back.
    const reference = `lost_${order.id}_${Date.now()}`;
    await prisma().paymentAttempt.create({ data: { orderId: order.id, reference, channel: "card", amountMinor: 15255, currency: "GHS", payerEmail: client.email, nextCheckAt: new Date() } });
    const directClient = createPaystackClient({ baseUrl: paystack.sandbox.baseUrl, secretKey: sandboxSecretKey });
    const charged = await directClient.charge({ email: client.email, amount: 15255, currency: "GHS", reference, card: card("4084084084084081", "408") });
    expect(charged.ok).toBe(true);

    expect(await reconcileOpenAttempts(new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("keeps watching a prompt Paystack abandoned, never claims an attempt twice, and gives up after 24 hours", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234989", "mtn"), clientAddress);
    await sleep(700);
    const later = new Date(Date.now() + 60_000);
    const [first, second] = await Promise.all([reconcileOpenAttempts(later), reconcileOpenAttempts(later)]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    const attempt = await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: answer.data.reference } });
    // Paystack's "abandoned" is "not completed": it may still succeed (charge-steps.server.db.test.ts).
    expect(attempt.status).toBe("not_completed");
    expect(attempt.checkCount).toBe(1);

    await reconcileOpenAttempts(new Date(attempt.createdAt.getTime() + 25 * 60 * 60_000));
    expect((await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: answer.data.reference } })).status).toBe("abandoned");
  });
});

describe("refunds of cancelled orders", () => {
  it("refunds a paid order cancelled within the hour through Paystack", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const paid = await chargeCard(client, cardCharge(client, order.id, "4084084084084081", "408"), clientAddress);
    await cancelOrder(client, order.id);
    await reconcilePayments();
    await waitUntil(async () => {
      await reconcilePayments(new Date(Date.now() + 60_000));
      return (await orderRow(order.id)).paymentStatus === "refunded";
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: paid.data.reference } })).toMatchObject({ refundState: "processed" });
    expect((await verifyPayment(paid.data.reference)).data.status).toBe("success");
  });
});

describe("checkPaymentWithOrder", () => {
  it("answers the check and, read in its statement, the order as findOrderOfPayment does: its reference, whether it expired, none for a top-up", async () => {
    const client = await newClient();
    const year = new Date().getUTCFullYear();
    const paid = await newOrder(client);
    const { data } = await chargeCard(client, cardCharge(client, paid.id, "4084084084084081", "408"), clientAddress);
    const check = await checkPaymentWithOrder(data.reference);
    expect(check).toEqual({ status: "success", gatewayResponse: "Approved", channel: "card", order: { reference: `SMB-${paid.id}-${year}`, hasExpired: false, newCheckoutHref: "/packages?platform=instagram&quantity=100" } });
    expect(check).toEqual({ ...(await checkPayment(data.reference)), order: await findOrderOfPayment(data.reference) });

    const expired = await newOrder(client);
    const expiredReference = `smb-${expired.id}-00000000000000aa`;
    await prisma().paymentAttempt.create({ data: { orderId: expired.id, reference: expiredReference, channel: "card", amountMinor: 15255, currency: "GHS", status: "failed" } });
    await prisma().order.update({ where: { id: expired.id }, data: { status: "cancelled", expiredAt: new Date(), cancelledAt: new Date() } });
    expect(await checkPaymentWithOrder(expiredReference)).toMatchObject({ status: "failed", order: { reference: `SMB-${expired.id}-${year}`, hasExpired: true } });
    expect((await checkPaymentWithOrder(expiredReference)).order).toEqual(await findOrderOfPayment(expiredReference));

    const topUp = await prisma().walletTopUp.create({ data: { clientId: client.id, amountMinor: 5000, feeMinor: 0, totalMinor: 5000, currency: "GHS", creditedAt: new Date() } });
    const topUpReference = `smb-w${topUp.id}-00000000000000bb`;
    await prisma().paymentAttempt.create({ data: { topUpId: topUp.id, reference: topUpReference, channel: "card", amountMinor: 5000, currency: "GHS", status: "success", paidAt: new Date() } });
    expect(await checkPaymentWithOrder(topUpReference)).toEqual({ status: "success", gatewayResponse: null, channel: "card", order: null });
    expect((await refusal(checkPaymentWithOrder("smb-0-0000000000000000"))).status).toBe(404);
  });
});
