import { expectNoSeriousAxeViolations } from "./accessibility";
import { approveWorker, signInAsAdmin, signUp } from "./api-setup";
import { expect, open, test } from "./fixtures";
import { accountLink, confirmEmail } from "./mailbox";

/*
 * The worker's withdrawal page. The whole money path (reserve, approve, Paystack transfer, give-back)
 * is tested against the sandbox in app/features/payouts; here: the page, its form and its refusals.
 */
test("an approved worker sees their balances and cannot withdraw more than is available", { tag: "@without-javascript" }, async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(/status of (400|422)/); // refused forms answer with their status
  const account = await signUp(page.request, { role: "worker", label: "payee", platforms: ["instagram"] });

  await open(page, "/payouts");
  await expect(page.getByText("Withdrawals open once an admin has approved your worker account.")).toBeVisible();

  // The admin signs in on `request`, not in the browser.
  await approveWorker(request, await signInAsAdmin(request), account.id);

  // Approved, but the address is not confirmed yet: the reminder stands where the form will be.
  await open(page, "/payouts");
  await expect(page.getByRole("region", { name: "E-mail confirmation" })).toContainText(`Please confirm your e-mail address: we sent a link to ${account.email}. Withdrawals open once it is confirmed.`);
  await expect(page.getByRole("button", { name: "Request withdrawal" })).toHaveCount(0);
  await confirmEmail(page.request, account.email);

  await open(page, "/payouts");
  await expect(page.getByText("Available to withdraw")).toBeVisible();
  await expect(page.locator("dl")).toContainText("₵0.00");
  await page.getByLabel("Amount (₵)").fill("0.1");
  await page.getByLabel("Mobile money number").fill("0241234567");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByText("The minimum withdrawal is ₵0.40.")).toBeVisible(); // PAYOUT_MINIMUM_CEDIS of the e2e server
  // A new number (issue #49): refused until the link e-mailed to the worker confirms it.
  await page.getByLabel("Amount (₵)").fill("20");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByRole("alert")).toContainText(`MTN 024 *** 4567 is a new payout number: we e-mailed a link to ${account.email} to confirm it. Open the link, then request the withdrawal again.`);
  await open(page, await accountLink(account.email, /^Confirm your new payout number$/, "/payouts/confirm-number"));
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Confirm my payout number" }).click();
  await expect(page.getByRole("status")).toContainText("MTN 024 *** 4567 is confirmed: you can withdraw to it now.");
  await page.getByRole("link", { name: "Go to withdrawals" }).click();
  await page.getByLabel("Amount (₵)").fill("20");
  await page.getByLabel("Mobile money number").fill("0241234567");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByRole("alert")).toContainText("You can withdraw at most ₵0.00 now.");
  await page.getByLabel("Mobile money number").fill("024");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByText("Phone number must be at least 10 digits")).toBeVisible();
  await expect(page.getByText("No withdrawals yet.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("a number of another network than the one chosen is refused naming its network, until the worker says it moved", { tag: "@without-javascript" }, async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(/status of (400|422)/);
  const account = await signUp(page.request, { role: "worker", label: "ported", platforms: ["instagram"] });
  await approveWorker(request, await signInAsAdmin(request), account.id);
  await confirmEmail(page.request, account.email);
  await open(page, "/payouts");
  const moved = page.getByLabel("My number moved to Telecel");
  await expect(moved).toHaveCount(0);
  await page.getByLabel("Amount (₵)").fill("20");
  await page.getByLabel("Mobile money number").fill("0551234987");
  await page.getByLabel("Network").selectOption("vod");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByText("055 is an MTN number, not Telecel: choose MTN, or tick “My number moved to Telecel” if you moved it.")).toBeVisible();
  await expect(page.getByLabel("Mobile money number")).toHaveValue("0551234987");
  await expect(page.getByLabel("Network", { exact: true })).toHaveValue("vod");
  await moved.check();
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  // Past the network check: the next rule, a new number's confirmation by e-mail.
  await expect(page.getByRole("alert")).toContainText(`Telecel 055 *** 4987 is a new payout number: we e-mailed a link to ${account.email}`);
});

test("signed-out visitors are sent to sign in first", async ({ page }) => {
  await page.goto("/payouts");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpayouts|\/auth\?redirectTo=\/payouts/);
});
