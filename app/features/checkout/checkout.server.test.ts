import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "~/features/auth/accounts.server";
import { setDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import { accountVerificationSchema } from "./verification-schema";

// Before any service reads the environment: a throw-away upload directory.
process.env.SESSION_SECRET ??= "checkout-test-secret-checkout-test-secret-01";
process.env.LOG_LEVEL = "silent";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smb-checkout-test-"));
process.env.DATA_DIR = dataDir;

const { verifyAccountForCheckout, createOrderFromServerDraft } = await import("./checkout.server");

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

const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let sequence = 0;
async function newUser(role: "client" | "worker" = "client"): Promise<PublicUser> {
  sequence += 1;
  const username = `checkout_${role}_${process.pid}_${sequence}`;
  const user = await testDatabase.database.prisma.user.create({
    data: { email: `${username}@example.com`, username, usernameLower: username, fullName: "Ama Mensah", role, passwordHash: "x" },
  });
  return { id: user.id, email: user.email, username, fullName: user.fullName, role, status: user.status } as PublicUser;
}

function verification(bytes: Buffer = png, overrides: Record<string, unknown> = {}) {
  return accountVerificationSchema.parse({
    platform: "youtube",
    quantity: "250",
    username: "ama.tv",
    screenshot: new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }),
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the checkout the server keeps (no JavaScript)", () => {
  it("stores the screenshot for its owner and creates exactly one order per draft, priced from the catalogue", async () => {
    const client = await newUser();
    const draft = await verifyAccountForCheckout(client, verification());
    expect(draft).toMatchObject({ platform: "youtube", quantity: 250, username: "@ama.tv", screenshot: { kind: "upload" } });
    const upload = await testDatabase.database.prisma.upload.findUniqueOrThrow({ where: { id: draft.screenshot.uploadId } });
    expect(upload).toMatchObject({ ownerId: client.id, purpose: "account_screenshot", contentType: "image/png", sizeBytes: png.length });

    const [first, second] = await Promise.all([createOrderFromServerDraft(client, draft), createOrderFromServerDraft(client, draft)]);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ package: { name: "250 Subscribers", platform: "youtube" }, price: 500, fee: 8.5, amount: 508.5, status: "pending" });
    const order = await testDatabase.database.prisma.order.findUniqueOrThrow({ where: { id: first.id } });
    expect(order.screenshotUploadId).toBe(draft.screenshot.uploadId);
    expect(await testDatabase.database.prisma.order.count({ where: { clientId: client.id } })).toBe(1);
  });

  it("refuses a file that is not an image by its bytes, and anyone but a client", async () => {
    const client = await newUser();
    expect((await failure(verifyAccountForCheckout(client, verification(Buffer.from("<svg onload=alert(1)>"))))).status).toBe(400);
    expect((await failure(verifyAccountForCheckout(await newUser("worker"), verification()))).message).toBe("Only clients can purchase packages.");
    expect(await testDatabase.database.prisma.upload.count({ where: { ownerId: client.id } })).toBe(0);
  });

  it("refuses a screenshot over 5MB with SPEC's message", async () => {
    const client = await newUser();
    const tooLarge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const error = await failure(verifyAccountForCheckout(client, verification(tooLarge)));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Please upload an image smaller than 5MB");
  });

  it("never lets a draft use another client's screenshot", async () => {
    const owner = await newUser();
    const draft = await verifyAccountForCheckout(owner, verification());
    const other = await newUser();
    const error = await failure(createOrderFromServerDraft(other, { ...draft, checkoutKey: "someone-elses-upload" }));
    expect(error.status).toBe(400);
    expect(await testDatabase.database.prisma.order.count({ where: { clientId: other.id } })).toBe(0);
  });
});
