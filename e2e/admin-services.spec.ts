import type { Locator, Page } from "@playwright/test";
import { signInAsAdmin } from "./api-setup";
import { expect, open, test } from "./fixtures";

/*
 * Admin › Services (issue #50) with the keyboard only: the admin creates "TikTok Likes" at ₵0.20
 * (reward ₵0.06) by Tab, typing and Enter, finds it in the table and on sale, then disables it the
 * same way; it leaves GET /api/services. Then a picture of the page at 1280 and 390 px.
 */

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Tab until `target` has the focus (at most `maxPresses`); fails saying where the focus went. */
async function tabTo(page: Page, target: Locator, maxPresses = 200) {
  for (let press = 1; press <= maxPresses; press += 1) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} did not get the focus after ${maxPresses} presses of Tab`);
}

/** The next Tab lands exactly on `target`, and `text` is typed into it. */
async function tabAndType(page: Page, target: Locator, text: string) {
  await page.keyboard.press("Tab");
  expect(await isFocused(target), `${target} should follow`).toBe(true);
  await page.keyboard.type(text);
}

test("an admin creates TikTok Likes at ₵0.20 by keyboard, sees it listed, then disables it", async ({ page }) => {
  test.slow(); // some 150 key presses
  await signInAsAdmin(page.request);
  await open(page, "/admin/services");
  await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");

  const form = page.locator("#create-service");
  const platform = form.getByLabel("Platform");
  await tabTo(page, platform);
  await page.keyboard.type("TikTok"); // a closed select's type-ahead
  await expect(platform).toHaveValue("tiktok");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Likes");
  await expect(form.getByLabel("Kind")).toHaveValue("likes");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Post");
  await expect(form.getByLabel("Target")).toHaveValue("post");
  await tabAndType(page, form.getByLabel("Name"), "TikTok Likes");
  await page.keyboard.press("Tab"); // the description is optional
  await tabAndType(page, form.getByLabel("Price per unit (₵)"), "0.20");
  // A reward at the price first: refused under its field once sent.
  await tabAndType(page, form.getByLabel("Worker reward per unit (₵)"), "0.20");
  await tabAndType(page, form.getByLabel("Minimum quantity"), "20");
  await tabAndType(page, form.getByLabel("Maximum quantity"), "10000");
  await expect(form.getByText("Worker reward must be below the unit price")).toHaveCount(0); // nothing while typing
  await page.keyboard.press("Enter");
  const reward = form.getByLabel("Worker reward per unit (₵)");
  await expect(form.getByText("Worker reward must be below the unit price")).toBeVisible();
  await expect(reward).toHaveAttribute("aria-invalid", "true");

  // Back to the reward with Shift+Tab, corrected, sent with Enter.
  for (let press = 0; press < 3 && !(await isFocused(reward)); press += 1) await page.keyboard.press("Shift+Tab");
  if (!(await isFocused(reward))) await tabTo(page, reward);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("0.06");
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: "Service created" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "tiktok-likes-2" });
  await expect(row).toContainText("TikTok Likes");
  await expect(row).toContainText("₵0.20");
  await expect(row).toContainText("₵0.06");
  await expect(row).toContainText("20–10,000");
  await expect(row).toContainText("Active");
  const onSale = async () => ((await (await page.request.get("/api/services")).json()) as { id: string; unitPrice: string }[]).find((service) => service.id === "tiktok-likes-2");
  expect(await onSale()).toMatchObject({ unitPrice: "0.20" });

  // Disable it with the keyboard.
  const disable = page.getByRole("button", { name: "Disable TikTok Likes (tiktok-likes-2)" });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabTo(page, disable);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Service disabled" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "tiktok-likes-2" })).toContainText("Disabled");
  await expect(page.getByRole("button", { name: "Enable TikTok Likes (tiktok-likes-2)" })).toBeVisible();
  expect(await onSale()).toBeUndefined();

  // Both changes in the audit log, readable.
  await open(page, "/admin/audit?targetType=service&targetId=tiktok-likes-2");
  const entries = page.getByRole("list", { name: "Audit entries" });
  await expect(entries).toContainText("Service changed");
  await expect(entries).toContainText("active true → false");
  await expect(entries).toContainText("Service created");

  // Pictures of the page, wide and on a phone.
  await open(page, "/admin/services");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("admin-services-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("admin-services-390.png"), fullPage: true });
  // On a phone the table scrolls inside its own box; the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
