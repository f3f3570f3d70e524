import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaystackClient, PAYSTACK_SANDBOX_SECRET_KEY } from "~/features/paystack/paystack-client.server";
import { readRecords } from "../sandbox/paystack/store";
import { type TestServer, startInProcessServer } from "./testing/in-process-server";

const approveMs = 300;

describe("the server without PAYSTACK_SECRET_KEY", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startInProcessServer({ SANDBOX_MOMO_APPROVE_MS: String(approveMs) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers Paystack's API at /sandbox/paystack with the sandbox key, and 401 without it", async () => {
    const client = createPaystackClient({ baseUrl: `${server.url}/sandbox/paystack`, secretKey: PAYSTACK_SANDBOX_SECRET_KEY });
    const reference = `server-card-${Date.now()}`;
    const charged = await client.charge({
      email: "ama@example.com",
      amount: 10_170,
      currency: "GHS",
      reference,
      card: { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) },
    });
    expect(charged).toMatchObject({ ok: true, data: { status: "success", reference } });
    expect(readRecords(path.join(server.dataDir, "paystack-sandbox"), "charges").has(reference)).toBe(true);

    const withoutKey = await fetch(`${server.url}/sandbox/paystack/transaction/verify/${reference}`);
    expect(withoutKey.status).toBe(401);
    expect(await withoutKey.json()).toEqual({ status: false, message: "Invalid key" });
  });

  it("takes the mobile-money approval delay from SANDBOX_MOMO_APPROVE_MS", async () => {
    const client = createPaystackClient({ baseUrl: `${server.url}/sandbox/paystack`, secretKey: PAYSTACK_SANDBOX_SECRET_KEY });
    const reference = `server-momo-${Date.now()}`;
    const charged = await client.charge({ email: "kofi@example.com", amount: 5_085, currency: "GHS", reference, mobile_money: { phone: "0551234987", provider: "mtn" } });
    expect(charged).toMatchObject({ ok: true, data: { status: "pay_offline" } });
    await new Promise((resolve) => setTimeout(resolve, approveMs + 100));
    expect(await client.verifyTransaction(reference)).toMatchObject({ ok: true, data: { status: "success" } });
  });

  it("posts the webhook to its own /api/paystack/webhook (the URL is known once it listens)", async () => {
    // Whatever that route answers, the log shows the sandbox reached this server itself.
    const deadline = Date.now() + 10_000;
    const reachedItself = () => /webhook delivered|"problem":"HTTP \d{3}"/.test(server.output());
    while (!reachedItself() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.output()).toMatch(/webhook delivered|"problem":"HTTP \d{3}"/);
    expect(server.output()).not.toContain("not known yet");
  });

  it("accepts the sandbox's server-to-server calls even when they carry a foreign Origin (no CSRF guard: Bearer key)", async () => {
    const response = await fetch(`${server.url}/sandbox/paystack/charge`, {
      method: "POST",
      headers: { Authorization: `Bearer ${PAYSTACK_SANDBOX_SECRET_KEY}`, "Content-Type": "application/json", Origin: "https://elsewhere.example" },
      body: JSON.stringify({ email: "not-an-email" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: false, message: "Invalid Email Address Passed" });
  });
});

describe("the server with PAYSTACK_SECRET_KEY", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startInProcessServer({ PAYSTACK_SECRET_KEY: "sk_test_realkey123" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("does not mount the sandbox", async () => {
    const response = await fetch(`${server.url}/sandbox/paystack/transaction/verify/anything`, { headers: { Authorization: `Bearer ${PAYSTACK_SANDBOX_SECRET_KEY}` } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("404 Page Not Found");
    expect(fs.existsSync(path.join(server.dataDir, "paystack-sandbox"))).toBe(false);
    expect((await fetch(`${server.url}/sandbox/paystack/checkout/anything`)).status).toBe(404);
  });

  it("says test mode for an sk_test_ key, and lets card forms lead to exactly Paystack's checkout page", async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true, database: "up", payments: "test" });
    const home = await fetch(`${server.url}/about`);
    expect(await home.text()).toContain("Test mode — no real money moves");
    expect(home.headers.get("content-security-policy")).toContain("form-action 'self' https://checkout.paystack.com;");
  });
});
