import type { Locator, Page } from "@playwright/test";
import { type SignedUp, signUp } from "./api-setup";
import { expect, open } from "./fixtures";

/*
 * The buying journey's steps through the pages (e2e/buying.spec.ts, e2e/checkout-trips.spec.ts),
 * signed up through the API: "START YOUR GROWTH JOURNEY", "Complete Your Order" (a dialog with
 * JavaScript, part of the page without), the review.
 */

// A 1×1 PNG: real image bytes, as the server checks them.
export const onePixelPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** The toast on screen (JavaScript only). */
export const toastOf = (page: Page): Locator => page.getByRole("region", { name: /Notifications/ }).locator("li");

export const startButton = (page: Page) => page.getByRole("button", { name: "START YOUR GROWTH JOURNEY" });

/** Fills "Complete Your Order" (dialog with JavaScript, inline without) and continues to /checkout. */
export async function verifyAccount(page: Page, username: string, screenshot = { name: "profile.png", mimeType: "image/png", buffer: onePixelPng }) {
  await page.getByLabel("Account username").fill(username);
  await page.getByLabel("Screenshot of your profile").setInputFiles(screenshot);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** A new client at the review of 100 Instagram followers for @ama.grows (₵150.00 + ₵2.55 fee), as a buyer gets there. */
export async function reachReview(page: Page): Promise<SignedUp> {
  const account = await signUp(page.request, { label: "buyer" });
  await open(page, "/packages?platform=instagram&quantity=100");
  await startButton(page).click();
  await verifyAccount(page, "ama.grows");
  // The screenshot is read (and, without JavaScript, uploaded) first: more than the usual 5 s on a busy machine.
  await expect(page).toHaveURL(/\/checkout$/, { timeout: 15_000 });
  return account;
}
