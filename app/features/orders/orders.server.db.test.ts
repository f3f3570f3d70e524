import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import { createOrderSchema } from "./order-schema";

// Before any service reads the environment: quiet logs and a throw-away upload directory.
process.env.SESSION_SECRET ??= "orders-test-secret-orders-test-secret-0123";
process.env.LOG_LEVEL = "silent";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smb-orders-test-"));
process.env.DATA_DIR = dataDir;

const { getOrderFor, listOrdersFor, listOrderHistoryFor, clientStats } = await import("./orders.server");
const { createOrder } = await import("./order-placement.server");
const { cancelOrder, CANCELLATION_WINDOW_MS } = await import("./order-cancellation.server");

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  setDatabase(testDatabase.database);
});
afterAll(async () => {
  setDatabase(undefined);
  await testDatabase?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const prisma = () => testDatabase.database.prisma;

/** A 1x1 transparent PNG. */
const pngDataUrl =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

let sequence = 0;
async function newUser(role: "client" | "worker" | "admin" = "client") {
  sequence += 1;
  const username = `${role}_${process.pid}_${sequence}`;
  const user = await prisma().user.create({
    data: { email: `${username}@example.com`, username, usernameLower: username.toLowerCase(), fullName: "Ama Mensah", role, passwordHash: "x" },
  });
  return { id: user.id, role };
}

const body = (overrides: Record<string, unknown> = {}) =>
  createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "ama.gh", accountScreenshot: null, ...overrides });

async function expectAppError(promise: Promise<unknown>, status: number, message?: string | RegExp) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  if (message) expect((error as AppError).message).toMatch(message);
}

/** Marks an order paid at `paidAt` (what the payments side will do). */
const markPaid = (orderId: number, paidAt: Date) =>
  prisma().order.update({ where: { id: orderId }, data: { paymentStatus: "paid", paidAt, status: "processing" } });

describe("createOrderSchema", () => {
  it("prefixes the username with @ after trimming, and accepts one that already has it", () => {
    expect(body({ targetUsername: "  ama.gh_1 " }).targetUsername).toBe("@ama.gh_1");
    expect(body({ targetUsername: "@ama" }).targetUsername).toBe("@ama");
  });

  it("refuses a missing, empty, malformed or too long username with SPEC's messages", () => {
    const messageOf = (targetUsername: unknown) => createOrderSchema.safeParse({ packageId: "custom-tiktok", quantity: 100, targetUsername }).error?.issues[0]?.message;
    expect(messageOf(undefined)).toBe("Username is required");
    expect(messageOf("   ")).toBe("Username is required");
    expect(messageOf("ama mensah")).toBe("Invalid username format");
    expect(messageOf("@@ama")).toBe("Invalid username format");
    expect(messageOf("@")).toBe("Invalid username format");
    expect(messageOf("a".repeat(31))).toBe("Username too long");
    expect(messageOf(`@${"a".repeat(30)}`)).toBeUndefined();
  });

  it("takes the quantity from package.quantity when quantity is absent, and checks its range", () => {
    expect(createOrderSchema.parse({ packageId: "custom-youtube", package: { quantity: 250 }, targetUsername: "a" }).quantity).toBe(250);
    expect(createOrderSchema.parse({ packageId: "custom-youtube", quantity: 60, package: { quantity: 250 }, targetUsername: "a" }).quantity).toBe(60);
    const messageOf = (quantity: unknown) => createOrderSchema.safeParse({ packageId: "custom-tiktok", quantity, targetUsername: "a" }).error?.issues[0]?.message;
    expect(messageOf(49)).toBe("The minimum you can buy is 50");
    expect(messageOf(100_001)).toBe("Maximum limit is 100,000");
    expect(messageOf(100.5)).toBeDefined();
    expect(messageOf(undefined)).toBe("Quantity is required");
  });

  it("accepts only the catalogue's packages and a well-formed checkout key", () => {
    expect(createOrderSchema.safeParse({ packageId: "custom-twitter", quantity: 100, targetUsername: "a" }).success).toBe(false);
    expect(createOrderSchema.safeParse({ packageId: "instagram", quantity: 100, targetUsername: "a" }).success).toBe(false);
    expect(createOrderSchema.safeParse({ packageId: "custom-tiktok", quantity: 100, targetUsername: "a", checkoutKey: "a b" }).success).toBe(false);
    expect(createOrderSchema.safeParse({ packageId: "custom-tiktok", quantity: 100, targetUsername: "a", checkoutKey: "x".repeat(65) }).success).toBe(false);
    expect(createOrderSchema.parse({ packageId: "custom-tiktok", quantity: 100, targetUsername: "a", checkoutKey: "ck_1-A" }).packageId).toBe("custom-tiktok");
  });

  it("drops price, amount and targetUrl sent by the browser", () => {
    const parsed = body({ price: "0.01", amount: 1, totalAmount: 1, targetUrl: "https://evil.example" });
    expect(parsed).not.toHaveProperty("price");
    expect(parsed).not.toHaveProperty("amount");
    expect(parsed).not.toHaveProperty("targetUrl");
  });
});

describe("createOrder", () => {
  it("prices the order from the catalogue, ignoring a forged price, and derives the target URL", async () => {
    const client = await newUser();
    const { order, created } = await createOrder(client, body({ packageId: "custom-instagram", quantity: 1000, price: "1.00", amount: 1 }));
    expect(created).toBe(true);
    // 1000 x ₵1.50 = ₵1,500.00; fee 1.7 % = ₵25.50; total ₵1,525.50.
    expect(order).toMatchObject({
      package: { name: "1,000 Followers", platform: "instagram" },
      username: "@ama.gh",
      quantity: 1000,
      targetUrl: "https://www.instagram.com/ama.gh",
      price: 1500,
      fee: 25.5,
      amount: 1525.5,
      currency: "GHS",
      status: "pending",
      paymentStatus: "unpaid",
    });
    const stored = await prisma().order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ clientId: client.id, priceMinor: 150_000, feeMinor: 2550, totalMinor: 152_550, packageId: "custom-instagram" });
  });

  it("names youtube packages in subscribers and links tiktok and youtube profiles with @", async () => {
    const client = await newUser();
    const youtube = await createOrder(client, body({ packageId: "custom-youtube", quantity: 50, targetUsername: "@chan" }));
    expect(youtube.order).toMatchObject({ package: { name: "50 Subscribers" }, targetUrl: "https://www.youtube.com/@chan", price: 100, fee: 1.7, amount: 101.7 });
    const tiktok = await createOrder(client, body({ packageId: "custom-tiktok", quantity: 333 }));
    expect(tiktok.order).toMatchObject({ targetUrl: "https://www.tiktok.com/@ama.gh", price: 499.5, fee: 8.49, amount: 507.99 });
  });

  it("refuses workers and admins with 403", async () => {
    await expectAppError(createOrder(await newUser("worker"), body()), 403, "Only clients can purchase packages.");
    await expectAppError(createOrder(await newUser("admin"), body()), 403, "Only clients can purchase packages.");
  });

  it("stores the screenshot as the client's account_screenshot upload", async () => {
    const client = await newUser();
    const { order } = await createOrder(client, body({ accountScreenshot: pngDataUrl }));
    const stored = await prisma().order.findUniqueOrThrow({ where: { id: order.id }, include: { screenshotUpload: true } });
    expect(stored.screenshotUpload).toMatchObject({ ownerId: client.id, purpose: "account_screenshot", contentType: "image/png" });
  });

  it("refuses a text file disguised as a PNG without creating an order", async () => {
    const client = await newUser();
    const disguised = `data:image/png;base64,${Buffer.from("just some text, not an image").toString("base64")}`;
    await expectAppError(createOrder(client, body({ accountScreenshot: disguised })), 400, "Please upload an image file (PNG, JPG, etc.)");
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(0);
  });

  it("creates one order and one upload per checkout key, however often (or concurrently) it is submitted", async () => {
    const client = await newUser();
    const input = body({ checkoutKey: "draft-1", accountScreenshot: pngDataUrl });
    const first = await createOrder(client, input);
    const again = await createOrder(client, input);
    expect(again).toEqual({ order: first.order, created: false });
    // The key with another quantity is not the same checkout (issue #49): refused, nothing written.
    await expectAppError(createOrder(client, { ...input, quantity: 500 }), 422);
    const concurrent = await Promise.all([1, 2, 3].map(() => createOrder(client, body({ checkoutKey: "draft-2" }))));
    expect(new Set(concurrent.map((result) => result.order.id)).size).toBe(1);
    expect(concurrent.filter((result) => result.created)).toHaveLength(1);
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(2);
    expect(await prisma().upload.count({ where: { ownerId: client.id } })).toBe(1);

    // The key is the client's own: another client with the same key gets an order of their own.
    const other = await createOrder(await newUser(), input);
    expect(other.created).toBe(true);
    expect(other.order.id).not.toBe(first.order.id);
  });
});

describe("getOrderFor", () => {
  it("answers the owner and admins, and 404 to other clients, workers and unknown ids", async () => {
    const owner = await newUser();
    const { order } = await createOrder(owner, body());
    expect(await getOrderFor(owner, order.id)).toEqual(order);
    expect(await getOrderFor(await newUser("admin"), order.id)).toEqual(order);
    await expectAppError(getOrderFor(await newUser(), order.id), 404);
    await expectAppError(getOrderFor(await newUser("worker"), order.id), 404);
    await expectAppError(getOrderFor(owner, 2_000_000_000), 404);
    await expectAppError(getOrderFor(owner, 0), 404);
  });
});

describe("listOrdersFor", () => {
  it("lists only the client's orders, newest first, in SPEC's shape, page by page", async () => {
    const client = await newUser();
    await createOrder(await newUser(), body());
    const created = [];
    for (const quantity of [50, 100, 200]) created.push((await createOrder(client, body({ quantity }))).order);
    await prisma().order.update({ where: { id: created[0].id }, data: { deliveredQuantity: 25 } });

    const list = await listOrdersFor(client, { limit: 20 });
    expect(list.map((item) => item.id)).toEqual(created.map((order) => order.id).reverse());
    expect(list[2]).toEqual({
      id: created[0].id,
      package_name: "50 Followers",
      platform: "instagram",
      target_url: "https://www.instagram.com/ama.gh",
      total_amount: 76.28,
      status: "pending",
      progress: 50,
      payment_status: "unpaid",
      expired_at: null,
      created_at: created[0].createdAt,
    });

    // The list reads its rows with SQL, the history page through Prisma: the same items, timestamps included.
    await prisma().order.update({ where: { id: created[1].id }, data: { expiredAt: new Date("2026-11-26T08:00:00.120Z") } });
    const listed = await listOrdersFor(client, { limit: 20 });
    expect(listed[1].expired_at).toBe("2026-11-26T08:00:00.120Z");
    expect(listed).toEqual((await listOrderHistoryFor(client, 1)).orders);

    const firstPage = await listOrdersFor(client, { limit: 2 });
    expect(firstPage.map((item) => item.id)).toEqual([created[2].id, created[1].id]);
    const secondPage = await listOrdersFor(client, { limit: 2, cursor: firstPage[1].id });
    expect(secondPage.map((item) => item.id)).toEqual([created[0].id]);
  });

  it("is for clients only", async () => {
    await expectAppError(listOrdersFor(await newUser("worker"), { limit: 20 }), 403);
  });
});

describe("clientStats", () => {
  it("counts all and active orders and sums only paid totals", async () => {
    const client = await newUser();
    const paid = await createOrder(client, body({ quantity: 100 })); // ₵152.55
    const paidToo = await createOrder(client, body({ quantity: 50, packageId: "custom-youtube" })); // ₵101.70
    const unpaid = await createOrder(client, body({ quantity: 1000 }));
    const refunded = await createOrder(client, body({ quantity: 200 }));
    await markPaid(paid.order.id, new Date());
    await prisma().order.update({ where: { id: paidToo.order.id }, data: { paymentStatus: "paid", paidAt: new Date(), status: "completed" } });
    await prisma().order.update({ where: { id: refunded.order.id }, data: { paymentStatus: "refunded", status: "cancelled" } });
    expect(unpaid.order.status).toBe("pending");

    expect(await clientStats(client)).toEqual({ totalOrders: 4, activeOrders: 2, totalSpent: 254.25 });
    expect(await clientStats(await newUser())).toEqual({ totalOrders: 0, activeOrders: 0, totalSpent: 0 });
  });
});

describe("cancelOrder", () => {
  it("cancels an unpaid order at any time, once", async () => {
    const client = await newUser();
    const { order } = await createOrder(client, body());
    await prisma().order.update({ where: { id: order.id }, data: { createdAt: new Date(Date.now() - 7 * 24 * 3600 * 1000) } });
    const cancelled = await cancelOrder(client, order.id);
    expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "unpaid", refundRequested: false });
    await expectAppError(cancelOrder(client, order.id), 422, "already cancelled");
  });

  it("cancels a paid order within 1 hour of payment and asks for a refund", async () => {
    const client = await newUser();
    const { order } = await createOrder(client, body());
    await markPaid(order.id, new Date(Date.now() - CANCELLATION_WINDOW_MS + 60_000));
    const cancelled = await cancelOrder(client, order.id);
    expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "paid", refundRequested: true });
    const stored = await prisma().order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.refundRequestedAt).toBeInstanceOf(Date);
    expect(stored.cancelledAt).toBeInstanceOf(Date);
  });

  it("refuses a paid order more than 1 hour after payment with 422", async () => {
    const client = await newUser();
    const { order } = await createOrder(client, body());
    await markPaid(order.id, new Date(Date.now() - CANCELLATION_WINDOW_MS - 60_000));
    await expectAppError(cancelOrder(client, order.id), 422, "within 1 hour");
    expect((await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("processing");
  });

  it("refuses a paid order once a worker completed one of its tasks", async () => {
    const client = await newUser();
    const worker = await newUser("worker");
    const { order } = await createOrder(client, body());
    await markPaid(order.id, new Date());
    const task = await prisma().task.create({
      data: { orderId: order.id, platform: "instagram", type: "followers", targetUrl: order.targetUrl, rewardMinor: 30, currency: "GHS", requiredCompletions: 5 },
    });
    await prisma().taskCompletion.create({
      data: { taskId: task.id, workerId: worker.id, rewardMinor: 30, currency: "GHS", targetUrl: task.targetUrl, type: "followers", platform: "instagram", handle: "ama_works", holdUntil: new Date() },
    });
    await expectAppError(cancelOrder(client, order.id), 422, "Delivery of this order has already begun");
    expect((await prisma().order.findUniqueOrThrow({ where: { id: order.id } })).refundRequestedAt).toBeNull();
  });

  it("changes a paid order only once under concurrent calls", async () => {
    const client = await newUser();
    const { order } = await createOrder(client, body());
    await markPaid(order.id, new Date());
    const results = await Promise.allSettled([1, 2, 3].map(() => cancelOrder(client, order.id)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect((result.reason as AppError).status).toBe(422);
    }
  });

  it("refuses completed orders, and answers 404 for other clients' orders", async () => {
    const client = await newUser();
    const { order } = await createOrder(client, body());
    await expectAppError(cancelOrder(await newUser(), order.id), 404);
    await prisma().order.update({ where: { id: order.id }, data: { paymentStatus: "paid", paidAt: new Date(), status: "completed" } });
    await expectAppError(cancelOrder(client, order.id), 422, "completed");
  });
});
