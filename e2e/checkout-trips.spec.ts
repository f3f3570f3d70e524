import type { Locator, Page } from "@playwright/test";
import { signUp } from "./api-setup";
import { reachReview, startButton } from "./checkout-journey";
import { expect, isJavaScriptProject, open, test } from "./fixtures";
import { directCardBaseURL } from "./servers";

/*
 * What tripped first-time buyers at checkout (issue #16): a refused payment that threw the payer
 * back to the review with the reason only in a passing toast, a "Proceed to Payment" far below a
 * phone's first screen, and the "Complete Your Order" form closer to the dialog's right edge than
 * to its left. With JavaScript and without.
 */

const nextYear = String(new Date().getUTCFullYear() + 1);
const declinedCard = { number: "4084080000005408", cvv: "001" } as const; // sandbox/paystack/README.md: "Declined"
const proceedButton = (page: Page) => page.getByRole("button", { name: "Proceed to Payment" });
const payButton = (page: Page) => page.getByRole("button", { name: "Pay ₵152.55" });
/** The payment step's own section: its alert is the page's, not the toast's. */
const paymentStep = (page: Page) => page.getByRole("region", { name: "Payment", exact: true });

/** The journey through the pages and then a wait that outlasts the toast. */
const declineTestTimeout = 60_000;

/** From the review to the payment step of a new order; its address. */
async function proceedToPayment(page: Page): Promise<string> {
  await proceedButton(page).click();
  await expect(page).toHaveURL(/\/checkout\?orderId=\d+$/);
  return page.url();
}

/** The toast lasts 5 s: after 6 s only what the page itself shows is left. */
async function outlastTheToast(page: Page) {
  await page.waitForTimeout(6_000);
}

async function expectReasonOnPaymentStep(page: Page, paymentUrl: string, reason: string) {
  await outlastTheToast(page);
  expect(page.url().startsWith(paymentUrl)).toBe(true);
  const alert = paymentStep(page).getByRole("alert");
  await expect(alert).toContainText("Payment Failed");
  await expect(alert).toContainText(reason);
  await expect(alert).toBeInViewport();
}

test.describe("a declined card on the store's own payment step (PAYSTACK_CARD_MODE=direct)", () => {
  test.use({ baseURL: directCardBaseURL });

  test("keeps the payer on the payment step with the bank's reason, the expiry kept and the card number not echoed", { tag: "@without-javascript" }, async ({ page }) => {
    test.setTimeout(declineTestTimeout);
    await reachReview(page);
    const paymentUrl = await proceedToPayment(page);
    // Mobile money is the tab open first; the card is one tab away.
    await page.getByRole("navigation", { name: "Payment method" }).getByRole("link", { name: "Card Payment" }).click();
    await expect(page).toHaveURL(/&method=card$/);
    await page.getByLabel("Card number").fill(declinedCard.number);
    await page.getByLabel("Month").selectOption("11");
    await page.getByLabel("Year").selectOption(nextYear);
    await page.getByLabel("CVV").fill(declinedCard.cvv);
    await payButton(page).click();

    await expectReasonOnPaymentStep(page, paymentUrl, "Declined");
    await expect(page.getByLabel("Month")).toHaveValue("11");
    await expect(page.getByLabel("Year")).toHaveValue(nextYear);
    // The server never writes a card number or CVV into a page; without JavaScript the fields come back empty.
    expect(await page.content()).not.toContain(declinedCard.number);
    if (!isJavaScriptProject()) {
      await expect(page.getByLabel("Card number")).toHaveValue("");
      await expect(page.getByLabel("CVV")).toHaveValue("");
    }
    await expect(payButton(page)).toBeEnabled();

    // Back on the review the same checkout still leads to the same, unpaid order.
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await proceedButton(page).click();
    await expect(page).toHaveURL(paymentUrl);
  });
});

test("a declined wallet keeps the payer on the payment step with the reason, the number and the network", { tag: "@without-javascript" }, async ({ page }) => {
  test.setTimeout(declineTestTimeout);
  await reachReview(page);
  const paymentUrl = await proceedToPayment(page);
  // Mobile money is the tab open first.
  await expect(page.getByRole("navigation", { name: "Payment method" }).getByRole("link", { name: "Mobile Money" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Provider").selectOption("mtn");
  await page.getByLabel("Mobile money number").fill("0241234567"); // not a sandbox wallet: refused at once
  await payButton(page).click();

  await expectReasonOnPaymentStep(page, paymentUrl, "Transaction declined. Please use a test mobile money number.");
  await expect(page.getByLabel("Provider")).toHaveValue("mtn");
  await expect(page.getByLabel("Mobile money number")).toHaveValue("0241234567");
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 664 } });

  test("'Proceed to Payment' is on the first screen of the review and stays in reach while scrolling", async ({ page }) => {
    await reachReview(page);
    await expect(proceedButton(page)).toBeInViewport({ ratio: 1 });
    await page.getByRole("heading", { name: "Safe checkout, money back" }).scrollIntoViewIfNeeded();
    await expect(proceedButton(page)).toBeInViewport({ ratio: 1 });
    // SPEC's review is all there, Back included.
    await expect(page.getByRole("region", { name: "Price" })).toContainText("Total₵152.55");
    await expect(page.getByRole("link", { name: "Back" })).toBeVisible();
    await proceedToPayment(page);
  });

  test("after 'Proceed to Payment' the focus is on the payment step's heading, not on the page's body", async ({ page }) => {
    await reachReview(page);
    await proceedButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/checkout\?orderId=\d+$/);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return !element || element === document.body ? "<body>" : `<${element.tagName.toLowerCase()}> ${element.textContent?.trim()}`;
      });
    await expect.poll(focused).toBe("<h2> Payment");
    await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeInViewport();
    // The keyboard carries on from there, into the payment step.
    await page.keyboard.press("Tab");
    expect(await paymentStep(page).evaluate((step) => step.contains(document.activeElement))).toBe(true);
  });
});

/** How far each of the form's fields sits from the box's left and right edges. */
async function fieldInsets(box: Locator, fields: Locator[]) {
  const outer = await box.boundingBox();
  if (!outer) throw new Error("the box is not shown");
  return Promise.all(
    fields.map(async (field) => {
      const inner = await field.boundingBox();
      if (!inner) throw new Error("a field is not shown");
      return { left: inner.x - outer.x, right: outer.x + outer.width - (inner.x + inner.width) };
    }),
  );
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`"Complete Your Order" has as much room right of its fields as left at ${viewport.width} px`, { tag: "@without-javascript" }, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUp(page.request);
    await open(page, "/packages?platform=instagram&quantity=100");
    await startButton(page).click();
    // A dialog with JavaScript; part of the page without.
    const box = isJavaScriptProject() ? page.getByRole("dialog", { name: "Complete Your Order" }) : page.getByRole("region", { name: "Complete Your Order" });
    await expect(box).toBeVisible();
    const fields = [page.getByLabel("Account username"), page.getByLabel("Screenshot of your profile").locator(".."), page.getByRole("button", { name: "Continue" })];
    for (const { left, right } of await fieldInsets(box, fields)) {
      expect(left).toBeGreaterThan(16);
      expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
    }
  });
}
