import { expectNoSeriousAxeViolations } from "./accessibility";
import { signUp } from "./api-setup";
import { expect, open, test } from "./fixtures";
import { accountLink, mailTo } from "./mailbox";

/*
 * Issue #19 in the browser, with JavaScript on and off: a forgotten password reset through the e-mailed
 * link, the address confirmed from the dashboard's reminder, and the account settings (name, password,
 * e-mail address). The e-mails are the ones the store wrote to its outbox (e2e/mailbox.ts).
 */

test("a forgotten password is reset through the e-mailed link, once", { tag: "@without-javascript" }, async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(/status of 400/); // a too-short password answers 400
  // The account exists, made in a request context of its own: this browser is signed out.
  const account = await signUp(request, { label: "forgot" });

  await open(page, "/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${account.email}, we have sent it a link`);
  await expectNoSeriousAxeViolations(page);

  const link = await accountLink(account.email, /^Reset your Social Media Boost password$/, "/auth/reset");
  await open(page, link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  // Said before the password is saved (issue #49).
  await expect(page.getByText("every API key of the account is revoked")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("new");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-7");
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\?passwordReset=1$/);
  await expect(page.getByRole("status").filter({ hasText: "Your new password is saved. Every other device was signed out, and any API keys of the account were revoked." })).toBeVisible();

  // The link is used up; the old password no longer works, the new one does.
  await open(page, link);
  await expect(page.getByRole("alert")).toContainText("This link has already been used.");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/auth/forgot");
  expect((await page.request.post("/api/auth/login", { data: { email: account.email, password: account.password } })).status()).toBe(401);
  expect((await page.request.post("/api/auth/login", { data: { email: account.email, password: "brand-new-pass-7" } })).status()).toBe(200);
});

test("an unknown or tampered reset link says so and offers a new one", async ({ page }) => {
  await open(page, `/auth/reset/${"x".repeat(43)}`);
  await expect(page.getByRole("alert")).toContainText("This link is not valid.");
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
});

test("the dashboard reminds to confirm the address, sends the link again, and the link confirms it", { tag: "@without-javascript" }, async ({ page }) => {
  const account = await signUp(page.request, { label: "acct" });
  await open(page, "/dashboard");
  const reminder = page.getByRole("region", { name: "E-mail confirmation" });
  await expect(reminder).toContainText(`Please confirm your e-mail address: we sent a link to ${account.email}.`);
  await reminder.getByRole("button", { name: "Send the link again" }).click();
  await expect(page).toHaveURL(/\/dashboard\?verification=sent$/);
  await expect(page.getByRole("region", { name: "E-mail confirmation" }).getByRole("status")).toContainText("We sent a new link. It works for 24 hours");

  // The newest of the two e-mails carries the link that works.
  const link = await accountLink(account.email, /^Confirm your e-mail address$/, "/auth/verify", 2);
  await open(page, link);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("status")).toContainText(`${account.email} is confirmed as your account's e-mail address.`);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("link", { name: "Go to your account settings" }).click();
  await expect(page.getByText(`Receipts, password resets and updates go to ${account.email} (confirmed).`)).toBeVisible();
  await open(page, "/dashboard");
  await expect(page.getByRole("region", { name: "E-mail confirmation" })).toHaveCount(0);
});

test("account settings change the name, the password and the e-mail address", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400/); // a wrong current password answers 400
  const account = await signUp(page.request, { label: "acct" });
  await open(page, "/dashboard");
  await page.getByRole("link", { name: "Account settings" }).click();
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const name = page.getByRole("region", { name: "Name" });
  await name.getByLabel("Full name").fill("Abena Renamed");
  await name.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your name is saved." })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Abena Renamed");

  const password = page.getByRole("region", { name: "Password" });
  // Said before the change is confirmed (issue #49).
  await expect(password).toContainText("Changing it signs out every other device signed in to your account and revokes every API key of the account");
  await password.getByLabel("Current password").fill("not-my-password");
  await password.getByLabel("New password").fill("changed-pass-8");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("region", { name: "Password" }).getByRole("alert")).toHaveText("Your current password is not right.");
  await page.getByRole("region", { name: "Password" }).getByLabel("Current password").fill(account.password);
  await page.getByRole("region", { name: "Password" }).getByLabel("New password").fill("changed-pass-8");
  await page.getByRole("region", { name: "Password" }).getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your new password is saved." })).toBeVisible();
  await mailTo(account.email, /^Your password was changed$/);

  const newEmail = `moved.${account.email}`;
  const email = page.getByRole("region", { name: "E-mail address" });
  await email.getByLabel("New e-mail address").fill(newEmail);
  await email.getByLabel("Current password").fill("changed-pass-8");
  await email.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Almost done: open the link we sent to your new address" })).toBeVisible();
  await expect(page.getByRole("region", { name: "E-mail confirmation" })).toContainText(`Confirm your new e-mail address: we sent a link to ${newEmail}. Until then we keep using ${account.email}.`);

  await open(page, await accountLink(newEmail, /^Confirm your new e-mail address$/, "/auth/verify"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("status")).toContainText(`${newEmail} is confirmed`);
  await open(page, "/profile");
  await expect(page.getByText(`Receipts, password resets and updates go to ${newEmail} (confirmed).`)).toBeVisible();
  expect((await page.request.post("/api/auth/login", { data: { email: newEmail, password: "changed-pass-8" } })).status()).toBe(200);
  // The address the account left is told, with the way to support (issue #49).
  expect((await mailTo(account.email, /^Your e-mail address was changed$/)).text).toContain(newEmail);
});
