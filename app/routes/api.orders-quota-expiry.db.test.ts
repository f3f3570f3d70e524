import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tinyPng } from "~/features/uploads/test-images";
import { type TestServer, serverForTests } from "../../server/testing/in-process-server";

/*
 * Issue #17's disk limits through the real server (decision 0020): the per-client screenshot quota
 * of POST /api/orders (per hour, and bytes held for unpaid orders) answers 429 with Retry-After and
 * leaves no order and no file behind, per account; and an unpaid order expires, says so in the API
 * and on its page, cannot be paid, and its checkout can start again. The expiry store runs with an
 * expiry of 1.8 seconds, so no clock needs moving.
 */
async function call(server: TestServer, pathname: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("json");
  return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
}

let sequence = 0;
async function signUp(server: TestServer): Promise<{ token: string; email: string }> {
  sequence += 1;
  const tag = `${process.pid}x${sequence}`;
  const email = `quota${tag}@example.com`;
  const result = await call(server, "/api/auth/register", { body: { email, username: `quota_${tag}`, fullName: "Ama Mensah", password: "secret-pass", role: "client" } });
  expect(result.status).toBe(201);
  return { token: result.body.token, email };
}

const dataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`;
function pngOfSize(size: number): Uint8Array {
  const bytes = Buffer.alloc(size);
  Buffer.from(tinyPng()).copy(bytes);
  return bytes;
}
const orderBody = (screenshot: string | null, extra: Record<string, unknown> = {}) => ({
  packageId: "custom-instagram",
  quantity: 100,
  targetUsername: "ama.grows",
  accountScreenshot: screenshot,
  ...extra,
});
const storedFiles = (server: TestServer) => (fs.existsSync(path.join(server.dataDir, "uploads")) ? fs.readdirSync(path.join(server.dataDir, "uploads")).filter((name) => !name.startsWith(".")) : []);
const orderCount = async (server: TestServer, token: string) => ((await call(server, "/api/orders?limit=50", { token })).body as unknown[]).length;

describe("the screenshot quota of POST /api/orders", () => {
  const limitedStore = serverForTests({ REGISTER_LIMIT_PER_HOUR: "1000", SCREENSHOT_UPLOADS_PER_CLIENT_PER_HOUR: "3", UNPAID_SCREENSHOT_BYTES_PER_CLIENT: String(200 * 1024) });
  it("refuses a client's fourth screenshot in an hour with 429 and Retry-After, leaving no order and no file; others on the address are unaffected", async () => {
    const client = await signUp(limitedStore.server);
    for (let index = 0; index < 3; index++) expect((await call(limitedStore.server, "/api/orders", { body: orderBody(dataUrl(tinyPng())), token: client.token })).status).toBe(201);
    const files = storedFiles(limitedStore.server);
    const orders = await orderCount(limitedStore.server, client.token);

    const refused = await call(limitedStore.server, "/api/orders", { body: orderBody(dataUrl(tinyPng())), token: client.token });

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: "You have uploaded 3 account screenshots in the last hour, the most we accept from one account. Please wait 60 minutes and try again." });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await orderCount(limitedStore.server, client.token)).toBe(orders);
    expect(storedFiles(limitedStore.server)).toEqual(files);

    // An order without a screenshot stores nothing and is not limited; another client on the same
    // address (every request here comes from 127.0.0.1) uploads as usual.
    expect((await call(limitedStore.server, "/api/orders", { body: orderBody(null), token: client.token })).status).toBe(201);
    const neighbour = await signUp(limitedStore.server);
    expect((await call(limitedStore.server, "/api/orders", { body: orderBody(dataUrl(tinyPng())), token: neighbour.token })).status).toBe(201);
  });

  it("refuses a screenshot that would take a client's unpaid orders past 200 KiB, with 429 and Retry-After until the oldest expires", async () => {
    const client = await signUp(limitedStore.server);
    for (let index = 0; index < 2; index++) expect((await call(limitedStore.server, "/api/orders", { body: orderBody(dataUrl(pngOfSize(90 * 1024))), token: client.token })).status).toBe(201);
    const files = storedFiles(limitedStore.server);

    const refused = await call(limitedStore.server, "/api/orders", { body: orderBody(dataUrl(pngOfSize(90 * 1024))), token: client.token });

    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Your account screenshots for unpaid orders and unfinished checkouts take up 180 KB of the 200 KB we keep for one account, so this one \(90 KB\) does not fit\./);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(24 * 3600 - 120);
    expect(await orderCount(limitedStore.server, client.token)).toBe(2);
    expect(storedFiles(limitedStore.server)).toEqual(files);
  });
});

describe("unpaid orders expire", () => {
  const expiringStore = serverForTests({ REGISTER_LIMIT_PER_HOUR: "1000", UNPAID_ORDER_EXPIRY_HOURS: "0.0005" });
  it("after the expiry time an unpaid order reads cancelled with expiredAt, cannot be paid, and the same checkout starts again", async () => {
    const client = await signUp(expiringStore.server);
    const created = await call(expiringStore.server, "/api/orders", { body: orderBody(dataUrl(tinyPng()), { checkoutKey: "draft-expiry-1" }), token: client.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "pending", expiredAt: null, expiresAt: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const read = await call(expiringStore.server, `/api/orders/${created.body.id}`, { token: client.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.body.id, status: "cancelled", paymentStatus: "unpaid", expiredAt: expect.any(String), expiresAt: null });
    const listed = await call(expiringStore.server, "/api/orders", { token: client.token });
    expect(listed.body[0]).toMatchObject({ id: created.body.id, status: "cancelled", expired_at: read.body.expiredAt });

    const charge = await call(expiringStore.server, "/api/payment/charge/mobile-money", {
      body: { email: client.email, amount: Math.round(created.body.amount * 100), orderId: created.body.id, currency: "GHS", mobile_money: { phone: "0201234567", provider: "vod" } },
      token: client.token,
    });
    expect(charge.status).toBe(422);
    expect(charge.body).toEqual({ message: "This order expired because it was not paid in time, and can no longer be paid. Please start a new checkout." });

    // The browser still holds the same checkout draft: submitting it again makes a new order.
    const again = await call(expiringStore.server, "/api/orders", { body: orderBody(dataUrl(tinyPng()), { checkoutKey: "draft-expiry-1" }), token: client.token });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(created.body.id);
  });

  it("an unpaid top-up expires the same way (issue #49): it reads expired, its page says so, and it cannot be paid", async () => {
    const client = await signUp(expiringStore.server);
    const created = await call(expiringStore.server, "/api/wallet/top-ups", { body: { amount: 20_000 }, token: client.token });
    expect(created.body).toMatchObject({ status: "pending" });
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const charge = await call(expiringStore.server, "/api/payment/charge/mobile-money", {
      body: { email: client.email, amount: Math.round(created.body.total * 100), topUpId: created.body.id, currency: "GHS", mobile_money: { phone: "0201234567", provider: "vod" } },
      token: client.token,
    });
    expect(charge).toMatchObject({ status: 422, body: { message: "This top-up expired because it was not paid in time, and can no longer be paid. Please start a new top-up." } });
    const page = await fetch(`${expiringStore.server.url}/wallet/top-ups/${created.body.id}`, { headers: { authorization: `Bearer ${client.token}` } });
    expect(await page.text()).toContain("This top-up has expired");
  });
});
