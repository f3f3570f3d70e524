import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { approveWorker, createOrder, signInAsAdmin, signUp } from "./api-setup";
import { tinyPng } from "../app/features/uploads/test-images";
import { payByCard } from "./card-payment";
import { expect, open, test } from "./fixtures";
import { accountLink, confirmEmail, mailTo } from "./mailbox";

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

/** The worker (on `page`) is approved, links a handle and completes the task of a paid order, and the admin approves the completion: ₵0.45 available. */
async function workerWithApprovedReward(page: Page, adminRequest: APIRequestContext, adminToken: string, orderId: number, label: string) {
  const worker = await signUp(page.request, { role: "worker", label, platforms: ["tiktok"] });
  await confirmEmail(page.request, worker.email);
  await approveWorker(adminRequest, adminToken, worker.id);
  expect((await page.request.put("/api/worker/handles", { data: { platform: "tiktok", handle: `tk_${unique()}` } })).status()).toBe(200);
  const task = (await (await adminRequest.get(`/api/admin/orders/${orderId}`)).json()).deliveries[0];
  const completed = await (await page.request.post(`/api/tasks/${task.id}/complete`, { data: {} })).json();
  expect((await adminRequest.post(`/api/admin/completions/${completed.completionId}/approve`, { data: {} })).status()).toBe(200);
  return worker;
}

/** Confirms a new payout number as the worker does: a withdrawal to it is refused, and the e-mailed link's page confirms it (issue #49). */
async function confirmPayoutNumber(page: Page, email: string, phone: string) {
  expect((await page.request.post("/api/payouts", { data: { amount: 0.45, phone, provider: "mtn" } })).status()).toBe(422);
  await open(page, await accountLink(email, /^Confirm your new payout number$/, "/payouts/confirm-number"));
  await page.getByRole("button", { name: "Confirm my payout number" }).click();
  await expect(page.getByRole("status")).toContainText("is confirmed: you can withdraw to it now.");
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
  const worker = await workerWithApprovedReward(page, admin.page.request, adminToken, order.id, "earner");

  // The worker confirms the payout number by the e-mailed link (issue #49), then asks for the reward on /payouts.
  await confirmPayoutNumber(page, worker.email, "0241234567");
  await open(page, "/payouts");
  await expect(page.locator("dl")).toContainText("Available to withdraw₵0.45");
  await page.getByLabel("Amount (₵)").fill("0.45");
  await page.getByLabel("Mobile money number").fill("0241234567");
  await page.getByLabel("Network").selectOption("mtn");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Withdrawal requested" }).first()).toBeVisible();
  await expect(page.locator("dl")).toContainText("Available to withdraw₵0.00");
  await expect(page.getByRole("region", { name: "Your withdrawals" })).toContainText("Waiting for approval");
  expect((await mailTo(worker.email, /^Withdrawal requested — ₵0\.45$/)).text).toContain("MTN 024 *** 4567");

  // The admin approves it on /admin/payouts.
  const adminPage = admin.page;
  await open(adminPage, "/admin/payouts");
  const row = adminPage.getByRole("listitem").filter({ hasText: "MTN 0241234567" }).filter({ hasText: "₵0.45" }).first();
  await expect(row).toContainText("Waiting for approval");
  await expectNoSeriousAxeViolations(adminPage);
  await row.getByRole("button", { name: /^Approve and send payout #\d+, ₵0\.45 to / }).click();
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

test("an admin cannot approve a withdrawal whose earnings were clawed back after it was requested (issue #49)", { tag: "@without-javascript" }, async ({ page, browser }) => {
  test.slow();
  const admin = await otherBrowser(browser);
  const adminToken = await signInAsAdmin(admin.page.request);
  const client = await otherBrowser(browser);
  const buyer = await signUp(client.page.request, { label: "flagger" });
  const order = await createOrder(client.page.request, { platform: "tiktok", quantity: 50, target: `claw${unique()}` });
  await payByCard(client.page.request, buyer, order);

  // The worker's reward is released, withdrawn in full to a confirmed number, then clawed back by an upheld flag.
  const worker = await workerWithApprovedReward(page, admin.page.request, adminToken, order.id, "clawed");
  await confirmPayoutNumber(page, worker.email, "0531234567");
  const payout = await (await page.request.post("/api/payouts", { data: { amount: 0.45, phone: "0531234567", provider: "mtn" } })).json();
  const [delivery] = (await (await client.page.request.get(`/api/orders/${order.id}/deliveries`)).json()).deliveries;
  expect((await client.page.request.post(`/api/orders/${order.id}/flags`, { data: { deliveryIds: [delivery.id] } })).status()).toBe(201);
  const screenshot = `data:image/png;base64,${Buffer.from(tinyPng()).toString("base64")}`;
  expect((await page.request.post(`/api/worker/flags/${delivery.id}/evidence`, { data: { screenshot } })).status()).toBe(201);
  expect((await admin.page.request.post(`/api/admin/flags/${delivery.id}`, { data: { decision: "uphold", reason: "The follow is gone." } })).status()).toBe(200);
  await client.context.close();

  // The worker's page shows the balance below zero; the admin's approval is refused with the reason.
  await open(page, "/payouts");
  await expect(page.getByText("Your balance is ₵0.45 below zero")).toBeVisible();
  const adminPage = admin.page;
  await open(adminPage, "/admin/payouts");
  const row = adminPage.getByRole("listitem").filter({ hasText: "MTN 0531234567" }).first();
  await row.getByRole("button", { name: new RegExp(`^Approve and send payout #${payout.id}, ₵0\\.45 to `) }).click();
  await expect(adminPage.getByRole("alert")).toContainText(
    "This worker's available balance is ₵0.45 below zero: earnings were clawed back after this withdrawal was requested. Approve it once new earnings cover that, or reject it.",
  );
  await open(adminPage, "/admin/payouts");
  await expect(adminPage.getByRole("listitem").filter({ hasText: "MTN 0531234567" }).first()).toContainText("Waiting for approval");
  await admin.context.close();
});
