import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { adjustClientWallet } from "~/features/admin/wallet-adjustments.server";
import { acceptApiKeyRequest } from "~/features/api-keys/api-keys.server";
import { workerHandleSchema } from "~/features/fulfilment/handle-schema";
import { completeTask } from "~/features/fulfilment/task-completion.server";
import { linkWorkerHandle } from "~/features/fulfilment/worker-handles.server";
import { createServiceSchema } from "~/features/catalog/service-schema";
import { createService, getCatalogue, updateService } from "~/features/catalog/services.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { walletBalanceMinor } from "~/features/ledger/ledger.server";
import { payOrderFromWallet } from "~/features/wallet/wallet.server";
import { createTestApiKey, createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { noRefillMessage } from "~/features/refills/refills.server";
import { apiV2Errors, apiV2Services } from "./api-v2-contract";
import { type ApiV2Caller, runApiV2Action } from "./api-v2.server";
import { targetFromLink } from "./target-link";

/*
 * The reseller API's actions and the wallet under them (issue #20), on PGlite and PostgreSQL: money
 * never overspent, a refused add writes nothing, a reference makes a retry return the same order,
 * and the ledger's invariants hold after every scenario.
 */
const { prisma, sql } = serviceDatabase();

const asUser = (user: { id: number; email: string; role: "client" | "worker" | "admin" }) => ({ ...user, username: "u", fullName: "Ama", status: "active" as const, platforms: [], emailVerified: true });

async function fundedCaller(balanceMinor: number): Promise<ApiV2Caller & { user: ReturnType<typeof asUser> }> {
  const client = asUser(await createTestUser(prisma(), "client"));
  const admin = asUser(await createTestUser(prisma(), "admin"));
  if (balanceMinor > 0) await adjustClientWallet(admin, client.id, { amount: balanceMinor, reason: "Test funding" });
  const key = await createTestApiKey(prisma(), client);
  return { userId: client.id, keyId: key.id, user: client };
}

const offendingRules = async () => (await checkLedger(sql())).filter((result) => result.offending > 0);
const add = (caller: ApiV2Caller, params: Record<string, string>) => runApiV2Action(caller, "add", params);
/** SPEC's follower services' bounds, in the API's words. */
const followersQuantity = apiV2Errors.badQuantityFor({ minQuantity: 50, maxQuantity: 100_000 });

async function newAdmin() {
  return asUser(await createTestUser(prisma(), "admin"));
}

describe("add", () => {
  it("creates a paid order with its task, debits the price (no fee) from the balance, and nothing more", async () => {
    // 100 Instagram followers cost ₵150.00.
    const caller = await fundedCaller(20_000);
    const answer = (await add(caller, { service: "1", link: "https://www.instagram.com/ama.grows/?hl=en", quantity: "100" })) as { order: number };
    expect(answer).toEqual({ order: expect.any(Number) });
    const order = await prisma().order.findUniqueOrThrow({ where: { id: answer.order }, include: { tasks: true } });
    expect(order).toMatchObject({ status: "processing", paymentStatus: "paid", paidFromWallet: true, priceMinor: 15_000, feeMinor: 0, totalMinor: 15_000, targetUsername: "@ama.grows", apiKeyId: caller.keyId });
    expect(order.tasks).toHaveLength(1);
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(5_000);
    expect(await runApiV2Action(caller, "balance", {})).toEqual({ balance: "50.00", currency: "GHS" });
    expect(await offendingRules()).toEqual([]);
  });

  it("refuses bad input with the documented errors and writes nothing", async () => {
    const caller = await fundedCaller(100_000);
    const cases: [Record<string, string>, string][] = [
      [{ service: "99", link: "@ama", quantity: "100" }, apiV2Errors.unknownService],
      [{ service: "abc", link: "@ama", quantity: "100" }, apiV2Errors.unknownService],
      [{ service: "1", link: "@ama", quantity: "49" }, followersQuantity],
      [{ service: "1", link: "@ama", quantity: "100001" }, followersQuantity],
      [{ service: "1", link: "@ama", quantity: "99999999999999999999" }, followersQuantity],
      [{ service: "1", link: "@ama", quantity: "1e3" }, followersQuantity],
      [{ service: "1", link: "@ama" }, followersQuantity],
      [{ service: "1", link: "'; DROP TABLE orders; --", quantity: "100" }, apiV2Errors.badLink],
      [{ service: "1", link: "https://www.tiktok.com/@ama", quantity: "100" }, apiV2Errors.wrongPlatformLink],
      [{ service: "2", link: "https://evil.example/@ama", quantity: "100" }, apiV2Errors.badLink],
      [{ service: "1", link: "@ama", quantity: "100", reference: "has spaces" }, apiV2Errors.badReference],
      [{ service: "3", link: "@ama", quantity: "100000" }, apiV2Errors.notEnoughFunds],
    ];
    for (const [params, error] of cases) expect(await add(caller, params), JSON.stringify(params)).toEqual({ error });
    expect(await prisma().order.count({ where: { clientId: caller.userId } })).toBe(0);
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(100_000);
  });

  it("50 concurrent adds against a balance that covers 10 make exactly 10 orders and leave 0.00", async () => {
    // 50 TikTok followers cost ₵75.00: ₵750.00 covers ten.
    const caller = await fundedCaller(75_000);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => add(caller, { service: "2", link: `@concurrent_${index}`, quantity: "50" })));
    expect(answers.filter((answer) => "order" in answer)).toHaveLength(10);
    expect(answers.filter((answer) => "error" in answer && answer.error === apiV2Errors.notEnoughFunds)).toHaveLength(40);
    expect(await prisma().order.count({ where: { clientId: caller.userId } })).toBe(10);
    expect(await runApiV2Action(caller, "balance", {})).toEqual({ balance: "0.00", currency: "GHS" });
    expect(await offendingRules()).toEqual([]);
  });

  it("one reference, one order: retries (also concurrent) answer the first order and debit once", async () => {
    const caller = await fundedCaller(100_000);
    const params = { service: "1", link: "@ama.retry", quantity: "50", reference: "panel-order-77" };
    const answers = await Promise.all([add(caller, params), add(caller, params), add(caller, params)]);
    const first = answers[0] as { order: number };
    expect(answers).toEqual([first, first, first]);
    expect(await add(caller, params)).toEqual(first);
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(100_000 - 7_500);
  });
});

describe("status and cancel", () => {
  it("answers the de facto shape, one order or a list, and 'Incorrect order ID' for others' or unknown ids", async () => {
    const caller = await fundedCaller(30_000);
    const other = await fundedCaller(30_000);
    const mine = ((await add(caller, { service: "1", link: "@ama.status", quantity: "100" })) as { order: number }).order;
    const theirs = ((await add(other, { service: "1", link: "@kofi.status", quantity: "100" })) as { order: number }).order;
    const status = { charge: "150.00", start_count: "0", status: "Processing", remains: "100", currency: "GHS" };
    expect(await runApiV2Action(caller, "status", { order: String(mine) })).toEqual(status);
    expect(await runApiV2Action(caller, "status", { order: String(theirs) })).toEqual({ error: apiV2Errors.incorrectOrderId });
    expect(await runApiV2Action(caller, "status", { orders: `${mine}, ${theirs},abc,99999999999` })).toEqual({
      [mine]: status,
      [theirs]: { error: apiV2Errors.incorrectOrderId },
      abc: { error: apiV2Errors.incorrectOrderId },
      "99999999999": { error: apiV2Errors.incorrectOrderId },
    });
    const tenThousand = Array.from({ length: 10_000 }, (_, index) => index + 1).join(",");
    expect(await runApiV2Action(caller, "status", { orders: tenThousand })).toEqual({ error: apiV2Errors.tooManyOrders });
    expect(await runApiV2Action(caller, "cancel", { orders: tenThousand })).toEqual({ error: apiV2Errors.tooManyOrders });
  });

  it("cancels under the store's rule, refunding the balance at once, once", async () => {
    const caller = await fundedCaller(15_000);
    const other = await fundedCaller(15_000);
    const order = ((await add(caller, { service: "1", link: "@ama.cancel", quantity: "100" })) as { order: number }).order;
    const theirs = ((await add(other, { service: "1", link: "@kofi.cancel", quantity: "100" })) as { order: number }).order;
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(0);
    expect(await runApiV2Action(caller, "cancel", { orders: `${order},${theirs}` })).toEqual([
      { order, cancel: 1 },
      { order: theirs, cancel: { error: apiV2Errors.incorrectOrderId } },
    ]);
    expect(await runApiV2Action(caller, "cancel", { orders: String(order) })).toEqual([{ order, cancel: { error: apiV2Errors.notCancellable } }]);
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(15_000);
    expect(await runApiV2Action(caller, "status", { order: String(order) })).toMatchObject({ status: "Canceled" });
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "refunded" });
    // No receipt per API order (the API's status and the wallet are its record); the cancellation and its refund are e-mailed.
    expect(await orderEmails(order)).toEqual([`order:${order}:cancelledByClient`, `order:${order}:refunded`]);
    expect(await offendingRules()).toEqual([]);
  });
});

describe("every service of the table (issue #50)", () => {
  const tiktokVideo = "https://www.tiktok.com/@ama.grows/video/7412345678901234567";
  const instagramPost = "https://www.instagram.com/p/C8xYz12AbCd/";

  it("services lists the table's active services with their numbers, categories, types and flags", async () => {
    const caller = await fundedCaller(0);
    const services = (await runApiV2Action(caller, "services", {})) as ReturnType<typeof apiV2Services>;
    expect(services).toEqual(apiV2Services(await getCatalogue()));
    expect(services.map((service) => service.service).sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, index) => index + 1));
    const byNumber = new Map(services.map((service) => [service.service, service]));
    expect(byNumber.get(1)).toEqual({ service: 1, name: "Instagram Followers", type: "Default", category: "Instagram Followers", rate: "1500.00", min: 50, max: 100_000, refill: true, cancel: true, dripfeed: true });
    expect(byNumber.get(3)).toMatchObject({ category: "YouTube Subscribers", rate: "2000.00" });
    expect(byNumber.get(7)).toEqual({ service: 7, name: "TikTok Likes", type: "Default", category: "TikTok Likes", rate: "250.00", min: 20, max: 50_000, refill: false, cancel: true, dripfeed: true });
    expect(byNumber.get(6)).toEqual({ service: 6, name: "Instagram Comments", type: "Custom Comments", category: "Instagram Comments", rate: "1000.00", min: 5, max: 1000, refill: false, cancel: true, dripfeed: false });
    expect(byNumber.get(13)).toMatchObject({ category: "X Followers", type: "Default" });
    expect(services.filter((service) => service.type === "Custom Comments").map((service) => service.service)).toEqual([6, 9, 12]);
  });

  it("add likes on a TikTok video: an order of the post, priced at the service's unit price from the wallet; a profile link is refused", async () => {
    const caller = await fundedCaller(10_000);
    expect(await add(caller, { service: "7", link: "https://www.tiktok.com/@ama.grows", quantity: "100" })).toEqual({
      error: apiV2Errors.badPostLink("This is a link to a TikTok profile: paste the link of the video."),
    });
    expect(await add(caller, { service: "7", link: "https://www.instagram.com/p/C8xYz12AbCd/", quantity: "100" })).toMatchObject({ error: expect.stringMatching(/^Incorrect link: This is an Instagram link/) });
    expect(await add(caller, { service: "7", link: tiktokVideo, quantity: "19" })).toEqual({ error: apiV2Errors.badQuantityFor({ minQuantity: 20, maxQuantity: 50_000 }) });
    expect(await prisma().order.count({ where: { clientId: caller.userId } })).toBe(0);

    const { order } = (await add(caller, { service: "7", link: `${tiktokVideo}?is_from_webapp=1`, quantity: "100" })) as { order: number };
    const row = await prisma().order.findUniqueOrThrow({ where: { id: order }, include: { tasks: true } });
    // ₵0.25 a like × 100, no fee from the wallet; the worker's reward is the service's.
    expect(row).toMatchObject({ packageId: "tiktok-likes", serviceType: "likes", platform: "tiktok", targetUrl: tiktokVideo, targetUsername: "", quantity: 100, priceMinor: 2_500, feeMinor: 0, totalMinor: 2_500, rewardMinor: 8, paymentStatus: "paid", status: "processing" });
    expect(row.tasks).toHaveLength(1);
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(7_500);
    expect(await runApiV2Action(caller, "status", { order: String(order) })).toEqual({ charge: "25.00", start_count: "0", status: "Processing", remains: "100", currency: "GHS" });
    // Likes have no refill (refill days 0): refused in words, whatever the order's state.
    expect(await runApiV2Action(caller, "refill", { order: String(order) })).toEqual({ error: noRefillMessage });
    expect(await offendingRules()).toEqual([]);
  });

  it("add comments on an Instagram post: the lines are the quantity (omitted, or sent and equal), stored one per line", async () => {
    const caller = await fundedCaller(10_000);
    const three = "Congrats Ama! 🎉\nThis is so good\n\n🔥🔥";
    // The seeded minimum is 5 comments: three are refused in words, until the operator lowers it.
    expect(await add(caller, { service: "6", link: instagramPost, comments: three })).toEqual({ error: apiV2Errors.badComments("3 comments were sent; this service takes 5 to 1000, one per line.") });
    await updateService(await newAdmin(), "instagram-comments", { min: 3 });
    expect(await add(caller, { service: "6", link: instagramPost, comments: three, quantity: "4" })).toEqual({ error: apiV2Errors.badComments("You wrote 3 comments; this order needs 4, one per line.") });
    expect(await add(caller, { service: "6", link: instagramPost, comments: "Nice\nsee bit.ly/win\nWow" })).toEqual({
      error: apiV2Errors.badComments("The comment on line 2 contains a link; comments cannot contain links or web addresses."),
    });
    expect(await add(caller, { service: "6", link: instagramPost })).toEqual({ error: apiV2Errors.badComments("no comments were sent; this service takes 3 to 1000, one per line.") });
    expect(await add(caller, { service: "6", link: "https://www.instagram.com/ama.grows/", comments: three })).toEqual({
      error: apiV2Errors.badPostLink("This is a link to an Instagram profile: paste the link of the post or reel."),
    });
    // Comments are not drip-fed.
    expect(await add(caller, { service: "6", link: instagramPost, comments: three, runs: "3", interval: "60" })).toEqual({ error: apiV2Errors.noDripFeed });
    expect(await prisma().order.count({ where: { clientId: caller.userId } })).toBe(0);

    const { order } = (await add(caller, { service: "6", link: instagramPost, comments: three })) as { order: number };
    const { order: sent } = (await add(caller, { service: "6", link: instagramPost, comments: "One\r\nTwo\r\nThree", quantity: "3" })) as { order: number };
    const row = await prisma().order.findUniqueOrThrow({ where: { id: order }, include: { commentLines: { orderBy: { position: "asc" } } } });
    expect(row).toMatchObject({ packageId: "instagram-comments", serviceType: "comments", targetUrl: instagramPost, quantity: 3, priceMinor: 300, feeMinor: 0 });
    expect(row.commentLines.map(({ position, text }) => [position, text])).toEqual([[1, "Congrats Ama! 🎉"], [2, "This is so good"], [3, "🔥🔥"]]);
    expect((await prisma().orderCommentLine.findMany({ where: { orderId: sent }, orderBy: { position: "asc" } })).map((line) => line.text)).toEqual(["One", "Two", "Three"]);
    expect(await runApiV2Action(caller, "status", { orders: `${order},${sent}` })).toEqual({
      [order]: { charge: "3.00", start_count: "0", status: "Processing", remains: "3", currency: "GHS" },
      [sent]: { charge: "3.00", start_count: "0", status: "Processing", remains: "3", currency: "GHS" },
    });
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(9_400);
    expect(await offendingRules()).toEqual([]);
  });

  it("drip-feed only where the service offers it", async () => {
    const caller = await fundedCaller(100_000);
    const admin = await newAdmin();
    await updateService(admin, "tiktok-likes", { dripFeed: false });
    expect(await add(caller, { service: "7", link: tiktokVideo, quantity: "100", runs: "2", interval: "60" })).toEqual({ error: apiV2Errors.noDripFeed });
    await updateService(admin, "tiktok-likes", { dripFeed: true });
    expect(await add(caller, { service: "7", link: tiktokVideo, quantity: "100", runs: "2", interval: "60" })).toEqual({ order: expect.any(Number) });
  });

  it("a disabled service takes no new orders (Incorrect service ID) and drops out of services; its orders go on: status, refill, cancel", async () => {
    const caller = await fundedCaller(100_000);
    const admin = await newAdmin();
    const created = await createService(
      admin,
      createServiceSchema.parse({ platform: "x", kind: "likes", target: "post", name: "X Likes (fast)", unitPrice: "0.30", workerReward: "0.09", min: "10", max: "1000", refillDays: "30", cancel: "false" }),
    );
    const service = String(created.number);
    const post = "https://x.com/amagrows/status/1834567890123456789";
    const { order } = (await add(caller, { service, link: post, quantity: "10" })) as { order: number };
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order }, select: { priceMinor: true } })).toEqual({ priceMinor: 300 });
    // Its cancel is off: a paid order stays.
    expect(await runApiV2Action(caller, "cancel", { orders: String(order) })).toEqual([{ order, cancel: { error: apiV2Errors.notCancellable } }]);

    await updateService(admin, created.id, { active: false });
    expect(await add(caller, { service, link: post, quantity: "10" })).toEqual({ error: apiV2Errors.unknownService });
    expect(((await runApiV2Action(caller, "services", {})) as { service: number }[]).map((listed) => listed.service)).not.toContain(created.number);
    expect(await runApiV2Action(caller, "status", { order: String(order) })).toMatchObject({ status: "Processing", remains: "10" });
    expect(await runApiV2Action(caller, "refill", { order: String(order) })).toEqual({ error: "Only a delivered order can be refilled: this one is not delivered yet." });
    await updateService(admin, created.id, { cancel: true });
    expect(await runApiV2Action(caller, "cancel", { orders: String(order) })).toEqual([{ order, cancel: 1 }]);
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(100_000);
    expect(await offendingRules()).toEqual([]);
  });
});

const orderEmails = async (orderId: number) =>
  (await prisma().outboxMessage.findMany({ where: { idempotencyKey: { startsWith: `order:${orderId}:` } }, orderBy: { id: "asc" } })).map((mail) => mail.idempotencyKey);

describe("the wallet at checkout and by admins", () => {
  it("pays a checkout order from the balance without the fee, once, and refuses what the balance does not cover", async () => {
    const caller = await fundedCaller(20_000);
    const order = await prisma().order.create({
      data: { clientId: caller.userId, packageId: "custom-instagram", packageName: "100 Followers", platform: "instagram", quantity: 100, targetUsername: "@ama", targetUrl: "https://www.instagram.com/ama", priceMinor: 15_000, rewardMinor: 45, feeMinor: 255, totalMinor: 15_255, currency: "GHS" },
    });
    await payOrderFromWallet(caller.user, order.id);
    expect((await refusal(payOrderFromWallet(caller.user, order.id))).code).toBe("already_paid");
    expect(await prisma().order.findUniqueOrThrow({ where: { id: order.id }, select: { totalMinor: true, paymentStatus: true } })).toEqual({ totalMinor: 15_000, paymentStatus: "paid" });
    // A checkout order paid from the balance has its receipt, as one paid by card does.
    expect(await orderEmails(order.id)).toEqual([`order:${order.id}:paid`]);
    const second = await prisma().order.create({
      data: { clientId: caller.userId, packageId: "custom-instagram", packageName: "100 Followers", platform: "instagram", quantity: 100, targetUsername: "@ama", targetUrl: "https://www.instagram.com/ama", priceMinor: 15_000, rewardMinor: 45, feeMinor: 255, totalMinor: 15_255, currency: "GHS" },
    });
    const refused = await refusal(payOrderFromWallet(caller.user, second.id));
    expect(refused).toMatchObject({ status: 402, code: "insufficient_balance" });
    expect(await prisma().order.findUniqueOrThrow({ where: { id: second.id }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "unpaid" });
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(5_000);
  });

  it("admin adjustments: audited, never below zero, once per request key", async () => {
    const caller = await fundedCaller(1_000);
    const admin = asUser(await createTestUser(prisma(), "admin"));
    expect((await refusal(adjustClientWallet(admin, caller.userId, { amount: -1_001, reason: "Too much" }))).status).toBe(422);
    await adjustClientWallet(admin, caller.userId, { amount: -400, reason: "Chargeback" }, "request-1");
    await adjustClientWallet(admin, caller.userId, { amount: -400, reason: "Chargeback" }, "request-1");
    expect(await walletBalanceMinor(sql(), caller.userId)).toBe(600);
    expect(await prisma().adminAuditLog.count({ where: { action: "wallet.adjust", targetId: String(caller.userId) } })).toBe(2); // the funding and this one
    expect((await refusal(adjustClientWallet(caller.user, caller.userId, { amount: 100, reason: "Self-service" }))).status).toBe(403);
  });
});

describe("API keys", () => {
  it("a revoked key stops at once; the limit per minute answers rate_limited", async () => {
    const client = asUser(await createTestUser(prisma(), "client"));
    const { key, id } = await createTestApiKey(prisma(), client);
    const now = new Date("2026-11-25T10:00:10Z");
    expect(await acceptApiKeyRequest(key, 2, now)).toEqual({ keyId: id, userId: client.id });
    expect(await acceptApiKeyRequest(key, 2, now)).toEqual({ keyId: id, userId: client.id });
    expect(await acceptApiKeyRequest(key, 2, now)).toEqual({ refused: "rate_limited", retryAfterSeconds: 50 });
    expect(await acceptApiKeyRequest(key, 2, new Date("2026-11-25T10:01:00Z"))).toEqual({ keyId: id, userId: client.id });
    await prisma().apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    expect(await acceptApiKeyRequest(key, 2, new Date("2026-11-25T10:02:00Z"))).toEqual({ refused: "invalid" });
    expect(await acceptApiKeyRequest("smb_not-a-key", 2)).toEqual({ refused: "invalid" });
    expect(await prisma().apiKey.findUniqueOrThrow({ where: { id }, select: { requestCount: true } })).toEqual({ requestCount: 4 });
  });
});

describe("links", () => {
  it("reads the profile URLs and handles people paste", () => {
    expect(targetFromLink("https://www.instagram.com/ama.grows/", "instagram")).toEqual({ username: "@ama.grows" });
    expect(targetFromLink("instagram.com/ama.grows", "instagram")).toEqual({ username: "@ama.grows" });
    expect(targetFromLink("@ama.grows", "tiktok")).toEqual({ username: "@ama.grows" });
    expect(targetFromLink("ama_grows", "youtube")).toEqual({ username: "@ama_grows" });
    expect(targetFromLink("https://m.tiktok.com/@ama.grows?lang=en", "tiktok")).toEqual({ username: "@ama.grows" });
    expect(targetFromLink("https://www.youtube.com/@AmaGrows", "youtube")).toEqual({ username: "@AmaGrows" });
    expect(targetFromLink("https://www.youtube.com/watch?v=abc", "youtube")).toEqual({ problem: "bad_link" });
    expect(targetFromLink("https://www.instagram.com/p/Cxyz/", "instagram")).toEqual({ problem: "bad_link" });
    expect(targetFromLink("https://www.instagram.com/ama", "youtube")).toEqual({ problem: "wrong_platform" });
    expect(targetFromLink("javascript:alert(1)", "instagram")).toEqual({ problem: "bad_link" });
  });
});

describe("refill and refill_status", () => {
  it("refills a delivered order placed by the API, answers each order of a list, and reports the refill's status", async () => {
    // 50 Instagram followers (₵75.00), delivered by 50 workers through the task service.
    const caller = await fundedCaller(15_000);
    const { order } = (await add(caller, { service: "1", link: `@refill_api_${process.pid}_${Date.now().toString(36)}`, quantity: "50" })) as { order: number };
    const { order: undelivered } = (await add(caller, { service: "1", link: `@refill_api2_${process.pid}_${Date.now().toString(36)}`, quantity: "50" })) as { order: number };
    const task = await prisma().task.findFirstOrThrow({ where: { orderId: order } });
    const start = new Date();
    for (let index = 0; index < 50; index += 1) {
      const worker = await createTestUser(prisma(), "worker", { platforms: ["instagram"] });
      await linkWorkerHandle(worker, workerHandleSchema.parse({ platform: "instagram", handle: `api_refill_${worker.id}` }));
      await completeTask(worker, task.id, {}, start);
    }
    const other = await fundedCaller(0);

    expect(await runApiV2Action(other, "refill", { order: String(order) })).toEqual({ error: apiV2Errors.incorrectOrderId });
    expect(await runApiV2Action(caller, "refill", { order: "abc" })).toEqual({ error: apiV2Errors.incorrectOrderId });
    const first = (await runApiV2Action(caller, "refill", { order: String(order) })) as { refill: number };
    expect(first).toEqual({ refill: expect.any(Number) });
    expect(await runApiV2Action(caller, "refill", { orders: `${order},${undelivered},999999999` })).toEqual([
      { order, refill: { error: `This order already has a refill in progress (refill ${first.refill}).` } },
      { order: undelivered, refill: { error: "Only a delivered order can be refilled: this one is not delivered yet." } },
      { order: 999999999, refill: { error: apiV2Errors.incorrectOrderId } },
    ]);
    expect(await runApiV2Action(caller, "refill_status", { refill: String(first.refill) })).toEqual({ status: "Pending" });
    expect(await runApiV2Action(other, "refill_status", { refill: String(first.refill) })).toEqual({ error: apiV2Errors.incorrectRefillId });
    expect(await runApiV2Action(caller, "refill_status", { refills: `${first.refill},0,abc` })).toEqual([
      { refill: first.refill, status: "Pending" },
      { refill: 0, status: { error: apiV2Errors.incorrectRefillId } },
      { refill: -1, status: { error: apiV2Errors.incorrectRefillId } },
    ]);
    expect(await runApiV2Action(caller, "refill_status", { refills: Array.from({ length: 101 }, (_, index) => index + 1).join(",") })).toEqual({ error: apiV2Errors.tooManyRefills });
    // Our extension: `handles` names the drops, here into the refill waiting for them.
    expect(await runApiV2Action(caller, "refill", { order: String(order), handles: "api_refill_0" })).toEqual({ error: "No delivery of this order was made by @api_refill_0." });
    const [named] = await prisma().taskCompletion.findMany({ where: { taskId: task.id }, orderBy: { id: "asc" }, take: 1, select: { id: true, handle: true } });
    expect(await runApiV2Action(caller, "refill", { order: String(order), handles: ` @${named.handle.toUpperCase()} ,` })).toEqual({ refill: first.refill });
    expect(await prisma().taskCompletion.findUniqueOrThrow({ where: { id: named.id }, select: { deliveryState: true, refillId: true } })).toEqual({ deliveryState: "flagged", refillId: first.refill });
    expect(await runApiV2Action(caller, "refill_status", { refill: String(first.refill) })).toEqual({ status: "In progress" });
    expect(await prisma().refill.count({ where: { clientId: caller.userId } })).toBe(1);
    expect(await offendingRules()).toEqual([]);
  });
});
