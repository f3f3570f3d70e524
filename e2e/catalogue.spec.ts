import type { Page } from "@playwright/test";
import { signUp } from "./api-setup";
import { startButton } from "./checkout-journey";
import { expect, isJavaScriptProject, open, test } from "./fixtures";

/*
 * The whole catalogue (issue #50): the storefront sells every active service, not only followers. A
 * client buys 100 likes on a TikTok video from its link, on a phone, and pays by mobile money, with
 * JavaScript (draft in session storage, order through /api/orders) and without it (forms, the draft
 * kept by the server).
 */

test.use({ viewport: { width: 390, height: 844 } });

const videoLink = "https://www.tiktok.com/@ama.grows/video/7412345678901234567";

const tabsOf = (page: Page, name: string) => page.getByRole("main").getByRole("navigation", { name });

async function orderOf(page: Page, orderId: number) {
  const response = await page.request.get(`/api/orders/${orderId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { package: { id: string; name: string }; targetUrl: string; quantity: number; paymentStatus: string };
}

test("a client buys 100 likes on a TikTok video link by mobile money on a phone", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 400/); // without JavaScript, the refused link answers 400 with the form and its sentence
  await signUp(page.request, { label: "likes" });

  // TikTok sells followers (SPEC's flow, first), likes, views and comments: each a link.
  await open(page, "/packages?platform=tiktok");
  await expect(tabsOf(page, "Platforms").getByRole("link", { name: "TikTok", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "100 Followers" })).toBeVisible();
  await tabsOf(page, "TikTok services").getByRole("link", { name: "Likes", exact: true }).click();
  await expect(page).toHaveURL(/service=tiktok-likes/);
  await expect(page.getByRole("heading", { name: "100 Likes" })).toBeVisible();
  // ₵0.25 a like, as the operator priced it (the seeded catalogue).
  await expect(page.locator("output")).toHaveText("₵25.00");
  await expect(page.getByText("From 20 to 50,000.")).toBeVisible();
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await startButton(page).click();
  if (isJavaScriptProject()) await expect(page.getByRole("dialog", { name: "Complete Your Order" })).toBeVisible();
  else await expect(page.getByRole("heading", { name: "Complete Your Order" })).toBeVisible();
  // No username or screenshot for a post: its link. A profile's link is refused, in a sentence, under the field.
  await expect(page.getByLabel("Screenshot of your profile")).toHaveCount(0);
  const link = page.getByLabel("Link of the video");
  await link.fill("https://www.tiktok.com/@ama.grows");
  await page.getByRole("button", { name: "Continue" }).click();
  const refusal = page.getByText("This is a link to a TikTok profile: paste the link of the video.");
  await expect(refusal).toBeVisible();
  await expect(page.getByLabel("Link of the video")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Link of the video").fill(`${videoLink}?is_from_webapp=1&sender_device=pc`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout$/, { timeout: 15_000 });

  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText("100 Likes");
  await expect(summary).toContainText("TikTok");
  // The link as the store keeps it: the video, without the app's tracking.
  await expect(summary.getByRole("link", { name: videoLink })).toHaveAttribute("href", videoLink);
  await expect(summary).not.toContainText("Screenshot");
  const price = page.getByRole("region", { name: "Price" });
  await expect(price).toContainText("Package price₵25.00");
  await expect(price).toContainText("Processing fee (1.7%)₵0.43");
  await expect(price).toContainText("Total₵25.43");

  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveURL(/\/checkout\?orderId=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get("orderId"));
  expect(await orderOf(page, orderId)).toMatchObject({ package: { id: "tiktok-likes", name: "100 Likes" }, targetUrl: videoLink, quantity: 100, paymentStatus: "unpaid" });

  await expect(page.getByRole("navigation", { name: "Payment method" }).getByRole("link", { name: "Mobile Money" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Provider").selectOption("mtn");
  await page.getByLabel("Mobile money number").fill("0551234987"); // the sandbox's approving MTN wallet
  await page.getByRole("button", { name: "Pay ₵25.43" }).click();

  await expect(page).toHaveURL(new RegExp(`/payment-status/[^?]+\\?orderId=${orderId}&amount=25.43&currency=GHS`));
  await expect(page.getByRole("heading", { name: "Waiting for Payment" })).toBeVisible();
  // The wallet approves after 3 s (SANDBOX_MOMO_APPROVE_MS); the next check (≤ 10 s) sees it.
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}$`), { timeout: 10_000 });
  expect((await orderOf(page, orderId)).paymentStatus).toBe("paid");
});

test("?platform=twitter and ?platform=x sell X followers; a platform not sold is said so", async ({ page }) => {
  for (const platform of ["twitter", "x"]) {
    await open(page, `/packages?platform=${platform}`);
    await expect(tabsOf(page, "Platforms").getByRole("link", { name: "X", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "100 Followers" })).toBeVisible();
    await expect(page.locator("output")).toHaveText("₵150.00");
    await expect(page.getByText("not available yet")).toHaveCount(0);
  }
  await open(page, "/packages?platform=facebook&service=facebook-likes");
  await expect(page.getByRole("heading", { name: "100 Likes" })).toBeVisible();
  await open(page, "/packages?platform=snapchat");
  await expect(page.getByRole("status").filter({ hasText: "Packages for that platform are not available yet. Choose Instagram, TikTok, YouTube, X or Facebook." })).toBeVisible();
});
