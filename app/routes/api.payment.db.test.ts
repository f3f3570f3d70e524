import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * The payment calls through the real server (SPEC §7), whose own Paystack sandbox answers them:
 * the whole path of a payment, from the browser's call to the sandbox's signed webhook.
 */
let server: TestServer;
/** The same store with PAYSTACK_CARD_MODE=direct: cards charged through POST /charge in one call. */
let directServer: TestServer;

async function call(path: string, { body, token, headers = {}, on = server }: { body?: unknown; token?: string; headers?: Record<string, string>; on?: TestServer } = {}) {
  const response = await fetch(`${on.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let sequence = 0;
async function signUp(on = server, role = "client"): Promise<{ token: string; email: string }> {
  sequence += 1;
  const email = `pay${process.pid}x${sequence}@example.com`;
  const result = await call("/api/auth/register", { on, body: { email, username: `pay_${process.pid}x${sequence}`, fullName: "Kofi Payer", password: "secret-pass", role, ...(role === "worker" ? { platforms: ["tiktok"] } : {}) } });
  expect(result.status).toBe(201);
  return { token: result.body.token, email };
}

async function newOrder(token: string, on = server): Promise<{ id: number; amount: number }> {
  const created = await call("/api/orders", { on, token, body: { packageId: "custom-tiktok", quantity: 100, targetUsername: "kofi.gh", accountScreenshot: null } });
  expect(created.status).toBe(201);
  return created.body;
}

const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };

describe("the store with Paystack's hosted checkout (the default)", () => {
  beforeAll(async () => {
    server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", SANDBOX_MOMO_APPROVE_MS: "300" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("POST /api/payment/charge/card with Paystack's hosted checkout (the default)", () => {
    it("needs a signed-in client", async () => {
      expect((await call("/api/payment/charge/card", { body: {} })).status).toBe(401);
    });

    it("charges nothing and answers open_url with the checkout page; paying there and coming back credits the order", async () => {
      const { token, email } = await signUp();
      const order = await newOrder(token);
      // SPEC's payload, card included: the card is dropped unread.
      const started = await call("/api/payment/charge/card", { token, body: { email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card } });
      expect(started.status).toBe(200);
      expect(started.body).toMatchObject({ status: true, message: "Authorization URL created", data: { status: "open_url", reference: expect.stringMatching(/^smb-\d+-[0-9a-f]+$/), access_code: expect.any(String) } });
      const { url, authorization_url: authorizationUrl, reference } = started.body.data;
      expect(url).toBe(authorizationUrl);
      expect(url).toMatch(new RegExp(`^${server.url}/sandbox/paystack/checkout/[a-z0-9]+$`));
      expect((await call(`/api/orders/${order.id}`, { token })).body).toMatchObject({ paymentStatus: "unpaid" });

      const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ step: "card", ...card }), redirect: "manual" });
      expect(paid.status).toBe(303);
      const back = new URL(paid.headers.get("location")!);
      expect(back.pathname).toBe(`/payment-status/${reference}`);
      expect(back.searchParams.get("trxref")).toBe(reference);
      // The payer's return: the status page verifies and credits.
      expect((await fetch(back)).status).toBe(200);
      expect((await call(`/api/orders/${order.id}`, { token })).body).toMatchObject({ status: "processing", paymentStatus: "paid" });
      expect((await call(`/api/payment/verify/${reference}`)).body).toEqual({ status: true, message: "Verification successful", data: { status: "success", gateway_response: "Approved" } });
    });

    it("refuses a tampered amount, another client's order and a worker, and needs an e-mail", async () => {
      const { token, email } = await signUp();
      const order = await newOrder(token);
      const body = { email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS" };
      expect((await call("/api/payment/charge/card", { token, body: { ...body, amount: 100 } })).status).toBe(400);
      expect((await call("/api/payment/charge/card", { token, body: { ...body, email: "nope" } })).body.message).toContain("Invalid email address");
      const stranger = await signUp();
      expect((await call("/api/payment/charge/card", { token: stranger.token, body })).status).toBe(404);
      const worker = await signUp(server, "worker");
      expect((await call("/api/payment/charge/card", { token: worker.token, body })).status).toBe(403);
    });
  });

  describe("POST /api/payment/charge/mobile-money", () => {
    it("prompts the phone; the sandbox's webhook credits the order", async () => {
      const { token, email } = await signUp();
      const order = await newOrder(token);
      const started = performance.now();
      const charged = await call("/api/payment/charge/mobile-money", { token, body: { email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", mobile_money: { phone: "0551234987", provider: "mtn" } } });
      expect(charged.body).toMatchObject({ status: true, data: { status: "pay_offline" } });
      let status = "";
      while (status !== "processing" && performance.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await call(`/api/orders/${order.id}`, { token })).body.status;
      }
      expect(status).toBe("processing");
      console.info(`mobile money approved (300 ms in the sandbox) -> credited by webhook after ${(performance.now() - started).toFixed(0)} ms`);
    });

    it("refuses an unknown provider with SPEC's message", async () => {
      const { token, email } = await signUp();
      const order = await newOrder(token);
      const result = await call("/api/payment/charge/mobile-money", { token, body: { email, amount: Math.round(order.amount * 100), orderId: order.id, mobile_money: { phone: "0551234987", provider: "glo" } } });
      expect(result).toMatchObject({ status: 400, body: { message: expect.stringContaining("Please select a valid provider") } });
    });
  });

  describe("webhooks and references", () => {
    it("answers 401 to a forged webhook and 404 to an unknown reference", async () => {
      const body = JSON.stringify({ event: "charge.success", data: { id: 1, reference: "smb_1_forged", amount: 1, currency: "GHS", status: "success" } });
      const signature = createHmac("sha512", "sk_test_not_ours").update(body).digest("hex");
      expect((await call("/api/paystack/webhook", { body, headers: { "x-paystack-signature": signature } })).status).toBe(401);
      expect((await call("/api/payment/verify/smb_404_unknown")).status).toBe(404);
      const { token } = await signUp();
      expect((await call("/api/payment/submit-otp", { token, body: { reference: "smb_404_unknown", otp: "123456" } })).status).toBe(404);
      expect((await call("/api/payment/submit-otp", { token, body: { reference: "smb_404_unknown", otp: "12" } })).body.message).toContain("Please enter the OTP sent to your phone.");
    });
  });
});

describe("the store with PAYSTACK_CARD_MODE=direct", () => {
  beforeAll(async () => {
    directServer = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", PAYSTACK_CARD_MODE: "direct" });
  });
  afterAll(async () => {
    await directServer?.stop();
  });

  describe("POST /api/payment/charge/card with PAYSTACK_CARD_MODE=direct", () => {
    it("charges the order's total and the order is paid at once", async () => {
      const on = directServer;
      const { token, email } = await signUp(on);
      const order = await newOrder(token, on);
      const started = performance.now();
      const charged = await call("/api/payment/charge/card", { on, token, body: { email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card } });
      const latencyMs = performance.now() - started;
      expect(charged.status).toBe(200);
      expect(charged.body).toMatchObject({ status: true, data: { status: "success", reference: expect.any(String) } });
      expect((await call(`/api/orders/${order.id}`, { on, token })).body).toMatchObject({ status: "processing", paymentStatus: "paid" });
      console.info(`card charge -> credited order in ${latencyMs.toFixed(0)} ms (sandbox, one request)`);
      // verify needs no sign-in and says only the status and the gateway's words
      const verified = await call(`/api/payment/verify/${charged.body.data.reference}`, { on });
      expect(verified).toEqual({ status: 200, body: { status: true, message: "Verification successful", data: { status: "success", gateway_response: "Approved" } } });
    });

    it.each([
      [{ email: "not-an-email" }, "Invalid email address"],
      [{ card: { ...card, number: "4084" } }, "Card number must be at least 16 digits"],
      [{ card: { ...card, cvv: "4" } }, "CVV must be at least 3 digits"],
      [{ card: { ...card, expiry_month: "" } }, "Month is required"],
      [{ card: { ...card, expiry_year: "26" } }, "Year is required"],
      [{ amount: 0 }, "Amount must be greater than 0"],
      [{ orderId: 0 }, "Order ID is required"],
    ])("refuses %j with SPEC's message", async (change, message) => {
      const on = directServer;
      const { token, email } = await signUp(on);
      const order = await newOrder(token, on);
      const result = await call("/api/payment/charge/card", { on, token, body: { email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card, ...change } });
      expect(result.status).toBe(400);
      expect(result.body.message).toContain(message);
    });

    it("needs a signed-in client", async () => {
      expect((await call("/api/payment/charge/card", { on: directServer, body: {} })).status).toBe(401);
    });
  });
});
