import type { Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { createOrder, signInAsAdmin, signUp } from "./api-setup";
import { askToCancel, keepMyOrder } from "./cancel-question";
import { payByCard } from "./card-payment";
import { expect, isJavaScriptProject, open, test } from "./fixtures";

/*
 * Orders a client can come back to (issue #16): the dashboard's rows open /orders/{id}, the order's
 * own page with its SMB reference, progress, receipt, the 1-hour cancellation and help; /orders
 * lists every order 20 a page. Orders are made and paid through the JSON API as the checkout does.
 */

const year = new Date().getUTCFullYear();
/** The value of a term of the order details (the receipt). */
const detail = (page: Page, term: string) =>
  page
    .getByRole("region", { name: "Order details" })
    .locator("div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) })
    .locator("dd");

test("a client opens a paid order from the dashboard, sees its reference and progress, and cancels it within the hour", { tag: "@without-javascript" }, async ({ page }) => {
  const account = await signUp(page.request, { label: "orderpage" });
  const order = await createOrder(page.request);
  await payByCard(page.request, account, order);
  const reference = `SMB-${order.id}-${year}`;

  await open(page, "/dashboard");
  const recent = page.getByRole("region", { name: "Recent orders" });
  await expect(recent).toContainText("100 Followers · Instagram");
  const profile = recent.getByRole("link", { name: /instagram\.com\/ama\.grows/ });
  await expect(profile).toHaveAttribute("href", "https://www.instagram.com/ama.grows");
  await expect(profile).toHaveAttribute("rel", "noopener noreferrer");
  await recent.getByRole("link", { name: `Order ${reference}` }).click();

  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  if (isJavaScriptProject()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page).toHaveTitle(new RegExp(`Order ${reference}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(reference);
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Payment Successful!" })).toBeVisible();
  const delivery = page.getByRole("region", { name: "Delivery" });
  await expect(delivery).toContainText("In Progress");
  await expect(delivery).toContainText("0 of 100 delivered");
  await expect(delivery.getByRole("progressbar", { name: "Delivery progress" })).toHaveAttribute("value", "0");
  await expect(detail(page, "Platform")).toHaveText("Instagram");
  await expect(detail(page, "Payment")).toHaveText("Paid");
  await expect(detail(page, "Username").getByRole("link")).toHaveAttribute("href", "https://www.instagram.com/ama.grows");
  await expect(page.getByRole("region", { name: "Order details" })).toContainText(`Reference ${reference}`);
  const help = page.getByRole("region", { name: "Need help with this order?" });
  await expect(help).toContainText(reference);
  expect(new URL((await help.getByRole("link", { name: "support form" }).getAttribute("href")) ?? "", "http://x").searchParams.get("reference")).toBe(reference);
  await expectNoSeriousAxeViolations(page);

  const cancelSection = page.getByRole("region", { name: "Changed your mind?" });
  await expect(cancelSection).toContainText("You can cancel this order until");
  await (await askToCancel(page, cancelSection)).getByRole("button", { name: "Yes, cancel and refund" }).click();

  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}\\?cancelled=1$`));
  await expect(page.getByRole("status").filter({ hasText: "Your order has been cancelled." })).toBeVisible();
  await expect(delivery).toContainText("Cancelled");
  await expect(detail(page, "Status")).toHaveText("Cancelled");
  await expect(detail(page, "Payment")).toHaveText("Refund requested");
  await expect(page.getByRole("region", { name: "Changed your mind?" })).toHaveCount(0);
  const stored = await page.request.get(`/api/orders/${order.id}`);
  expect(((await stored.json()) as { status: string }).status).toBe("cancelled");
});

test("'Cancel order' on a paid order asks first, with or without JavaScript, in the same words, and only 'Yes, cancel and refund' cancels", { tag: "@without-javascript" }, async ({ page }) => {
  const account = await signUp(page.request, { label: "cancelask" });
  const order = await createOrder(page.request);
  await payByCard(page.request, account, order);
  const paymentStatus = async () => ((await (await page.request.get(`/api/orders/${order.id}`)).json()) as { status: string; paymentStatus: string });
  await open(page, `/orders/${order.id}`);
  const cancelSection = page.getByRole("region", { name: "Changed your mind?" });

  // The question, and its refund, before anything happens; "Keep my order" leaves the order paid.
  let question = await askToCancel(page, cancelSection);
  await expect(question).toBeVisible();
  await expect(question).toContainText("Your payment of ₵152.55 will be refunded in full to the card or mobile money wallet you paid with.");
  if (!isJavaScriptProject()) await expect(page).toHaveURL(new RegExp(`/orders/${order.id}\\?confirm=cancel#cancel-order$`));
  expect(await paymentStatus()).toMatchObject({ status: "processing", paymentStatus: "paid" });
  await expectNoSeriousAxeViolations(page);
  await keepMyOrder(question).click();
  await expect(question).toBeHidden();
  await expect(cancelSection.getByRole("button", { name: "Cancel order" })).toBeVisible();
  expect(await paymentStatus()).toMatchObject({ status: "processing", paymentStatus: "paid" });

  // A post of the old one-step form (a page rendered before the question existed) cancels nothing either: it is sent to the question.
  const unconfirmed = await page.request.post(`/orders/${order.id}`, { form: { intent: "cancel" }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
  expect(unconfirmed.status()).toBe(303);
  expect(unconfirmed.headers().location).toBe(`/orders/${order.id}?confirm=cancel#cancel-order`);
  expect(await paymentStatus()).toMatchObject({ status: "processing", paymentStatus: "paid" });

  question = await askToCancel(page, cancelSection);
  await question.getByRole("button", { name: "Yes, cancel and refund" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}\\?cancelled=1$`));
  await expect(page.getByRole("status").filter({ hasText: "Your order has been cancelled." })).toBeVisible();
  expect(await paymentStatus()).toMatchObject({ status: "cancelled" });
});

test("an order's page is refused to other clients, and signed out leads through sign-in back to it", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404 \(Not Found\) \(http:\/\/[^)]+\/orders\/\d+\)/);
  const owner = await signUp(page.request, { label: "orderowner" });
  const { id } = await createOrder(page.request);
  await signUp(page.request, { label: "orderstranger" }); // this browser is now signed in as another client

  for (const orderId of [id, 999_999]) {
    const response = await open(page, `/orders/${orderId}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("alert")).toHaveText("Could not fetch order details.");
    await expect(page.getByText(`SMB-${id}-`)).toHaveCount(0);
    await expect(page.getByText("ama.grows")).toHaveCount(0);
  }

  await page.context().clearCookies();
  await open(page, `/orders/${id}`);
  const url = new URL(page.url());
  expect(url.pathname).toBe("/auth");
  expect(url.searchParams.get("redirectTo")).toBe(`/orders/${id}`);
  const form = page.getByRole("main").locator("form");
  await form.getByLabel("Email").fill(owner.email);
  await form.getByLabel("Password").fill(owner.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`SMB-${id}-${year}`);
});

test("an admin opens any client's order page, with a way to the admin console", async ({ page }) => {
  await signUp(page.request, { label: "orderadminview" });
  const { id } = await createOrder(page.request);
  await page.context().clearCookies();
  await signInAsAdmin(page.request);

  await open(page, `/orders/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`SMB-${id}-${year}`);
  await expect(page.getByRole("link", { name: "Open in the admin console" })).toHaveAttribute("href", `/admin/orders/${id}`);
  await expect(page.getByRole("region", { name: "Changed your mind?" })).toHaveCount(0);
});

test("/orders lists every order, newest first, 20 a page, with Previous and Next", async ({ page }) => {
  test.slow(); // 21 orders through the API
  await signUp(page.request, { label: "orderhistory" });
  await open(page, "/orders");
  await expect(page.getByText("You have not placed an order yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse packages" })).toHaveAttribute("href", "/packages");

  const ids: number[] = [];
  for (let count = 0; count < 21; count += 1) ids.push((await createOrder(page.request)).id);
  const newestFirst = ids.reverse().map((id) => `Order SMB-${id}-${year}`);

  await open(page, "/dashboard");
  await page.getByRole("link", { name: "View all orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  const rows = () => page.getByRole("list", { name: /^Orders, page/ }).getByRole("link", { name: /^Order SMB-/ });
  await expect(rows()).toHaveText(newestFirst.slice(0, 20));
  const pages = page.getByRole("navigation", { name: "Order pages" });
  await expect(pages).toContainText("Page 1 of 2 · 21 orders");
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/orders\?page=2$/);
  await expect(rows()).toHaveText(newestFirst.slice(20));
  await expect(pages).toContainText("Page 2 of 2 · 21 orders");
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(rows()).toHaveCount(20);
  await rows().first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/${ids[0]}$`));
});

test("the payment status page leads with the order's SMB reference; the provider's reference is secondary", async ({ page }) => {
  const account = await signUp(page.request, { label: "orderpayref" });
  const order = await createOrder(page.request);
  // A card payment started and not finished: its status page keeps waiting (no redirect).
  const started = await page.request.post("/api/payment/charge/card", {
    data: { email: account.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS" },
  });
  expect(started.status(), await started.text()).toBe(200);
  const paymentReference = ((await started.json()) as { data: { reference: string } }).data.reference;

  await open(page, `/payment-status/${paymentReference}?orderId=${order.id}&amount=152.55&currency=GHS`);
  const details = page.locator("dl");
  await expect(details).toContainText(`Order referenceSMB-${order.id}-${year}`);
  await expect(details).not.toContainText(paymentReference);
  await expect(page.getByText("Payment reference", { exact: false })).toContainText(paymentReference);
});
