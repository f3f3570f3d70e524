import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourcesMatching } from "~/test/source-scan";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * Admin › Services through the real server (issue #50): the operator creates and prices services,
 * disables one, reorders; the storefront's GET /api/services and POST /api/orders follow at once,
 * and an order placed before a change keeps its price. Every change is in the audit log with
 * before → after.
 */
let server: TestServer;
const admin = { email: "services-admin@example.com", password: "services-admin-password" };
let adminToken: string;

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", PAYSTACK_CARD_MODE: "direct", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password });
  adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
});
afterAll(async () => {
  await server?.stop();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field

async function call(pathname: string, { body, token, method }: { body?: unknown; token?: string; method?: string } = {}): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${server.url}${pathname}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    redirect: "manual",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text && (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : { text } };
}

let sequence = 0;
async function signUp(role: "client" | "worker") {
  sequence += 1;
  const email = `services${process.pid}x${sequence}@example.com`;
  const result = await call("/api/auth/register", {
    body: { email, username: `svc_${process.pid}x${sequence}`, fullName: "Kofi Catalogue", password: "secret-pass", role, ...(role === "worker" ? { platforms: ["tiktok"] } : {}) },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return { token: result.body.token as string, email };
}

const tiktokLikes = { platform: "tiktok", kind: "likes", target: "post", name: "TikTok Likes", unitPrice: "0.20", workerReward: "0.06", min: 20, max: 10000 };
const tiktokVideo = "https://www.tiktok.com/@someone/video/7312345678901234567";

describe("Admin › Services API", () => {
  it("creates a service (201), lists it to the admin and on sale, and names a bad field in a 400", async () => {
    const created = await call("/api/admin/services", { token: adminToken, body: tiktokLikes });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ platform: "tiktok", kind: "likes", target: "post", name: "TikTok Likes", unitPrice: "0.20", workerReward: "0.06", min: 20, max: 10000, refillDays: 0, dripFeed: false, cancel: true, active: true });
    // The seed has tiktok-likes already: the new one gets the next free id.
    expect(created.body.id).toBe("tiktok-likes-2");

    const listed = (await call("/api/admin/services", { token: adminToken })).body as Json[];
    expect(listed.map((service) => service.id)).toContain("tiktok-likes-2");
    expect(listed.find((service) => service.id === "custom-instagram")).toMatchObject({ unitPrice: "1.50", workerReward: "0.45", active: true });
    const onSale = (await call("/api/services")).body as Json[];
    const publicView = onSale.find((service) => service.id === "tiktok-likes-2");
    expect(publicView).toEqual({ id: "tiktok-likes-2", platform: "tiktok", kind: "likes", target: "post", name: "TikTok Likes", description: "", unitPrice: "0.20", min: 20, max: 10000, refillDays: 0, dripFeed: false, cancel: true });
    // SPEC's three first, then X and Facebook; never a reward.
    expect(onSale[0].id).toBe("custom-instagram");
    expect(onSale.some((service) => "workerReward" in service)).toBe(false);
    expect(onSale.some((service) => service.platform === "x")).toBe(true);

    const refusals: [Json, RegExp][] = [
      [{ ...tiktokLikes, workerReward: "0.20" }, /^Invalid workerReward: Worker reward must be below the unit price$/],
      [{ ...tiktokLikes, workerReward: "0.30" }, /^Invalid workerReward: /],
      [{ ...tiktokLikes, platform: "myspace" }, /^Invalid platform: Platform must be instagram, tiktok, youtube, x or facebook$/],
      [{ ...tiktokLikes, kind: "shares" }, /^Invalid kind: /],
      [{ ...tiktokLikes, target: "profile" }, /^Invalid target: /],
      [{ ...tiktokLikes, unitPrice: 0.2 }, /^Invalid unitPrice: Unit price must be an amount in cedis as text/],
      [{ ...tiktokLikes, unitPrice: "0.205" }, /^Invalid unitPrice: /],
      [{ ...tiktokLikes, unitPrice: "0.00", workerReward: "0.00" }, /^Invalid unitPrice: Unit price must be more than 0.00$/],
      [{ ...tiktokLikes, min: true }, /^Invalid min: Minimum must be a whole number$/],
      [{ ...tiktokLikes, min: 2.5 }, /^Invalid min: /],
      [{ ...tiktokLikes, max: 10 }, /^Invalid max: Maximum must be at least the minimum$/],
      [{ ...tiktokLikes, unitPrice: "5000.00", max: 1_000_000 }, /^Invalid max: .*₵1,000,000/],
      [{ ...tiktokLikes, name: "  " }, /^Invalid name: Name is required$/],
      [{ ...tiktokLikes, refillDays: 400 }, /^Invalid refillDays: /],
      [{ ...tiktokLikes, active: "maybe" }, /^Invalid active: /],
      [(({ name: _name, ...rest }) => rest)(tiktokLikes), /^Invalid name: Name is required$/],
    ];
    for (const [body, message] of refusals) {
      const refused = await call("/api/admin/services", { token: adminToken, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toMatch(message);
    }
  });

  it("refuses clients and workers (403) and anonymous callers (401)", async () => {
    const client = await signUp("client");
    const worker = await signUp("worker");
    const calls: [string, string, unknown][] = [
      ["GET", "/api/admin/services", undefined],
      ["POST", "/api/admin/services", tiktokLikes],
      ["PATCH", "/api/admin/services/custom-instagram", { unitPrice: "0.01", workerReward: "0.005" }],
      ["PATCH", "/api/admin/services/custom-instagram", { active: false }],
    ];
    for (const [method, pathname, body] of calls) {
      expect((await call(pathname, { method, body })).status, `${method} ${pathname} anonymous`).toBe(401);
      expect((await call(pathname, { method, body, token: client.token })).status, `${method} ${pathname} client`).toBe(403);
      expect((await call(pathname, { method, body, token: worker.token })).status, `${method} ${pathname} worker`).toBe(403);
    }
    // Nothing changed; the public list needs no one.
    expect(((await call("/api/services")).body as Json[]).find((service) => service.id === "custom-instagram")).toMatchObject({ unitPrice: "1.50" });
    expect((await call("/api/services", { method: "POST", body: {} })).status).toBe(405);
  });

  it("PATCH changes the price on sale at once; an order placed before keeps its price; 404 for an unknown id; 400 names the field", async () => {
    const client = await signUp("client");
    const placed = await call("/api/orders", { token: client.token, body: { packageId: "custom-instagram", quantity: 100, targetUsername: "@someone" } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({ price: 150, amount: 152.55 });

    const patched = await call("/api/admin/services/custom-instagram", { method: "PATCH", token: adminToken, body: { unitPrice: "1.20", workerReward: "0.40" } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ id: "custom-instagram", unitPrice: "1.20", workerReward: "0.40", name: "Instagram Followers", active: true });
    expect(((await call("/api/services")).body as Json[]).find((service) => service.id === "custom-instagram")).toMatchObject({ unitPrice: "1.20" });

    // The order bought before the change: the old price, and a new order the new one.
    expect((await call(`/api/orders/${placed.body.id}`, { token: client.token })).body).toMatchObject({ price: 150, amount: 152.55 });
    const after = await call("/api/orders", { token: client.token, body: { packageId: "custom-instagram", quantity: 100, targetUsername: "@someone.else" } });
    expect(after.body).toMatchObject({ price: 120 });

    expect((await call("/api/admin/services/no-such-service", { method: "PATCH", token: adminToken, body: { name: "Ghost" } })).status).toBe(404);
    const rewardTooHigh = await call("/api/admin/services/custom-instagram", { method: "PATCH", token: adminToken, body: { workerReward: "1.20" } });
    expect(rewardTooHigh).toMatchObject({ status: 400, body: { message: "Invalid workerReward: Worker reward must be below the unit price", field: "workerReward" } });
    const priceBelowReward = await call("/api/admin/services/custom-instagram", { method: "PATCH", token: adminToken, body: { unitPrice: "0.30" } });
    expect(priceBelowReward).toMatchObject({ status: 400, body: { message: "Invalid workerReward: Worker reward must be below the unit price" } });
    expect((await call("/api/admin/services/custom-instagram", { method: "PATCH", token: adminToken, body: { max: 10 } })).body.message).toBe("Invalid max: Maximum must be at least the minimum");
    // What a service sells is fixed (its orders and the panels that name it rely on it); the same value is fine.
    expect((await call("/api/admin/services/custom-instagram", { method: "PATCH", token: adminToken, body: { kind: "likes", target: "post" } })).body.message).toMatch(/^Invalid kind: /);
    expect((await call("/api/admin/services/custom-instagram", { method: "PATCH", token: adminToken, body: { platform: "x" } })).body.message).toMatch(/^Invalid platform: /);
    expect((await call("/api/admin/services/custom-instagram", { method: "PATCH", token: adminToken, body: { platform: "instagram", kind: "followers" } })).status).toBe(200);
    expect((await call("/api/admin/services/custom-instagram", { method: "POST", token: adminToken, body: {} })).status).toBe(405);
    expect((await call("/api/admin/services/custom-instagram", { token: adminToken })).status).toBe(405);

    // Back to SPEC's price for the tests after this one.
    expect((await call("/api/admin/services/custom-instagram", { method: "PATCH", token: adminToken, body: { unitPrice: "1.50", workerReward: "0.45" } })).status).toBe(200);
  });

  it("a disabled service leaves /api/services and refuses new orders (400), while its orders go on", async () => {
    const client = await signUp("client");
    const service = (await call("/api/admin/services", { token: adminToken, body: { ...tiktokLikes, name: "TikTok Likes (test)" } })).body;
    const postOrder = { packageId: service.id, platform: "tiktok", quantity: 100, targetUrl: tiktokVideo };
    const before = await call("/api/orders", { token: client.token, body: postOrder });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body).toMatchObject({ price: 20 });
    const followersOrder = (await call("/api/orders", { token: client.token, body: { packageId: "custom-tiktok", quantity: 100, targetUsername: "@still.selling" } })).body;

    for (const id of [service.id, "custom-tiktok"]) {
      const disabled = await call(`/api/admin/services/${id}`, { method: "PATCH", token: adminToken, body: { active: false } });
      expect(disabled.status).toBe(200);
      expect(disabled.body.active).toBe(false);
    }
    const onSale = ((await call("/api/services")).body as Json[]).map((item) => item.id);
    expect(onSale).not.toContain(service.id);
    expect(onSale).not.toContain("custom-tiktok");
    expect(((await call("/api/admin/services", { token: adminToken })).body as Json[]).find((item) => item.id === service.id)).toMatchObject({ active: false });

    const refused = await call("/api/orders", { token: client.token, body: postOrder });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not on sale/);
    expect((await call("/api/orders", { token: client.token, body: { packageId: "custom-tiktok", quantity: 100, targetUsername: "@refused" } })).status).toBe(400);

    // The orders placed before: still there, and still payable (the disabled service's orders go on).
    expect((await call(`/api/orders/${before.body.id}`, { token: client.token })).body).toMatchObject({ price: 20, status: "pending" });
    const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };
    const charged = await call("/api/payment/charge/card", { token: client.token, body: { email: client.email, amount: Math.round(followersOrder.amount * 100), orderId: followersOrder.id, currency: "GHS", card } });
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect(charged.body.data.status).toBe("success");
    expect((await call(`/api/orders/${followersOrder.id}`, { token: client.token })).body).toMatchObject({ status: "processing", paymentStatus: "paid" });

    // Enabled again: on sale again.
    for (const id of [service.id, "custom-tiktok"]) expect((await call(`/api/admin/services/${id}`, { method: "PATCH", token: adminToken, body: { active: true } })).status).toBe(200);
    expect(((await call("/api/services")).body as Json[]).map((item) => item.id)).toContain(service.id);
  });

  it("audits every change with before → after", async () => {
    const created = (await call("/api/admin/services", { token: adminToken, body: { ...tiktokLikes, name: "Audited Likes" } })).body;
    await call(`/api/admin/services/${created.id}`, { method: "PATCH", token: adminToken, body: { unitPrice: "0.25", active: false } });
    const audit = (await call(`/api/admin/audit?targetType=service&targetId=${created.id}`, { token: adminToken })).body;
    expect(audit.items.map((entry: Json) => entry.action)).toEqual(["service.update", "service.create"]);
    const [update, create] = audit.items as Json[];
    expect(create).toMatchObject({ targetType: "service", targetId: created.id, admin: { email: admin.email }, details: { before: null, after: { name: "Audited Likes", unitPrice: "0.20", workerReward: "0.06", active: true } } });
    expect(update.details).toMatchObject({ before: { unitPrice: "0.20", active: true }, after: { unitPrice: "0.25", active: false } });
  });
});

describe("Admin › Services page", () => {
  async function post(fields: Record<string, string>) {
    const response = await fetch(`${server.url}/admin/services`, {
      method: "POST",
      redirect: "manual",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, location: response.headers.get("location"), html: await response.text() };
  }
  const formFields = { intent: "create", platform: "x", kind: "likes", target: "post", name: "X Likes (page)", description: "", unitPrice: "0.30", workerReward: "0.10", min: "10", max: "5000", refillDays: "0", deliveryTime: "24-48 Hours", cancel: "on", active: "on" };

  it("creates from the form without JavaScript, and shows a bad field's error under it", async () => {
    const refused = await post({ ...formFields, workerReward: "0.30" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Worker reward must be below the unit price");
    expect(refused.html).toContain('value="X Likes (page)"'); // what was typed stays

    const created = await post(formFields);
    expect(created.status).toBe(303);
    expect(created.location).toBe("/admin/services?notice=service-created&target=x-likes-2");
    const service = ((await call("/api/admin/services", { token: adminToken })).body as Json[]).find((item) => item.id === "x-likes-2");
    // Unticked boxes are false; ticked ones true.
    expect(service).toMatchObject({ platform: "x", name: "X Likes (page)", unitPrice: "0.30", dripFeed: false, cancel: true, active: true });

    // Editing: an unticked box turns the flag off.
    const { cancel: _cancel, active: _active, ...unticked } = formFields;
    const edited = await post({ ...unticked, intent: "update", id: "x-likes-2", unitPrice: "0.35" });
    expect(edited.status).toBe(303);
    expect(((await call("/api/admin/services", { token: adminToken })).body as Json[]).find((item) => item.id === "x-likes-2")).toMatchObject({ unitPrice: "0.35", cancel: false, active: false });

    const page = await fetch(`${server.url}/admin/services?edit=x-likes-2`, { headers: { authorization: `Bearer ${adminToken}` } });
    const html = await page.text();
    expect(html).toContain("Edit X Likes (page)");
    expect(html).toContain('aria-label="Admin"');
  });

  it("moves a service among its platform's, audited", async () => {
    const before = ((await call("/api/admin/services", { token: adminToken })).body as Json[]).filter((item) => item.platform === "youtube").map((item) => item.id);
    expect(before.slice(0, 2)).toEqual(["custom-youtube", "youtube-likes"]);
    expect((await post({ intent: "down", id: "custom-youtube" })).status).toBe(303);
    const after = ((await call("/api/admin/services", { token: adminToken })).body as Json[]).filter((item) => item.platform === "youtube").map((item) => item.id);
    expect(after.slice(0, 2)).toEqual(["youtube-likes", "custom-youtube"]);
    const audit = (await call("/api/admin/audit?action=service.move", { token: adminToken })).body;
    expect(audit.items[0]).toMatchObject({ targetId: "custom-youtube", details: { before: expect.arrayContaining(["custom-youtube"]), after: expect.arrayContaining(["custom-youtube"]) } });
    expect((await post({ intent: "up", id: "custom-youtube" })).status).toBe(303);
    expect((await post({ intent: "up", id: "no-such-service" })).status).toBe(404);
  });
});

describe("the only writer of services", () => {
  it("no module outside services.server.ts writes the services table", async () => {
    expect(await sourcesMatching(/\bservice\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|(INSERT INTO|UPDATE|DELETE FROM)\s+"?services"?\b/i, "features/catalog/services.server.ts")).toEqual([]);
  });
});
