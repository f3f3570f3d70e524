import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { createTestUser, paystackSandbox, refusal, serviceDatabase } from "~/test/service-test";
import { sleep } from "../../../sandbox/paystack/testing";
import { cardChargeSchema, mobileMoneyChargeSchema } from "./payment-schema";
import { chargeCard, chargeMobileMoney } from "./payments.server";
import { resendAuthorization } from "./charge-steps.server";
import { verifyPayment } from "./payment-checks.server";

/*
 * The abuse limits on starting charges and the one open prompt per order, through the payment
 * service against the Paystack sandbox. This file's limits are low (below); the phone limit is the
 * default, 5 prompts per hour. Each test pays from addresses of its own, so the per-address counts
 * of one test never reach another.
 */
Object.assign(process.env, { CHARGE_ATTEMPTS_PER_ORDER_PER_HOUR: "3", CHARGE_ATTEMPTS_PER_CLIENT_PER_HOUR: "5", CHARGE_ATTEMPTS_PER_IP_PER_HOUR: "8" });
delete (globalThis as Record<symbol, unknown>)[Symbol.for("smb.env")]; // parsed again with these

const { prisma } = serviceDatabase();
// 0551234987 approves and 0551234988 fails after 300 ms; 0551234989 reads abandoned after 1.5 s.
paystackSandbox({ momoApproveMs: 300, momoAbandonMs: 1_500 });

const hourSeconds = 3600;
let addressCount = 0;
const newAddress = () => `198.51.100.${++addressCount}`;
const newClient = () => createTestUser(prisma(), "client", { fullName: "Kofi Payer" });

/** An unpaid order of 100 Instagram followers: 15255 pesewas. */
async function newOrder(client: PublicUser) {
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "kofi.gh", accountScreenshot: null }));
  return order;
}

const expiry = { expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) };
const declinedCard = { number: "4084080000005408", cvv: "001", ...expiry };
const pinCard = { number: "507850785078507812", cvv: "081", ...expiry };
const cardCharge = (client: PublicUser, orderId: number, card = declinedCard, pin?: string) =>
  cardChargeSchema.parse({ email: client.email, amount: 15255, orderId, currency: "GHS", card, pin });
const momoCharge = (client: PublicUser, orderId: number, phone: string, provider: "mtn" | "vod" = "mtn") =>
  mobileMoneyChargeSchema.parse({ email: client.email, amount: 15255, orderId, currency: "GHS", mobile_money: { phone, provider } });

const attemptsOf = (orderId: number) => prisma().paymentAttempt.count({ where: { orderId } });

/** A 429 whose Retry-After is the hour of the oldest counted attempt, give or take the test's own time. */
function expectTooMany(error: { status: number; message: string; retryAfterSeconds?: number }, message = /^Too many payment attempts\. Please wait 60 minutes and try again\.$/) {
  expect(error.status).toBe(429);
  expect(error.message).toMatch(message);
  expect(error.retryAfterSeconds).toBeGreaterThan(hourSeconds - 60);
  expect(error.retryAfterSeconds).toBeLessThanOrEqual(hourSeconds);
}

describe("Ghana numbers in international form", () => {
  it("charges +233 55 123 4987 as the sandbox's approving wallet 0551234987, stored in the local form", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeMobileMoney(client, momoCharge(client, order.id, "+233 55 123 4987"), newAddress());
    expect(answer).toMatchObject({ status: true, data: { status: "pay_offline" } });
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: answer.data.reference } })).toMatchObject({ phone: "0551234987", provider: "mtn" });
    await sleep(400);
    await prisma().paymentAttempt.update({ where: { reference: answer.data.reference }, data: { lastCheckedAt: null } });
    expect((await verifyPayment(answer.data.reference)).data.status).toBe("success");
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ paymentStatus: "paid" });
  });
});

describe("charge attempt limits", () => {
  it("refuses the attempt past the per-order limit with 429 and Retry-After; a PIN for a started attempt does not count", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const address = newAddress();
    for (let attempt = 0; attempt < 2; attempt++) expect((await chargeCard(client, cardCharge(client, order.id), address)).data.status).toBe("failed");
    expect((await chargeCard(client, cardCharge(client, order.id, pinCard), address)).data.status).toBe("send_pin"); // the 3rd attempt
    // The PIN continues the 3rd attempt: no new one, so the limit does not apply.
    expect((await chargeCard(client, cardCharge(client, order.id, pinCard, "1111"), address)).data.status).toBe("success");

    const payer = await newClient();
    const other = await newOrder(payer);
    for (let attempt = 0; attempt < 3; attempt++) await chargeCard(payer, cardCharge(payer, other.id), newAddress());
    expectTooMany(await refusal(chargeCard(payer, cardCharge(payer, other.id), newAddress())));
    expect(await attemptsOf(other.id)).toBe(3);
  });

  it("counts resent prompts: a resend past the per-order limit is refused", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const address = newAddress();
    const first = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234988"), address); // fails after 300 ms
    await sleep(400);
    const second = await resendAuthorization(client, first.data.reference, address);
    expect(second.data.status).toBe("pay_offline");
    await sleep(400);
    await chargeCard(client, cardCharge(client, order.id), address); // the 3rd attempt
    expectTooMany(await refusal(resendAuthorization(client, second.data.reference, address)));
  });

  it("refuses the attempt past the per-client limit, across the client's orders", async () => {
    const client = await newClient();
    for (let orderNumber = 0; orderNumber < 5; orderNumber++) {
      const order = await newOrder(client);
      await chargeCard(client, cardCharge(client, order.id), newAddress());
    }
    const sixth = await newOrder(client);
    expectTooMany(await refusal(chargeCard(client, cardCharge(client, sixth.id), newAddress())));
    // Another client is not held back by this one.
    const other = await newClient();
    expect((await chargeCard(other, cardCharge(other, (await newOrder(other)).id), newAddress())).data.status).toBe("failed");
  });

  it("holds the per-client limit when charges of 12 orders start at once: 5 are made, the rest refused with 429 (issue #49)", async () => {
    const client = await newClient();
    const orders = [];
    for (let index = 0; index < 12; index++) orders.push(await newOrder(client));
    const results = await Promise.allSettled(orders.map((order) => chargeCard(client, cardCharge(client, order.id), newAddress())));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    for (const result of results) if (result.status === "rejected") expectTooMany(result.reason);
    expect(await prisma().paymentAttempt.count({ where: { orderId: { in: orders.map((order) => order.id) } } })).toBe(5);
  });

  it("refuses the attempt past the per-address limit, whoever pays from that address, and only there", async () => {
    const shared = newAddress();
    for (const attempts of [3, 3, 2]) {
      const client = await newClient();
      const order = await newOrder(client);
      for (let attempt = 0; attempt < attempts; attempt++) await chargeCard(client, cardCharge(client, order.id), shared);
    }
    const newcomer = await newClient();
    const order = await newOrder(newcomer);
    expectTooMany(await refusal(chargeCard(newcomer, cardCharge(newcomer, order.id), shared)));
    expect((await chargeCard(newcomer, cardCharge(newcomer, order.id), newAddress())).data.status).toBe("failed");
  });

  it("refuses a 6th prompt to one phone within the hour, across clients and orders", async () => {
    const phone = "0209876001"; // Vodafone: each charge asks for a voucher, no approval needed
    const [first, second] = [await newClient(), await newClient()];
    for (const client of [first, first, first, second, second]) {
      const order = await newOrder(client);
      expect((await chargeMobileMoney(client, momoCharge(client, order.id, phone, "vod"), newAddress())).data.status).toBe("send_otp");
    }
    const order = await newOrder(second);
    expectTooMany(await refusal(chargeMobileMoney(second, momoCharge(second, order.id, phone, "vod"), newAddress())), /^Too many payment prompts were sent to this phone number\. Please wait 60 minutes and try again\.$/);
    expect(await attemptsOf(order.id)).toBe(0);
    // Written another way, it is the same phone.
    expect((await refusal(chargeMobileMoney(second, momoCharge(second, order.id, "+233 20 987 6001", "vod"), newAddress()))).status).toBe(429);
  });
});

describe("one open prompt per order", () => {
  it("refuses a second prompt while the first waits (409 with its reference), and accepts one once it has ended", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const address = newAddress();
    const first = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234989"), address); // abandoned after 1.5 s
    expect(first.data.status).toBe("pay_offline");

    const refused = await refusal(chargeMobileMoney(client, momoCharge(client, order.id, "0201234500", "vod"), address));
    expect(refused).toMatchObject({ status: 409, code: "prompt_open", details: { reference: first.data.reference } });
    expect(refused.message).toBe(
      "A payment prompt for this order is still waiting for approval on your phone. Approve it, or use Resend Authorization on the payment status page once it expires.",
    );
    expect(await attemptsOf(order.id)).toBe(1);

    // The charge asks Paystack first: the prompt has been abandoned since, so a new one goes out.
    await sleep(1_600);
    const next = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234989"), address);
    expect(next).toMatchObject({ status: true, data: { status: "pay_offline" } });
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference: first.data.reference } })).toMatchObject({ status: "not_completed" });
  });

  it("lets only one of two simultaneous prompts of one order through", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answers = await Promise.allSettled([
      chargeMobileMoney(client, momoCharge(client, order.id, "0551234989"), newAddress()),
      chargeMobileMoney(client, momoCharge(client, order.id, "0551234989"), newAddress()),
    ]);
    expect(answers.filter((answer) => answer.status === "fulfilled").map((answer) => answer.value.data.status)).toEqual(["pay_offline"]);
    const [rejected] = answers.filter((answer) => answer.status === "rejected");
    expect(rejected?.reason).toMatchObject({ status: 409, code: "prompt_open" });
    expect(await attemptsOf(order.id)).toBe(1);
  });

  it("asks the same Vodafone number again for the voucher of the attempt already waiting for it", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const first = await chargeMobileMoney(client, momoCharge(client, order.id, "0201234501", "vod"), newAddress());
    const again = await chargeMobileMoney(client, momoCharge(client, order.id, "+233 20 123 4501", "vod"), newAddress());
    expect(again).toMatchObject({ status: true, data: { status: "send_otp", reference: first.data.reference } });
    expect(await attemptsOf(order.id)).toBe(1);
  });

  it("does not hold back a card payment of the order", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    await chargeMobileMoney(client, momoCharge(client, order.id, "0201234502", "vod"), newAddress());
    expect((await chargeCard(client, cardCharge(client, order.id), newAddress())).data.status).toBe("failed");
  });
});
