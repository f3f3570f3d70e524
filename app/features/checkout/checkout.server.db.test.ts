import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { createOrderFromServerDraft, verifyAccountForCheckout } from "./checkout.server";
import { accountVerificationSchema } from "./verification-schema";

const { prisma } = serviceDatabase();

const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const newUser = (role: "client" | "worker" = "client") => createTestUser(prisma(), role, { fullName: "Ama Mensah" });

function verification(bytes: Buffer = png, overrides: Record<string, unknown> = {}) {
  return accountVerificationSchema.parse({
    platform: "youtube",
    quantity: "250",
    username: "ama.tv",
    screenshot: new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }),
    ...overrides,
  });
}

describe("the checkout the server keeps (no JavaScript)", () => {
  it("stores the screenshot for its owner and creates exactly one order per draft, priced from the catalogue", async () => {
    const client = await newUser();
    const draft = await verifyAccountForCheckout(client, verification());
    expect(draft).toMatchObject({ platform: "youtube", quantity: 250, username: "@ama.tv", screenshot: { kind: "upload" } });
    const upload = await prisma().upload.findUniqueOrThrow({ where: { id: draft.screenshot.uploadId } });
    expect(upload).toMatchObject({ ownerId: client.id, purpose: "account_screenshot", contentType: "image/png", sizeBytes: png.length });

    const [first, second] = await Promise.all([createOrderFromServerDraft(client, draft), createOrderFromServerDraft(client, draft)]);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ package: { name: "250 Subscribers", platform: "youtube" }, price: 500, fee: 8.5, amount: 508.5, status: "pending" });
    const order = await prisma().order.findUniqueOrThrow({ where: { id: first.id } });
    expect(order.screenshotUploadId).toBe(draft.screenshot.uploadId);
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(1);
  });

  it("refuses a file that is not an image by its bytes, and anyone but a client", async () => {
    const client = await newUser();
    expect((await refusal(verifyAccountForCheckout(client, verification(Buffer.from("<svg onload=alert(1)>"))))).status).toBe(400);
    expect((await refusal(verifyAccountForCheckout(await newUser("worker"), verification()))).message).toBe("Only clients can purchase packages.");
    expect(await prisma().upload.count({ where: { ownerId: client.id } })).toBe(0);
  });

  it("refuses a screenshot over 5MB with SPEC's message", async () => {
    const client = await newUser();
    const tooLarge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const error = await refusal(verifyAccountForCheckout(client, verification(tooLarge)));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Please upload an image smaller than 5MB");
  });

  it("never lets a draft use another client's screenshot", async () => {
    const owner = await newUser();
    const draft = await verifyAccountForCheckout(owner, verification());
    const other = await newUser();
    const error = await refusal(createOrderFromServerDraft(other, { ...draft, checkoutKey: "someone-elses-upload" }));
    expect(error.status).toBe(400);
    expect(await prisma().order.count({ where: { clientId: other.id } })).toBe(0);
  });
});
