import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * Every admin call through the real server, with every role: 401 without a (valid) token, 403 for
 * clients and workers, and for the admin the answer each call gives on real records (a paid order,
 * a completion under review, a pending worker) — including the 409 of a record that moved on. The
 * table must cover every /api/admin/* route in app/routes.ts: a new admin route fails this test
 * until it is added here.
 */
let server: TestServer;
const admin = { email: "admin-walk@example.com", password: "admin-walk-password" };

beforeAll(async () => {
  // Orders are paid in one card call (PAYSTACK_CARD_MODE=direct) to get to the admin's views quickly.
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", PAYSTACK_CARD_MODE: "direct", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password });
});
afterAll(async () => {
  await server?.stop();
});

async function call(pathname: string, { body, token, method, raw }: { body?: unknown; token?: string; method?: string; raw?: boolean } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    redirect: "manual",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get("location"), body: raw || !text || !(response.headers.get("content-type") ?? "").includes("json") ? text : JSON.parse(text) };
}

let sequence = 0;
async function signUp(role: "client" | "worker", platforms = ["instagram"]) {
  sequence += 1;
  const email = `walk${process.pid}x${sequence}@example.com`;
  const result = await call("/api/auth/register", {
    body: { email, username: `walk_${process.pid}x${sequence}`, fullName: "Yaa Walker", password: "secret-pass", role, ...(role === "worker" ? { platforms } : {}) },
  });
  expect(result.status).toBe(201);
  return { token: result.body.token as string, id: result.body.user.id as number, email };
}

/** The records the admin acts on: a paid order with a completion under review, a pending worker, a client to suspend. */
async function setUp(adminToken: string) {
  const client = await signUp("client");
  const order = (await call("/api/orders", { token: client.token, body: { packageId: "custom-instagram", quantity: 50, targetUsername: `walk.shop${process.pid}`, accountScreenshot: null } })).body;
  const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };
  const charged = await call("/api/payment/charge/card", { token: client.token, body: { email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card } });
  expect(charged.body.data.status).toBe("success");

  const doer = await signUp("worker");
  expect((await call(`/api/admin/workers/${doer.id}/approve`, { token: adminToken, body: {} })).status).toBe(200);
  expect((await call("/api/worker/handles", { token: doer.token, method: "PUT", body: { platform: "instagram", handle: `walker${process.pid}` } })).status).toBe(200);
  const detail = (await call(`/api/admin/orders/${order.id}`, { token: adminToken })).body;
  const completed = await call(`/api/tasks/${detail.deliveries[0].id}/complete`, { token: doer.token, body: {} });
  expect(completed.status).toBe(201);

  return { client, order, reference: charged.body.data.reference as string, completionId: completed.body.completionId as number, pendingWorker: await signUp("worker"), victim: await signUp("client") };
}

type Row = [method: "GET" | "POST" | "PATCH", path: string, body: unknown, adminStatus: number];

describe("admin routes × roles", () => {
  it("answers 401 without a valid token, 403 to clients and workers, and the admin gets each call's real answer", async () => {
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
    const records = await setUp(adminToken);
    const client = await signUp("client");
    const worker = await signUp("worker");
    const { order, reference, completionId, pendingWorker, victim } = records;

    // In order: the admin's answers depend on the calls before (approve, then reject → 409).
    const table: Row[] = [
      ["GET", "/api/dashboard/admin-stats?period=7d", undefined, 200],
      ["GET", "/api/admin/workers?status=pending_review", undefined, 200],
      ["POST", `/api/admin/workers/${pendingWorker.id}/approve`, {}, 200],
      ["POST", `/api/admin/workers/${pendingWorker.id}/reject`, {}, 409],
      ["GET", "/api/admin/completions", undefined, 200],
      ["POST", `/api/admin/completions/${completionId}/approve`, {}, 200],
      ["POST", `/api/admin/completions/${completionId}/reject`, { reason: "Follow removed" }, 409],
      ["GET", `/api/admin/users?role=client&q=${encodeURIComponent(victim.email)}`, undefined, 200],
      ["GET", `/api/admin/users/${victim.id}`, undefined, 200],
      ["POST", `/api/admin/users/${victim.id}/suspend`, { reason: "Card fraud" }, 200],
      ["POST", `/api/admin/users/${victim.id}/suspend`, { reason: "Card fraud" }, 409],
      ["POST", `/api/admin/users/${victim.id}/unsuspend`, {}, 200],
      // Issue #20: the victim is a client, whose wallet an admin may correct.
      ["POST", `/api/admin/users/${victim.id}/wallet-adjustments`, { amount: 5, reason: "Goodwill credit" }, 201],
      ["GET", "/api/admin/orders?paymentStatus=paid", undefined, 200],
      ["GET", `/api/admin/orders/${order.id}`, undefined, 200],
      ["POST", `/api/admin/orders/${order.id}/cancel`, { reason: "Client asked" }, 200],
      ["POST", `/api/admin/orders/${order.id}/cancel`, { reason: "Client asked" }, 409],
      ["GET", "/api/admin/payments?channel=card", undefined, 200],
      ["POST", `/api/admin/payments/${reference}/reverify`, {}, 409],
      ["GET", "/api/admin/tickets?status=all", undefined, 200],
      ["POST", "/api/admin/tickets/999999/answer", {}, 404],
      ["POST", "/api/admin/tickets/999999/close", {}, 404],
      ["GET", "/api/admin/audit", undefined, 200],
      // Issue #48: the contested deliveries, and a decision on one that does not exist.
      ["GET", "/api/admin/flags?state=under_review", undefined, 200],
      ["POST", "/api/admin/flags/999999", { decision: "reject", reason: "The follow is there" }, 404],
      ["GET", "/api/admin/payouts", undefined, 200],
      ["POST", "/api/admin/payouts/999999/approve", {}, 404],
      ["POST", "/api/admin/payouts/999999/reject", { reason: "Wrong number" }, 404],
      ["POST", "/api/admin/payouts/999999/finalize", { otp: "123456" }, 404],
      ["POST", "/api/admin/payouts/999999/resend-otp", {}, 404],
      ["POST", "/api/admin/payouts/999999/retry", {}, 404],
      ["POST", "/api/admin/payouts/999999/fail", { reason: "Wallet closed" }, 404],
      // Issue #50: the catalogue (app/routes/api.admin.services.db.test.ts walks it in full).
      ["GET", "/api/admin/services", undefined, 200],
      ["POST", "/api/admin/services", { platform: "facebook", kind: "comments", target: "post", name: "Facebook Comments", unitPrice: "1.00", workerReward: "0.30", min: 5, max: 1000 }, 201],
      ["PATCH", "/api/admin/services/no-such-service", { name: "Ghost" }, 404],
    ];

    expect(uncoveredAdminRoutes(table.map((row) => row[1]))).toEqual([]);

    for (const [method, pathname, body] of table) {
      const label = `${method} ${pathname}`;
      expect((await call(pathname, { method, body })).status, `${label} anonymous`).toBe(401);
      expect((await call(pathname, { method, body, token: "not.a.token" })).status, `${label} bad token`).toBe(401);
      expect((await call(pathname, { method, body, token: client.token })).status, `${label} client`).toBe(403);
      expect((await call(pathname, { method, body, token: worker.token })).status, `${label} worker`).toBe(403);
    }
    // Nothing the other roles sent changed anything: the admin's calls still find every record as set up.
    for (const [method, pathname, body, expected] of table) {
      const answer = await call(pathname, { method, body, token: adminToken });
      expect(answer.status, `${method} ${pathname} admin: ${JSON.stringify(answer.body)}`).toBe(expected);
      if (expected >= 400) expect(typeof answer.body.message).toBe("string");
    }

    // What the admin's calls did, as the other roles see it.
    expect((await call("/api/auth/me", { token: victim.token })).status).toBe(401); // the suspension ended the session
    expect((await call(`/api/orders/${order.id}`, { token: records.client.token })).body).toMatchObject({ status: "cancelled", refundRequested: true });
    expect((await call("/api/tasks/available", { token: pendingWorker.token })).status).toBe(200); // approved
    const audit = (await call("/api/admin/audit", { token: adminToken })).body;
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["worker.approve", "completion.approve", "user.suspend", "user.unsuspend", "order.cancel_refund"]),
    );
    const cancelEntry = audit.items.find((entry: { action: string }) => entry.action === "order.cancel_refund");
    expect(cancelEntry).toMatchObject({ targetType: "order", targetId: String(order.id), details: { before: { status: "processing" }, after: { status: "cancelled" }, reason: "Client asked" } });
  });

  it("answers bad input with 400 and clear messages, unknown actions with 404", async () => {
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
    expect((await call("/api/admin/users?role=owner", { token: adminToken })).body).toEqual({ message: "Invalid role: Invalid role" });
    expect((await call("/api/admin/orders?page=0", { token: adminToken })).status).toBe(400);
    expect((await call("/api/admin/payments?refund=maybe", { token: adminToken })).status).toBe(400);
    expect((await call("/api/admin/users/1/suspend", { token: adminToken, body: {} })).body.message).toContain("Give a reason for the suspension");
    expect((await call("/api/admin/users/1/promote", { token: adminToken, body: {} })).status).toBe(404);
    expect((await call("/api/admin/tickets/1/reopen", { token: adminToken, body: {} })).status).toBe(404);
    expect((await call("/api/admin/orders/abc", { token: adminToken })).status).toBe(404);
    expect((await call("/api/admin/orders/1/cancel", { token: adminToken, method: "GET" })).status).toBe(405);
  });
});

describe("admin pages", () => {
  const pages = ["/admin/users", "/admin/orders", "/admin/services", "/admin/payments", "/admin/completions", "/admin/tickets", "/admin/audit", "/admin/users/1"];

  it("send visitors to sign in, refuse other roles with 403, and show admins the page", async () => {
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
    const client = await signUp("client");
    for (const page of pages) {
      const anonymous = await call(page, { raw: true });
      expect(anonymous.status, page).toBe(302);
      expect(anonymous.location, page).toBe(`/auth?redirectTo=${encodeURIComponent(page)}`);
      const forbidden = await call(page, { token: client.token, raw: true });
      expect(forbidden.status, page).toBe(403);
      expect(forbidden.body, page).toContain("Admins only");
      const shown = await call(page, { token: adminToken, raw: true });
      expect(shown.status, page).toBe(200);
      expect(shown.body, page).toContain('aria-label="Admin"');
    }
    expect((await call("/admin/users?status=everyone", { token: adminToken, raw: true })).status).toBe(400);
    expect((await call("/admin/orders/999999", { token: adminToken, raw: true })).body).toContain("Order not found");
  });
});

/** The admin routes of app/routes.ts that no path of the table reaches. */
function uncoveredAdminRoutes(paths: string[]): string[] {
  const source = fs.readFileSync(path.resolve("app/routes.ts"), "utf8");
  const patterns = [...source.matchAll(/route\("(api\/(?:admin\/[^"]*|dashboard\/admin-stats))"/g)].map((match) => match[1]);
  expect(patterns.length).toBeGreaterThan(10);
  return patterns.filter((pattern) => {
    const expression = new RegExp(`^/${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}$`);
    return !paths.some((candidate) => expression.test(candidate.split("?")[0]));
  });
}
