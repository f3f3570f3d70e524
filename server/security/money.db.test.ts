import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceOrder } from "~/features/catalog/catalog";

/** The seeded follower services' prices and bounds (SPEC §9: ₵1.50 a follower, 50 to 100,000). */
const followerService = { unitPriceMinor: 150, minQuantity: 50, maxQuantity: 100_000 };
import type { TestServer } from "../testing/in-process-server";
import {
  type Account,
  Api,
  adminToken,
  createOrder,
  type Order,
  payByCard,
  signUp,
  signWebhook,
  startMobileMoney,
  startSecurityServer,
  successCard,
  totalMinorOf,
  uniqueName,
} from "./helpers";

/*
 * Money the browser cannot decide: prices come from the catalogue whatever the order payload says,
 * a charge must name the order's exact total (else 400 and nothing is charged), a paid order cannot
 * be charged again (409), and Paystack's webhook credits only when signed with the key, once,
 * however often the same event (or a copy of it) arrives.
 */

let server: TestServer;
let api: Api;
let client: Account;
let adminBearer: string;

beforeAll(async () => {
  server = await startSecurityServer();
  api = Api.of(server);
  client = await signUp(api, "client");
  adminBearer = await adminToken(api);
});
afterAll(async () => {
  await server?.stop();
});

/** What an admin sees of an order: its payment attempts and the tasks its payment opened. */
async function adminView(orderId: number) {
  const answer = await api.get(`/api/admin/orders/${orderId}`, { token: adminBearer });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { paymentStatus: string; status: string; payments: { reference: string; status: string; refundState: string | null; paidAt: string | null }[]; deliveries: unknown[] };
}

const orderOf = async (id: number) => (await api.get(`/api/orders/${id}`, { token: client.token })).json;

describe("price tampering at order creation", () => {
  it("stores the catalogue's price whatever price, amount, total, fee or package the payload carries", async () => {
    const expected = priceOrder(followerService, 250);
    const answer = await api.post(
      "/api/orders",
      {
        packageId: "custom-instagram",
        quantity: 250,
        targetUsername: uniqueName("t"),
        accountScreenshot: null,
        price: 0.01,
        amount: 0.01,
        total: 0.01,
        total_amount: 0.01,
        fee: 0,
        priceMinor: 1,
        feeMinor: 0,
        totalMinor: 1,
        unitPrice: 0,
        currency: "USD",
        discount: 100,
        platform: "youtube",
        package: { id: "custom-instagram", price: 0.01, quantity: 250, name: "Free followers", platform: "instagram" },
        status: "processing",
        paymentStatus: "paid",
        clientId: 1,
      },
      { token: client.token },
    );
    expect(answer.status, answer.text).toBe(201);
    const stored = { price: expected.priceMinor / 100, fee: expected.feeMinor / 100, amount: expected.totalMinor / 100, currency: "GHS", quantity: 250, status: "pending", paymentStatus: "unpaid" };
    expect(answer.json).toMatchObject({ ...stored, package: { platform: "instagram" } });
    expect(await orderOf(answer.json.id)).toMatchObject(stored);
    const listed = (await api.get("/api/orders", { token: client.token })).json.find((item: { id: number }) => item.id === answer.json.id);
    expect(listed).toMatchObject({ total_amount: expected.totalMinor / 100, payment_status: "unpaid" });
  });

  it("prices the whole package a browser sends by its quantity only", async () => {
    const expected = priceOrder(followerService, 500);
    const answer = await api.post(
      "/api/orders",
      { packageId: "custom-tiktok", targetUsername: uniqueName("t"), package: { quantity: 500, price: 1, total: 1 } },
      { token: client.token },
    );
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json).toMatchObject({ quantity: 500, amount: expected.totalMinor / 100, price: expected.priceMinor / 100 });
  });

  it("refuses quantities the catalogue does not sell", async () => {
    for (const quantity of [0, -50, 49, 50.5, 100_001, "100", 1e308, null]) {
      const answer = await api.post("/api/orders", { packageId: "custom-instagram", quantity, targetUsername: uniqueName("t") }, { token: client.token });
      expect(answer.status, String(quantity)).toBe(400);
      expect(answer.json.message).toEqual(expect.any(String));
    }
  });
});

describe("amount tampering at payment", () => {
  const charge = (order: Order, change: Record<string, unknown> = {}) =>
    api.post("/api/payment/charge/card", { email: client.email, amount: totalMinorOf(order), orderId: order.id, currency: "GHS", card: successCard, ...change }, { token: client.token });

  it("refuses a card charge for any amount but the order's total with 400, and charges nothing", async () => {
    const order = await createOrder(api, client);
    const total = totalMinorOf(order);
    for (const amount of [total - 1, total + 1, 1, Math.round(total / 100), total * 100, Math.round(order.price * 100)]) {
      const answer = await charge(order, { amount });
      expect(answer.status, `amount ${amount}`).toBe(400);
      expect(answer.json.message, `amount ${amount}`).toMatch(/amount does not match/i);
    }
    expect((await charge(order, { currency: "USD" })).status).toBe(400);
    const momo = await api.post(
      "/api/payment/charge/mobile-money",
      { email: client.email, amount: total - 1, orderId: order.id, currency: "GHS", mobile_money: { phone: "0551234987", provider: "mtn" } },
      { token: client.token },
    );
    expect(momo.status).toBe(400);

    const view = await adminView(order.id);
    expect(view.payments, "no payment attempt was made").toEqual([]);
    expect(view).toMatchObject({ paymentStatus: "unpaid", status: "pending", deliveries: [] });
  });

  it("charges the exact total once; a second charge of the paid order is 409 and charges nothing", async () => {
    const order = await createOrder(api, client);
    const reference = await payByCard(api, client, order);
    const again = await charge(order);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("This order is already paid.");
    const momo = await api.post(
      "/api/payment/charge/mobile-money",
      { email: client.email, amount: totalMinorOf(order), orderId: order.id, currency: "GHS", mobile_money: { phone: "0551234987", provider: "mtn" } },
      { token: client.token },
    );
    expect(momo.status).toBe(409);
    const view = await adminView(order.id);
    expect(view.payments.map((payment) => [payment.reference, payment.status])).toEqual([[reference, "success"]]);
    expect(view.deliveries).toHaveLength(1);
  });

  it("refuses to charge a cancelled order", async () => {
    const order = await createOrder(api, client);
    expect((await api.post(`/api/orders/${order.id}/cancel`, {}, { token: client.token })).status).toBe(200);
    expect((await charge(order)).status).toBe(422);
    expect((await adminView(order.id)).payments).toEqual([]);
  });
});

describe("Paystack webhook forgery and replay", () => {
  /** An order waiting for a Vodafone voucher: nothing but a webhook (or the OTP) can pay it now. */
  async function awaitingPayment() {
    const order = await createOrder(api, client);
    const { reference, status } = await startMobileMoney(api, client, order, { phone: "0209876543", provider: "vod" });
    expect(status).toBe("send_otp");
    return { order, reference };
  }

  const chargeSuccess = (reference: string, amount: number, extra: Record<string, unknown> = {}) => ({
    event: "charge.success",
    data: { id: 4_000_000 + Math.floor(Math.random() * 1e6), reference, amount, currency: "GHS", status: "success", gateway_response: "Approved", channel: "mobile_money", paid_at: new Date().toISOString(), ...extra },
  });

  const deliver = (rawBody: string, signature?: string) =>
    api.call("/api/paystack/webhook", { method: "POST", rawBody, headers: { "content-type": "application/json", ...(signature === undefined ? {} : { "x-paystack-signature": signature }) } });

  it("refuses a body that is not signed with the key: 401 and the order stays unpaid", async () => {
    const { order, reference } = await awaitingPayment();
    const body = JSON.stringify(chargeSuccess(reference, totalMinorOf(order)));
    const otherBody = JSON.stringify(chargeSuccess(reference, totalMinorOf(order), { id: 1 }));
    const forgeries: [string, string, string | undefined][] = [
      ["no signature", body, undefined],
      ["empty signature", body, ""],
      ["another key", body, signWebhook(body, "sk_test_not_ours")],
      ["the live-looking key", body, signWebhook(body, "sk_live_sandbox")],
      ["SHA-256 instead of SHA-512", body, signWebhook(body).slice(0, 64)],
      ["another body's signature", body, signWebhook(otherBody)],
      ["the signature of the body before a change", body.replace(`"amount":${totalMinorOf(order)}`, `"amount":${totalMinorOf(order) + 1}`), signWebhook(body)],
      ["a truncated signature", body, signWebhook(body).slice(0, -2)],
      ["a signature with junk after it", body, `${signWebhook(body)}00`],
      ["the signature in base64", body, Buffer.from(signWebhook(body), "hex").toString("base64")],
    ];
    for (const [label, rawBody, signature] of forgeries) {
      const answer = await deliver(rawBody, signature);
      expect(answer.status, label).toBe(401);
      expect(answer.json, label).toEqual({ message: "Invalid signature" });
    }
    const view = await adminView(order.id);
    expect(view).toMatchObject({ paymentStatus: "unpaid", status: "pending", deliveries: [] });
    expect(view.payments.map((payment) => payment.status)).toEqual(["send_otp"]);
  });

  it("credits a validly signed success once, however often it (or a copy of it) is replayed", async () => {
    const { order, reference } = await awaitingPayment();
    const rawBody = JSON.stringify(chargeSuccess(reference, totalMinorOf(order)));
    const first = await deliver(rawBody, signWebhook(rawBody));
    expect(first.status, first.text).toBe(200);
    const credited = await adminView(order.id);
    expect(credited).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(credited.deliveries).toHaveLength(1);
    const paidAt = credited.payments[0]!.paidAt;
    expect(paidAt).toEqual(expect.any(String));

    // The same bytes again, ten at once, and the same event re-serialised and with a new event id.
    const replays = await Promise.all(Array.from({ length: 10 }, () => deliver(rawBody, signWebhook(rawBody))));
    expect(replays.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const reformatted = JSON.stringify(JSON.parse(rawBody), null, 2);
    expect((await deliver(reformatted, signWebhook(reformatted))).status).toBe(200);
    const renumbered = JSON.stringify(chargeSuccess(reference, totalMinorOf(order)));
    expect((await deliver(renumbered, signWebhook(renumbered))).status).toBe(200);

    const after = await adminView(order.id);
    expect(after).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(after.deliveries, "one task: the order was credited once").toHaveLength(1);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ reference, status: "success", paidAt, refundState: null });
    const stats = (await api.get("/api/stats/client", { token: client.token })).json;
    const paidOrders = (await api.get("/api/orders?limit=50", { token: client.token })).json.filter((item: { payment_status: string }) => item.payment_status === "paid");
    const paidTotal = paidOrders.reduce((sum: number, item: { total_amount: number }) => sum + Math.round(item.total_amount * 100), 0);
    expect(Math.round(stats.totalSpent * 100)).toBe(paidTotal);
  });

  it("does not credit a signed success for another amount or currency (the money goes back instead)", async () => {
    for (const change of [{ amount: 1 }, { currency: "USD" }]) {
      const { order, reference } = await awaitingPayment();
      const rawBody = JSON.stringify(chargeSuccess(reference, totalMinorOf(order), change));
      expect((await deliver(rawBody, signWebhook(rawBody))).status).toBe(200);
      const view = await adminView(order.id);
      expect(view, JSON.stringify(change)).toMatchObject({ paymentStatus: "unpaid", status: "pending", deliveries: [] });
      expect(view.payments[0]).toMatchObject({ reference, refundState: "requested" });
    }
  });

  it("acknowledges a signed event for a reference it does not know, changing nothing", async () => {
    const rawBody = JSON.stringify(chargeSuccess("smb_999999_0123456789abcdef", 100));
    expect((await deliver(rawBody, signWebhook(rawBody))).status).toBe(200);
    const unreadable = '{"event":"charge.success","data":{"reference":42}}';
    expect((await deliver(unreadable, signWebhook(unreadable))).status).toBe(400);
  });
});
