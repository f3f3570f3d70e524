import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import type { CatalogService } from "~/features/catalog/catalog";
import { getCatalogue } from "~/features/catalog/services.server";
import { orderTargetSchemaFor } from "~/features/orders/order-schema";
import { createOrderFromServerDraft, postTargetForCheckout, verifyAccountForCheckout } from "./checkout.server";
import { accountVerificationSchemaFor } from "./verification-schema";

const { prisma } = serviceDatabase();

const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const newUser = (role: "client" | "worker" = "client") => createTestUser(prisma(), role, { fullName: "Ama Mensah" });

async function serviceNamed(id: string): Promise<CatalogService> {
  const service = (await getCatalogue()).find(id);
  if (!service) throw new Error(`no service ${id}`);
  return service;
}

const youtube = () => serviceNamed("custom-youtube");

function verification(bytes: Buffer = png, overrides: Record<string, unknown> = {}) {
  return accountVerificationSchemaFor({ minQuantity: 50, maxQuantity: 100_000 }).parse({
    quantity: "250",
    username: "ama.tv",
    screenshot: new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }),
    ...overrides,
  });
}

describe("the checkout the server keeps (no JavaScript)", () => {
  it("stores the screenshot for its owner and creates exactly one order per draft, priced from the catalogue", async () => {
    const client = await newUser();
    const draft = await verifyAccountForCheckout(client, await youtube(), verification());
    expect(draft).toMatchObject({ serviceId: "custom-youtube", platform: "youtube", quantity: 250, username: "@ama.tv", postUrl: null, screenshot: { kind: "upload" } });
    const uploadId = draft.screenshot?.kind === "upload" ? draft.screenshot.uploadId : "";
    const upload = await prisma().upload.findUniqueOrThrow({ where: { id: uploadId } });
    expect(upload).toMatchObject({ ownerId: client.id, purpose: "account_screenshot", contentType: "image/png", sizeBytes: png.length });

    const [first, second] = await Promise.all([createOrderFromServerDraft(client, draft), createOrderFromServerDraft(client, draft)]);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ package: { name: "250 Subscribers", platform: "youtube" }, price: 500, fee: 8.5, amount: 508.5, status: "pending" });
    const order = await prisma().order.findUniqueOrThrow({ where: { id: first.id } });
    expect(order.screenshotUploadId).toBe(uploadId);
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(1);
  });

  it("refuses a file that is not an image by its bytes, and anyone but a client", async () => {
    const client = await newUser();
    expect((await refusal(verifyAccountForCheckout(client, await youtube(), verification(Buffer.from("<svg onload=alert(1)>"))))).status).toBe(400);
    expect((await refusal(verifyAccountForCheckout(await newUser("worker"), await youtube(), verification()))).message).toBe("Only clients can purchase packages.");
    expect(await prisma().upload.count({ where: { ownerId: client.id } })).toBe(0);
  });

  it("refuses a screenshot over 5MB with SPEC's message", async () => {
    const client = await newUser();
    const tooLarge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const error = await refusal(verifyAccountForCheckout(client, await youtube(), verification(tooLarge)));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Please upload an image smaller than 5MB");
  });

  it("never lets a draft use another client's screenshot", async () => {
    const owner = await newUser();
    const draft = await verifyAccountForCheckout(owner, await youtube(), verification());
    const other = await newUser();
    const error = await refusal(createOrderFromServerDraft(other, { ...draft, checkoutKey: "someone-elses-upload" }));
    expect(error.status).toBe(400);
    expect(await prisma().order.count({ where: { clientId: other.id } })).toBe(0);
  });

  it("keeps a post service's link and a comments service's lines, and orders them without a screenshot", async () => {
    const client = await newUser();
    const likes = await serviceNamed("tiktok-likes");
    const link = "https://www.tiktok.com/@ama.grows/video/7412345678901234567?is_from_webapp=1";
    const likesDraft = postTargetForCheckout(client, likes, orderTargetSchemaFor(likes).parse({ quantity: 100, targetUrl: link }));
    expect(likesDraft).toMatchObject({ serviceId: "tiktok-likes", quantity: 100, username: "", postUrl: "https://www.tiktok.com/@ama.grows/video/7412345678901234567", screenshot: null });
    const likesOrder = await createOrderFromServerDraft(client, likesDraft);
    expect(likesOrder).toMatchObject({ package: { id: "tiktok-likes", name: "100 Likes", platform: "tiktok" }, price: 25, fee: 0.43, amount: 25.43 });

    const comments = await serviceNamed("instagram-comments");
    const lines = ["Love it", "So clean 🔥", "Where is this?", "Beautiful", "Yes!"];
    const target = orderTargetSchemaFor(comments).parse({ quantity: 5, targetUrl: "https://www.instagram.com/p/C8xYz12AbCd/", comments: lines.join("\n") });
    const commentsOrder = await createOrderFromServerDraft(client, postTargetForCheckout(client, comments, target));
    expect(commentsOrder).toMatchObject({ package: { id: "instagram-comments", name: "5 Comments" }, price: 5 });
    const stored = await prisma().order.findUniqueOrThrow({ where: { id: commentsOrder.id } });
    expect(stored.screenshotUploadId).toBeNull();
    const worker = await newUser("worker");
    expect(() => postTargetForCheckout(worker, likes, { quantity: 100, targetUsername: "", postUrl: likesDraft.postUrl ?? "", commentLines: [] })).toThrow("Only clients can purchase packages.");
  });
});
