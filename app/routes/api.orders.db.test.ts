import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

let server: TestServer;

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000" });
});
afterAll(async () => {
  await server?.stop();
});

/** A 1x1 transparent PNG. */
const pngDataUrl =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

async function call(path: string, { body, token, method }: { body?: unknown; token?: string; method?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let sequence = 0;
async function signUp(role: "client" | "worker" = "client"): Promise<string> {
  sequence += 1;
  const tag = `${process.pid}x${sequence}`;
  const result = await call("/api/auth/register", {
    body: { email: `orders${tag}@example.com`, username: `orders_${tag}`, fullName: "Ama Mensah", password: "secret-pass", role, ...(role === "worker" ? { platforms: ["instagram"] } : {}) },
  });
  expect(result.status).toBe(201);
  return result.body.token;
}

// What the checkout page sends (SPEC §3), plus the whole package as the browser holds it.
const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
  packageId: "custom-tiktok",
  package: { id: "custom-tiktok", name: "500 Followers", platform: "tiktok", price: "750.00", quantity: 500 },
  targetUsername: "@ama.gh",
  targetUrl: "tiktok.com/ama.gh",
  accountScreenshot: pngDataUrl,
  ...overrides,
});

describe("POST /api/orders", () => {
  it("answers 401 without a token and 403 to a worker", async () => {
    expect((await call("/api/orders", { body: checkoutBody() })).status).toBe(401);
    const worker = await call("/api/orders", { body: checkoutBody(), token: await signUp("worker") });
    expect(worker.status).toBe(403);
    expect(worker.body.message).toBeTruthy();
  });

  it("creates a priced order with its screenshot (201), ignoring a forged price", async () => {
    const token = await signUp();
    const result = await call("/api/orders", { body: checkoutBody({ price: "1.00", amount: 1 }), token });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      id: expect.any(Number),
      package: { name: "500 Followers", platform: "tiktok" },
      username: "@ama.gh",
      targetUrl: "https://www.tiktok.com/@ama.gh",
      price: 750,
      fee: 12.75,
      amount: 762.75,
      currency: "GHS",
      status: "pending",
    });
  });

  it("answers the same order (200) when the same checkout is submitted again", async () => {
    const token = await signUp();
    const first = await call("/api/orders", { body: checkoutBody({ checkoutKey: "draft_abc-1" }), token });
    const again = await call("/api/orders", { body: checkoutBody({ checkoutKey: "draft_abc-1" }), token });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it("refuses the same checkout key for another account or package with 422, and writes no second order (issue #49)", async () => {
    const token = await signUp();
    const first = await call("/api/orders", { body: checkoutBody({ checkoutKey: "draft_abc-2" }), token });
    expect(first.status).toBe(201);
    for (const changed of [{ targetUsername: "@kofi.gh" }, { packageId: "custom-instagram", package: { id: "custom-instagram", name: "500 Followers", platform: "instagram", price: "750.00", quantity: 500 } }]) {
      const reused = await call("/api/orders", { body: checkoutBody({ checkoutKey: "draft_abc-2", ...changed }), token });
      expect(reused).toEqual({ status: 422, body: { message: "This checkout was already placed for a different order. Please start the checkout again." } });
    }
    expect((await call("/api/orders", { token })).body).toHaveLength(1);
  });

  it("answers 400 with an 'Invalid' message for a bad username, package or quantity", async () => {
    const token = await signUp();
    const badUsername = await call("/api/orders", { body: checkoutBody({ targetUsername: "ama mensah" }), token });
    expect(badUsername.status).toBe(400);
    expect(badUsername.body.message).toContain("Invalid username format");
    const badPackage = await call("/api/orders", { body: checkoutBody({ packageId: "custom-myspace" }), token });
    expect(badPackage.status).toBe(400);
    expect(badPackage.body.message).toContain("Invalid");
    const tooFew = await call("/api/orders", { body: checkoutBody({ quantity: 10 }), token });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.message).toContain("The minimum you can buy is 50");
  });

  it("refuses a text file disguised as a PNG with 400", async () => {
    const token = await signUp();
    const disguised = `data:image/png;base64,${Buffer.from("hello, I am a text file").toString("base64")}`;
    const result = await call("/api/orders", { body: checkoutBody({ accountScreenshot: disguised }), token });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Please upload an image file (PNG, JPG, etc.)");
  });
});

describe("GET /api/orders/:id and the list", () => {
  it("shows an order to its owner only (404 to another client and for unknown ids)", async () => {
    const owner = await signUp();
    const { body: created } = await call("/api/orders", { body: checkoutBody({ accountScreenshot: null }), token: owner });
    const mine = await call(`/api/orders/${created.id}`, { token: owner });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(created);
    expect((await call(`/api/orders/${created.id}`, { token: await signUp() })).status).toBe(404);
    expect((await call("/api/orders/999999999", { token: owner })).status).toBe(404);
    expect((await call("/api/orders/abc", { token: owner })).status).toBe(404);
    expect((await call(`/api/orders/${created.id}`)).status).toBe(401);
  });

  it("lists the client's orders newest first and their stats", async () => {
    const token = await signUp();
    const first = await call("/api/orders", { body: checkoutBody({ accountScreenshot: null, quantity: 100 }), token });
    const second = await call("/api/orders", { body: checkoutBody({ accountScreenshot: null, packageId: "custom-youtube", quantity: 50 }), token });
    const list = await call("/api/orders", { token });
    expect(list.status).toBe(200);
    expect(list.body.map((order: { id: number }) => order.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body[0]).toMatchObject({ package_name: "50 Subscribers", platform: "youtube", target_url: "https://www.youtube.com/@ama.gh", total_amount: 101.7, status: "pending", progress: 0 });
    expect((await call("/api/orders?limit=1", { token })).body).toHaveLength(1);
    expect((await call("/api/orders?limit=500", { token })).status).toBe(400);

    const stats = await call("/api/stats/client", { token });
    expect(stats).toEqual({ status: 200, body: { totalOrders: 2, activeOrders: 2, totalSpent: 0 } });
    expect((await call("/api/stats/client")).status).toBe(401);
    expect((await call("/api/stats/client", { token: await signUp("worker") })).status).toBe(403);
  });
});

describe("POST /api/orders/:id/cancel", () => {
  it("cancels an unpaid order once, then answers 422", async () => {
    const token = await signUp();
    const { body: created } = await call("/api/orders", { body: checkoutBody({ accountScreenshot: null }), token });
    const cancelled = await call(`/api/orders/${created.id}/cancel`, { method: "POST", token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: created.id, status: "cancelled" });
    const again = await call(`/api/orders/${created.id}/cancel`, { method: "POST", token });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("This order is already cancelled.");
    expect((await call(`/api/orders/${created.id}/cancel`, { method: "POST", token: await signUp() })).status).toBe(404);
  });
});
