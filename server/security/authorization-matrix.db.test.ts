import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinyPng } from "~/features/uploads/test-images";
import type { TestServer } from "../testing/in-process-server";
import {
  type Account,
  Api,
  adminToken,
  approvedWorker,
  confirmPayoutNumber,
  createOrder,
  payByCard,
  signIn,
  signUp,
  startMobileMoney,
  startSecurityServer,
  successCard,
  taskOf,
  totalMinorOf,
  uniqueName,
  waitFor,
} from "./helpers";
import { apiRoutes, matchesPattern, routeOf } from "./route-inventory";

/*
 * The authorization matrix: every /api route of app/routes.ts (with real ids of real records) ×
 * every kind of caller → the status each must get. Rows run in order and, within a row, the callers
 * who must be refused go first, so a refused call that changed anything would show up as a wrong
 * answer to the caller who may act. Plus the IDOR cases spelt out: another client's order, upload,
 * payment reference; another worker's payout.
 */

const roles = ["anonymous", "otherClient", "pendingWorker", "worker", "client", "admin"] as const;
type Role = (typeof roles)[number];
/** An exact status, or a class ("2xx"). */
type Expected = number | "2xx";
type Cells = Record<Role, Expected>;

interface Row {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown | ((role: Role) => unknown);
  cells: Cells;
}

const everyone = (status: Expected): Cells => ({ anonymous: status, otherClient: status, pendingWorker: status, worker: status, client: status, admin: status });
const signedIn = (status: Expected): Cells => ({ ...everyone(status), anonymous: 401 });
/** Clients only: `owner` for the client the record belongs to, `other` for another client. */
const clients = (owner: Expected, other: Expected = owner): Cells => ({ ...signedIn(403), client: owner, otherClient: other });
const approvedWorkers = (status: Expected, pending: Expected = 403): Cells => ({ ...signedIn(403), worker: status, pendingWorker: pending });
const admins = (status: Expected): Cells => ({ ...signedIn(403), admin: status });

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startSecurityServer({ PAYOUT_MINIMUM_CEDIS: "0.01", SANDBOX_MOMO_APPROVE_MS: "200", SANDBOX_MOMO_ABANDON_MS: "200" });
  api = Api.of(server);
});
afterAll(async () => {
  await server?.stop();
});

interface World {
  tokens: Record<Role, string | undefined>;
  client: Account;
  otherClient: Account;
  worker: Account;
  otherWorker: Account;
  adminBearer: string;
  orders: Record<"view" | "cancel" | "card" | "momo" | "otp" | "resend" | "reverify" | "paid1" | "paid2" | "paid3", { id: number; amount: number; currency: string; price: number; fee: number }>;
  uploadId: string;
  references: { otp: string; resend: string; reverify: string };
  tasks: { open: number };
  completions: { toApprove: number; toReject: number };
  payouts: { toApprove: number; toReject: number };
  workerToDecide: number;
  userToSuspend: number;
  ticketId: number;
  loginAccount: Account;
  /** An API key of the client (issue #20). */
  apiKeyId: number;
}

/** Real records for every row: orders in each state, a screenshot, payment references, completions, payouts, a ticket. */
async function buildWorld(): Promise<World> {
  const adminBearer = await adminToken(api);
  const [client, otherClient, pendingWorker, workerToDecide, userToSuspend, loginAccount] = await Promise.all([
    signUp(api, "client"),
    signUp(api, "client"),
    signUp(api, "worker"),
    signUp(api, "worker"),
    signUp(api, "client"),
    signUp(api, "client"),
  ]);
  const worker = await approvedWorker(api, adminBearer);
  const otherWorker = await approvedWorker(api, adminBearer);

  const screenshot = `data:image/png;base64,${Buffer.from(tinyPng()).toString("base64")}`;
  const view = await createOrder(api, client, { accountScreenshot: screenshot });
  const [cancel, card, momo, otp, resend, reverify, paid1, paid2, paid3] = await Promise.all(Array.from({ length: 9 }, () => createOrder(api, client)));
  const detail = await api.get(`/api/admin/orders/${view.id}`, { token: adminBearer });
  const uploadId = detail.json.screenshot.id as string;

  const otpAttempt = await startMobileMoney(api, client, otp, { phone: "0201234567", provider: "vod" });
  const reverifyAttempt = await startMobileMoney(api, client, reverify, { phone: "0201234568", provider: "vod" });
  const resendAttempt = await startMobileMoney(api, client, resend, { phone: "0551234989", provider: "mtn" }); // never approved
  expect([otpAttempt.status, reverifyAttempt.status, resendAttempt.status]).toEqual(["send_otp", "send_otp", "pay_offline"]);

  for (const order of [paid1, paid2, paid3]) await payByCard(api, client, order);
  const [task1, task2] = [await taskOf(api, adminBearer, paid1.id), await taskOf(api, adminBearer, paid2.id)];

  // The worker earns 0.45 (released by the admin at once) and asks for two withdrawals of it.
  const earned = await api.post(`/api/tasks/${task1}/complete`, {}, { token: worker.token });
  expect(earned.status, earned.text).toBe(201);
  expect((await api.post(`/api/admin/completions/${earned.json.completionId}/approve`, {}, { token: adminBearer })).status).toBe(200);
  // Withdrawals go to confirmed numbers only (issue #49).
  await confirmPayoutNumber(api, worker, "0551234987");
  await confirmPayoutNumber(api, otherWorker, "0551234987");
  const payouts = [];
  for (let index = 0; index < 2; index++) {
    const payout = await api.post("/api/payouts", { amount: 0.2, phone: "0551234987", provider: "mtn" }, { token: worker.token });
    expect(payout.status, payout.text).toBe(201);
    payouts.push(payout.json.id as number);
  }
  // Two completions of the other worker wait for review.
  const toApprove = await api.post(`/api/tasks/${task1}/complete`, {}, { token: otherWorker.token });
  const toReject = await api.post(`/api/tasks/${task2}/complete`, {}, { token: otherWorker.token });
  expect([toApprove.status, toReject.status]).toEqual([201, 201]);

  // A support ticket, posted the way the page's form posts it.
  const ticketForm = new URLSearchParams({ name: "Ama Support", email: "ama.support@example.com", category: "order", subject: "Where is my order", message: "My followers have not arrived yet, please check." });
  const posted = await api.call("/support", { method: "POST", rawBody: ticketForm.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(posted.status, posted.text.slice(0, 300)).toBe(200);
  const tickets = await api.get("/api/admin/tickets?status=open", { token: adminBearer });
  const ticketId = tickets.json.items[0].id as number;

  // The never-approved prompt ends (abandoned) so the client may ask for a new one.
  const abandoned = await waitFor(() => api.get(`/api/payment/verify/${resendAttempt.reference}`), (answer) => answer.json?.data?.status === "abandoned");
  expect(abandoned.json.data.status).toBe("abandoned");

  // An API key of the client, for the DELETE /api/keys/:id row.
  const apiKey = await api.post("/api/keys", { name: "Matrix key", password: client.password }, { token: client.token });
  expect(apiKey.status, apiKey.text).toBe(201);

  return {
    tokens: { anonymous: undefined, client: client.token, otherClient: otherClient.token, worker: worker.token, pendingWorker: pendingWorker.token, admin: adminBearer },
    client,
    otherClient,
    worker,
    otherWorker,
    adminBearer,
    orders: { view, cancel, card, momo, otp, resend, reverify, paid1, paid2, paid3 },
    uploadId,
    references: { otp: otpAttempt.reference, resend: resendAttempt.reference, reverify: reverifyAttempt.reference },
    tasks: { open: task2 },
    completions: { toApprove: toApprove.json.completionId, toReject: toReject.json.completionId },
    payouts: { toApprove: payouts[0]!, toReject: payouts[1]! },
    workerToDecide: workerToDecide.id,
    userToSuspend: userToSuspend.id,
    ticketId,
    loginAccount,
    apiKeyId: apiKey.json.id as number,
  };
}

/** The table. Order matters: the last row signs everyone out. */
function buildTable(world: World): Row[] {
  const { client, orders, references } = world;
  const charge = (order: World["orders"]["card"]) => ({ email: client.email, amount: totalMinorOf(order), orderId: order.id, currency: order.currency });
  return [
    { method: "POST", path: "/api/auth/register", body: () => ({ email: `${uniqueName("reg")}@example.com`, username: uniqueName("reg"), fullName: "New Person", password: "secret-pass", role: "client" }), cells: everyone(201) },
    { method: "POST", path: "/api/auth/login", body: { email: world.loginAccount.email, password: world.loginAccount.password }, cells: everyone(200) },
    { method: "GET", path: "/api/auth/me", cells: signedIn(200) },
    // Issue #19: a reset answers every caller alike; a link, not a session, authorizes the rest.
    { method: "POST", path: "/api/auth/password-reset", body: { email: world.loginAccount.email }, cells: everyone(202) },
    { method: "POST", path: "/api/auth/password-reset/confirm", body: { token: "a".repeat(43), password: "secret-pass" }, cells: everyone(400) },
    { method: "POST", path: "/api/auth/verify-email", body: { token: "a".repeat(43) }, cells: everyone(400) },
    // The approved worker confirmed its address (server/security/helpers.ts): nothing left to send.
    { method: "POST", path: "/api/auth/verify-email/resend", body: {}, cells: { ...signedIn(202), worker: 409 } },

    // The screenshot: its owner and admins; everyone else gets the 404 of an unknown id.
    { method: "GET", path: `/api/uploads/${world.uploadId}`, cells: { ...signedIn(404), client: 200, admin: 200 } },
    { method: "GET", path: `/api/uploads/${randomUUID()}`, cells: signedIn(404) },

    { method: "GET", path: "/api/orders", cells: clients(200) },
    { method: "POST", path: "/api/orders", body: () => ({ packageId: "custom-tiktok", quantity: 100, targetUsername: uniqueName("t"), accountScreenshot: null }), cells: clients(201) },
    { method: "GET", path: `/api/orders/${orders.view.id}`, cells: { ...signedIn(404), client: 200, admin: 200 } },
    { method: "POST", path: `/api/orders/${orders.cancel.id}/cancel`, cells: clients(200, 404) },
    // Issue #21: refills of the client's own order (this one is not delivered: 422 with the reason; decision 0041).
    { method: "GET", path: `/api/orders/${orders.view.id}/refills`, cells: clients(200, 404) },
    { method: "POST", path: `/api/orders/${orders.view.id}/refills`, body: { deliveryIds: [999999] }, cells: clients(422, 404) },
    // Issue #48: who delivered an order, to its client and admins; flags by its client only (no such delivery here: 404).
    { method: "GET", path: `/api/orders/${orders.view.id}/deliveries`, cells: { ...signedIn(404), client: 200, admin: 200 } },
    { method: "POST", path: `/api/orders/${orders.view.id}/flags`, body: { deliveryIds: [999999] }, cells: clients(404, 404) },
    { method: "GET", path: "/api/stats/client", cells: clients(200) },
    // Issue #20: API keys, each client's own (another client's key answers 404 like an unknown one).
    { method: "GET", path: "/api/keys", cells: clients(200) },
    // Issue #49: a key needs the account's password (both clients' is secret-pass-123); a session alone is refused with 403.
    { method: "POST", path: "/api/keys", body: { name: "Matrix key", password: world.client.password }, cells: clients(201) },
    { method: "POST", path: "/api/keys", body: { name: "Matrix key", password: "not-the-password" }, cells: clients(403) },
    { method: "DELETE", path: `/api/keys/${world.apiKeyId}`, cells: clients(200, 404) },
    // The reseller API authenticates by its `key` parameter, never by a session: every caller without a key hears "Invalid API key" (HTTP 200, as panels expect).
    { method: "POST", path: "/api/v2", body: { action: "balance" }, cells: everyone(200) },
    // A GET with the query string is answered as the POST (issue #51): here without a key.
    { method: "GET", path: "/api/v2", cells: everyone(200) },
    { method: "GET", path: "/api/wallet", cells: clients(200) },
    { method: "POST", path: "/api/wallet/top-ups", body: { amount: 20 }, cells: clients(201) },

    { method: "POST", path: "/api/payment/charge/card", body: { ...charge(orders.card), card: successCard }, cells: clients(200, 404) },
    { method: "POST", path: "/api/payment/charge/mobile-money", body: { ...charge(orders.momo), mobile_money: { phone: "0551234987", provider: "mtn" } }, cells: clients(200, 404) },
    { method: "POST", path: "/api/payment/submit-otp", body: { reference: references.otp, otp: "123456" }, cells: clients(200, 404) },
    { method: "POST", path: "/api/payment/resend-authorization", body: { reference: references.resend }, cells: clients(200, 404) },
    // Public by design (SPEC §7): it says only the status and the gateway's words.
    { method: "GET", path: `/api/payment/verify/${references.otp}`, cells: everyone(200) },
    // Authenticated by its signature, not by who calls: unsigned is 401 for everyone.
    { method: "POST", path: "/api/paystack/webhook", body: { event: "charge.success", data: { id: 1, reference: references.reverify, amount: totalMinorOf(orders.reverify), currency: "GHS", status: "success" } }, cells: everyone(401) },

    { method: "GET", path: "/api/tasks/available", cells: approvedWorkers(200) },
    { method: "GET", path: "/api/tasks/my-tasks", cells: approvedWorkers(200, 200) },
    { method: "POST", path: `/api/tasks/${world.tasks.open}/complete`, body: {}, cells: approvedWorkers(201) },
    // A comment line is handed out only on a comments task: this world's open task is a follow.
    { method: "POST", path: `/api/tasks/${world.tasks.open}/comment`, body: {}, cells: approvedWorkers(400) },
    { method: "GET", path: "/api/dashboard/worker-stats", cells: approvedWorkers(200, 200) },
    // A worker's own re-checks (none here); answering one that is not theirs or not there is 404 or 403.
    // A worker's own flagged deliveries (none here); a screenshot for one that is not theirs or not there is 404.
    { method: "GET", path: "/api/worker/flags", cells: approvedWorkers(200, 200) },
    { method: "POST", path: "/api/worker/flags/999999/evidence", body: { screenshot: "data:image/png;base64,iVBORw0KGgo=" }, cells: approvedWorkers(404, 404) },
    { method: "GET", path: "/api/worker/handles", cells: approvedWorkers(200, 200) },
    { method: "PUT", path: "/api/worker/handles", body: () => ({ platform: "tiktok", handle: uniqueName("tt") }), cells: approvedWorkers(200, 200) },
    { method: "GET", path: "/api/payouts", cells: approvedWorkers(200, 200) },
    { method: "POST", path: "/api/payouts", body: { amount: 0.01, phone: "0551234987", provider: "mtn" }, cells: approvedWorkers(201) },

    { method: "GET", path: "/api/dashboard/admin-stats?period=30d", cells: admins(200) },
    { method: "GET", path: "/api/admin/workers?status=pending_review", cells: admins(200) },
    { method: "POST", path: `/api/admin/workers/${world.workerToDecide}/approve`, body: {}, cells: admins(200) },
    { method: "GET", path: "/api/admin/completions", cells: admins(200) },
    { method: "GET", path: "/api/admin/flags", cells: admins(200) },
    { method: "POST", path: "/api/admin/flags/999999", body: { decision: "uphold", reason: "Not on the profile" }, cells: admins(404) },
    { method: "POST", path: `/api/admin/completions/${world.completions.toApprove}/approve`, body: {}, cells: admins(200) },
    { method: "POST", path: `/api/admin/completions/${world.completions.toReject}/reject`, body: { reason: "Follow removed" }, cells: admins(200) },
    { method: "GET", path: "/api/admin/users", cells: admins(200) },
    { method: "GET", path: `/api/admin/users/${world.userToSuspend}`, cells: admins(200) },
    { method: "POST", path: `/api/admin/users/${world.userToSuspend}/suspend`, body: { reason: "Card fraud" }, cells: admins(200) },
    // Resuming tasks is for a worker the store paused: a client is no such worker (404).
    { method: "POST", path: `/api/admin/users/${client.id}/resume-tasks`, body: {}, cells: admins(404) },
    { method: "POST", path: `/api/admin/users/${client.id}/wallet-adjustments`, body: { amount: 1, reason: "Goodwill credit" }, cells: admins(201) },
    { method: "GET", path: "/api/admin/orders", cells: admins(200) },
    { method: "GET", path: `/api/admin/orders/${orders.view.id}`, cells: admins(200) },
    { method: "POST", path: `/api/admin/orders/${orders.paid3.id}/cancel`, body: { reason: "Client asked" }, cells: admins(200) },
    { method: "GET", path: "/api/admin/payments", cells: admins(200) },
    { method: "POST", path: `/api/admin/payments/${references.reverify}/reverify`, body: {}, cells: admins(200) },
    { method: "GET", path: "/api/admin/tickets", cells: admins(200) },
    { method: "POST", path: `/api/admin/tickets/${world.ticketId}/answer`, body: { reply: "Sent by e-mail" }, cells: admins(200) },
    { method: "GET", path: "/api/admin/audit", cells: admins(200) },
    // Issue #50: the catalogue, priced by admins; what is on sale, read by anyone.
    { method: "GET", path: "/api/admin/services", cells: admins(200) },
    { method: "POST", path: "/api/admin/services", body: { platform: "tiktok", kind: "likes", target: "post", name: "Matrix Likes", unitPrice: "0.20", workerReward: "0.06", min: 20, max: 1000 }, cells: admins(201) },
    { method: "PATCH", path: "/api/admin/services/x-views", body: { name: "X Post Views" }, cells: admins(200) },
    { method: "GET", path: "/api/services", cells: everyone(200) },
    { method: "GET", path: "/api/admin/payouts", cells: admins(200) },
    { method: "POST", path: `/api/admin/payouts/${world.payouts.toApprove}/approve`, body: {}, cells: admins(200) },
    { method: "POST", path: `/api/admin/payouts/${world.payouts.toReject}/reject`, body: { reason: "Wrong number" }, cells: admins(200) },
    // The transfer actions: refused to everyone but admins, and to admins too for a rejected payout (409).
    { method: "POST", path: `/api/admin/payouts/${world.payouts.toReject}/finalize`, body: { otp: "123456" }, cells: admins(409) },
    { method: "POST", path: `/api/admin/payouts/${world.payouts.toReject}/resend-otp`, body: {}, cells: admins(409) },
    { method: "POST", path: `/api/admin/payouts/${world.payouts.toReject}/retry`, body: {}, cells: admins(409) },
    { method: "POST", path: `/api/admin/payouts/${world.payouts.toReject}/fail`, body: { reason: "Wallet closed" }, cells: admins(409) },

    { method: "GET", path: "/api/no-such-call", cells: everyone(404) },
    { method: "POST", path: "/api/no-such-call", body: {}, cells: everyone(404) },

    // Last: signs every caller out (and revokes their tokens).
    { method: "POST", path: "/api/auth/logout", cells: everyone(200) },
  ];
}

const matches = (expected: Expected, status: number) => (expected === "2xx" ? status >= 200 && status < 300 : status === expected);

describe("authorization matrix", () => {
  let world: World;
  let table: Row[];

  beforeAll(async () => {
    world = await buildWorld();
    table = buildTable(world);
  }, 180_000);

  it("has a row for every /api route of app/routes.ts and every method its module handles", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(35);
    const missing = routes.flatMap((route) =>
      route.methods
        .filter((method) => !table.some((row) => row.method === method && routeOf(row.path, routes)?.pattern === route.pattern))
        .map((method) => `${method} ${route.pattern}`),
    );
    expect(missing, "routes without a row in the authorization matrix").toEqual([]);
    // And no row aims at a path no route names (a typo would test the catch-all instead).
    const stray = table.filter((row) => !row.path.startsWith("/api/no-such") && routeOf(row.path, routes)?.pattern === "/api/*").map((row) => row.path);
    expect(stray).toEqual([]);
    expect(matchesPattern("/api/orders/:id", "/api/orders/12")).toBe(true);
    expect(matchesPattern("/api/orders/:id", "/api/orders/12/cancel")).toBe(false);
  });

  it("keeps each client, worker and payment to its owner (IDOR)", async () => {
    const { client, otherClient, worker, otherWorker, orders, references, tokens } = world;
    // Another client's order and screenshot answer exactly like ids that do not exist.
    const unknownOrder = await api.get("/api/orders/999999", { token: otherClient.token });
    const othersOrder = await api.get(`/api/orders/${orders.view.id}`, { token: otherClient.token });
    expect([othersOrder.status, othersOrder.json]).toEqual([unknownOrder.status, unknownOrder.json]);
    const unknownUpload = await api.get(`/api/uploads/${randomUUID()}`, { token: otherClient.token });
    const othersUpload = await api.get(`/api/uploads/${world.uploadId}`, { token: otherClient.token });
    expect([othersUpload.status, othersUpload.json]).toEqual([404, unknownUpload.json]);
    expect((await api.get(`/api/uploads/${world.uploadId}`, { token: client.token })).headers.get("content-type")).toBe("image/png");

    // Lists hold only the caller's own records.
    const ownIds = Object.values(orders).map((order) => order.id);
    const otherList = await api.get("/api/orders?limit=50", { token: otherClient.token });
    expect(otherList.status).toBe(200);
    expect(otherList.json.filter((item: { id: number }) => ownIds.includes(item.id))).toEqual([]);
    expect((await api.get("/api/stats/client", { token: otherClient.token })).json).toMatchObject({ totalOrders: 0, totalSpent: 0 });

    // Another client's payment reference: the right OTP does nothing, a resend starts nothing.
    expect((await api.post("/api/payment/submit-otp", { reference: references.otp, otp: "123456" }, { token: otherClient.token })).status).toBe(404);
    expect((await api.post("/api/payment/resend-authorization", { reference: references.resend }, { token: otherClient.token })).status).toBe(404);
    expect((await api.post("/api/payment/charge/card", { email: otherClient.email, amount: totalMinorOf(orders.card), orderId: orders.card.id, currency: "GHS", card: successCard }, { token: otherClient.token })).status).toBe(404);
    expect((await api.get(`/api/orders/${orders.otp.id}`, { token: client.token })).json.paymentStatus).toBe("unpaid");
    expect((await api.get(`/api/orders/${orders.card.id}`, { token: client.token })).json.paymentStatus).toBe("unpaid");
    // The only payment attempts of those orders are the client's own (none for the card order).
    const attempts = await api.get(`/api/admin/payments?q=${orders.resend.id}`, { token: tokens.admin });
    expect(attempts.json.items.map((item: { reference: string }) => item.reference)).toEqual([references.resend]);
    expect((await api.get(`/api/admin/payments?q=${orders.card.id}`, { token: tokens.admin })).json.items).toEqual([]);
    expect((await api.get(`/api/orders/${orders.card.id}`, { token: otherClient.token })).status).toBe(404);
    // A cancel of another client's order changes nothing.
    expect((await api.post(`/api/orders/${orders.view.id}/cancel`, {}, { token: otherClient.token })).status).toBe(404);
    expect((await api.get(`/api/orders/${orders.view.id}`, { token: client.token })).json.status).toBe("pending");

    // Another worker's payouts: not listed, not decidable, and their balance is not spendable.
    const workerPayouts = (await api.get("/api/payouts", { token: worker.token })).json as { id: number }[];
    expect(workerPayouts.map((payout) => payout.id)).toEqual(expect.arrayContaining([world.payouts.toApprove, world.payouts.toReject]));
    const otherPayouts = (await api.get("/api/payouts", { token: otherWorker.token })).json as { id: number }[];
    expect(otherPayouts.filter((payout) => workerPayouts.some((own) => own.id === payout.id))).toEqual([]);
    expect((await api.post(`/api/admin/payouts/${world.payouts.toApprove}/approve`, {}, { token: otherWorker.token })).status).toBe(403);
    expect((await api.post(`/api/admin/payouts/${world.payouts.toReject}/reject`, { reason: "Not mine" }, { token: otherWorker.token })).status).toBe(403);
    expect((await api.post("/api/payouts", { amount: 0.05, phone: "0551234987", provider: "mtn" }, { token: otherWorker.token })).status).toBe(422);
    const pending = (await api.get("/api/admin/payouts?status=pending", { token: tokens.admin })).json as { id: number }[];
    expect(pending.map((payout) => payout.id)).toEqual(expect.arrayContaining([world.payouts.toApprove, world.payouts.toReject]));
  });

  it("answers every route × caller with the expected status, and every refusal as { message }", async () => {
    const wrong: string[] = [];
    for (const row of table) {
      for (const role of roles) {
        const body = typeof row.body === "function" ? (row.body as (role: Role) => unknown)(role) : row.body;
        const answer = await api.call(row.path, { method: row.method, body, token: world.tokens[role] });
        const expected = row.cells[role];
        if (!matches(expected, answer.status)) wrong.push(`${row.method} ${row.path} as ${role}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 160)}`);
        if (answer.status >= 400 && typeof answer.json?.message !== "string") wrong.push(`${row.method} ${row.path} as ${role}: ${answer.status} without { message }: ${answer.text.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);

    // The last row signed everyone out: no token of before still opens anything.
    for (const role of roles.filter((role) => role !== "anonymous")) {
      expect((await api.get("/api/auth/me", { token: world.tokens[role] })).status, role).toBe(401);
    }
    // ... and the callers who may act did act, once.
    const bearer = (await signIn(api, { email: world.client.email, password: world.client.password })).token;
    const statusOf = async (id: number) => (await api.get(`/api/orders/${id}`, { token: bearer })).json;
    expect(await statusOf(world.orders.cancel.id)).toMatchObject({ status: "cancelled" });
    expect(await statusOf(world.orders.card.id)).toMatchObject({ paymentStatus: "paid" });
    expect(await statusOf(world.orders.otp.id)).toMatchObject({ paymentStatus: "paid" });
  });
});
