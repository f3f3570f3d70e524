import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { createOrder, signUp } from "./api-setup";
import { expect, isJavaScriptProject, open, test } from "./fixtures";
import { directCardBaseURL } from "./servers";

/*
 * Paying (SPEC §2 /checkout payment and success steps, /payment-status/:reference; §4, §5, §8):
 * through the real payment service and the Paystack sandbox's test instruments, with JavaScript
 * (calls to /api/payment/*, toasts, the OTP overlay, polling) and without it (forms posting to the
 * route actions, the PIN and OTP forms inline, the status page reloading itself).
 */

/** A signed-in client with a fresh unpaid order of 100 Instagram followers (₵150.00 + ₵2.55 fee). */
async function orderToPay(page: Page, label = "payer") {
  const account = await signUp(page.request, { label });
  const { id } = await createOrder(page.request);
  return { id, account };
}

async function paymentStatusOf(page: Page, orderId: number): Promise<string> {
  const response = await page.request.get(`/api/orders/${orderId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { paymentStatus: string }).paymentStatus;
}

/** The toast on screen (JavaScript only). */
const toastOf = (page: Page): Locator => page.getByRole("region", { name: /Notifications/ }).locator("li");

const nextYear = String(new Date().getUTCFullYear() + 1);

async function fillCard(page: Page, card: { number: string; cvv: string; month?: string; year?: string }) {
  await page.getByLabel("Card number").fill(card.number);
  await page.getByLabel("Month").selectOption(card.month ?? "12");
  await page.getByLabel("Year").selectOption(card.year ?? nextYear);
  await page.getByLabel("CVV").fill(card.cvv);
}

const payButton = (page: Page) => page.getByRole("button", { name: "Pay ₵152.55" });
/** The card tab of an order's payment step (mobile money is the tab open first). */
const cardTab = (orderId: number) => `/checkout?orderId=${orderId}&method=card`;
const methodTab = (page: Page, name: "Mobile Money" | "Card Payment") => page.getByRole("navigation", { name: "Payment method" }).getByRole("link", { name });

async function expectSuccessStep(page: Page, orderId: number) {
  await expect(page).toHaveURL(new RegExp(`/checkout\\?orderId=${orderId}$`));
  await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  const success = page.getByRole("region", { name: "Order Successful!" });
  await expect(success).toContainText("@ama.grows");
  await expect(success).toContainText("100 Followers");
  await expect(success).toContainText("within 24-48 hours");
  await expect(success.getByRole("link", { name: "View Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(success.getByRole("link", { name: "Order More" })).toHaveAttribute("href", "/packages");
  await expect(page.getByRole("listitem").filter({ hasText: "Done" })).toHaveAttribute("aria-current", "step");
  // Paid: every step has its tick, "Done" too.
  await expect(page.getByRole("list", { name: "Checkout steps" }).getByLabel("done")).toHaveCount(3);
  expect(await paymentStatusOf(page, orderId)).toBe("paid");
}

test.describe("cards on Paystack's hosted checkout (the default card mode)", () => {
  const hostedPayButton = (page: Page) => page.getByRole("button", { name: "Pay ₵152.55 by card" });

  /** From the store's card tab to the checkout page (the sandbox's copy of Paystack's). */
  async function goToCheckoutPage(page: Page, orderId: number) {
    await open(page, cardTab(orderId));
    await hostedPayButton(page).click();
    await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\/[a-z0-9]+$/);
    await expect(page.getByRole("heading", { name: "Pay with card" })).toBeVisible();
  }

  async function enterCard(page: Page, card: { number: string; cvv: string }) {
    await page.getByLabel("Card number").fill(card.number);
    await page.getByLabel("Month (MM)").fill("12");
    await page.getByLabel("Year (YYYY)").fill(nextYear);
    await page.getByLabel("CVV").fill(card.cvv);
    await page.getByRole("button", { name: "Pay GHS 152.55" }).click();
  }

  /** Back from Paystack: the status page verifies the payment, then opens the order. */
  async function expectPaidOnReturn(page: Page, orderId: number) {
    await expect(page).toHaveURL(new RegExp(`/payment-status/smb-${orderId}-[0-9a-f]+\\?orderId=${orderId}&amount=152.55&currency=GHS&trxref=`));
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}$`), { timeout: 10_000 });
    expect(await paymentStatusOf(page, orderId)).toBe("paid");
  }

  test("the card tab, one tab after mobile money, shows the amount, SPEC's brands and a pay button, and never asks for the card number", async ({ page }) => {
    const { id, account } = await orderToPay(page);
    await open(page, `/checkout?orderId=${id}`);
    // Mobile money first and open: what most buyers in Ghana pay with; its note is about the phone, not a card.
    await expect(page.getByRole("navigation", { name: "Payment method" }).getByRole("link")).toHaveText(["Mobile Money", "Card Payment"]);
    await expect(methodTab(page, "Mobile Money")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("region", { name: "Order summary" })).toContainText("You approve the payment on your phone with your mobile money PIN, which we never see");
    await expect(page.getByRole("region", { name: "Order summary" })).not.toContainText("card number");
    await methodTab(page, "Card Payment").click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?orderId=${id}&method=card$`));
    await expect(methodTab(page, "Card Payment")).toHaveAttribute("aria-current", "page");
    for (const brand of ["Visa", "Mastercard", "Verve"]) await expect(page.getByText(brand, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Order summary" })).toContainText("We never see or keep your card number: you enter it on Paystack's secure page.");
    await expect(hostedPayButton(page)).toBeEnabled();
    await expect(page.getByText("Test mode — no real money moves")).toBeVisible();
  });

  test("the privacy policy says the card is typed on Paystack's page, never through our server", async ({ page }) => {
    await open(page, "/privacy");
    const payments = page.getByRole("region", { name: /Payments and card data/ });
    await expect(payments).toContainText("You type your card details on Paystack's own checkout page, and they go from your browser to Paystack: they never reach our server");
    await expect(payments).not.toContainText("through our server, to Paystack to make the charge");
  });

  test("a test card pays on the checkout page and the payer comes back to a paid order", { tag: "@without-javascript" }, async ({ page }) => {
    const { id } = await orderToPay(page);
    await goToCheckoutPage(page, id);
    await expect(page.locator("main")).toContainText("Pay GHS 152.55");
    await enterCard(page, { number: "4084084084084081", cvv: "408" });
    await expectPaidOnReturn(page, id);
  });

  test("a card that needs its PIN takes it on the checkout page", async ({ page }) => {
    const { id } = await orderToPay(page);
    await goToCheckoutPage(page, id);
    await enterCard(page, { number: "507850785078507812", cvv: "081" });
    await page.getByLabel("Card PIN").fill("1111");
    await page.getByRole("button", { name: "Authorize" }).click();
    await expectPaidOnReturn(page, id);
  });

  test("a card that needs a PIN and then an OTP takes both on the checkout page", async ({ page }) => {
    const { id } = await orderToPay(page);
    await goToCheckoutPage(page, id);
    await enterCard(page, { number: "5060666666666666666", cvv: "123" });
    await page.getByLabel("Card PIN").fill("1234");
    await page.getByRole("button", { name: "Authorize" }).click();
    await page.getByLabel("One-time code (OTP)").fill("123456");
    await page.getByRole("button", { name: "Authorize" }).click();
    await expectPaidOnReturn(page, id);
  });

  test("a declined card shows the bank's reason; back in the store the order is unpaid and Try Again reopens the card tab", async ({ page }) => {
    const { id } = await orderToPay(page);
    await goToCheckoutPage(page, id);
    await enterCard(page, { number: "4084080000005408", cvv: "001" });
    await expect(page.getByRole("alert")).toHaveText("Declined. Try another card.");
    await page.getByRole("button", { name: "Cancel payment and return to the store" }).click();

    await expect(page).toHaveURL(new RegExp(`/payment-status/smb-${id}-[0-9a-f]+\\?`));
    await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
    await expect(page.getByText("Declined", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend Authorization" })).toHaveCount(0);
    expect(await paymentStatusOf(page, id)).toBe("unpaid");
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?orderId=${id}&method=card$`));
    await expect(hostedPayButton(page)).toBeVisible();
  });
});

test.describe("cards entered on the store's own payment step (PAYSTACK_CARD_MODE=direct)", () => {
  // The second store of playwright.config.ts: the raw-card POST /charge of PCI-DSS-certified merchants.
  test.use({ baseURL: directCardBaseURL });

  test("the payment step shows the order, both methods and SPEC's card fields; a test card pays it", { tag: "@without-javascript" }, async ({ page }) => {
    const { id, account } = await orderToPay(page);
    await open(page, cardTab(id));

    await expect(page.getByRole("listitem").filter({ hasText: "Payment" })).toHaveAttribute("aria-current", "step");
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary).toContainText("100 Followers");
    await expect(summary).toContainText("Instagram");
    await expect(summary).toContainText("@ama.grows");
    await expect(summary).toContainText("Processing fee (1.7%)₵2.55");
    await expect(summary).toContainText("Total₵152.55");

    const methods = page.getByRole("navigation", { name: "Payment method" });
    await expect(methods.getByRole("link")).toHaveText(["Mobile Money", "Card Payment"]);
    await expect(methods.getByRole("link", { name: "Card Payment" })).toHaveAttribute("aria-current", "page");
    // This store takes the card on its own page: the note says it goes through our server.
    await expect(summary).toContainText("Your card number passes through our server straight to Paystack; we never store or log it.");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    for (const brand of ["Visa", "Mastercard", "Verve"]) await expect(page.getByText(brand, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveAttribute("maxlength", "19");
    await expect(page.getByLabel("CVV")).toHaveAttribute("maxlength", "4");
    const months = await page.getByLabel("Month").locator("option").allTextContents();
    expect(months).toEqual(["MM", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
    const thisYear = new Date().getUTCFullYear();
    const years = await page.getByLabel("Year").locator("option").allTextContents();
    expect(years).toEqual(["YYYY", ...Array.from({ length: 10 }, (_, index) => String(thisYear + index))]);
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/checkout");

    // A draft left in the browser (SPEC §4: the success step clears stored checkout data).
    if (isJavaScriptProject()) await page.evaluate(() => sessionStorage.setItem("smb-checkout", "{}"));
    await fillCard(page, { number: "4084084084084081", cvv: "408" });
    await payButton(page).click();
    if (isJavaScriptProject()) await expect(toastOf(page)).toContainText("Payment Successful!");
    await expectSuccessStep(page, id);
    if (isJavaScriptProject()) expect(await page.evaluate(() => sessionStorage.getItem("smb-checkout"))).toBeNull();

    // The success step is the order's address from now on: a reload shows it again.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  });

  test("the privacy policy says the card typed at checkout goes through our server to Paystack", async ({ page }) => {
    await open(page, "/privacy");
    const payments = page.getByRole("region", { name: /Payments and card data/ });
    await expect(payments).toContainText("At checkout you type your card details on our payment page: they are sent over an encrypted connection, through our server, to Paystack");
    await expect(payments).not.toContainText("they never reach our server");
  });

  test("a card that needs its PIN asks for it and then pays", { tag: "@without-javascript" }, async ({ page }) => {
    const { id } = await orderToPay(page);
    await open(page, cardTab(id));
    await fillCard(page, { number: "507850785078507812", cvv: "081" });
    await payButton(page).click();

    if (isJavaScriptProject()) await expect(toastOf(page)).toContainText("PIN Required");
    else await expect(page).toHaveURL(new RegExp(`orderId=${id}&method=card&reference=[^&]+&next=pin$`));
    await page.getByLabel("Card PIN").fill("1111");
    await page.getByRole("button", { name: "Submit PIN" }).click();
    await expectSuccessStep(page, id);
  });

  test("a card that needs a PIN and then an OTP takes both", { tag: "@without-javascript" }, async ({ page }) => {
    const { id } = await orderToPay(page);
    await open(page, cardTab(id));
    await fillCard(page, { number: "5060666666666666666", cvv: "123" });
    await payButton(page).click();
    await page.getByLabel("Card PIN").fill("1234");
    await page.getByRole("button", { name: "Submit PIN" }).click();

    if (isJavaScriptProject()) {
      const overlay = page.getByRole("dialog", { name: "Enter OTP" });
      await expect(overlay).toBeVisible();
      await expect(toastOf(page)).toContainText("OTP Required");
      // SPEC §5: a blank code is refused before anything is sent.
      await overlay.getByRole("button", { name: "Verify OTP" }).click();
      await expect(toastOf(page)).toContainText("Invalid OTP");
      await expect(overlay).toContainText("Please enter the OTP sent to your phone.");
    } else {
      await expect(page).toHaveURL(/&next=otp$/);
    }
    await page.getByLabel("One-time code").fill("123456");
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await expectSuccessStep(page, id);
  });

  test("a declined card says 'Payment Failed' with the bank's reason and leaves the order unpaid", async ({ page }) => {
    const { id } = await orderToPay(page);
    await open(page, cardTab(id));
    await fillCard(page, { number: "4084080000005408", cvv: "001" });
    await payButton(page).click();

    // The payer stays on the payment step with the reason (e2e/checkout-trips.spec.ts follows a buyer from the review).
    const failure = page.getByRole("alert").filter({ hasText: "Payment Failed" });
    await expect(failure).toContainText("Declined");
    if (isJavaScriptProject()) await expect(toastOf(page)).toContainText("Payment Failed");
    await expect(page).toHaveURL(new RegExp(`/checkout\\?orderId=${id}`));
    expect(await paymentStatusOf(page, id)).toBe("unpaid");
    // The form is still there for another try.
    await expect(payButton(page)).toBeEnabled();
  });

  test("bad card and wallet details get SPEC's messages and nothing is charged", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/); // without JavaScript the action answers the errors with 400
    const { id } = await orderToPay(page);
    await open(page, cardTab(id));
    await page.getByLabel("Card number").fill("408408408408");
    await page.getByLabel("CVV").fill("40");
    await payButton(page).click();
    await expect(page.getByText("Card number must be at least 16 digits")).toBeVisible();
    await expect(page.getByText("CVV must be at least 3 digits")).toBeVisible();
    await expect(page.getByText("Month is required")).toBeVisible();
    await expect(page.getByText("Year is required")).toBeVisible();
    // Without JavaScript the server answered: a card number never comes back in its page.
    if (!isJavaScriptProject()) await expect(page.getByLabel("Card number")).toHaveValue("");

    await methodTab(page, "Mobile Money").click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?orderId=${id}$`));
    await page.getByLabel("Mobile money number").fill("055123");
    await payButton(page).click();
    await expect(page.getByText("Phone number must be at least 10 digits")).toBeVisible();
    await expect(page.getByText("Please select a valid provider")).toBeVisible();
    expect(await paymentStatusOf(page, id)).toBe("unpaid");
  });
});

test("an MTN wallet payment waits on the status page until approved, then opens the order", { tag: "@without-javascript" }, async ({ page }) => {
  test.setTimeout(60_000);
  const { id } = await orderToPay(page);
  await open(page, `/checkout?orderId=${id}`);
  // The networks by today's names (Vodafone is Telecel, AirtelTigo is AT); the codes sent stay mtn, vod, tgo.
  await expect(page.getByLabel("Provider").locator("option")).toHaveText(["Select your network", "MTN Mobile Money", "Telecel Cash", "AT Money"]);
  expect(await page.getByLabel("Provider").locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).toEqual(["", "mtn", "vod", "tgo"]);
  await expect(page.getByText("MTN and AT send a prompt to approve; Telecel Cash sends a code.")).toBeVisible();
  await page.getByLabel("Provider").selectOption("mtn");
  await page.getByLabel("Mobile money number").fill("0551234987");
  await payButton(page).click();

  await expect(page).toHaveURL(new RegExp(`/payment-status/[^?]+\\?orderId=${id}&amount=152.55&currency=GHS`));
  await expect(page.getByRole("heading", { name: "Waiting for Payment" })).toBeVisible();
  await expect(page.getByText("Please complete the authorization on your mobile device.")).toBeVisible();
  await expect(page.getByText("Auto-checking every 10 seconds...")).toBeVisible();
  await expect(page.locator("p", { hasText: "Action required" })).toContainText("approve ₵152.55");
  const details = page.locator("dl");
  await expect(details).toContainText(`Order#${id}`);
  await expect(details).toContainText("Amount₵152.55");
  await expect(details).toContainText(/Time elapsed\d+:\d{2}/);
  await expect(page.getByRole("button", { name: "Check Status" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend Authorization" })).toHaveCount(0);

  // The wallet approves after 3 s (SANDBOX_MOMO_APPROVE_MS); the next check (≤ 10 s) sees it.
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 20_000 });
  if (isJavaScriptProject()) await expect(toastOf(page)).toContainText("Payment Successful!");
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${id}$`), { timeout: 10_000 });
  expect(await paymentStatusOf(page, id)).toBe("paid");
});

test("a failed wallet payment shows the reason, help and contacts, and Resend Authorization starts again", { tag: "@without-javascript" }, async ({ page }) => {
  test.setTimeout(60_000);
  const { id } = await orderToPay(page);
  await open(page, `/checkout?orderId=${id}`);
  await page.getByLabel("Provider").selectOption("mtn");
  await page.getByLabel("Mobile money number").fill("0551234988");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payment-status\//);
  const firstReference = new URL(page.url()).pathname.split("/").pop();

  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Insufficient funds")).toBeVisible();
  const issue = page.getByRole("region", { name: "Having trouble paying?" });
  await expect(issue).toContainText("switched on");
  await expect(issue).toContainText("SMS");
  await expect(issue).toContainText("sufficient balance");
  await expect(issue.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  // This store has no SUPPORT_PHONE (e2e/support-contacts.ts): no call link stands in for it.
  await expect(issue.getByRole("link", { name: /Call/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("button", { name: "Check Status" })).toHaveCount(0);
  await expect(page.getByText("Auto-checking every 10 seconds...")).toHaveCount(0);

  await page.getByRole("button", { name: "Resend Authorization" }).click();
  if (isJavaScriptProject()) await expect(toastOf(page)).toContainText("Authorization Resent");
  else await expect(page.getByText("A new payment prompt has been sent to your device.")).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname.split("/").pop()).not.toBe(firstReference);
  await expect(page.getByRole("heading", { name: "Waiting for Payment" })).toBeVisible();
  expect(await paymentStatusOf(page, id)).toBe("unpaid");
});

test("a wallet payment that is never approved times out after 24 checks, then reads as abandoned", async ({ page }) => {
  test.setTimeout(60_000);
  const { id } = await orderToPay(page);
  await open(page, `/checkout?orderId=${id}`);
  await page.getByLabel("Provider").selectOption("mtn");
  await page.getByLabel("Mobile money number").fill("0551234989");
  await payButton(page).click();
  await expect(page).toHaveURL(/\/payment-status\//);
  const statusUrl = new URL(page.url());

  // 23 checks already made (the count the page carries from load to load): this one is the 24th.
  await open(page, `${statusUrl.pathname}${statusUrl.search}&checks=23`);
  await expect(page.getByRole("heading", { name: "Payment Timeout" })).toBeVisible();
  await expect(page.getByText("We couldn't verify your payment status. Please contact support if you completed the payment.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Having trouble paying?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend Authorization" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();

  // The sandbox gives up on the prompt after SANDBOX_MOMO_ABANDON_MS (20 s).
  await expect(async () => {
    await open(page, `${statusUrl.pathname}${statusUrl.search}`);
    await expect(page.getByRole("heading", { name: "Payment Abandoned" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000, intervals: [2_000] });
  await expect(page.getByText("The payment was not completed within the time limit.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend Authorization" })).toBeVisible();
  expect(await paymentStatusOf(page, id)).toBe("unpaid");
});

test("a wallet number typed as +233 … is the Ghana number 055…: the prompt reaches it and pays the order", async ({ page }) => {
  test.setTimeout(60_000);
  const { id } = await orderToPay(page, "intl");
  await open(page, `/checkout?orderId=${id}`);
  await page.getByLabel("Provider").selectOption("mtn");
  await page.getByLabel("Mobile money number").fill("+233 55 123 4987"); // the approving test wallet 0551234987
  await payButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/payment-status/smb-${id}-[0-9a-f]+\\?orderId=${id}`));
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 20_000 });
  expect(await paymentStatusOf(page, id)).toBe("paid");
});

test("a Telecel Cash payment takes the voucher code and completes", { tag: "@without-javascript" }, async ({ page }) => {
  const { id } = await orderToPay(page);
  await open(page, `/checkout?orderId=${id}`);
  await page.getByLabel("Provider").selectOption("vod");
  await page.getByLabel("Mobile money number").fill("0201234567");
  await payButton(page).click();

  if (isJavaScriptProject()) {
    const overlay = page.getByRole("dialog", { name: "Enter OTP" });
    await expect(overlay).toBeVisible();
    // Cancel forgets the code and the reference; paying again asks again.
    await overlay.getByRole("button", { name: "Cancel" }).click();
    await expect(overlay).toBeHidden();
    await payButton(page).click();
    await expect(overlay).toBeVisible();
  } else {
    await expect(page).toHaveURL(/&next=otp$/);
  }
  await page.getByLabel("One-time code").fill("123456");
  await page.getByRole("button", { name: "Verify OTP" }).click();
  await expectSuccessStep(page, id);
});

test("a number of another network than the one chosen is named, and refused until the payer says it moved", { tag: "@without-javascript" }, async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400/); // without JavaScript the refusal is the action's answer, with 400
  const { id } = await orderToPay(page, "network");
  await open(page, `/checkout?orderId=${id}`);
  const provider = page.getByLabel("Provider");
  const number = page.getByLabel("Mobile money number");
  const mismatch = "055 is an MTN number, not Telecel: choose MTN, or tick “My number moved to Telecel” if you moved it.";
  if (isJavaScriptProject()) {
    // As the number is typed, the sentence names its network; choosing another network says what to do.
    await number.fill("055 123 4987");
    await expect(page.getByText("055 is an MTN number.", { exact: true })).toBeVisible();
    await provider.selectOption("vod");
    await expect(page.getByText(mismatch)).toBeVisible();
    await expect(page.getByLabel("My number moved to Telecel")).not.toBeChecked();
  } else {
    await provider.selectOption("vod");
    await number.fill("055 123 4987");
  }
  await payButton(page).click();

  // Refused before any prompt is sent, on the number's field; the form keeps what was typed.
  await expect(page.getByText(mismatch)).toBeVisible();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(provider).toHaveValue("vod");
  await expect(number).toHaveValue("055 123 4987");
  await expect(page).toHaveURL(new RegExp(`/checkout\\?orderId=${id}$`));
  expect(await paymentStatusOf(page, id)).toBe("unpaid");

  // A number that moved to Telecel keeps its 055: said so, the charge goes to Telecel Cash, which asks for its code.
  await page.getByLabel("My number moved to Telecel").check();
  await payButton(page).click();
  if (isJavaScriptProject()) await expect(page.getByRole("dialog", { name: "Enter OTP" })).toBeVisible();
  else await expect(page).toHaveURL(/&next=otp$/);
});

test("the status page without a reference goes home, and an unknown reference says so", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  await open(page, "/payment-status");
  await expect(page).toHaveURL(/\/$/);
  const response = await open(page, "/payment-status/smb_0_unknownreference");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Payment not found" })).toBeVisible();
});

test("the payment step and the status page have no serious accessibility problems", async ({ page }) => {
  test.setTimeout(90_000);
  // The waiting spinner turns for as long as the page waits; axe waits for animations to end.
  const stillMotion = (target: Page) => target.emulateMedia({ reducedMotion: "reduce" });
  const { id } = await orderToPay(page, "axe");
  await open(page, cardTab(id));
  await expectNoSeriousAxeViolations(page);
  await open(page, `/checkout?orderId=${id}`);
  await page.getByLabel("Provider").selectOption("mtn");
  await page.getByLabel("Mobile money number").fill("0551234988");
  await payButton(page).click();
  await expect(page.getByRole("heading", { name: "Waiting for Payment" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, stillMotion);
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousAxeViolations(page, stillMotion);
});
