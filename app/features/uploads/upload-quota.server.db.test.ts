import "~/test/service-test-environment";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrderSchema } from "~/features/orders/order-schema";
import { cancelOrder } from "~/features/orders/order-cancellation.server";
import { createOrder } from "~/features/orders/order-placement.server";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { createDiskStorage, setUploadStorage, type UploadStorage } from "./storage.server";
import { tinyPng } from "./test-images";
import { storeImage } from "./uploads.server";

// Small limits, read once by the services on first use: 4 screenshots an hour, 300 KiB held per client.
Object.assign(process.env, { SCREENSHOT_UPLOADS_PER_CLIENT_PER_HOUR: "4", UNPAID_SCREENSHOT_BYTES_PER_CLIENT: String(300 * 1024) });

/*
 * The per-client screenshot quota (decision 0020): per hour and in bytes held for unpaid orders,
 * refused with 429 and Retry-After before anything is written, per account (another client is never
 * affected), and exact under concurrent uploads.
 */
const { prisma } = serviceDatabase();
let root: string;
let storage: UploadStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "smb-quota-"));
  storage = createDiskStorage(root);
  setUploadStorage(storage);
});
afterAll(async () => {
  setUploadStorage(undefined);
  await rm(root, { recursive: true, force: true });
});

/** A PNG of `size` bytes (a real PNG start, padded). */
function pngOfSize(size: number): Uint8Array {
  const bytes = Buffer.alloc(size);
  Buffer.from(tinyPng()).copy(bytes);
  return bytes;
}

const store = (ownerId: number, bytes: Uint8Array = tinyPng()) => storeImage({ ownerId, purpose: "account_screenshot", bytes }, storage);
const storedFiles = async () => (await readdir(root).catch(() => [])).filter((name) => !name.startsWith("."));
const uploadsOf = (ownerId: number) => prisma().upload.count({ where: { ownerId } });

describe("the screenshot quota", () => {
  it("refuses a client's fifth screenshot in an hour with 429 and Retry-After, storing nothing; another client is unaffected", async () => {
    const client = await createTestUser(prisma(), "client");
    for (let index = 0; index < 4; index++) await store(client.id);
    const filesBefore = await storedFiles();

    const refused = await refusal(store(client.id));

    expect(refused.status).toBe(429);
    expect(refused.message).toBe("You have uploaded 4 account screenshots in the last hour, the most we accept from one account. Please wait 60 minutes and try again.");
    expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await uploadsOf(client.id)).toBe(4);
    expect(await storedFiles()).toEqual(filesBefore);

    // Someone else (on the same network or not: the quota is per account) still uploads.
    const neighbour = await createTestUser(prisma(), "client");
    await expect(store(neighbour.id)).resolves.toMatchObject({ contentType: "image/png" });
  });

  it("keeps at most 300 KiB of screenshots for unpaid orders; paying or cancelling one makes room", async () => {
    const client = await createTestUser(prisma(), "client");
    const dataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`;
    const order = async () =>
      createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 100, targetUsername: "ama.grows", accountScreenshot: dataUrl(pngOfSize(120 * 1024)) }));
    const first = await order();
    const second = await order();
    const ordersBefore = await prisma().order.count({ where: { clientId: client.id } });
    const filesBefore = await storedFiles();

    const refused = await refusal(order());

    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(
      /^Your account screenshots for unpaid orders and unfinished checkouts take up 240 KB of the 300 KB we keep for one account, so this one \(120 KB\) does not fit\. Pay for or cancel an unpaid order to make room, or try again in 2[34] hours, when the oldest of them expires\.$/,
    );
    // Until the oldest unpaid order expires, 24 hours after it was placed.
    expect(refused.retryAfterSeconds).toBeGreaterThan(24 * 3600 - 120);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(24 * 3600);
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(ordersBefore);
    expect(await storedFiles()).toEqual(filesBefore);

    // Cancelled: its screenshot no longer counts (the retention job deletes it within the hour).
    await cancelOrder(client, second.order.id);
    await expect(order()).resolves.toMatchObject({ created: true });
    expect((await refusal(order())).code).toBe("screenshot_quota_full");
    // Paid: that screenshot is paid for and no longer counts either.
    await prisma().order.update({ where: { id: first.order.id }, data: { status: "processing", paymentStatus: "paid", paidAt: new Date() } });
    await expect(order()).resolves.toMatchObject({ created: true });
  });

  it("refuses a screenshot larger than the whole quota with 413, and waiting would not help", async () => {
    const client = await createTestUser(prisma(), "client");
    const refused = await refusal(store(client.id, pngOfSize(400 * 1024)));
    expect(refused.status).toBe(413);
    expect(refused.message).toBe("This screenshot (400 KB) is larger than the 300 KB we keep for one account's unpaid orders. Please upload a smaller image.");
    expect(refused.retryAfterSeconds).toBeUndefined();
    expect(await uploadsOf(client.id)).toBe(0);
  });

  it("holds under concurrent uploads of one client: exactly the limit is stored", async () => {
    const client = await createTestUser(prisma(), "client");
    const filesBefore = (await storedFiles()).length;
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => store(client.id)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(4);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ status: 429 });
    expect(await uploadsOf(client.id)).toBe(4);
    expect((await storedFiles()).length).toBe(filesBefore + 4);
  });
});
