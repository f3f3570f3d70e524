import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * Issue #50 through the real server: an admin prices a new service, a client buys it for a post,
 * workers deliver it, and the order keeps the price it was bought at while the catalogue moves on.
 */
let server: TestServer;
const admin = { email: "catalogue-admin@example.com", password: "catalogue-admin-password" };

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", PAYSTACK_CARD_MODE: "direct", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password });
});
afterAll(async () => {
  await server?.stop();
});

async function call(path: string, { body, token, method }: { body?: unknown; token?: string; method?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let sequence = 0;
async function signUp(role: "client" | "worker", platforms = ["tiktok"]) {
  sequence += 1;
  const email = `catalogue${process.pid}x${sequence}@example.com`;
  const result = await call("/api/auth/register", {
    body: { email, username: `catalogue_${process.pid}x${sequence}`, fullName: "Kofi Catalogue", password: "secret-pass", role, ...(role === "worker" ? { platforms } : {}) },
  });
  expect(result.status).toBe(201);
  return { token: result.body.token as string, id: result.body.user.id as number, email };
}

async function approvedWorker(adminToken: string, handle: string, platform = "tiktok") {
  const worker = await signUp("worker", [platform]);
  expect((await call(`/api/admin/workers/${worker.id}/approve`, { token: adminToken, body: {} })).status).toBe(200);
  expect((await call("/api/worker/handles", { token: worker.token, method: "PUT", body: { platform, handle } })).status).toBe(200);
  return worker;
}

const video = "https://www.tiktok.com/@kofi.dances/video/7301234567890123456";
const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };

describe("a service the operator priced", () => {
  it("is bought for a post, delivered by workers, and keeps its price when the catalogue changes", async () => {
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token;
    const created = await call("/api/admin/services", {
      token: adminToken,
      body: { platform: "tiktok", kind: "likes", target: "post", name: "TikTok Likes", unitPrice: "0.20", workerReward: "0.06", min: 2, max: 500 },
    });
    expect(created).toMatchObject({ status: 201, body: { platform: "tiktok", kind: "likes", unitPrice: "0.20", workerReward: "0.06", min: 2, max: 500, active: true } });
    const serviceId = created.body.id as string;
    expect((await call("/api/services")).body).toContainEqual(expect.objectContaining({ id: serviceId, unitPrice: "0.20", target: "post" }));

    const client = await signUp("client");
    // A profile where a post is needed is refused with a sentence saying so.
    const profile = await call("/api/orders", { token: client.token, body: { packageId: serviceId, platform: "tiktok", quantity: 2, targetUrl: "https://www.tiktok.com/@kofi.dances" } });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toMatch(/profile/i);

    const placed = await call("/api/orders", { token: client.token, body: { packageId: serviceId, platform: "tiktok", quantity: 2, targetUrl: video } });
    // A post has no username: the order names its link instead.
    expect(placed).toMatchObject({ status: 201, body: { price: 0.4, fee: 0.01, amount: 0.41, targetUrl: video, username: video, package: { id: serviceId, name: "2 Likes" } } });
    const order = placed.body;
    const charged = await call("/api/payment/charge/card", { token: client.token, body: { email: client.email, amount: 41, orderId: order.id, currency: "GHS", card } });
    expect(charged.body.data.status).toBe("success");

    // The operator raises the price: the order keeps the one it was bought at, and its workers' reward.
    expect((await call(`/api/admin/services/${serviceId}`, { token: adminToken, method: "PATCH", body: { unitPrice: "0.30", workerReward: "0.09" } })).status).toBe(200);
    expect((await call(`/api/orders/${order.id}`, { token: client.token })).body).toMatchObject({ price: 0.4, amount: 0.41 });

    const workers = [await approvedWorker(adminToken, `@liker.one${process.pid}`), await approvedWorker(adminToken, `@liker.two${process.pid}`)];
    for (const worker of workers) {
      const task = (await call("/api/tasks/available", { token: worker.token })).body.find((item: { targetUrl: string }) => item.targetUrl === video);
      expect(task).toMatchObject({ platform: "tiktok", type: "likes", reward: 0.06 });
      expect((await call(`/api/tasks/${task.id}/complete`, { token: worker.token, body: {} })).status).toBe(201);
      // One like per worker on a post.
      expect((await call(`/api/tasks/${task.id}/complete`, { token: worker.token, body: {} })).status).toBe(409);
    }
    expect((await call(`/api/orders/${order.id}`, { token: client.token })).body).toMatchObject({ status: "completed", deliveredQuantity: 2 });

    // Disabled: no new orders (400), while the delivered order stays as it was.
    expect((await call(`/api/admin/services/${serviceId}`, { token: adminToken, method: "PATCH", body: { active: false } })).body.active).toBe(false);
    expect((await call("/api/services")).body.map((service: { id: string }) => service.id)).not.toContain(serviceId);
    const refused = await call("/api/orders", { token: client.token, body: { packageId: serviceId, platform: "tiktok", quantity: 2, targetUrl: video } });
    expect(refused).toMatchObject({ status: 400, body: { message: "TikTok Likes is not on sale at the moment." } });
    expect((await call(`/api/orders/${order.id}`, { token: client.token })).body).toMatchObject({ status: "completed", price: 0.4 });
  });

  it("sells X followers to SPEC's order body, and carries a comments order's lines to the workers, one each", async () => {
    const client = await signUp("client");
    const followers = await call("/api/orders", { token: client.token, body: { packageId: "x-followers", quantity: 50, targetUsername: "@kofi_on_x", accountScreenshot: null } });
    expect(followers).toMatchObject({ status: 201, body: { package: { platform: "twitter", name: "50 Followers" }, targetUrl: "https://x.com/kofi_on_x", price: 75 } });

    const comments = ["Love this!", "So good 🔥", "Where is this?", "Great video", "Sharing with friends"];
    const post = "https://www.instagram.com/p/C0mM3nTs123/";
    const placed = await call("/api/orders", { token: client.token, body: { packageId: "instagram-comments", quantity: 5, targetUrl: post, comments: comments.join("\n") } });
    expect(placed).toMatchObject({ status: 201, body: { price: 5, package: { name: "5 Comments" } } });
    const tooFew = await call("/api/orders", { token: client.token, body: { packageId: "instagram-comments", quantity: 5, targetUrl: post, comments: "Only one" } });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.message).toMatch(/comments/i);

    const amount = Math.round(placed.body.amount * 100);
    expect((await call("/api/payment/charge/card", { token: client.token, body: { email: client.email, amount, orderId: placed.body.id, currency: "GHS", card } })).body.data.status).toBe("success");
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token;
    const posted: string[] = [];
    for (const name of ["ama", "kofi"]) {
      const worker = await approvedWorker(adminToken, `@${name}.comments${process.pid}`, "instagram");
      const task = (await call("/api/tasks/available", { token: worker.token })).body.find((item: { targetUrl: string }) => item.targetUrl === post);
      expect(task).toMatchObject({ type: "comments", reward: 0.3 });
      // Through the API as on the dashboard: the worker asks for their line, posts it, then completes.
      const line = await call(`/api/tasks/${task.id}/comment`, { token: worker.token, method: "POST" });
      expect(line).toMatchObject({ status: 200, body: { text: expect.any(String), reservedUntil: expect.any(String) } });
      expect((await call(`/api/tasks/${task.id}/comment`, { token: worker.token, method: "POST" })).body.text).toBe(line.body.text);
      expect((await call(`/api/tasks/${task.id}/complete`, { token: worker.token, body: {} })).status).toBe(201);
      posted.push(line.body.text);
    }
    expect(new Set(posted).size).toBe(2);
    for (const text of posted) expect(comments).toContain(text);
    expect((await call(`/api/orders/${placed.body.id}`, { token: client.token })).body.deliveredQuantity).toBe(2);
  });
});
