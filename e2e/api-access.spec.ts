import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { signUp } from "./api-setup";
import { expect, isJavaScriptProject, open, test } from "./fixtures";

/*
 * Issue #20's "API access" on /profile, with JavaScript on and off: a client creates an API key,
 * sees it once, no longer sees it on coming back, and revokes it. Workers have no such section.
 */

const apiAccess = (page: Page) => page.getByRole("region", { name: "API access" });

test("a client creates an API key, sees it once, and revokes it", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400/); // without JavaScript, the too-long name is refused by the server with 400
  await signUp(page.request, { label: "keys" });
  await open(page, "/profile");
  await expect(apiAccess(page)).toContainText("You have no API keys yet.");
  await expect(apiAccess(page).getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/api-docs");
  await expect(apiAccess(page)).toContainText("To rotate a key, create a new one, put it in your software, then revoke the old one.");

  // A name over 60 characters is refused, and no key is made.
  await apiAccess(page).getByLabel("Key name (optional)").fill("x".repeat(61));
  await apiAccess(page).getByRole("button", { name: "Create API key" }).click();
  await expect(apiAccess(page).getByText("Keep the key's name to 60 characters or fewer")).toBeVisible();
  await expect(apiAccess(page)).toContainText("You have no API keys yet.");

  await apiAccess(page).getByLabel("Key name (optional)").fill("My panel");
  await apiAccess(page).getByRole("button", { name: "Create API key" }).click();
  const shown = apiAccess(page).getByLabel("Your new API key “My panel”");
  await expect(shown).toHaveValue(/^smb_[A-Za-z0-9_-]{43}$/);
  await expect(shown).toHaveJSProperty("readOnly", true);
  await expect(apiAccess(page).getByRole("status")).toHaveText("Copy this key now: it will not be shown again.");
  const key = await shown.inputValue();
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

test("a key created without a name is called “API key”; workers have no API access", async ({ page, browser }) => {
  await signUp(page.request, { label: "keys" });
  await open(page, "/profile");
  await apiAccess(page).getByRole("button", { name: "Create API key" }).click();
  await expect(apiAccess(page).getByLabel("Your new API key “API key”")).toHaveValue(/^smb_/);
  await expect(apiAccess(page).getByRole("listitem")).toHaveCount(1);

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
