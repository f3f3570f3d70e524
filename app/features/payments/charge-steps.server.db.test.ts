import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { createTestUser, paystackSandbox, refusal, serviceDatabase } from "~/test/service-test";
import { sleep } from "../../../sandbox/paystack/testing";
import { handlePaymentForm } from "./checkout-payment-action.server";
import { cardOutcome } from "./payment-outcome";
import { addressStepSchema, birthdayStepSchema, cardChargeSchema, mobileMoneyChargeSchema, phoneStepSchema } from "./payment-schema";
import { chargeCard, chargeMobileMoney } from "./payments.server";
import { resendAuthorization, submitAddress, submitBirthday, submitPhone } from "./charge-steps.server";
import { verifyPayment } from "./payment-checks.server";
import { reconcileOpenAttempts } from "./reconciler.server";
import { applyTransactionOutcome } from "./settlement.server";
import { receivePaystackWebhook } from "~/features/webhooks/paystack-webhook.server";

/*
 * Every charge status Paystack documents beyond SPEC's PIN and OTP (send_phone, send_birthday,
 * send_address, open_url), and its "abandoned" that is not final, through the payment service against
 * the sandbox over real HTTP, on PGlite or PostgreSQL.
 */
const { prisma } = serviceDatabase();
const paystack = paystackSandbox({ momoApproveMs: 300, momoAbandonMs: 300 });

/** Its own address, so the per-address charge limit of other test files is not shared. */
const clientAddress = "10.15.0.1";
const newClient = () => createTestUser(prisma(), "client", { fullName: "Ama Payer" });

/** ₵150.00 + ₵2.55 fee = 15255 pesewas. */
async function newOrder(client: PublicUser) {
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "ama.gh", accountScreenshot: null }));
  return order;
}

const cardCharge = (client: PublicUser, orderId: number, number: string, cvv: string) =>
  cardChargeSchema.parse({ email: client.email, amount: 15255, orderId, currency: "GHS", card: { number, cvv, expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) } });
const momoCharge = (client: PublicUser, orderId: number, phone: string) =>
  mobileMoneyChargeSchema.parse({ email: client.email, amount: 15255, orderId, currency: "GHS", mobile_money: { phone, provider: "mtn" } });

const orderRow = (id: number) => prisma().order.findUniqueOrThrow({ where: { id } });
const attemptRow = (reference: string) => prisma().paymentAttempt.findUniqueOrThrow({ where: { reference } });
/** verify asks Paystack at most every few seconds per attempt: forget the last check. */
const forgetLastCheck = (reference: string) => prisma().paymentAttempt.update({ where: { reference }, data: { lastCheckedAt: null } });

describe("a phone number, a date of birth or a billing address asked by the card's bank", () => {
  it("send_phone: records the step, takes the number from the payer only, and credits the order", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeCard(client, cardCharge(client, order.id, "507850785078507804", "884"), clientAddress);
    expect(answer).toMatchObject({ status: true, data: { status: "send_phone", display_text: "Please enter your phone number" } });
    expect(cardOutcome(answer)).toMatchObject({ kind: "phone", reference: answer.data.reference, notice: { title: "Phone Number Required" } });
    expect(await attemptRow(answer.data.reference)).toMatchObject({ status: "send_phone", displayText: "Please enter your phone number" });
    expect((await verifyPayment(answer.data.reference)).data.status).toBe("ongoing");

    const input = phoneStepSchema.parse({ reference: answer.data.reference, phone: "055 123 4987" });
    expect((await refusal(submitPhone(await newClient(), input))).status).toBe(404);
    const wrongStep = await refusal(submitBirthday(client, birthdayStepSchema.parse({ reference: answer.data.reference, birthday: "1990-01-01" })));
    expect(wrongStep).toMatchObject({ status: 409, message: "This payment is not waiting for a date of birth. Please start the payment again." });

    expect(await submitPhone(client, input)).toMatchObject({ status: true, data: { status: "success", reference: answer.data.reference } });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect((await refusal(submitPhone(client, input))).status).toBe(409);
  });

  it("send_birthday: 1990-01-01 credits the order; a wrong date fails that attempt with the bank's words", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const wrong = await chargeCard(client, cardCharge(client, order.id, "4084080000001214", "121"), clientAddress);
    expect(await attemptRow(wrong.data.reference)).toMatchObject({ status: "send_birthday" });
    const refused = await submitBirthday(client, birthdayStepSchema.parse({ reference: wrong.data.reference, birthday: "1985-06-30" }));
    expect(refused).toMatchObject({ status: false, message: "Date of birth could not be verified", data: { status: "failed" } });
    expect(cardOutcome(refused)).toEqual({ kind: "error", message: "Date of birth could not be verified" });
    expect(await attemptRow(wrong.data.reference)).toMatchObject({ status: "failed", gatewayResponse: "Date of birth could not be verified" });

    const answer = await chargeCard(client, cardCharge(client, order.id, "4084080000001214", "121"), clientAddress);
    expect(await submitBirthday(client, birthdayStepSchema.parse({ reference: answer.data.reference, birthday: "1990-01-01" }))).toMatchObject({ data: { status: "success" } });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("send_address: asks for the billing address and credits the order", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeCard(client, cardCharge(client, order.id, "4084080000003319", "331"), clientAddress);
    expect(answer.data.status).toBe("send_address");
    expect(await attemptRow(answer.data.reference)).toMatchObject({ status: "send_address" });
    const address = addressStepSchema.parse({ reference: answer.data.reference, address: " 12 Oxford Street ", city: "Accra", state: "Greater Accra", zip_code: "00233" });
    expect(await submitAddress(client, address)).toMatchObject({ status: true, data: { status: "success" } });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("takes the phone number from the checkout's form without JavaScript and redirects to the success step", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeCard(client, cardCharge(client, order.id, "507850785078507804", "884"), clientAddress);
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return handlePaymentForm(new Request(`http://store.test/checkout?orderId=${order.id}`, { method: "POST" }), client, order, form, "phone", clientAddress).catch((thrown: unknown) => thrown);
    };

    const invalid = await post({ intent: "phone", reference: answer.data.reference, phone: "12" });
    expect(invalid).toMatchObject({ init: { status: 400 }, data: { intent: "phone", submission: { error: { phone: ["Phone number must be at least 10 digits"] } } } });
    const done = await post({ intent: "phone", reference: answer.data.reference, phone: "0551234987" });
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(303);
    expect((done as Response).headers.get("location")).toBe(`/checkout?orderId=${order.id}`);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });
});

describe("open_url (3-D Secure)", () => {
  it("sends the payer to the bank's http(s) page; the visit authenticates and the order is credited", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeCard(client, cardCharge(client, order.id, "4084080000000409", "000"), clientAddress);
    const url = `${paystack.sandbox.baseUrl}/3ds/${answer.data.reference}`;
    expect(answer).toMatchObject({ status: true, data: { status: "open_url", url } });
    expect(cardOutcome(answer)).toEqual({ kind: "redirect", reference: answer.data.reference, url });
    expect(await attemptRow(answer.data.reference)).toMatchObject({ status: "open_url" });

    expect(await (await fetch(url)).text()).toContain("Authentication complete, return to the store");
    await forgetLastCheck(answer.data.reference);
    expect(await verifyPayment(answer.data.reference)).toMatchObject({ data: { status: "success" } });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });
});

describe("Paystack's abandoned: not completed yet, not final", () => {
  it("keeps the attempt open and answers abandoned; a success after it credits the order exactly once", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const answer = await chargeCard(client, cardCharge(client, order.id, "4084080000000409", "000"), clientAddress);
    const { reference } = answer.data;

    // The payer has not finished the bank's page: Paystack (the sandbox) verifies it as abandoned.
    await forgetLastCheck(reference);
    expect(await verifyPayment(reference)).toEqual({ status: true, message: "Verification successful", data: { status: "abandoned", gateway_response: "Awaiting 3-D Secure authentication" } });
    expect(await attemptRow(reference)).toMatchObject({ status: "not_completed", paidAt: null });
    // The reconciler keeps watching it (a later check is scheduled), and verify keeps saying abandoned.
    const later = new Date(Date.now() + 60_000);
    await reconcileOpenAttempts(later);
    const watched = await attemptRow(reference);
    expect(watched.status).toBe("not_completed");
    expect(watched.nextCheckAt.getTime()).toBeGreaterThan(later.getTime());
    await forgetLastCheck(reference);
    expect((await verifyPayment(reference)).data.status).toBe("abandoned");

    // Then the payer completes it: webhook copies, polling and the reconciler all at once, one credit.
    await fetch(`${paystack.sandbox.baseUrl}/3ds/${reference}`);
    const [webhook] = await paystack.webhooks.waitFor((received) => received.some((delivery) => delivery.body.data.reference === reference));
    const delivered = paystack.webhooks.received.find((delivery) => delivery.body.data.reference === reference) ?? webhook;
    await forgetLastCheck(reference);
    await Promise.all([
      ...Array.from({ length: 5 }, () => receivePaystackWebhook(delivered.rawBody, delivered.signature)),
      ...Array.from({ length: 3 }, () => verifyPayment(reference)),
      reconcileOpenAttempts(new Date(Date.now() + 10 * 60_000)),
    ]);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await attemptRow(reference)).toMatchObject({ status: "success", refundState: null });
    expect(await prisma().paymentAttempt.count({ where: { orderId: order.id, paidAt: { not: null } } })).toBe(1);
    expect(await prisma().task.count({ where: { orderId: order.id } })).toBe(1);
    expect((await verifyPayment(reference)).data.status).toBe("success");
  });

  it("lets the payer resend a prompt Paystack abandoned; the reconciler ends it after 24 h, and a success even later still credits once", async () => {
    const client = await newClient();
    const order = await newOrder(client);
    const prompt = await chargeMobileMoney(client, momoCharge(client, order.id, "0551234989"), clientAddress);
    await sleep(400);
    await forgetLastCheck(prompt.data.reference);
    expect(await verifyPayment(prompt.data.reference)).toMatchObject({ data: { status: "abandoned", gateway_response: "The transaction was not completed" } });
    expect(await attemptRow(prompt.data.reference)).toMatchObject({ status: "not_completed" });

    // SPEC §2: Resend Authorization on an abandoned payment: a new prompt, the old one still watched.
    const resent = await resendAuthorization(client, prompt.data.reference, clientAddress);
    expect(resent).toMatchObject({ status: true, data: { status: "pay_offline" } });
    expect(resent.data.reference).not.toBe(prompt.data.reference);
    expect(await attemptRow(prompt.data.reference)).toMatchObject({ status: "not_completed" });

    // 24 hours on, the reconciler gives up: abandoned for good.
    const created = (await attemptRow(prompt.data.reference)).createdAt;
    await reconcileOpenAttempts(new Date(created.getTime() + 25 * 60 * 60_000));
    expect(await attemptRow(prompt.data.reference)).toMatchObject({ status: "abandoned", gatewayResponse: "Not approved within 24 hours" });
    expect((await verifyPayment(prompt.data.reference)).data.status).toBe("abandoned");

    // Money that moves after all is never lost: credited once (the resent prompt was never approved).
    const success = { reference: prompt.data.reference, status: "success", amount: 15255, currency: "GHS" };
    expect(await applyTransactionOutcome(success)).toBe("credited");
    expect(await applyTransactionOutcome(success)).toBe("already_settled");
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });
});
