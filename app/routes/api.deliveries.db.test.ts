import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinyPng } from "~/features/uploads/test-images";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * Deliveries and flags through the real server (issue #48): a paid order is delivered by five real
 * workers; its client sees who delivered each unit and flags two; their workers send screenshots; an
 * admin lets one stand and upholds the other, which a new worker delivers again. Every other caller
 * is refused.
 */
let server: TestServer;
const admin = { email: "deliveries-admin@example.com", password: "deliveries-admin-password" };

beforeAll(async () => {
  server = await startInProcessServer({
    REGISTER_LIMIT_PER_HOUR: "1000",
    PAYSTACK_CARD_MODE: "direct",
    COMPLETION_MIN_INTERVAL_MS: "0",
    BOOTSTRAP_ADMIN_EMAIL: admin.email,
    BOOTSTRAP_ADMIN_PASSWORD: admin.password,
  });
});
afterAll(async () => {
  await server?.stop();
});

async function call(path: string, { body, token, method, rawBody }: { body?: unknown; token?: string; method?: string; rawBody?: string } = {}) {
  const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  const response = await fetch(`${server.url}${path}`, {
    method: method ?? (payload === undefined ? "GET" : "POST"),
    headers: { ...(payload === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let sequence = 0;
async function signUp(role: "client" | "worker") {
  sequence += 1;
  const email = `deliveries${process.pid}x${sequence}@example.com`;
  const result = await call("/api/auth/register", {
    body: { email, username: `deliveries_${process.pid}x${sequence}`, fullName: "Kofi Checker", password: "secret-pass", role, ...(role === "worker" ? { platforms: ["instagram"] } : {}) },
  });
  expect(result.status).toBe(201);
  return { token: result.body.token as string, id: result.body.user.id as number, email };
}

const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };

async function paidOrder(client: { token: string; email: string }, targetUsername: string) {
  const order = (await call("/api/orders", { token: client.token, body: { packageId: "custom-instagram", quantity: 50, targetUsername, accountScreenshot: null } })).body;
  const paid = await call("/api/payment/charge/card", { token: client.token, body: { email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card } });
  expect(paid.body.data.status).toBe("success");
  return order as { id: number };
}

/** An approved worker with an Instagram handle. */
async function readyWorker(adminToken: string) {
  const worker = await signUp("worker");
  expect((await call(`/api/admin/workers/${worker.id}/approve`, { token: adminToken, body: {} })).status).toBe(200);
  const handle = `kofi_${process.pid}_${sequence}`;
  expect((await call("/api/worker/handles", { token: worker.token, method: "PUT", body: { platform: "instagram", handle } })).status).toBe(200);
  return { ...worker, handle };
}

/** The worker does the task of `targetUsername`: the completion's id. */
async function deliver(worker: { token: string }, targetUsername: string): Promise<number> {
  const available = (await call("/api/tasks/available", { token: worker.token })).body as { id: number; targetUrl: string }[];
  const task = available.find((item) => item.targetUrl === `https://www.instagram.com/${targetUsername}`);
  expect(task).toBeDefined();
  const completed = await call(`/api/tasks/${task!.id}/complete`, { token: worker.token, body: {} });
  expect(completed.status).toBe(201);
  return completed.body.completionId;
}

describe("the client's account screenshot on the task", () => {
  it("is served to the workers who may do the task or did it, and admins; to nobody else", async () => {
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
    const client = await signUp("client");
    const target = `shot_${process.pid}`;
    const screenshot = `data:image/png;base64,${Buffer.from(tinyPng()).toString("base64")}`;
    const order = (await call("/api/orders", { token: client.token, body: { packageId: "custom-instagram", quantity: 50, targetUsername: target, accountScreenshot: screenshot } })).body;
    const paid = await call("/api/payment/charge/card", { token: client.token, body: { email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card } });
    expect(paid.body.data.status).toBe("success");
    const uploadPath = (await call(`/api/admin/orders/${order.id}`, { token: adminToken })).body.screenshot.url as string;
    expect(uploadPath).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const image = async (token: string) => (await fetch(`${server.url}${uploadPath}`, { headers: { authorization: `Bearer ${token}` } })).status;

    const offered = await readyWorker(adminToken);
    const unlinked = await signUp("worker");
    expect((await call(`/api/admin/workers/${unlinked.id}/approve`, { token: adminToken, body: {} })).status).toBe(200);
    const stranger = await signUp("client");
    expect(await image(offered.token)).toBe(200);
    expect(await image(unlinked.token)).toBe(404); // no Instagram handle: not offered the task
    expect(await image(stranger.token)).toBe(404);
    expect(await image(adminToken)).toBe(200);
    expect(await image(client.token)).toBe(200);
    await deliver(offered, target);
    expect(await image(offered.token)).toBe(200); // did it
  });
});

describe("an order's deliveries, flagged, answered and decided", () => {
  it("lists who delivered, takes the client's flags all or none, the workers' screenshots and the admin's decisions, re-delivers the dropped one, and refuses everyone else", async () => {
    const adminToken = (await call("/api/auth/login", { body: admin })).body.token as string;
    const client = await signUp("client");
    const target = `shop_${process.pid}`;
    const order = await paidOrder(client, target);
    const workers = [];
    for (let index = 0; index < 5; index++) workers.push(await readyWorker(adminToken));
    const deliveryIds: number[] = [];
    for (const worker of workers) deliveryIds.push(await deliver(worker, target));

    // Who delivered, oldest first, each with the profile the client can check.
    const listed = await call(`/api/orders/${order.id}/deliveries`, { token: client.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ page: 1, pages: 1, total: 5 });
    expect(listed.body.deliveries).toEqual(
      workers.map((worker, index) => ({
        id: deliveryIds[index],
        handle: worker.handle,
        profileUrl: `https://www.instagram.com/${worker.handle}`,
        platform: "instagram",
        deliveredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        state: "counted",
        // Followers: no comment was posted.
        comment: null,
      })),
    );
    expect(await call(`/api/orders/${order.id}/deliveries`, { token: adminToken })).toEqual(listed);
    expect(await call(`/api/orders/${order.id}/deliveries?page=2`, { token: client.token })).toMatchObject({ status: 200, body: { deliveries: [], page: 2, pages: 1, total: 5 } });
    expect((await call(`/api/orders/${order.id}/deliveries?page=0`, { token: client.token })).status).toBe(400);
    expect((await call(`/api/orders/${order.id}/deliveries?page=two`, { token: client.token })).status).toBe(400);

    // Anyone else: 404 alike for another's order and one that does not exist; 401 signed out.
    const stranger = await signUp("client");
    expect((await call(`/api/orders/${order.id}/deliveries`, { token: stranger.token })).status).toBe(404);
    expect((await call(`/api/orders/${order.id}/deliveries`, { token: workers[0].token })).status).toBe(404);
    expect((await call(`/api/orders/99999999/deliveries`, { token: client.token })).status).toBe(404);
    expect((await call(`/api/orders/${order.id}/deliveries`)).status).toBe(401);

    // The client flags two with a note: 201, and they read flagged.
    const flags = `/api/orders/${order.id}/flags`;
    expect(await call(flags, { token: client.token, body: { deliveryIds: [deliveryIds[1], deliveryIds[3]], note: "I cannot find these two in my followers." } })).toEqual({ status: 201, body: { flagged: 2 } });
    const after = (await call(`/api/orders/${order.id}/deliveries`, { token: client.token })).body.deliveries.map((delivery: { state: string }) => delivery.state);
    expect(after).toEqual(["counted", "flagged", "counted", "flagged", "counted"]);

    // Already flagged: 409, and the other delivery of the same request is not flagged either.
    const again = await call(flags, { token: client.token, body: { deliveryIds: [deliveryIds[0], deliveryIds[1]] } });
    expect(again).toEqual({ status: 409, body: { message: `Delivery ${deliveryIds[1]} is already flagged, being checked or decided.` } });
    // A delivery of another order (the client's own): 404, nothing flagged.
    const otherTarget = `other_${process.pid}`;
    const otherOrder = await paidOrder(client, otherTarget);
    const otherDelivery = await deliver(workers[0], otherTarget);
    expect(await call(flags, { token: client.token, body: { deliveryIds: [deliveryIds[0], otherDelivery] } })).toEqual({ status: 404, body: { message: `Delivery ${otherDelivery} is not a delivery of this order.` } });
    expect((await call(`/api/orders/${otherOrder.id}/deliveries`, { token: client.token })).body.deliveries[0].state).toBe("counted");
    expect((await call(`/api/orders/${order.id}/deliveries`, { token: client.token })).body.deliveries[0].state).toBe("counted");

    // Bad bodies: 400 with the reason; other roles and other clients refused.
    expect(await call(flags, { token: client.token, body: { deliveryIds: [] } })).toEqual({ status: 400, body: { message: "Invalid deliveryIds: Choose at least one delivery to flag." } });
    expect((await call(flags, { token: client.token, body: { deliveryIds: "all" } })).status).toBe(400);
    expect((await call(flags, { token: client.token, body: { deliveryIds: [deliveryIds[0]], note: "x".repeat(501) } })).status).toBe(400);
    expect((await call(flags, { token: client.token, rawBody: "{not json" })).status).toBe(400);
    expect((await call(flags, { token: stranger.token, body: { deliveryIds: [deliveryIds[0]] } })).status).toBe(404);
    expect((await call(flags, { token: workers[0].token, body: { deliveryIds: [deliveryIds[0]] } })).status).toBe(403);
    expect((await call(flags, { token: adminToken, body: { deliveryIds: [deliveryIds[0]] } })).status).toBe(403);
    expect((await call(flags, { body: { deliveryIds: [deliveryIds[0]] } })).status).toBe(401);
    expect((await call(flags, { token: client.token })).status).toBe(405);
    expect((await call(`/api/orders/${order.id}/deliveries`, { token: client.token })).body.deliveries.map((delivery: { state: string }) => delivery.state)).toEqual(after);

    // The two workers see their flag, with the deadline; the others see none.
    const flagged = [workers[1], workers[3]];
    const [first] = (await call("/api/worker/flags", { token: flagged[0].token })).body;
    expect(first).toEqual({
      deliveryId: deliveryIds[1],
      targetUrl: `https://www.instagram.com/${target}`,
      handle: flagged[0].handle,
      flaggedAt: expect.any(String),
      evidenceDueAt: expect.any(String),
      state: "flagged",
    });
    expect(Date.parse(first.evidenceDueAt) - Date.parse(first.flaggedAt)).toBe(48 * 3_600_000);
    expect((await call("/api/worker/flags", { token: workers[0].token })).body).toEqual([]);
    expect((await call("/api/worker/flags", { token: client.token })).status).toBe(403);

    // Each answers with a screenshot; another worker's delivery is 404, a second answer 409, a non-image 400.
    const screenshot = `data:image/png;base64,${Buffer.from(tinyPng()).toString("base64")}`;
    const evidence = (id: number) => `/api/worker/flags/${id}/evidence`;
    expect((await call(evidence(deliveryIds[1]), { token: workers[0].token, body: { screenshot } })).status).toBe(404);
    expect((await call(evidence(deliveryIds[1]), { token: flagged[0].token, body: { screenshot: "data:image/png;base64,aGVsbG8=" } })).status).toBe(400);
    expect((await call(evidence(deliveryIds[0]), { token: workers[0].token, body: { screenshot } })).status).toBe(409);
    for (const [index, worker] of flagged.entries()) {
      const sent = await call(evidence(deliveryIds[index === 0 ? 1 : 3]), { token: worker.token, body: { screenshot } });
      expect(sent).toMatchObject({ status: 201, body: { deliveryId: deliveryIds[index === 0 ? 1 : 3], state: "under_review" } });
    }
    expect((await call(evidence(deliveryIds[1]), { token: flagged[0].token, body: { screenshot } })).status).toBe(409);

    // The admin's queue shows both, with the client's note and the screenshot the admin can open.
    const queue = (await call("/api/admin/flags?state=under_review", { token: adminToken })).body as { deliveryId: number; clientNote: string; screenshotUrl: string }[];
    const mine = queue.filter((item) => item.deliveryId === deliveryIds[1] || item.deliveryId === deliveryIds[3]);
    expect(mine.map((item) => item.clientNote)).toEqual(["I cannot find these two in my followers.", "I cannot find these two in my followers."]);
    const image = await fetch(`${server.url}${mine[0].screenshotUrl}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect((await fetch(`${server.url}${mine[0].screenshotUrl}`, { headers: { authorization: `Bearer ${client.token}` } })).status).toBe(404);
    expect((await call("/api/admin/flags?state=everything", { token: adminToken })).status).toBe(400);

    // Only an admin decides, with a reason; the decision is once.
    const decide = (id: number) => `/api/admin/flags/${id}`;
    for (const token of [client.token, flagged[0].token]) expect((await call(decide(deliveryIds[1]), { token, body: { decision: "reject", reason: "It is there" } })).status).toBe(403);
    expect((await call(decide(deliveryIds[1]), { token: adminToken, body: { decision: "reject", reason: "" } })).status).toBe(400);
    expect((await call(decide(deliveryIds[0]), { token: adminToken, body: { decision: "reject", reason: "Never flagged" } })).status).toBe(409);
    expect(await call(decide(deliveryIds[1]), { token: adminToken, body: { decision: "reject", reason: "The screenshot shows the follow." } })).toEqual({ status: 200, body: { deliveryId: deliveryIds[1], state: "stood" } });
    expect(await call(decide(deliveryIds[3]), { token: adminToken, body: { decision: "uphold", reason: "The screenshot shows another account." } })).toEqual({ status: 200, body: { deliveryId: deliveryIds[3], state: "dropped" } });
    expect((await call(decide(deliveryIds[3]), { token: adminToken, body: { decision: "reject", reason: "Changed my mind" } })).status).toBe(409);
    expect((await call("/api/worker/flags", { token: flagged[1].token })).body[0].state).toBe("dropped");

    // The dropped unit is offered to a worker who never did the target; their delivery replaces it, and the order's count stays whole.
    const progressBefore = (await call(`/api/orders/${order.id}`, { token: client.token })).body.progress;
    const newcomer = await readyWorker(adminToken);
    await deliver(newcomer, target);
    const final = (await call(`/api/orders/${order.id}/deliveries`, { token: client.token })).body;
    expect(final.deliveries.map((delivery: { state: string }) => delivery.state)).toEqual(["counted", "stood", "counted", "replaced", "counted", "counted"]);
    expect(final.deliveries[5].handle).toBe(newcomer.handle);
    expect((await call(`/api/orders/${order.id}`, { token: client.token })).body.progress).toBe(progressBefore);
  });
});
