import type { Browser } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { approveWorker, createOrder, signInAsAdmin, signUp } from "./api-setup";
import { payByCard } from "./card-payment";
import { expect, open, test } from "./fixtures";
import { confirmEmail } from "./mailbox";

/*
 * Money out, end to end: a worker's completed task is approved, the worker asks to withdraw the
 * reward on /payouts, an admin approves it on /admin/payouts, the sandbox's transfer pays it, and
 * the audit log has the approval. Setup goes through the real API (client pays with the sandbox card).
 */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A browser context of its own, for another person in the journey. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("a worker withdraws an approved reward and an admin sends it", { tag: "@without-javascript" }, async ({ page, browser }) => {
  test.slow();
  const admin = await otherBrowser(browser);
  const adminToken = await signInAsAdmin(admin.page.request);

  // A paid TikTok order (its own target, so this worker can do it).
  const client = await otherBrowser(browser);
  const buyer = await signUp(client.page.request, { label: "payer" });
  const order = await createOrder(client.page.request, { platform: "tiktok", quantity: 50, target: `pay${unique()}` });
  await payByCard(client.page.request, buyer, order);
  await client.context.close();

  // The worker (this page) is approved, links a handle and completes the order's task.
  const worker = await signUp(page.request, { role: "worker", label: "earner", platforms: ["tiktok"] });
  await confirmEmail(page.request, worker.email);
  await approveWorker(admin.page.request, adminToken, worker.id);
  expect((await page.request.put("/api/worker/handles", { data: { platform: "tiktok", handle: `tk_${unique()}` } })).status()).toBe(200);
  const task = (await (await admin.page.request.get(`/api/admin/orders/${order.id}`)).json()).deliveries[0];
  const completed = await (await page.request.post(`/api/tasks/${task.id}/complete`, { data: {} })).json();
  expect((await admin.page.request.post(`/api/admin/completions/${completed.completionId}/approve`, { data: {} })).status()).toBe(200);

  // The worker asks for the reward on /payouts.
  await open(page, "/payouts");
  await expect(page.locator("dl")).toContainText("Available to withdraw₵0.45");
  await page.getByLabel("Amount (₵)").fill("0.45");
  await page.getByLabel("Mobile money number").fill("0241234567");
  await page.getByLabel("Network").selectOption("mtn");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Withdrawal requested" }).first()).toBeVisible();
  await expect(page.locator("dl")).toContainText("Available to withdraw₵0.00");
  await expect(page.getByRole("region", { name: "Your withdrawals" })).toContainText("Waiting for approval");

  // The admin approves it on /admin/payouts.
  const adminPage = admin.page;
  await open(adminPage, "/admin/payouts");
  const row = adminPage.getByRole("listitem").filter({ hasText: "MTN 0241234567" }).filter({ hasText: "₵0.45" }).first();
  await expect(row).toContainText("Waiting for approval");
  await expectNoSeriousAxeViolations(adminPage);
  await row.getByRole("button", { name: /^Approve payout \d+$/ }).click();
  await expect(adminPage.getByRole("status").filter({ hasText: "Payout approved" })).toBeVisible();

  // The sandbox settles the transfer within seconds and tells the app by webhook.
  await expect(async () => {
    await open(page, "/payouts");
    await expect(page.getByRole("region", { name: "Your withdrawals" })).toContainText("Paid");
  }).toPass({ timeout: 15_000 });

  await open(adminPage, "/admin/audit?action=payout.approve");
  await expect(adminPage.getByRole("list", { name: "Audit entries" })).toContainText("pending → processing");
  await admin.context.close();
});
