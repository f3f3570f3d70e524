import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { signUp } from "./api-setup";
import { expect, open, test } from "./fixtures";

/*
 * The client's wallet (issue #20), with JavaScript and without: /wallet's balance, top-up form and
 * history, a top-up paid by card on the Paystack sandbox's copy of the hosted checkout page, and the
 * way back to the wallet with the money in it.
 */

const nextYear = String(new Date().getUTCFullYear() + 1);

/** The page fits a 390 px phone: nothing wider than the window, so nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test("a new client's wallet is empty, and the top-up form complains only once submitted", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400/); // without JavaScript, a refused amount is answered with the form and 400
  await signUp(page.request, { label: "wallet" });
  await open(page, "/wallet");
  await expect(page.getByRole("heading", { name: "Your wallet", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Balance" })).toContainText("₵0.00");
  await expect(page.getByText("No wallet activity yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Use the API" })).toHaveAttribute("href", "/api-docs");
  const topUp = page.getByRole("region", { name: "Top up" });
  await expect(topUp).toContainText("A 1.7% processing fee is added to the payment; spending your balance carries none.");

  // Through the field and out again: no error before a submit.
  await page.getByLabel("Amount (₵)").focus();
  await page.keyboard.press("Tab");
  await expect(topUp.getByText("Amount is required")).toHaveCount(0);
  await topUp.getByRole("button", { name: "Top up" }).click();
  await expect(topUp.getByText("Amount is required")).toBeVisible();
  await page.getByLabel("Amount (₵)").fill("4.50");
  await topUp.getByRole("button", { name: "Top up" }).click();
  await expect(topUp.getByText("The smallest top-up is ₵5.00")).toBeVisible();
  await expect(page).toHaveURL(/\/wallet$/);
  await expectNoSeriousAxeViolations(page);
});

test("a client tops up ₵20 by card on Paystack's checkout page and comes back to ₵20.00 in the wallet", { tag: "@without-javascript" }, async ({ page }) => {
  await signUp(page.request, { label: "wallet" });
  await open(page, "/wallet");
  await page.getByLabel("Amount (₵)").fill("20");
  await page.getByRole("region", { name: "Top up" }).getByRole("button", { name: "Top up" }).click();

  await expect(page).toHaveURL(/\/wallet\/top-ups\/\d+$/);
  const topUpId = Number(new URL(page.url()).pathname.split("/").pop());
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("Added to your wallet₵20.00");
  await expect(summary).toContainText("Processing fee (1.7%)₵0.34");
  await expect(summary).toContainText("Total to pay₵20.34");
  await expect(page.getByLabel("Provider")).toBeVisible();
  await expect(page.getByLabel("Mobile money number")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Pay ₵20.34 by card" }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\/[a-z0-9]+$/);
  await page.getByLabel("Card number").fill("4084084084084081");
  await page.getByLabel("Month (MM)").fill("12");
  await page.getByLabel("Year (YYYY)").fill(nextYear);
  await page.getByLabel("CVV").fill("408");
  await page.getByRole("button", { name: "Pay GHS 20.34" }).click();

  // Back from Paystack: the status page confirms the payment, then moves on to the wallet.
  await expect(page).toHaveURL(new RegExp(`/payment-status/smb-w${topUpId}-[0-9a-f]+\\?topUpId=${topUpId}&amount=20.34&currency=GHS&trxref=`));
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/wallet\\?toppedUp=${topUpId}$`), { timeout: 10_000 });

  await expect(page.getByRole("status").filter({ hasText: "₵20.00 added to your wallet." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Balance" })).toContainText("₵20.00");
  const rows = page.getByRole("table", { name: "Wallet history, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Wallet top-up");
  await expect(rows.nth(1)).toContainText("+₵20.00");
  await expect(rows.nth(1).getByRole("cell").last()).toHaveText("₵20.00");
  await expectNoSeriousAxeViolations(page);

  // The top-up's page now says it is paid instead of offering to pay again.
  await open(page, `/wallet/top-ups/${topUpId}`);
  await expect(page.getByRole("heading", { name: "This top-up is paid" })).toBeVisible();
  await expect(page.getByRole("button", { name: /by card/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to your wallet" }).click();
  await expect(page).toHaveURL(/\/wallet$/);

  // The dashboard links to the wallet with its balance.
  await open(page, "/dashboard");
  const wallet = page.getByRole("region", { name: "Wallet" });
  await expect(wallet).toContainText("Balance ₵20.00");
  await expect(wallet.getByRole("link", { name: "Wallet" })).toHaveAttribute("href", "/wallet");

  // On a phone nothing scrolls sideways, the history table included.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/wallet", `/wallet/top-ups/${topUpId}`]) {
    await open(page, path);
    await expectNoSidewaysScroll(page);
  }
});

test("a Telecel Cash top-up asks for the voucher on the top-up page and lands in the wallet", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400/); // without JavaScript, the form without a network is answered with 400
  await signUp(page.request, { label: "wallet" });
  const created = await page.request.post("/api/wallet/top-ups", { data: { amount: 15 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await open(page, `/wallet/top-ups/${id}`);
  // Mobile money first, then the card, as at checkout.
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Summary", "Mobile money", "Pay by card"]);
  const payButton = page.getByRole("button", { name: "Pay ₵15.26 with mobile money" });
  // Nothing chosen: the form's own messages, and no charge.
  await payButton.click();
  await expect(page.getByText("Please select a valid provider")).toBeVisible();
  await page.getByLabel("Provider").selectOption("vod");
  await page.getByLabel("Mobile money number").fill("020 987 6543");
  await payButton.click();

  await expect(page).toHaveURL(new RegExp(`/wallet/top-ups/${id}\\?reference=smb-w${id}-[0-9a-f]+&next=otp$`));
  await page.getByLabel("One-time code").fill("123456");
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expect(page).toHaveURL(new RegExp(`/wallet\\?toppedUp=${id}$`));
  await expect(page.getByRole("status").filter({ hasText: "₵15.00 added to your wallet." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Balance" })).toContainText("₵15.00");
});

test("on a 390 px phone an unpaid top-up's page and an empty wallet fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page.request, { label: "wallet" });
  await open(page, "/wallet");
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Amount (₵)").fill("20000");
  await page.getByRole("region", { name: "Top up" }).getByRole("button", { name: "Top up" }).click();
  await expect(page).toHaveURL(/\/wallet\/top-ups\/\d+$/);
  await expect(page.getByRole("button", { name: "Pay ₵20,340.00 by card" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("someone else's top-up is not found, and workers are told the wallet is for clients", async ({ page, consoleGuard }) => {
  await signUp(page.request, { label: "owner" });
  const created = await page.request.post("/api/wallet/top-ups", { data: { amount: 25 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.request.post("/api/auth/logout");
  await page.context().clearCookies();

  await signUp(page.request, { label: "stranger" });
  consoleGuard.allow(/status of 404/);
  const response = await page.goto(`/wallet/top-ups/${id}`);
  expect(response?.status()).toBe(404);

  await page.context().clearCookies();
  await signUp(page.request, { role: "worker", label: "walletworker" });
  await open(page, "/wallet");
  await expect(page.getByText("The wallet is for client accounts.")).toBeVisible();
});

test("a top-up refunded from Paystack's side after it was spent leaves the wallet below zero, and the page says why (issue #49)", async ({ page }) => {
  const client = await signUp(page.request, { label: "refunded" });
  // ₵100 topped up and paid on Paystack's checkout page, then ₵75 spent through the reseller API.
  const topUp = await (await page.request.post("/api/wallet/top-ups", { data: { amount: 100 } })).json();
  const started = await (await page.request.post("/api/payment/charge/card", { data: { email: client.email, amount: 10170, topUpId: topUp.id, currency: "GHS" } })).json();
  const { url, reference } = started.data;
  await page.request.post(url, { form: { step: "card", number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: nextYear } });
  expect((await (await page.request.get(`/api/payment/verify/${reference}`)).json()).data.status).toBe("success");
  const key = (await (await page.request.post("/api/keys", { data: { name: "Refund journey", password: client.password } })).json()).key;
  const added = await (await page.request.post("/api/v2", { data: { key, action: "add", service: 2, link: "https://www.tiktok.com/@refund.journey", quantity: 50 } })).json();
  expect(added).toEqual({ order: expect.any(Number) });

  // Someone refunds the whole payment in Paystack's dashboard (the sandbox's Paystack API).
  const refunded = await page.request.post("/sandbox/paystack/refund", { headers: { authorization: "Bearer sk_test_sandbox" }, data: { transaction: reference } });
  expect(refunded.status()).toBe(200);

  await expect(async () => {
    await open(page, "/wallet");
    await expect(page.getByRole("region", { name: "Balance" })).toContainText("-₵75.00");
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("region", { name: "Balance" }).getByRole("status")).toHaveText(
    "Your balance is below zero: a top-up was refunded to the card or wallet it came from after its credit was spent. Top up to cover it; until then nothing can be paid from your balance.",
  );
  const rows = page.getByRole("table", { name: "Wallet history, newest first" }).getByRole("row");
  await expect(rows.nth(1)).toContainText(`Top-up #${topUp.id} refunded to the payment it came from`);
  await expect(rows.nth(1)).toContainText("\u2212₵100.00");
  await expectNoSeriousAxeViolations(page);
});
