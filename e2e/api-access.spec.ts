import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { signUp } from "./api-setup";
import { expect, isJavaScriptProject, open, test } from "./fixtures";

/*
 * Issue #20's "API access" on /profile, with JavaScript on and off: a client creates an API key
 * with their password (issue #49), sees it once, no longer sees it on coming back, and revokes it;
 * "Sign out everywhere" says it revokes every key, and does. Workers have no such section.
 */

const apiAccess = (page: Page) => page.getByRole("region", { name: "API access" });

test("a client creates an API key with their password, sees it once, and revokes it", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 40[03]/); // without JavaScript, the too-long name is refused by the server with 400; a wrong password is 403 either way
  const account = await signUp(page.request, { label: "keys" });
  await open(page, "/profile");
  await expect(apiAccess(page)).toContainText("You have no API keys yet.");
  await expect(apiAccess(page).getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/api-docs");
  await expect(apiAccess(page)).toContainText("To rotate a key, create a new one, put it in your software, then revoke the old one.");
  await expect(apiAccess(page)).toContainText("Creating a key asks for your password, and we e-mail you about every new key.");

  // A name over 60 characters is refused, and no key is made.
  await apiAccess(page).getByLabel("Key name (optional)").fill("x".repeat(61));
  await apiAccess(page).getByLabel("Your password").fill(account.password);
  await apiAccess(page).getByRole("button", { name: "Create API key" }).click();
  await expect(apiAccess(page).getByText("Keep the key's name to 60 characters or fewer")).toBeVisible();
  await expect(apiAccess(page)).toContainText("You have no API keys yet.");

  // A session alone makes no key: a wrong password is refused (issue #49).
  await apiAccess(page).getByLabel("Key name (optional)").fill("My panel");
  await apiAccess(page).getByLabel("Your password").fill("not-my-password");
  await apiAccess(page).getByRole("button", { name: "Create API key" }).click();
  await expect(apiAccess(page).getByText("Your current password is not right.")).toBeVisible();
  await expect(apiAccess(page)).toContainText("You have no API keys yet.");

  await apiAccess(page).getByLabel("Key name (optional)").fill("My panel");
  await apiAccess(page).getByLabel("Your password").fill(account.password);
  await apiAccess(page).getByRole("button", { name: "Create API key" }).click();
  const shown = apiAccess(page).getByLabel("Your new API key “My panel”");
  await expect(shown).toHaveValue(/^smb_[A-Za-z0-9_-]{43}$/);
  await expect(shown).toHaveJSProperty("readOnly", true);
  await expect(apiAccess(page).getByRole("status").first()).toHaveText("Copy this key now: it will not be shown again.");
  const key = await shown.inputValue();
  // Without JavaScript the page cannot reach the clipboard: no Copy button, the key is text to select.
  if (!isJavaScriptProject()) await expect(apiAccess(page).getByRole("button", { name: "Copy key" })).toHaveCount(0);
  // The key travels in the answer to the post, never in the address.
  expect(page.url()).not.toContain(key);
  const listed = apiAccess(page).getByRole("listitem").filter({ hasText: "My panel" });
  await expect(listed).toContainText(`${key.slice(0, 8)}…`);
  await expect(listed).toContainText("never used · 0 requests");
  await expect(apiAccess(page).getByLabel("Key name (optional)")).toHaveValue("");
  await expectNoSeriousAxeViolations(page);

  // Listed by the API too, without the secret.
  const keys = await page.request.get("/api/keys");
  expect(keys.status()).toBe(200);
  expect(await keys.text()).not.toContain(key.slice(8));

  // Reloaded, the page no longer holds the key. (Without JavaScript the page is the answer to a POST,
  // which a reload would post again: open the address instead, as a reload with JavaScript does.)
  if (isJavaScriptProject()) {
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  } else {
    await open(page, "/profile");
  }
  await expect(apiAccess(page).getByRole("listitem").filter({ hasText: "My panel" })).toBeVisible();
  await expect(apiAccess(page).getByLabel(/Your new API key/)).toHaveCount(0);
  expect(await page.content()).not.toContain(key.slice(8));

  await apiAccess(page).getByRole("listitem").filter({ hasText: "My panel" }).getByRole("button", { name: /^Revoke/ }).click();
  await expect(page).toHaveURL(/\/profile\?saved=api-key-revoked#api-access$/);
  await expect(apiAccess(page).getByRole("status")).toHaveText("The key is revoked: requests made with it are refused from now on.");
  const revoked = apiAccess(page).getByRole("listitem").filter({ hasText: "My panel" });
  await expect(revoked).toContainText(/Revoked \d{1,2} \w+ \d{4}/);
  await expect(revoked.getByRole("button")).toHaveCount(0);
  const after = (await (await page.request.get("/api/keys")).json()) as { keys: { name: string; revokedAt: string | null }[] };
  expect(after.keys).toEqual([expect.objectContaining({ name: "My panel", revokedAt: expect.any(String) })]);
});

test("a key created without a name is called “API key”; signing out everywhere revokes it; workers have no API access", async ({ page, browser }) => {
  const account = await signUp(page.request, { label: "keys" });
  await open(page, "/profile");
  await apiAccess(page).getByLabel("Your password").fill(account.password);
  await apiAccess(page).getByRole("button", { name: "Create API key" }).click();
  await expect(apiAccess(page).getByLabel("Your new API key “API key”")).toHaveValue(/^smb_/);
  await expect(apiAccess(page).getByRole("listitem")).toHaveCount(1);

  // The page says what "Sign out everywhere" does to keys before it is pressed, and it does it (issue #49).
  const sessions = page.getByRole("region", { name: "Signed-in devices" });
  await expect(sessions).toContainText("This also revokes every API key of the account");
  await sessions.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/auth\?signedOut=everywhere/);
  const signedIn = await page.request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  const { token } = (await signedIn.json()) as { token: string };
  const keys = (await (await page.request.get("/api/keys", { headers: { authorization: `Bearer ${token}` } })).json()) as { keys: { revokedAt: string | null }[] };
  expect(keys.keys).toEqual([expect.objectContaining({ revokedAt: expect.any(String) })]);

  // A second browser (it takes this project's options, JavaScript on or off) for a worker.
  const workerContext = await browser.newContext();
  try {
    const workerPage = await workerContext.newPage();
    await signUp(workerPage.request, { role: "worker", label: "wkeys" });
    await open(workerPage, "/profile");
    await expect(workerPage.getByRole("heading", { name: "Linked accounts" })).toBeVisible();
    await expect(apiAccess(workerPage)).toHaveCount(0);
  } finally {
    await workerContext.close();
  }
});

test("the new key's Copy button puts it on the clipboard and says so, by keyboard", async ({ page, context, baseURL }) => {
  test.skip(!isJavaScriptProject(), "copying needs JavaScript; without it the key is selectable text (the first test)");
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const account = await signUp(page.request, { label: "copier" });
  await open(page, "/profile");
  await apiAccess(page).getByLabel("Key name (optional)").fill("Copied panel");
  await apiAccess(page).getByLabel("Your password").fill(account.password);
  await apiAccess(page).getByRole("button", { name: "Create API key" }).click();
  const shown = apiAccess(page).getByLabel("Your new API key “Copied panel”");
  await expect(shown).toHaveValue(/^smb_/);
  const key = await shown.inputValue();

  // The field has the focus (its key selected); the next Tab reaches the button, Enter presses it.
  await expect(shown).toBeFocused();
  await page.keyboard.press("Tab");
  const copy = apiAccess(page).getByRole("button", { name: "Copy key" });
  await expect(copy).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(apiAccess(page).getByRole("status").filter({ hasText: "Copied" })).toHaveText("Copied to your clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(copy).toBeFocused();
  await expectNoSeriousAxeViolations(page);
});
