import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { adjustClientWallet } from "~/features/admin/wallet-adjustments.server";
import { checkLedger } from "~/features/ledger/ledger-check.server";
import { walletBalanceMinor } from "~/features/ledger/ledger.server";
import { apiV2Errors } from "~/features/reseller-api/api-v2-contract";
import { createTestUser, refusal, serviceDatabase } from "~/test/service-test";
import { massOrderFormatError } from "./mass-order-lines";
import { getCatalogue } from "~/features/catalog/services.server";
import { massOrderServices, newMassOrderBatch, placeMassOrder, previewMassOrder } from "./mass-order.server";

/*
 * Mass orders (issue #21) on PGlite and PostgreSQL: each good line an order paid from the wallet, a
 * line that fails (bad, or the balance ran out) debits nothing, the same form posted twice places
 * nothing twice, and the ledger's invariants hold.
 */
const { prisma } = serviceDatabase();

const asUser = (user: { id: number; email: string; role: "client" | "worker" | "admin" }) => ({ ...user, username: "u", fullName: "Ama", status: "active" as const, platforms: [], emailVerified: true });

async function fundedClient(balanceMinor: number) {
  const client = asUser(await createTestUser(prisma(), "client"));
  const admin = asUser(await createTestUser(prisma(), "admin"));
  await adjustClientWallet(admin, client.id, { amount: balanceMinor, reason: "Test funding" });
  return client;
}

const offendingRules = async () => (await checkLedger(prisma())).filter((result) => result.offending > 0);

describe("placeMassOrder", () => {
  it("orders each good line from the balance in the order written; a bad line or one the balance no longer covers costs nothing", async () => {
    // ₵200.00 covers the first two good lines (₵75.00 + ₵75.00), not the third.
    const client = await fundedClient(20_000);
    const text = ["1 | @ama.grows | 50", "1 | ama.grows | ten", "2 | https://www.tiktok.com/@kofi | 50", "3 | @abena_sings | 50"].join("\n");
    const outcome = await placeMassOrder(client, text, newMassOrderBatch());
    if ("problem" in outcome) throw new Error(outcome.problem);
    expect(outcome.results).toEqual([
      { lineNumber: 1, text: "1 | @ama.grows | 50", orderId: expect.any(Number), priceMinor: 7_500 },
      { lineNumber: 2, text: "1 | ama.grows | ten", error: apiV2Errors.badQuantityFor({ minQuantity: 50, maxQuantity: 100_000 }) },
      { lineNumber: 3, text: "2 | https://www.tiktok.com/@kofi | 50", orderId: expect.any(Number), priceMinor: 7_500 },
      { lineNumber: 4, text: "3 | @abena_sings | 50", error: apiV2Errors.notEnoughFunds },
    ]);
    expect(outcome).toMatchObject({ placedCount: 2, paidMinor: 15_000, failedCount: 2 });
    const orders = await prisma().order.findMany({ where: { clientId: client.id }, include: { tasks: true }, orderBy: { id: "asc" } });
    expect(orders.map((order) => [order.targetUsername, order.platform, order.paidFromWallet, order.paymentStatus, order.feeMinor, order.tasks.length])).toEqual([
      ["@ama.grows", "instagram", true, "paid", 0, 1],
      ["@kofi", "tiktok", true, "paid", 0, 1],
    ]);
    expect(await walletBalanceMinor(prisma(), client.id)).toBe(5_000);
    // No receipt e-mail per line: a mass order of 100 lines is not 100 e-mails.
    expect(await prisma().outboxMessage.count({ where: { idempotencyKey: { in: orders.map((order) => `order:${order.id}:paid`) } } })).toBe(0);
    expect(await offendingRules()).toEqual([]);
  });

  it("places nothing twice when the same form is posted again, and a new check's batch orders again", async () => {
    const client = await fundedClient(100_000);
    const text = "1 | @twice | 50\n2 | @twice_tt | 50";
    const batch = newMassOrderBatch();
    const first = await placeMassOrder(client, text, batch);
    const [again, atOnce] = await Promise.all([placeMassOrder(client, text, batch), placeMassOrder(client, text, batch)]);
    expect(again).toEqual(first);
    expect(atOnce).toEqual(first);
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(2);
    expect(await walletBalanceMinor(prisma(), client.id)).toBe(85_000);

    // The same text checked again is a new batch: a second, deliberate mass order.
    const second = await placeMassOrder(client, text, newMassOrderBatch());
    expect(second).toMatchObject({ placedCount: 2 });
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(4);
    expect(await offendingRules()).toEqual([]);
  });

  it("refuses a text with no good line, a missing batch and a non-client, writing nothing", async () => {
    const client = await fundedClient(10_000);
    const bad = await placeMassOrder(client, "hello world", newMassOrderBatch());
    expect(bad).toEqual({ results: [{ lineNumber: 1, text: "hello world", error: massOrderFormatError }], placedCount: 0, paidMinor: 0, failedCount: 1 });
    expect(await placeMassOrder(client, "1 | @ama | 50", "")).toEqual({ problem: "Check the orders first, then pay." });
    expect(await placeMassOrder(client, "1 | @ama | 50", "'; DROP TABLE orders; --")).toEqual({ problem: "Check the orders first, then pay." });
    const worker = asUser(await createTestUser(prisma(), "worker"));
    expect(await refusal(placeMassOrder(worker, "1 | @ama | 50", newMassOrderBatch()))).toMatchObject({ status: 403 });
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(0);
    expect(await walletBalanceMinor(prisma(), client.id)).toBe(10_000);
  });

  it("orders likes and views on posts, refuses a comments service by its line, and lists the catalogue's services", async () => {
    const client = await fundedClient(10_000);
    const video = "https://www.tiktok.com/@kofi/video/7412345678901234567";
    const text = [`7 | ${video}?lang=en | 100`, "6 | https://www.instagram.com/p/C8xYz12AbCd/ | 5", "11 | https://youtu.be/aBcDeFgHi12 | 100"].join("\n");
    const preview = await previewMassOrder(client, text);
    if ("problem" in preview) throw new Error(preview.problem);
    expect(preview.lines).toEqual([
      { lineNumber: 1, text: `7 | ${video}?lang=en | 100`, order: `TikTok Likes · ${video} · 100`, price: "₵25.00" },
      { lineNumber: 2, text: "6 | https://www.instagram.com/p/C8xYz12AbCd/ | 5", error: "Line 2: comments services take their comments through the checkout or the API" },
      { lineNumber: 3, text: "11 | https://youtu.be/aBcDeFgHi12 | 100", order: "YouTube Views · https://www.youtube.com/watch?v=aBcDeFgHi12 · 100", price: "₵10.00" },
    ]);
    expect(preview.total).toBe("₵35.00");
    const outcome = await placeMassOrder(client, text, newMassOrderBatch());
    expect(outcome).toMatchObject({ placedCount: 2, paidMinor: 3_500, failedCount: 1 });
    const orders = await prisma().order.findMany({ where: { clientId: client.id }, orderBy: { id: "asc" } });
    expect(orders.map((order) => [order.packageId, order.targetUrl, order.priceMinor])).toEqual([
      ["tiktok-likes", video, 2_500],
      ["youtube-views", "https://www.youtube.com/watch?v=aBcDeFgHi12", 1_000],
    ]);
    expect(await walletBalanceMinor(prisma(), client.id)).toBe(6_500);

    const listed = massOrderServices(await getCatalogue());
    expect(listed).toHaveLength(18);
    expect(listed.find((service) => service.service === 7)).toEqual({ service: 7, name: "TikTok Likes", category: "TikTok Likes", perThousand: "₵250.00", min: 20, max: 50_000, onMassOrder: true });
    expect(listed.filter((service) => !service.onMassOrder).map((service) => service.service)).toEqual([6, 9, 12]);
    expect(await offendingRules()).toEqual([]);
  });
});
