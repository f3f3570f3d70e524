import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * The charge limits through the real server: 429 with Retry-After from /api/payment/* and from the
 * checkout's no-JavaScript form, the address the limit counts (behind one proxy, TRUST_PROXY=1,
 * X-Forwarded-For says it), and the 409 that names the order's prompt still open. Vodafone numbers
 * keep each prompt open (waiting for a voucher) for as long as a test needs.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startInProcessServer({
    REGISTER_LIMIT_PER_HOUR: "1000",
    TRUST_PROXY: "1",
    CHARGE_ATTEMPTS_PER_CLIENT_PER_HOUR: "2",
    CHARGE_ATTEMPTS_PER_IP_PER_HOUR: "3",
  });
});
afterAll(async () => {
  await server?.stop();
});

const tooManyAttempts = "Too many payment attempts. Please wait 60 minutes and try again.";
const promptOpen =
  "A payment prompt for this order is still waiting for approval on your phone. Approve it, or use Resend Authorization on the payment status page once it expires.";

let sequence = 0;
let addressCount = 0;
const newAddress = () => `203.0.113.${++addressCount}`;

async function post(path: string, body: unknown, { token, address, cookie }: { token?: string; address: string; cookie?: string }) {
  const isForm = body instanceof URLSearchParams;
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": isForm ? "application/x-www-form-urlencoded" : "application/json",
      "x-forwarded-for": address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: isForm ? body.toString() : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function signUp() {
  sequence += 1;
  const email = `limits${process.pid}x${sequence}@example.com`;
  const registered = await post("/api/auth/register", { email, username: `limits_${process.pid}x${sequence}`, fullName: "Kofi Payer", password: "secret-pass", role: "client" }, { address: newAddress() });
  expect(registered.status).toBe(201);
  const cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { token: JSON.parse(registered.text).token as string, email, cookie };
}

async function newOrder(token: string): Promise<{ id: number; amount: number }> {
  const created = await post("/api/orders", { packageId: "custom-tiktok", quantity: 100, targetUsername: "kofi.gh", accountScreenshot: null }, { token, address: newAddress() });
  expect(created.status).toBe(201);
  return JSON.parse(created.text);
}

type Client = Awaited<ReturnType<typeof signUp>>;
let phoneCount = 0;
/** A Vodafone number of its own (the per-phone limit is not what these tests are about). */
const voucherNumber = () => `020${5_000_000 + ++phoneCount}`;

function chargeByPhone(client: Client, order: { id: number; amount: number }, address: string, phone = voucherNumber(), provider = "vod") {
  return post(
    "/api/payment/charge/mobile-money",
    { email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", mobile_money: { phone, provider } },
    { token: client.token, address },
  );
}

function expectRetryAfterAnHour(headers: Headers) {
  const seconds = Number(headers.get("retry-after"));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(3600 - 60);
  expect(seconds).toBeLessThanOrEqual(3600);
}

describe("charge limits over HTTP", () => {
  it("answers 429 with Retry-After past the per-client limit", async () => {
    const client = await signUp();
    const address = newAddress();
    for (let index = 0; index < 2; index++) expect((await chargeByPhone(client, await newOrder(client.token), address)).status).toBe(200);
    const refused = await chargeByPhone(client, await newOrder(client.token), address);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toEqual({ message: tooManyAttempts });
    expectRetryAfterAnHour(refused.headers);
  });

  it("counts the per-address limit on the address the request comes from", async () => {
    const shared = newAddress();
    const [first, second] = [await signUp(), await signUp()];
    expect((await chargeByPhone(first, await newOrder(first.token), shared)).status).toBe(200);
    expect((await chargeByPhone(first, await newOrder(first.token), shared)).status).toBe(200);
    expect((await chargeByPhone(second, await newOrder(second.token), shared)).status).toBe(200);
    const order = await newOrder(second.token);
    const refused = await chargeByPhone(second, order, shared);
    expect(refused.status).toBe(429);
    expectRetryAfterAnHour(refused.headers);
    expect((await chargeByPhone(second, order, newAddress())).status).toBe(200);
  });

  it("answers 409 naming the order's prompt still open", async () => {
    const client = await signUp();
    const order = await newOrder(client.token);
    const first = await chargeByPhone(client, order, newAddress());
    expect(first.status).toBe(200);
    const refused = await chargeByPhone(client, order, newAddress(), "+233 55 123 4989", "mtn");
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text)).toEqual({ message: promptOpen, reference: JSON.parse(first.text).data.reference });
  });
});

describe("charge limits in the checkout's form without JavaScript", () => {
  const mobileForm = (client: Client, order: { id: number; amount: number }, phone: string) =>
    new URLSearchParams({
      intent: "mobile",
      email: client.email,
      orderId: String(order.id),
      amount: String(Math.round(order.amount * 100)),
      currency: "GHS",
      "mobile_money.phone": phone,
      "mobile_money.provider": "vod",
    });

  it("shows the open prompt's refusal with a link to its status page, and a 429 inline with Retry-After", async () => {
    const client = await signUp();
    const address = newAddress();
    const order = await newOrder(client.token);
    const first = await post(`/checkout?orderId=${order.id}`, mobileForm(client, order, voucherNumber()), { cookie: client.cookie, address });
    expect(first.status).toBe(303);
    const reference = new URL(first.headers.get("location") ?? "", server.url).searchParams.get("reference");
    expect(reference).toBeTruthy();

    const refused = await post(`/checkout?orderId=${order.id}`, mobileForm(client, order, "0201234999"), { cookie: client.cookie, address });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(promptOpen);
    expect(refused.text).toContain(`/payment-status/${reference}`);

    const second = await newOrder(client.token);
    expect((await post(`/checkout?orderId=${second.id}`, mobileForm(client, second, voucherNumber()), { cookie: client.cookie, address })).status).toBe(303);
    const third = await newOrder(client.token);
    const limited = await post(`/checkout?orderId=${third.id}`, mobileForm(client, third, voucherNumber()), { cookie: client.cookie, address });
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(tooManyAttempts);
    expectRetryAfterAnHour(limited.headers);
  });
});
