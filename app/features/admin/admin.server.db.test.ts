import "~/test/service-test-environment";
import { beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { paystackSandbox, refusal, serviceDatabase } from "~/test/service-test";
import { sleep } from "../../../sandbox/paystack/testing";

/*
 * The admin console's services on PGlite or PostgreSQL, with payments against the Paystack sandbox
 * over real HTTP: every action changes what it says, refuses a record that moved on (409), refuses
 * other roles (403), and leaves an audit entry with the state before and after.
 */
process.env.COMPLETION_HOLD_HOURS = "72";

const { listUsers, getUserDetail, suspendUser, unsuspendUser } = await import("./users.server");
const { listAdminOrders, getAdminOrder, cancelOrderWithRefund } = await import("./orders.server");
const { listPaymentAttempts, reverifyPaymentAttempt } = await import("./payment-attempts.server");
const { listCompletions } = await import("./completions.server");
const { listTickets, markTicketAnswered, closeTicket } = await import("./tickets.server");
const { listAuditEntries } = await import("./audit-log.server");
const { decideWorker } = await import("./workers.server");
const schemas = await import("./admin-schemas");
const { approveCompletion, rejectCompletion, releaseHeldEarnings } = await import("~/features/fulfilment/review.server");
const { completeTask } = await import("~/features/fulfilment/task-completion.server");
const { linkWorkerHandle } = await import("~/features/fulfilment/worker-handles.server");
const { workerHandleSchema } = await import("~/features/fulfilment/handle-schema");
const { workerStats } = await import("~/features/fulfilment/earnings.server");
const { registerAccount, findUserByToken, signIn } = await import("~/features/auth/accounts.server");
const { registerSchema } = await import("~/features/auth/auth-schema");
const { createOrder } = await import("~/features/orders/order-placement.server");
const { createOrderSchema } = await import("~/features/orders/order-schema");
const { chargeCard, chargeMobileMoney } = await import("~/features/payments/payments.server");
const { cardChargeSchema, mobileMoneyChargeSchema } = await import("~/features/payments/payment-schema");
const { reconcilePayments } = await import("~/features/payments/reconciler.server");
const { createSupportTicket } = await import("~/features/support/support.server");
const { storeImage } = await import("~/features/uploads/uploads.server");
const { tinyPng } = await import("~/features/uploads/test-images");

const { prisma } = serviceDatabase();
paystackSandbox({ momoApproveMs: 200, momoAbandonMs: 5_000, refundProcessMs: 50 });
let admin: PublicUser;
beforeAll(async () => {
  admin = await newUser("admin");
});

let sequence = 0;
const tag = () => `${process.pid}x${++sequence}`;

async function newUser(role: "client" | "worker" | "admin", { status = "active", platforms = [], name }: { status?: "active" | "pending_review"; platforms?: string[]; name?: string } = {}): Promise<PublicUser> {
  const username = name ?? `adm_${role}_${tag()}`;
  const user = await prisma().user.create({
    data: { email: `${username}@example.com`, username, usernameLower: username.toLowerCase(), fullName: "Esi Admin-Test", role, status, platforms, passwordHash: "x" },
  });
  return { id: user.id, email: user.email, username, fullName: user.fullName, role, status, platforms } as PublicUser;
}

/** An account registered the real way, with the token its sessions carry. */
async function registered(role: "client" | "worker") {
  const id = tag();
  return registerAccount(
    registerSchema.parse({ email: `reg${id}@example.com`, username: `reg_${id}`, fullName: "Kwame Registered", password: "secret-pass", role, ...(role === "worker" ? { platforms: ["instagram"] } : {}) }),
    `10.9.${sequence % 250}.${sequence % 200}`,
  );
}


async function waitUntil(check: () => Promise<boolean>, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(50);
  }
}

async function newOrder(client: PublicUser, target = `t${tag()}`, screenshot: string | null = null) {
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: target, accountScreenshot: null }));
  if (screenshot) await prisma().order.update({ where: { id: order.id }, data: { screenshotUploadId: screenshot } });
  return order;
}

const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) };

/** A client's order, paid with the sandbox's success card (through the real payment service). */
async function paidOrder(target?: string) {
  const client = await newUser("client");
  const order = await newOrder(client, target);
  const answer = await chargeCard(client, cardChargeSchema.parse({ email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card }), "127.0.0.1");
  expect(answer.data.status).toBe("success");
  return { client, order, reference: answer.data.reference };
}

async function approvedWorker() {
  const worker = await newUser("worker", { platforms: ["instagram"] });
  await linkWorkerHandle(worker, workerHandleSchema.parse({ platform: "instagram", handle: `h${tag()}` }));
  return worker;
}

/** A paid order with one completion under review. */
async function heldCompletion() {
  const paid = await paidOrder();
  const task = await prisma().task.findFirstOrThrow({ where: { orderId: paid.order.id } });
  const worker = await approvedWorker();
  const done = await completeTask(worker, task.id, {});
  return { ...paid, task, worker, completionId: done.completionId };
}

async function latestAudit(action: string, targetId: string) {
  return prisma().adminAuditLog.findFirst({ where: { action, targetId }, orderBy: { id: "desc" } });
}

const ledgerSum = async (userId: number, bucket: "held" | "available") =>
  (await prisma().ledgerEntry.aggregate({ where: { userId, bucket }, _sum: { amountMinor: true } }))._sum.amountMinor ?? 0;

describe("every admin service refuses other roles", () => {
  it("answers 403 to clients and workers before touching anything", async () => {
    const client = await newUser("client");
    const worker = await newUser("worker");
    for (const user of [client, worker]) {
      const calls: Promise<unknown>[] = [
        listUsers(user, schemas.userListQuerySchema.parse({})),
        getUserDetail(user, admin.id),
        suspendUser(user, client.id, { reason: "no" }),
        unsuspendUser(user, client.id),
        listAdminOrders(user, schemas.orderListQuerySchema.parse({})),
        getAdminOrder(user, 1),
        cancelOrderWithRefund(user, 1, { reason: "no" }),
        listPaymentAttempts(user, schemas.paymentListQuerySchema.parse({})),
        reverifyPaymentAttempt(user, "x"),
        listCompletions(user, schemas.completionListQuerySchema.parse({})),
        approveCompletion(user, 1),
        listTickets(user, schemas.ticketListQuerySchema.parse({})),
        markTicketAnswered(user, 1, {}),
        closeTicket(user, 1),
        listAuditEntries(user, schemas.auditListQuerySchema.parse({})),
      ];
      for (const call of calls) expect((await refusal(call)).status).toBe(403);
    }
    expect(await prisma().adminAuditLog.count({ where: { adminId: { in: [client.id, worker.id] } } })).toBe(0);
  });
});

describe("users", () => {
  it("searches by e-mail or username, filters by role and status, and pages by 25", async () => {
    const marker = `pg${tag()}`;
    for (let index = 0; index < 27; index += 1) await newUser("client", { name: `${marker}_${index}` });
    await newUser("worker", { status: "pending_review", name: `${marker}_w` });
    const first = await listUsers(admin, schemas.userListQuerySchema.parse({ q: marker, role: "client" }));
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 27, pageCount: 2 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0].username).toBe(`${marker}_26`); // newest first
    const second = await listUsers(admin, schemas.userListQuerySchema.parse({ q: marker, role: "client", page: "2" }));
    expect(second.items.map((user) => user.username)).toEqual([`${marker}_1`, `${marker}_0`]);
    const byEmail = await listUsers(admin, schemas.userListQuerySchema.parse({ q: `${marker}_w@example.com` }));
    expect(byEmail.items).toEqual([expect.objectContaining({ username: `${marker}_w`, role: "worker", status: "pending_review" })]);
    expect((await listUsers(admin, schemas.userListQuerySchema.parse({ q: marker, status: "pending_review" }))).total).toBe(1);
    // A listing carries no password hash or token version.
    expect(Object.keys(first.items[0]).sort()).toEqual(["createdAt", "email", "fullName", "id", "lastLoginAt", "platforms", "role", "status", "username"]);
    expect(() => schemas.userListQuerySchema.parse({ role: "owner" })).toThrow();
  });

  it("suspends an account, which ends its sessions at once, and lifts it back to the status it had", async () => {
    const { token, user } = await registered("client");
    expect(await findUserByToken(token)).not.toBeNull();

    const suspended = await suspendUser(admin, user.id, schemas.suspensionSchema.parse({ reason: "Chargeback fraud" }));
    expect(suspended.status).toBe("suspended");
    expect(await findUserByToken(token)).toBeNull();
    expect((await refusal(signIn({ email: user.email, password: "secret-pass" }, "10.1.1.1"))).status).toBe(403);
    expect(await latestAudit("user.suspend", String(user.id))).toMatchObject({ adminId: admin.id, targetType: "user", details: { before: "active", after: "suspended", reason: "Chargeback fraud" } });

    const again = await refusal(suspendUser(admin, user.id, { reason: "twice" }));
    expect(again).toMatchObject({ status: 409, message: "This account is already suspended." });

    expect((await unsuspendUser(admin, user.id)).status).toBe("active");
    // The old token stays dead: suspension moved the token version on.
    expect(await findUserByToken(token)).toBeNull();
    expect(await latestAudit("user.unsuspend", String(user.id))).toMatchObject({ details: { before: "suspended", after: "active" } });
    expect((await refusal(unsuspendUser(admin, user.id))).status).toBe(409);
    expect((await signIn({ email: user.email, password: "secret-pass" }, "10.1.1.2")).user.status).toBe("active");
  });

  it("returns a worker waiting for review to the queue when the suspension is lifted", async () => {
    const { user } = await registered("worker");
    await suspendUser(admin, user.id, { reason: "Checking identity" });
    expect((await unsuspendUser(admin, user.id)).status).toBe("pending_review");
  });

  it("refuses to suspend the admin's own account, and a missing account is 404", async () => {
    expect(await refusal(suspendUser(admin, admin.id, { reason: "oops" }))).toMatchObject({ status: 422 });
    expect((await refusal(suspendUser(admin, 999_999, { reason: "gone" }))).status).toBe(404);
    expect((await refusal(getUserDetail(admin, 0))).status).toBe(404);
    expect(() => schemas.suspensionSchema.parse({ reason: " " })).toThrow(/reason/);
  });

  it("shows one account with its handles, balances, latest orders and admin history", async () => {
    const { worker, completionId } = await heldCompletion();
    await approveCompletion(admin, completionId);
    await suspendUser(admin, worker.id, { reason: "Fake handle" });
    const detail = await getUserDetail(admin, worker.id);
    expect(detail).toMatchObject({ id: worker.id, role: "worker", status: "suspended", activity: { completions: 1, heldEarnings: 0, availableBalance: 0.45 } });
    expect(detail.handles).toEqual([{ platform: "instagram", handle: expect.stringMatching(/^h/) }]);
    expect(detail.history[0]).toMatchObject({ action: "user.suspend", admin: { id: admin.id, username: admin.username }, details: { before: "active", after: "suspended" } });
  });

  it("approves and rejects worker applications with the existing service, 409 once decided", async () => {
    const pending = await newUser("worker", { status: "pending_review" });
    expect((await decideWorker(admin, pending.id, "reject")).status).toBe("rejected");
    expect((await refusal(decideWorker(admin, pending.id, "reject"))).status).toBe(409);
    expect((await decideWorker(admin, pending.id, "approve")).status).toBe("active");
    expect(await latestAudit("worker.approve", String(pending.id))).toMatchObject({ details: { before: "rejected", after: "active" } });
  });
});

describe("orders", () => {
  it("finds an order by id, SMB reference, target or client, filtered by status and payment", async () => {
    const { order, client } = await paidOrder(`find${tag()}`);
    const unpaid = await newOrder(client);
    const byReference = await listAdminOrders(admin, schemas.orderListQuerySchema.parse({ q: `SMB-${order.id}-2026` }));
    expect(byReference.items.map((item) => item.id)).toEqual([order.id]);
    expect(byReference.items[0]).toMatchObject({ client: { id: client.id, email: client.email }, status: "processing", paymentStatus: "paid", total: 152.55, progress: 0, refundRequested: false });
    const byClient = await listAdminOrders(admin, schemas.orderListQuerySchema.parse({ q: client.email }));
    expect(byClient.items.map((item) => item.id)).toEqual([unpaid.id, order.id]);
    const unpaidOnly = await listAdminOrders(admin, schemas.orderListQuerySchema.parse({ q: client.email, paymentStatus: "unpaid" }));
    expect(unpaidOnly.items.map((item) => item.id)).toEqual([unpaid.id]);
    const byTarget = await listAdminOrders(admin, schemas.orderListQuerySchema.parse({ q: order.username.slice(1), status: "processing" }));
    expect(byTarget.items.map((item) => item.id)).toEqual([order.id]);
  });

  it("shows the screenshot link, the payment attempts without card data, and the deliveries", async () => {
    const { order, reference, completionId, worker, client } = await heldCompletion();
    const upload = await storeImage({ ownerId: client.id, purpose: "account_screenshot", bytes: tinyPng() });
    await prisma().order.update({ where: { id: order.id }, data: { screenshotUploadId: upload.id } });
    const detail = await getAdminOrder(admin, order.id);
    expect(detail.screenshot).toEqual({ id: upload.id, url: `/api/uploads/${upload.id}` });
    expect(detail.payments).toEqual([expect.objectContaining({ reference, channel: "card", status: "success", amount: 152.55, gatewayResponse: "Approved", refundState: null, canReverify: false })]);
    expect(JSON.stringify(detail)).not.toContain("4084084084084081");
    expect(detail.deliveries).toEqual([
      expect.objectContaining({ requiredCompletions: 100, completionCount: 1, status: "available", reward: 0.45, totalCompletions: 1, completions: [expect.objectContaining({ id: completionId, worker: { id: worker.id, username: worker.username }, review: "held" })] }),
    ]);
    expect(detail.canCancelWithRefund).toBe(true);
    expect((await refusal(getAdminOrder(admin, 999_999))).status).toBe(404);
  });

  it("cancels a paid order with a refund (even once delivery began), closes its task, and the reconciler refunds it", async () => {
    const { order, reference, task, worker } = await heldCompletion();
    const cancelled = await cancelOrderWithRefund(admin, order.id, schemas.orderCancellationSchema.parse({ reason: "Client asked by phone" }));
    expect(cancelled).toMatchObject({ id: order.id, status: "cancelled", paymentStatus: "paid", refundRequested: true });
    expect(await prisma().task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ status: "cancelled" });
    expect(await latestAudit("order.cancel_refund", String(order.id))).toMatchObject({
      adminId: admin.id,
      details: { before: { status: "processing", paymentStatus: "paid" }, after: { status: "cancelled", paymentStatus: "paid", refundRequested: true }, reason: "Client asked by phone" },
    });
    // The worker keeps the reward of work already done.
    expect(await ledgerSum(worker.id, "held")).toBe(45);

    // Stale: another admin (or the client) got there first.
    expect(await refusal(cancelOrderWithRefund(admin, order.id, { reason: "again" }))).toMatchObject({ status: 409, message: "This order is already cancelled." });

    // The payments job: asks Paystack for the refund now, then checks on it later.
    await reconcilePayments();
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference } })).toMatchObject({ refundState: expect.stringMatching(/^(pending|processed)$/) });
    await waitUntil(async () => {
      await reconcilePayments(new Date(Date.now() + 60_000));
      return (await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus === "refunded";
    });
    expect(await prisma().paymentAttempt.findUniqueOrThrow({ where: { reference } })).toMatchObject({ refundState: "processed" });
    expect(await refusal(cancelOrderWithRefund(admin, order.id, { reason: "again" }))).toMatchObject({ status: 409 });
  });

  it("refuses unpaid and completed orders with 409 and changes nothing", async () => {
    const client = await newUser("client");
    const unpaid = await newOrder(client);
    expect(await refusal(cancelOrderWithRefund(admin, unpaid.id, { reason: "test" }))).toMatchObject({ status: 409, message: "This order is not paid, so there is nothing to refund." });
    const { order } = await paidOrder();
    await prisma().order.update({ where: { id: order.id }, data: { status: "completed", completedAt: new Date() } });
    expect(await refusal(cancelOrderWithRefund(admin, order.id, { reason: "test" }))).toMatchObject({ status: 409, message: expect.stringContaining("completed") });
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "completed", refundRequestedAt: null });
    expect(await prisma().adminAuditLog.count({ where: { action: "order.cancel_refund", targetId: { in: [String(unpaid.id), String(order.id)] } } })).toBe(0);
    expect((await refusal(cancelOrderWithRefund(admin, 999_999, { reason: "test" }))).status).toBe(404);
  });
});

describe("payments", () => {
  it("lists attempts by order, status and refund state, with mobile-money numbers masked", async () => {
    const client = await newUser("client");
    const order = await newOrder(client);
    const prompt = await chargeMobileMoney(client, mobileMoneyChargeSchema.parse({ email: client.email, amount: 15255, orderId: order.id, currency: "GHS", mobile_money: { phone: "0551234989", provider: "mtn" } }), "127.0.0.1");
    const listed = await listPaymentAttempts(admin, schemas.paymentListQuerySchema.parse({ q: String(order.id), status: "open" }));
    expect(listed.items).toEqual([expect.objectContaining({ reference: prompt.data.reference, status: "pay_offline", channel: "mobile_money", provider: "mtn", phone: "055•••989", canReverify: true })]);
    expect(JSON.stringify(listed)).not.toContain("0551234989");
    expect((await listPaymentAttempts(admin, schemas.paymentListQuerySchema.parse({ q: String(order.id), status: "success" }))).total).toBe(0);
    expect((await listPaymentAttempts(admin, schemas.paymentListQuerySchema.parse({ q: prompt.data.reference, refund: "none" }))).total).toBe(1);
    expect(() => schemas.paymentListQuerySchema.parse({ refund: "maybe" })).toThrow();
  });

  it("re-verifies an open payment with Paystack at once, credits it once, and refuses a credited one (409)", async () => {
    const client = await newUser("client");
    const order = await newOrder(client);
    const prompt = await chargeMobileMoney(client, mobileMoneyChargeSchema.parse({ email: client.email, amount: 15255, orderId: order.id, currency: "GHS", mobile_money: { phone: "0551234987", provider: "mtn" } }), "127.0.0.1");
    expect(prompt.data.status).toBe("pay_offline");
    await sleep(300); // the sandbox's wallet approves after 200 ms
    const result = await reverifyPaymentAttempt(admin, prompt.data.reference);
    expect(result).toMatchObject({ outcome: "credited", attempt: { status: "success", canReverify: false } });
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ paymentStatus: "paid", status: "processing" });
    expect(await latestAudit("payment.reverify", prompt.data.reference)).toMatchObject({ targetType: "payment_attempt", details: { before: "pay_offline", after: "success", outcome: "credited", orderId: order.id } });
    expect(await refusal(reverifyPaymentAttempt(admin, prompt.data.reference))).toMatchObject({ status: 409 });
    expect((await refusal(reverifyPaymentAttempt(admin, "no-such-reference"))).status).toBe(404);
  });
});

describe("completions under review", () => {
  it("lists the held queue with worker, handle, target and order; searches by handle", async () => {
    const { completionId, worker, order } = await heldCompletion();
    const handle = (await prisma().taskCompletion.findUniqueOrThrow({ where: { id: completionId } })).handle;
    const found = await listCompletions(admin, schemas.completionListQuerySchema.parse({ q: `@${handle}` }));
    expect(found.items).toEqual([
      expect.objectContaining({ id: completionId, worker: { id: worker.id, username: worker.username, email: worker.email }, handle, orderId: order.id, targetUrl: order.targetUrl, reward: 0.45, review: "held" }),
    ]);
    expect((await listCompletions(admin, schemas.completionListQuerySchema.parse({ q: `#c${completionId}`, review: "approved" }))).total).toBe(0);
  });

  it("approves a completion now: the reward moves from held to available exactly as the hold job moves it", async () => {
    const { completionId, worker } = await heldCompletion();
    await approveCompletion(admin, completionId);
    expect(await prisma().taskCompletion.findUniqueOrThrow({ where: { id: completionId } })).toMatchObject({ review: "approved" });
    expect(await prisma().ledgerEntry.findMany({ where: { taskCompletionId: completionId }, orderBy: { id: "asc" }, select: { kind: true, bucket: true, amountMinor: true, idempotencyKey: true } })).toEqual([
      { kind: "earning", bucket: "held", amountMinor: 45, idempotencyKey: expect.any(String) },
      { kind: "earning_release", bucket: "held", amountMinor: -45, idempotencyKey: `release:${completionId}:held` },
      { kind: "earning_release", bucket: "available", amountMinor: 45, idempotencyKey: `release:${completionId}:available` },
    ]);
    expect(await workerStats(worker)).toMatchObject({ heldEarnings: 0, availableBalance: 0.45, totalEarnings: 0.45 });
    expect(await latestAudit("completion.approve", String(completionId))).toMatchObject({ targetType: "task_completion", details: { before: "held", after: "approved" } });

    // Stale: approved already; the job and a rejection find nothing to do.
    expect(await refusal(approveCompletion(admin, completionId))).toMatchObject({ status: 409 });
    expect(await refusal(rejectCompletion(admin, completionId, "too late"))).toMatchObject({ status: 409 });
    await releaseHeldEarnings(new Date(Date.now() + 100 * 3600_000));
    expect(await ledgerSum(worker.id, "available")).toBe(45);
    expect(await ledgerSum(worker.id, "held")).toBe(0);
    expect((await refusal(approveCompletion(admin, 999_999))).status).toBe(404);
  });

  it("cannot approve a completion an admin rejected meanwhile", async () => {
    const { completionId, worker } = await heldCompletion();
    await rejectCompletion(admin, completionId, "Follow removed");
    expect(await refusal(approveCompletion(admin, completionId))).toMatchObject({ status: 409, message: "Only a completion under review can be approved." });
    expect(await ledgerSum(worker.id, "available")).toBe(0);
    expect(await latestAudit("completion.reject", String(completionId))).toMatchObject({ details: { before: "held", after: "rejected", reason: "Follow removed" } });
  });
});

describe("support tickets", () => {
  async function newTicket(subject = `Refund question ${tag()}`) {
    return createSupportTicket(
      { name: "Ama Mensah", email: `ama${tag()}@example.com`, category: "payment", subject, message: "I was charged twice for my order, please help me." },
      { userId: null, clientAddress: `10.7.${sequence % 250}.${sequence % 200}` },
    );
  }

  it("lists open tickets oldest first and finds one by id or subject", async () => {
    const first = await newTicket();
    const second = await newTicket();
    const open = await listTickets(admin, schemas.ticketListQuerySchema.parse({}));
    const ids = open.items.map((ticket) => ticket.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const byId = await listTickets(admin, schemas.ticketListQuerySchema.parse({ q: `#${second.id}` }));
    expect(byId.items).toEqual([expect.objectContaining({ id: second.id, status: "open", categoryLabel: "Payment issue", name: "Ama Mensah", repliedBy: null })]);
  });

  it("marks a ticket answered, then closes it; each step refuses a ticket that moved on (409)", async () => {
    const ticket = await newTicket();
    const answered = await markTicketAnswered(admin, ticket.id, schemas.ticketAnswerSchema.parse({ reply: "Refunded the second charge." }));
    expect(answered).toMatchObject({ status: "answered", reply: "Refunded the second charge.", repliedBy: { id: admin.id, username: admin.username } });
    expect(await latestAudit("ticket.answer", String(ticket.id))).toMatchObject({ targetType: "support_ticket", details: { before: "open", after: "answered", reply: "Refunded the second charge." } });
    expect(await refusal(markTicketAnswered(admin, ticket.id, {}))).toMatchObject({ status: 409, message: "This ticket is already marked answered." });
    expect((await closeTicket(admin, ticket.id)).status).toBe("closed");
    expect(await latestAudit("ticket.close", String(ticket.id))).toMatchObject({ details: { before: "answered", after: "closed" } });
    expect(await refusal(closeTicket(admin, ticket.id))).toMatchObject({ status: 409, message: "This ticket is already closed." });
    expect(await refusal(markTicketAnswered(admin, ticket.id, {}))).toMatchObject({ status: 409, message: "This ticket is closed." });
    expect((await refusal(closeTicket(admin, 999_999))).status).toBe(404);
  });
});

describe("audit log", () => {
  it("lists entries newest first, filtered by action and admin, with the filters' choices", async () => {
    const otherAdmin = await newUser("admin");
    const user = await newUser("client");
    await suspendUser(otherAdmin, user.id, { reason: "first" });
    await unsuspendUser(admin, user.id);
    const all = await listAuditEntries(admin, schemas.auditListQuerySchema.parse({ targetType: "user", targetId: String(user.id) }));
    expect(all.items.map((entry) => [entry.action, entry.admin?.id])).toEqual([
      ["user.unsuspend", admin.id],
      ["user.suspend", otherAdmin.id],
    ]);
    const byAdmin = await listAuditEntries(admin, schemas.auditListQuerySchema.parse({ adminId: String(otherAdmin.id) }));
    expect(byAdmin.items.map((entry) => entry.action)).toEqual(["user.suspend"]);
    const byAction = await listAuditEntries(admin, schemas.auditListQuerySchema.parse({ action: "user.unsuspend" }));
    expect(byAction.items.every((entry) => entry.action === "user.unsuspend")).toBe(true);
    expect(all.filters.actions).toEqual(expect.arrayContaining(["user.suspend", "user.unsuspend"]));
    expect(all.filters.admins).toEqual(expect.arrayContaining([{ id: otherAdmin.id, username: otherAdmin.username }]));
    expect(() => schemas.auditListQuerySchema.parse({ action: "DROP TABLE" })).toThrow();
  });
});
