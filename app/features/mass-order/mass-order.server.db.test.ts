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
const { prisma, sql } = serviceDatabase();

const asUser = (user: { id: number; email: string; role: "client" | "worker" | "admin" }) => ({ ...user, username: "u", fullName: "Ama", status: "active" as const, platforms: [], emailVerified: true });

async function fundedClient(balanceMinor: number) {
  const client = asUser(await createTestUser(prisma(), "client"));
  const admin = asUser(await createTestUser(prisma(), "admin"));
  await adjustClientWallet(admin, client.id, { amount: balanceMinor, reason: "Test funding" });
  return client;
}

/** No sum agreed on a payment button: the balance alone decides. */
const anySum = { upToMinor: Number.MAX_SAFE_INTEGER };

const offendingRules = async () => (await checkLedger(sql())).filter((result) => result.offending > 0);

describe("placeMassOrder", () => {
  it("orders each good line from the balance in the order written; a bad line or one the balance no longer covers costs nothing", async () => {
    // ₵200.00 covers the first two good lines (₵75.00 + ₵75.00), not the third.
    const client = await fundedClient(20_000);
    const text = ["1 | @ama.grows | 50", "1 | ama.grows | ten", "2 | https://www.tiktok.com/@kofi | 50", "3 | @abena_sings | 50"].join("\n");
    const outcome = await placeMassOrder(client, text, newMassOrderBatch(), anySum);
    if ("problem" in outcome) throw new Error(outcome.problem);
    expect(outcome.results).toEqual([
      { lineNumber: 1, text: "1 | @ama.grows | 50", orderId: expect.any(Number), priceMinor: 7_500 },
      { lineNumber: 2, text: "1 | ama.grows | ten", error: apiV2Errors.badQuantityFor({ minQuantity: 50, maxQuantity: 100_000 }) },
      { lineNumber: 3, text: "2 | https://www.tiktok.com/@kofi | 50", orderId: expect.any(Number), priceMinor: 7_500 },
      { lineNumber: 4, text: "3 | @abena_sings | 50", skipped: "balance", priceMinor: 10_000 },
    ]);
    expect(outcome).toMatchObject({ placedCount: 2, paidMinor: 15_000, failedCount: 1, skippedCount: 1, leftText: "1 | ama.grows | ten\n3 | @abena_sings | 50" });
    const orders = await prisma().order.findMany({ where: { clientId: client.id }, include: { tasks: true }, orderBy: { id: "asc" } });
    expect(orders.map((order) => [order.targetUsername, order.platform, order.paidFromWallet, order.paymentStatus, order.feeMinor, order.tasks.length])).toEqual([
      ["@ama.grows", "instagram", true, "paid", 0, 1],
      ["@kofi", "tiktok", true, "paid", 0, 1],
    ]);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(5_000);
    // No receipt e-mail per line: a mass order of 100 lines is not 100 e-mails.
    expect(await prisma().outboxMessage.count({ where: { idempotencyKey: { in: orders.map((order) => `order:${order.id}:paid`) } } })).toBe(0);
    expect(await offendingRules()).toEqual([]);
  });

  it("places what the balance covers, in the order written, and lists the rest: ₵200.00 pays the ₵150.00 line, not the ₵75.00 one after it", async () => {
    const client = await fundedClient(20_000);
    const text = "1 | @first.line | 100\n2 | @second_line | 50";
    const preview = await previewMassOrder(client, text);
    if ("problem" in preview) throw new Error(preview.problem);
    expect(preview).toMatchObject({ total: "₵225.00", covers: false, payable: "₵150.00", payableMinor: 15_000, coveredCount: 1, uncoveredCount: 1, balance: "₵200.00" });
    expect(preview.lines.map((line) => ("covered" in line ? line.covered : line.error))).toEqual([true, false]);

    const batch = preview.batch;
    const outcome = await placeMassOrder(client, text, batch, { upToMinor: preview.payableMinor });
    expect(outcome).toEqual({
      results: [
        { lineNumber: 1, text: "1 | @first.line | 100", orderId: expect.any(Number), priceMinor: 15_000 },
        { lineNumber: 2, text: "2 | @second_line | 50", skipped: "balance", priceMinor: 7_500 },
      ],
      placedCount: 1,
      paidMinor: 15_000,
      failedCount: 0,
      skippedCount: 1,
      leftText: "2 | @second_line | 50",
    });
    expect(await walletBalanceMinor(sql(), client.id)).toBe(5_000);

    // The same payment posted again after a top-up: the placed line is not placed twice, and the
    // skipped one stays skipped, as it would go over the ₵150.00 the button showed.
    const admin = asUser(await createTestUser(prisma(), "admin"));
    await adjustClientWallet(admin, client.id, { amount: 10_000, reason: "Top-up meanwhile" });
    const again = await placeMassOrder(client, text, batch, { upToMinor: preview.payableMinor });
    expect(again).toMatchObject({ placedCount: 1, paidMinor: 15_000, skippedCount: 1 });
    if ("problem" in again) throw new Error(again.problem);
    expect(again.results[1]).toEqual({ lineNumber: 2, text: "2 | @second_line | 50", skipped: "over_amount", priceMinor: 7_500 });
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(1);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(15_000);
    expect(await offendingRules()).toEqual([]);
  });

  it("skips a line the balance does not cover and still places a later one it does; a balance below every line covers none", async () => {
    const client = await fundedClient(20_000);
    const text = "3 | @too_dear | 150\n1 | @fits.after | 50";
    const preview = await previewMassOrder(client, text);
    if ("problem" in preview) throw new Error(preview.problem);
    expect(preview).toMatchObject({ payableMinor: 7_500, coveredCount: 1, uncoveredCount: 1 });
    const outcome = await placeMassOrder(client, text, preview.batch, { upToMinor: preview.payableMinor });
    expect(outcome).toMatchObject({ placedCount: 1, paidMinor: 7_500, skippedCount: 1, leftText: "3 | @too_dear | 150" });
    expect(await walletBalanceMinor(sql(), client.id)).toBe(12_500);

    const poor = await fundedClient(1_000);
    const none = await previewMassOrder(poor, text);
    expect(none).toMatchObject({ payableMinor: 0, coveredCount: 0, uncoveredCount: 2, covers: false });
    expect(await offendingRules()).toEqual([]);
  });

  it("places nothing twice when the same form is posted again, and a new check's batch orders again", async () => {
    const client = await fundedClient(100_000);
    const text = "1 | @twice | 50\n2 | @twice_tt | 50";
    const batch = newMassOrderBatch();
    const first = await placeMassOrder(client, text, batch, anySum);
    const [again, atOnce] = await Promise.all([placeMassOrder(client, text, batch, anySum), placeMassOrder(client, text, batch, anySum)]);
    expect(again).toEqual(first);
    expect(atOnce).toEqual(first);
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(2);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(85_000);

    // The same text checked again is a new batch: a second, deliberate mass order.
    const second = await placeMassOrder(client, text, newMassOrderBatch(), anySum);
    expect(second).toMatchObject({ placedCount: 2 });
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(4);
    expect(await offendingRules()).toEqual([]);
  });

  it("refuses a text with no good line, a missing batch and a non-client, writing nothing", async () => {
    const client = await fundedClient(10_000);
    const bad = await placeMassOrder(client, "hello world", newMassOrderBatch(), anySum);
    expect(bad).toEqual({ results: [{ lineNumber: 1, text: "hello world", error: massOrderFormatError }], placedCount: 0, paidMinor: 0, failedCount: 1, skippedCount: 0, leftText: "hello world" });
    expect(await placeMassOrder(client, "1 | @ama | 50", "", anySum)).toEqual({ problem: "Check the orders first, then pay." });
    expect(await placeMassOrder(client, "1 | @ama | 50", "'; DROP TABLE orders; --", anySum)).toEqual({ problem: "Check the orders first, then pay." });
    expect(await placeMassOrder(client, "1 | @ama | 50", newMassOrderBatch(), { upToMinor: -1 })).toEqual({ problem: "Check the orders first, then pay." });
    const worker = asUser(await createTestUser(prisma(), "worker"));
    expect(await refusal(placeMassOrder(worker, "1 | @ama | 50", newMassOrderBatch(), anySum))).toMatchObject({ status: 403 });
    expect(await prisma().order.count({ where: { clientId: client.id } })).toBe(0);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(10_000);
  });

  it("orders likes and views on posts, refuses a comments service by its line, and lists the catalogue's services", async () => {
    const client = await fundedClient(10_000);
    const video = "https://www.tiktok.com/@kofi/video/7412345678901234567";
    const text = [`7 | ${video}?lang=en | 100`, "6 | https://www.instagram.com/p/C8xYz12AbCd/ | 5", "11 | https://youtu.be/aBcDeFgHi12 | 100"].join("\n");
    const preview = await previewMassOrder(client, text);
    if ("problem" in preview) throw new Error(preview.problem);
    expect(preview.lines).toEqual([
      { lineNumber: 1, text: `7 | ${video}?lang=en | 100`, order: `TikTok Likes · ${video} · 100`, price: "₵25.00", covered: true },
      { lineNumber: 2, text: "6 | https://www.instagram.com/p/C8xYz12AbCd/ | 5", error: "Line 2: comments services take their comments through the checkout or the API" },
      { lineNumber: 3, text: "11 | https://youtu.be/aBcDeFgHi12 | 100", order: "YouTube Views · https://www.youtube.com/watch?v=aBcDeFgHi12 · 100", price: "₵10.00", covered: true },
    ]);
    expect(preview.total).toBe("₵35.00");
    const outcome = await placeMassOrder(client, text, newMassOrderBatch(), anySum);
    expect(outcome).toMatchObject({ placedCount: 2, paidMinor: 3_500, failedCount: 1 });
    const orders = await prisma().order.findMany({ where: { clientId: client.id }, orderBy: { id: "asc" } });
    expect(orders.map((order) => [order.packageId, order.targetUrl, order.priceMinor])).toEqual([
      ["tiktok-likes", video, 2_500],
      ["youtube-views", "https://www.youtube.com/watch?v=aBcDeFgHi12", 1_000],
    ]);
    expect(await walletBalanceMinor(sql(), client.id)).toBe(6_500);

    const listed = massOrderServices(await getCatalogue());
    expect(listed).toHaveLength(18);
    expect(listed.find((service) => service.service === 7)).toEqual({ service: 7, name: "TikTok Likes", category: "TikTok Likes", perThousand: "₵250.00", min: 20, max: 50_000, onMassOrder: true });
    expect(listed.filter((service) => !service.onMassOrder).map((service) => service.service)).toEqual([6, 9, 12]);
    expect(await offendingRules()).toEqual([]);
  });
});
