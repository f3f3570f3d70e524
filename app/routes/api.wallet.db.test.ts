import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaystackClient } from "~/features/paystack/paystack-client.server";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * The wallet through the real server (issue #20): GET /api/wallet, POST /api/wallet/top-ups, and a
 * top-up paid with the existing /api/payment/* calls (`topUpId` instead of `orderId`) on the built-in
 * Paystack sandbox, credited once however often its success arrives; then the top-up page's own
 * no-JavaScript forms (mobile money, the Telecel voucher).
 */
let server: TestServer;
const admin = { email: "wallet-admin@example.com", password: "wallet-admin-password" };
/** The built-in sandbox's key: its webhooks are signed with it. */
const sandboxKey = "sk_test_sandbox";

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", SANDBOX_MOMO_APPROVE_MS: "300", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password });
});
afterAll(async () => {
  await server?.stop();
});

async function call(path: string, { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A page form post as a browser without JavaScript sends it (the bearer token stands in for the session cookie). */
async function postForm(path: string, token: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

let sequence = 0;
async function signUp(role: "client" | "worker" = "client"): Promise<{ token: string; email: string; id: number }> {
  sequence += 1;
  const tag = `${process.pid}x${sequence}`;
  const email = `wallet${tag}@example.com`;
  const result = await call("/api/auth/register", {
    body: { email, username: `wallet_${tag}`, fullName: "Akosua Reseller", password: "secret-pass", role, ...(role === "worker" ? { platforms: ["tiktok"] } : {}) },
  });
  expect(result.status).toBe(201);
  return { token: result.body.token, email, id: result.body.user.id };
}

interface TopUp {
  id: number;
  amount: number;
  fee: number;
  total: number;
  currency: string;
  status: string;
}

async function newTopUp(token: string, amount: number | string = 50): Promise<TopUp> {
  const created = await call("/api/wallet/top-ups", { token, body: { amount } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };

/** Pays on the sandbox's copy of Paystack's checkout page and comes back to the status page, which verifies and credits. */
async function payOnCheckoutPage(url: string): Promise<URL> {
  const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ step: "card", ...card }), redirect: "manual" });
  expect(paid.status).toBe(303);
  const back = new URL(paid.headers.get("location")!);
  expect((await fetch(back)).status).toBe(200);
  return back;
}

const signWebhook = (rawBody: string) => createHmac("sha512", sandboxKey).update(rawBody).digest("hex");

describe("GET /api/wallet and POST /api/wallet/top-ups", () => {
  it("starts empty, and a ₵50 top-up costs ₵50.85 with its 1.7% fee but credits nothing until paid", async () => {
    const { token } = await signUp();
    expect(await call("/api/wallet", { token })).toEqual({ status: 200, body: { balance: 0, currency: "GHS", entries: [] } });
    const topUp = await newTopUp(token, 50);
    expect(topUp).toEqual({ id: expect.any(Number), amount: 50, fee: 0.85, total: 50.85, currency: "GHS", status: "pending", createdAt: expect.any(String) });
    // Cedis as written by people and programs: a string with two decimals is the same amount.
    expect(await newTopUp(token, "12.50")).toMatchObject({ amount: 12.5, fee: 0.21, total: 12.71 });
    expect((await call("/api/wallet", { token })).body).toEqual({ balance: 0, currency: "GHS", entries: [] });
  });

  it.each([
    [4.99, "The smallest top-up is ₵5.00"],
    [20_000.01, "The largest top-up is ₵20,000.00"],
    [10.001, "Enter an amount in cedis, with at most two decimals"],
    ["abc", "Enter an amount in cedis, with at most two decimals"],
    ["0x10", "Enter an amount in cedis, with at most two decimals"],
    [-50, "The smallest top-up is ₵5.00"],
    [null, "Amount is required"],
  ])("refuses the amount %j with 400 and the schema's message", async (amount, message) => {
    const { token } = await signUp();
    const answer = await call("/api/wallet/top-ups", { token, body: { amount } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it("is for signed-in clients only: 401 signed out, 403 for workers and admins", async () => {
    expect((await call("/api/wallet")).status).toBe(401);
    expect((await call("/api/wallet/top-ups", { body: { amount: 50 } })).status).toBe(401);
    const worker = await signUp("worker");
    expect((await call("/api/wallet", { token: worker.token })).status).toBe(403);
    expect((await call("/api/wallet/top-ups", { token: worker.token, body: { amount: 50 } })).status).toBe(403);
    const signedIn = await call("/api/auth/login", { body: admin });
    expect(signedIn.status).toBe(200);
    expect((await call("/api/wallet", { token: signedIn.body.token })).status).toBe(403);
    expect((await call("/api/wallet/top-ups", { token: signedIn.body.token, body: { amount: 50 } })).status).toBe(403);
  });
});

describe("a top-up refunded from Paystack's side after it was credited (issue #49)", () => {
  it("takes its credit back out of the wallet once, below zero if spent; the wallet then pays for nothing and admins see it flagged", async () => {
    const client = await signUp();
    const topUp = await newTopUp(client.token, 100);
    const started = await call("/api/payment/charge/card", { token: client.token, body: { email: client.email, amount: Math.round(topUp.total * 100), topUpId: topUp.id, currency: "GHS" } });
    const { url, reference } = started.body.data;
    await payOnCheckoutPage(url);
    expect((await call("/api/wallet", { token: client.token })).body.balance).toBe(100);

    // ₵75 of it is spent through the reseller API (50 TikTok followers).
    const key = (await call("/api/keys", { token: client.token, body: { name: "Refund test", password: "secret-pass" } })).body.key as string;
    const add = () => call("/api/v2", { body: { key, action: "add", service: 2, link: "https://www.tiktok.com/@refund.taker", quantity: 50 } });
    expect((await add()).body).toEqual({ order: expect.any(Number) });

    // Paystack's dashboard refunds the whole ₵101.70 payment, through Paystack's API (here the sandbox's).
    const dashboard = createPaystackClient({ baseUrl: `${server.url}/sandbox/paystack`, secretKey: sandboxKey });
    expect((await dashboard.refund({ transaction: reference })).ok).toBe(true);
    const deadline = Date.now() + 15_000;
    let wallet = (await call("/api/wallet", { token: client.token })).body;
    while (wallet.balance !== -75 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      wallet = (await call("/api/wallet", { token: client.token })).body;
    }
    expect(wallet.balance).toBe(-75);
    expect(wallet.entries.filter((entry: { kind: string }) => entry.kind === "wallet_top_up_reversal")).toEqual([expect.objectContaining({ amount: -100, topUpId: topUp.id })]);

    // Admins see the payment refunded in full from outside the store; the credit left once.
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
    const attempts = (await call(`/api/admin/payments?q=${reference}`, { token: adminToken })).body.items;
    expect(attempts[0]).toMatchObject({ refundState: "processed", refundOrigin: "paystack_dashboard", refundedAmount: 101.7 });
    expect((await call("/api/wallet", { token: client.token })).body.balance).toBe(-75);

    // Below zero, the wallet pays for nothing until it is covered; admins see the client's wallet below zero.
    expect((await add()).body).toEqual({ error: "Not enough funds on balance" });
    const detail = (await call(`/api/admin/users/${client.id}`, { token: adminToken })).body;
    expect(detail.activity).toMatchObject({ walletBalance: -75, isWalletBelowZero: true });
    const page = await fetch(`${server.url}/admin/users/${client.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(await page.text()).toContain("Below zero: a top-up was refunded after it was spent");
    const ledger = await (await fetch(`${server.url}/admin/ledger`, { headers: { authorization: `Bearer ${adminToken}` } })).text();
    expect(ledger).toContain("refunded top-ups whose credit is not reversed exactly once");
  });
});

describe("an admin's wallet adjustment with an Idempotency-Key (issue #49)", () => {
  it("books once when ten copies arrive at once, answering each with the first result and never a 500; the key with another amount is a 422", async () => {
    const client = await signUp();
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
    const adjust = (amount: number) =>
      call(`/api/admin/users/${client.id}/wallet-adjustments`, { token: adminToken, body: { amount, reason: "Bank transfer" }, headers: { "idempotency-key": `deposit-${client.id}` } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(5)));
    for (const answer of answers) {
      expect([201, 409], JSON.stringify(answer)).toContain(answer.status);
      if (answer.status === 201) expect(answer.body).toMatchObject({ userId: client.id, balance: 5, adjustment: 5 });
    }
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
    const reused = await adjust(6);
    expect(reused).toEqual({ status: 422, body: { message: "This Idempotency-Key was already used for a different request." } });
    const wallet = (await call("/api/wallet", { token: client.token })).body;
    expect(wallet.balance).toBe(5);
    expect(wallet.entries).toHaveLength(1);
  });
});

describe("paying a top-up with /api/payment/charge/card", () => {
  it("credits the amount (not the fee) once, however often the success is verified or its webhook replayed", async () => {
    const { token, email } = await signUp();
    const topUp = await newTopUp(token, 50);
    const started = await call("/api/payment/charge/card", { token, body: { email, amount: Math.round(topUp.total * 100), topUpId: topUp.id, currency: "GHS" } });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: true, data: { status: "open_url", reference: expect.stringMatching(new RegExp(`^smb-w${topUp.id}-[0-9a-f]+$`)) } });
    const { url, reference } = started.body.data;

    const back = await payOnCheckoutPage(url);
    // The status page knows it paid a top-up, and sends the payer to the wallet on success.
    expect(back.pathname).toBe(`/payment-status/${reference}`);
    expect(back.searchParams.get("topUpId")).toBe(String(topUp.id));
    expect(back.searchParams.get("amount")).toBe("50.85");

    const wallet = await call("/api/wallet", { token });
    expect(wallet).toEqual({
      status: 200,
      body: {
        balance: 50,
        currency: "GHS",
        entries: [{ id: expect.any(Number), kind: "wallet_top_up", amount: 50, balance: 50, description: expect.any(String), orderId: null, topUpId: topUp.id, createdAt: expect.any(String) }],
      },
    });

    // The same success again: the payer reloads the status page, verify is asked, Paystack's webhook
    // arrives (and is replayed, as Paystack does until it hears 200).
    expect((await fetch(back)).status).toBe(200);
    expect((await call(`/api/payment/verify/${reference}`)).body.data.status).toBe("success");
    const rawBody = JSON.stringify({
      event: "charge.success",
      data: { id: 7_000_000 + topUp.id, reference, amount: Math.round(topUp.total * 100), currency: "GHS", status: "success", gateway_response: "Approved", channel: "card", paid_at: new Date().toISOString() },
    });
    const deliveries = await Promise.all(Array.from({ length: 3 }, () => call("/api/paystack/webhook", { body: rawBody, headers: { "x-paystack-signature": signWebhook(rawBody) } })));
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    // And a second payment of the same top-up is refused before any money moves.
    const again = await call("/api/payment/charge/card", { token, body: { email, amount: Math.round(topUp.total * 100), topUpId: topUp.id, currency: "GHS" } });
    expect(again.status).toBe(409);

    const after = await call("/api/wallet", { token });
    expect(after.body.balance).toBe(50);
    expect(after.body.entries).toHaveLength(1);
  });

  it("refuses someone else's top-up (404), an amount other than its total (400) and a worker (403)", async () => {
    const owner = await signUp();
    const topUp = await newTopUp(owner.token, 50);
    const body = { email: owner.email, amount: Math.round(topUp.total * 100), topUpId: topUp.id, currency: "GHS" };
    const stranger = await signUp();
    expect((await call("/api/payment/charge/card", { token: stranger.token, body: { ...body, email: stranger.email } })).status).toBe(404);
    expect((await call("/api/payment/charge/mobile-money", { token: stranger.token, body: { ...body, mobile_money: { phone: "0551234987", provider: "mtn" } } })).status).toBe(404);
    // The amount without the fee, or with a pesewa less: nothing is charged.
    for (const amount of [5000, Math.round(topUp.total * 100) - 1]) {
      const mismatch = await call("/api/payment/charge/card", { token: owner.token, body: { ...body, amount } });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe("The amount does not match this top-up's total of ₵50.85.");
    }
    const worker = await signUp("worker");
    expect((await call("/api/payment/charge/card", { token: worker.token, body })).status).toBe(403);
    // A charge names one thing: an order or a top-up.
    expect((await call("/api/payment/charge/card", { token: owner.token, body: { ...body, orderId: 1 } })).status).toBe(400);
    expect((await call("/api/wallet", { token: owner.token })).body.balance).toBe(0);
  });
});

describe("the top-up pages' forms without JavaScript", () => {
  it("/wallet's Top up creates the top-up and opens its page; someone else's page is a 404", async () => {
    const { token } = await signUp();
    const created = await postForm("/wallet", token, { amount: "20" });
    expect(created.status).toBe(303);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/wallet\/top-ups\/\d+$/);
    const page = await fetch(`${server.url}${location}`, { headers: { authorization: `Bearer ${token}` } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("₵20.34");
    expect(html).toContain("Pay ₵20.34 by card");
    const stranger = await signUp();
    expect((await fetch(`${server.url}${location}`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
    // A refused amount is answered on the page (400), and no top-up is made.
    const refused = await postForm("/wallet", token, { amount: "4" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The smallest top-up is ₵5.00");
  });

  it("Telecel Cash: the voucher form takes the code and the wallet is credited", async () => {
    const { token } = await signUp();
    const topUp = await newTopUp(token, 30);
    const charged = await postForm(`/wallet/top-ups/${topUp.id}`, token, { intent: "mobile", "mobile_money.provider": "vod", "mobile_money.phone": "020 987 6543" });
    expect(charged.status).toBe(303);
    const otpStep = new URL(charged.headers.get("location")!, server.url);
    expect(otpStep.pathname).toBe(`/wallet/top-ups/${topUp.id}`);
    expect(otpStep.searchParams.get("next")).toBe("otp");
    const reference = otpStep.searchParams.get("reference")!;

    const wrongCode = await postForm(`${otpStep.pathname}${otpStep.search}`, token, { intent: "otp", reference, otp: "12" });
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.text()).toContain("Please enter the OTP sent to your phone.");

    // This payment's voucher posted on another top-up's page: refused there, nothing charged.
    const other = await newTopUp(token, 40);
    const elsewhere = await postForm(`/wallet/top-ups/${other.id}?reference=${reference}&next=otp`, token, { intent: "otp", reference, otp: "123456" });
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.text()).toContain("This payment is not one of this top-up. Please pay again.");
    expect((await call("/api/wallet", { token })).body.balance).toBe(0);

    const verified = await postForm(`${otpStep.pathname}${otpStep.search}`, token, { intent: "otp", reference, otp: "123456" });
    expect(verified.status).toBe(303);
    expect(verified.headers.get("location")).toBe(`/wallet?toppedUp=${topUp.id}`);
    expect((await call("/api/wallet", { token })).body).toMatchObject({ balance: 30, entries: [{ kind: "wallet_top_up", amount: 30, topUpId: topUp.id }] });
    const wallet = await fetch(`${server.url}/wallet?toppedUp=${topUp.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(await wallet.text()).toContain("₵30.00 added to your wallet.");
  });

  it("MTN: the prompt is followed on the payment status page; a bad number is refused on the page", async () => {
    const { token } = await signUp();
    const topUp = await newTopUp(token, 10);
    const refused = await postForm(`/wallet/top-ups/${topUp.id}`, token, { intent: "mobile", "mobile_money.provider": "mtn", "mobile_money.phone": "0551" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Phone number must be at least 10 digits");

    const charged = await postForm(`/wallet/top-ups/${topUp.id}`, token, { intent: "mobile", "mobile_money.provider": "mtn", "mobile_money.phone": "0551234987" });
    expect(charged.status).toBe(303);
    const status = new URL(charged.headers.get("location")!, server.url);
    expect(status.pathname).toMatch(new RegExp(`^/payment-status/smb-w${topUp.id}-`));
    expect(Object.fromEntries(status.searchParams)).toEqual({ topUpId: String(topUp.id), amount: "10.17", currency: "GHS" });
    // The sandbox approves after 300 ms and its webhook credits the wallet.
    let balance = 0;
    for (let tries = 0; balance === 0 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      balance = (await call("/api/wallet", { token })).body.balance;
    }
    expect(balance).toBe(10);
    // Paid: the page says so instead of offering to pay again.
    const page = await (await fetch(`${server.url}/wallet/top-ups/${topUp.id}`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(page).toContain("This top-up is paid");
    expect(page).not.toContain("Pay ₵10.17 by card");
  });
});
