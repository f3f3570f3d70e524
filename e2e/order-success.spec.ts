import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { createOrder, signUp } from "./api-setup";
import { payByCard } from "./card-payment";
import { askToCancel, keepMyOrder } from "./cancel-question";
import { expect, isJavaScriptProject, open, test } from "./fixtures";

/*
 * The order confirmation page (/order-success?orderId=), with JavaScript on ("js": Print Receipt
 * calls window.print(), cancelling asks in a dialog) and off ("no-js": a printing hint, the cancel
 * form posts at once). Orders are made through the JSON API as the checkout makes them.
 *
 * A paid order is paid as a payer does, by card on the sandbox's hosted checkout (e2e/card-payment.ts).
 */

const year = new Date().getUTCFullYear();

const details = (page: Page) => page.getByRole("region", { name: "Order details" });
const statusBanner = (page: Page) => page.getByRole("main").getByRole("status");

test.describe("order confirmation", () => {
  test("shows an unpaid order as it is: details, price, fee and total, awaiting payment, what's next and help", { tag: "@without-javascript" }, async ({ page }) => {
    await signUp(page.request, { label: "success" });
    const { id: orderId } = await createOrder(page.request);
    const response = await open(page, `/order-success?orderId=${orderId}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");

    await expect(page).toHaveTitle(/Order Confirmed/);
    await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();

    // Honest: no payment was made, so no 'Payment Successful!'.
    await expect(page.getByText("Payment Successful!")).toHaveCount(0);
    await expect(statusBanner(page)).toContainText("Awaiting payment");
    await expect(statusBanner(page)).toContainText("₵152.55");
    await expect(statusBanner(page).getByRole("link", { name: "Complete payment" })).toHaveAttribute("href", `/checkout?orderId=${orderId}`);

    const orderDetails = details(page);
    const reference = `SMB-${orderId}-${year}`;
    for (const [term, value] of [
      ["Order ID", `#${orderId}`],
      ["Package", "100 Followers"],
      ["Platform", "Instagram"],
      ["Username", "@ama.grows (opens in a new tab)"],
      ["Status", "Pending"],
      ["Payment", "Awaiting payment"],
      ["Amount", "₵152.55"],
    ]) {
      await expect(orderDetails.locator("div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd")).toHaveText(value);
    }
    const profile = orderDetails.getByRole("link", { name: "@ama.grows (opens in a new tab)" });
    await expect(profile).toHaveAttribute("href", "https://www.instagram.com/ama.grows");
    await expect(profile).toHaveAttribute("rel", "noopener noreferrer");
    await expect(orderDetails.locator("dd time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    await expect(orderDetails.locator("dd time")).toContainText(String(year));
    await expect(orderDetails).toContainText(`Reference ${reference}`);
    const rows = orderDetails.getByRole("table").getByRole("row");
    await expect(rows.filter({ hasText: "100 Followers" })).toContainText("₵150.00");
    await expect(rows.filter({ hasText: "Processing fee (1.7%)" })).toContainText("₵2.55");
    await expect(rows.filter({ hasText: "Total" })).toContainText("₵152.55");

    const next = page.getByRole("region", { name: "What's Next" });
    await expect(next.getByRole("heading", { level: 3 })).toHaveText(["Step 1: Order Processing", "Step 2: Task Assignment", "Step 3: Delivery within 24-48 hours"]);

    await expect(page.getByRole("link", { name: "View Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Order More Packages" })).toHaveAttribute("href", "/packages");
    await expect(page.getByRole("link", { name: "Track this order" })).toHaveAttribute("href", `/orders/${orderId}`);
    if (isJavaScriptProject()) {
      await page.evaluate(() => {
        (window as unknown as { printCalls: number }).printCalls = 0;
        window.print = () => {
          (window as unknown as { printCalls: number }).printCalls += 1;
        };
      });
      await page.getByRole("button", { name: "Print Receipt" }).click();
      expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
      await expect(page.getByText("use your browser's Print command")).toBeHidden();
    } else {
      await expect(page.getByRole("button", { name: "Print Receipt" })).toBeHidden();
      await expect(page.getByText("use your browser's Print command")).toBeVisible();
    }

    const help = page.getByRole("region", { name: "Need help with this order?" });
    await expect(help).toContainText(reference);
    const mail = decodeURIComponent((await help.getByRole("link", { name: "Email" }).getAttribute("href")) ?? "");
    expect(mail).toContain("Package: 100 Followers");
    expect(mail).toContain("Platform: Instagram");
    expect(mail).toContain("Amount: ₵152.55");
    expect(mail).toContain(`/order-success?orderId=${orderId}`);
    await expect(help.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
    // This store has no support phone line configured (e2e/support-contacts.ts): no Call link.
    await expect(help.locator('a[href^="tel:"]')).toHaveCount(0);
    const supportForm = new URL((await help.getByRole("link", { name: "support form" }).getAttribute("href")) ?? "", page.url());
    expect(supportForm.pathname).toBe("/support");
    expect(supportForm.searchParams.get("reference")).toBe(reference);

    await expectNoSeriousAxeViolations(page);
  });

  test("shows a paid order as paid: 'Payment Successful!', the reference, amount and status, and the 1-hour cancellation with a refund", async ({ page }) => {
    const account = await signUp(page.request, { label: "paid" });
    const order = await createOrder(page.request);
    await payByCard(page.request, account, order);
    const orderId = order.id;
    const response = await open(page, `/order-success?orderId=${orderId}`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
    await expect(statusBanner(page)).toContainText("Payment Successful!");
    await expect(statusBanner(page)).toContainText("We received your payment of ₵152.55.");
    await expect(statusBanner(page).getByRole("link", { name: "Complete payment" })).toHaveCount(0);

    const orderDetails = details(page);
    const term = (name: string) => orderDetails.locator("div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${name}$`) }) }).locator("dd");
    await expect(term("Order ID")).toHaveText(`#${orderId}`);
    await expect(term("Status")).toHaveText("In Progress");
    await expect(term("Payment")).toHaveText("Paid");
    await expect(term("Amount")).toHaveText("₵152.55");
    await expect(orderDetails).toContainText(`Reference SMB-${orderId}-${year}`);

    // Paid a moment ago and nothing delivered: the cancellation offer says the payment comes back.
    await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/refund/i);
    await expect(page.getByRole("link", { name: "Track this order" })).toHaveAttribute("href", `/orders/${orderId}`);
    await expect(page.getByRole("link", { name: "View Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expectNoSeriousAxeViolations(page);
  });

  test("without an order id goes home; signed out goes to sign in and comes back", async ({ page }) => {
    await open(page, "/order-success");
    await expect(page).toHaveURL(/\/$/);
    await open(page, "/order-success?orderId=abc");
    await expect(page).toHaveURL(/\/$/);

    const account = await signUp(page.request, { label: "successauth" });
    const { id: orderId } = await createOrder(page.request);
    await page.context().clearCookies();
    await open(page, `/order-success?orderId=${orderId}`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/auth");
    expect(url.searchParams.get("redirectTo")).toBe(`/order-success?orderId=${orderId}`);

    const form = page.getByRole("main").locator("form");
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password").fill(account.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  });

  test("another client's order, or one that does not exist, cannot be fetched (404)", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404 \(Not Found\) \(http:\/\/[^)]+\/order-success\?orderId=/);
    await signUp(page.request, { label: "successowner" });
    const { id: orderId } = await createOrder(page.request);
    await signUp(page.request, { label: "successother" }); // this browser is now signed in as another client

    for (const id of [orderId, 999_999]) {
      const response = await open(page, `/order-success?orderId=${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("alert")).toHaveText("Could not fetch order details.");
      await expect(page.getByText("ama.grows")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toHaveCount(0);
    }
  });

  test("an unpaid order can be cancelled from the page, and a refused cancellation says why", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
    // The refused post at the end answers 422 on purpose.
    consoleGuard.allow(/status of 422 \(Unprocessable Entity\) \(http:\/\/[^)]+\/order-success(\.data)?\?orderId=/);
    await signUp(page.request, { label: "successcancel" });
    const { id: orderId } = await createOrder(page.request);
    await open(page, `/order-success?orderId=${orderId}`);
    const cancelSection = page.getByRole("region", { name: "Changed your mind?" });
    await expect(cancelSection).toContainText("not paid yet, so you can cancel it at any time");

    // Asked first, with or without JavaScript; "Keep my order" keeps it.
    let question = await askToCancel(page, cancelSection);
    await expect(question).toContainText("You have not paid for it, so nothing will be charged.");
    await keepMyOrder(question).click();
    await expect(question).toBeHidden();
    if (isJavaScriptProject()) await expect(cancelSection.getByRole("button", { name: "Cancel order" })).toBeFocused();
    else await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}$`));
    question = await askToCancel(page, cancelSection);
    await question.getByRole("button", { name: "Yes, cancel order" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Order Cancelled" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}$`));
    await expect(statusBanner(page)).toContainText("Order cancelled");
    await expect(statusBanner(page)).toContainText("Nothing was charged");
    await expect(details(page).locator("div").filter({ has: page.locator("dt", { hasText: /^Status$/ }) }).locator("dd")).toHaveText("Cancelled");
    await expect(page.getByRole("region", { name: "Changed your mind?" })).toHaveCount(0);
    await expect(page.getByText("Payment Successful!")).toHaveCount(0);
    const stored = await page.request.get(`/api/orders/${orderId}`);
    expect(((await stored.json()) as { status: string }).status).toBe("cancelled");

    // A second order, cancelled elsewhere (the API) while this page still offers it: the post is refused.
    const { id: secondId } = await createOrder(page.request);
    await open(page, `/order-success?orderId=${secondId}`);
    const cancelled = await page.request.post(`/api/orders/${secondId}/cancel`, { data: {} });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    // With JavaScript the dialog's "Yes" is refused; without it the question itself says why, as the page opens.
    await page.getByRole("button", { name: "Cancel order" }).click();
    if (isJavaScriptProject()) await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel order" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The order could not be cancelled");
    await expect(alert).toContainText("This order is already cancelled.");
    await expect(page.getByRole("heading", { level: 1, name: "Order Cancelled" })).toBeVisible();
  });

  test("prints as a receipt: no site header, footer, banners or buttons", async ({ page }) => {
    await signUp(page.request, { label: "successprint" });
    const { id: orderId } = await createOrder(page.request);
    await open(page, `/order-success?orderId=${orderId}`);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByText("Order summary", { exact: true })).toBeHidden();

    await page.emulateMedia({ media: "print" });
    for (const hidden of [
      page.getByRole("banner"),
      page.getByRole("contentinfo"),
      page.getByRole("heading", { level: 1 }),
      statusBanner(page),
      page.getByRole("link", { name: "View Dashboard" }),
      page.getByRole("region", { name: "What's Next" }),
      page.getByRole("region", { name: "Need help with this order?" }),
      page.getByRole("region", { name: "Changed your mind?" }),
    ]) {
      await expect(hidden).toBeHidden();
    }
    const receipt = details(page);
    await expect(receipt).toBeVisible();
    await expect(receipt.getByText("Social Media Boost", { exact: true })).toBeVisible();
    // Unpaid: a summary, never called a receipt of payment.
    await expect(receipt.getByText("Order summary", { exact: true })).toBeVisible();
    await expect(receipt.getByText("Receipt", { exact: true })).toHaveCount(0);
    await expect(receipt).toContainText(`SMB-${orderId}-${year}`);
    await expect(receipt.locator("div").filter({ has: page.locator("dt", { hasText: /^Payment$/ }) }).locator("dd")).toHaveText("Awaiting payment");
    await expect(receipt.getByText("Not paid: this is not a receipt of payment.")).toBeVisible();
    await expect(receipt.getByText(`Reference SMB-${orderId}-${year}`)).toBeHidden(); // the print header carries it
    await expect(receipt.getByRole("row").filter({ hasText: "Total" })).toContainText("₵152.55");
    await page.screenshot({ path: test.info().outputPath("print.png"), fullPage: true });
  });
});
