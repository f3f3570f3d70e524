import type { Locator, Page, Route } from "@playwright/test";
import { approveWorker, createOrder, signInAsAdmin, signUp } from "./api-setup";
import { onePixelPng } from "./checkout-journey";
import { expect, test } from "./fixtures";
import { confirmEmail } from "./mailbox";
import { directCardBaseURL } from "./servers";

/*
 * On a slow connection a page is painted, and typed into, seconds before its JavaScript arrives
 * (the scripts load after the first paint, decision 0027). Nothing typed, chosen or ticked then may
 * be lost when React takes the page over (issue #52). Each test holds the page's scripts back,
 * fills the form as a visitor would, lets the scripts through, waits until the page has hydrated,
 * and checks that every value is still there and that what script shows from them (Continue
 * enabled, the price, the worker's platforms, the card's brand) follows them.
 */

/** A held-back page: `hydrate` lets its scripts through and waits until React has taken it over. */
async function openBeforeHydration(page: Page, path: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let isReleased = false;
  await page.route("**/assets/**/*.js", async (route) => {
    if (isReleased) await route.continue();
    else held.push(route);
  });
  // Not "load": the page's held scripts would keep that from firing.
  await page.goto(path, { waitUntil: "domcontentloaded" });
  // The page asks for its scripts once it has painted: from then on, only they keep it plain HTML.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  return async () => {
    isReleased = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Two frames more: the effects and renders that follow hydration have run by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };
}

type Typed = ReadonlyArray<readonly [Locator, string]>;

async function typeInto(fields: Typed) {
  for (const [field, value] of fields) await field.fill(value);
}

async function expectKept(fields: Typed) {
  for (const [field, value] of fields) await expect(field).toHaveValue(value);
}

const filesIn = (input: Locator) => input.evaluate((element: HTMLInputElement) => Array.from(element.files ?? [], (file) => file.name));

test.describe("/auth", () => {
  test("sign-in keeps the e-mail and password typed before the JavaScript", async ({ page }) => {
    const hydrate = await openBeforeHydration(page, "/auth");
    const typed: Typed = [
      [page.getByLabel("Email"), "ama@example.com"],
      [page.getByLabel("Password"), "correct-horse-9"],
    ];
    await typeInto(typed);
    await hydrate();
    await expectKept(typed);
  });

  test("sign-up keeps every field, the Worker choice and the ticked platform, and shows the platforms for it", async ({ page }) => {
    const hydrate = await openBeforeHydration(page, "/auth?tab=join");
    const typed: Typed = [
      [page.getByLabel("Email"), "kofi@example.com"],
      [page.getByLabel("Username"), "kofi.works"],
      [page.getByLabel("Full name"), "Kofi Mensah"],
      [page.getByLabel("Password"), "correct-horse-9"],
    ];
    await typeInto(typed);
    const worker = page.getByRole("radio", { name: "Worker - Earn Money" });
    await worker.check();
    await page.getByRole("checkbox", { name: "TikTok" }).check();
    await hydrate();
    await expectKept(typed);
    await expect(worker).toBeChecked();
    await expect(page.getByRole("radio", { name: "Client - Buy Growth Packages" })).not.toBeChecked();
    // With script the platforms show only for a worker: the choice made before it counts.
    await expect(page.getByRole("checkbox", { name: "TikTok" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "TikTok" })).toBeChecked();
  });
});

test("/join-network's inline registration keeps what was typed and ticked", async ({ page }) => {
  const hydrate = await openBeforeHydration(page, "/join-network?register=1");
  const typed: Typed = [
    [page.getByLabel("Email"), "esi@example.com"],
    [page.getByLabel("Username"), "esi.works"],
    [page.getByLabel("Full name"), "Esi Owusu"],
    [page.getByLabel("Password"), "correct-horse-9"],
  ];
  await typeInto(typed);
  await page.getByRole("checkbox", { name: "Instagram" }).check();
  await hydrate();
  await expectKept(typed);
  await expect(page.getByRole("checkbox", { name: "Instagram" })).toBeChecked();
});

test.describe("/packages on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a custom amount typed before the JavaScript stays, and the price follows it", async ({ page }) => {
    const hydrate = await openBeforeHydration(page, "/packages?platform=instagram");
    const amount = page.getByLabel("Or enter a custom amount");
    await amount.fill("250");
    await hydrate();
    await expect(amount).toHaveValue("250");
    await expect(page.locator("output")).toHaveText("₵375.00");
    await expect(page.getByRole("heading", { name: "250 Followers" })).toBeVisible();
  });

  test("'Complete Your Order' keeps the username and the screenshot, and Continue takes them to the review", async ({ page }) => {
    await signUp(page.request, { label: "slowbuyer" });
    // START pressed before the JavaScript ran: the form is part of the page.
    const hydrate = await openBeforeHydration(page, "/packages?platform=instagram&quantity=100&verify=1");
    const username = page.getByLabel("Account username");
    const screenshot = page.getByLabel("Screenshot of your profile");
    await username.fill("ama.grows");
    await screenshot.setInputFiles({ name: "profile.png", mimeType: "image/png", buffer: onePixelPng });
    await hydrate();
    await expect(username).toHaveValue("ama.grows");
    expect(await filesIn(screenshot)).toEqual(["profile.png"]);
    const continueButton = page.getByRole("button", { name: "Continue" });
    await expect(continueButton).toBeEnabled();
    await continueButton.click();
    await expect(page).toHaveURL(/\/checkout$/, { timeout: 15_000 });
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary).toContainText("@ama.grows");
    await expect(summary).toContainText("Screenshot uploaded");
  });

  test("a post's link and comments stay, the count follows them, and Continue takes them to the review", async ({ page }) => {
    await signUp(page.request, { label: "slowposter" });
    const hydrate = await openBeforeHydration(page, "/packages?platform=instagram&service=instagram-comments&quantity=5&verify=1");
    const comments = ["Love this!", "So good", "Great post", "Amazing shot", "Well done"].join("\n");
    const typed: Typed = [
      [page.getByLabel("Link of the post or reel"), "https://www.instagram.com/p/C8xYz12AbCd/"],
      [page.getByLabel("Your comments"), comments],
    ];
    await typeInto(typed);
    await hydrate();
    await expectKept(typed);
    await expect(page.getByText("5 of 5 written.")).toBeVisible();
    const continueButton = page.getByRole("button", { name: "Continue" });
    await expect(continueButton).toBeEnabled();
    await continueButton.click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("region", { name: "Order summary" })).toContainText("instagram.com/p/C8xYz12AbCd");
  });
});

test("/support's form keeps every field and the category", async ({ page }) => {
  const hydrate = await openBeforeHydration(page, "/support");
  const typed: Typed = [
    [page.getByLabel("Name"), "Ama Boateng"],
    [page.getByLabel("Email"), "ama@example.com"],
    [page.getByLabel("Subject"), "Order not started"],
    [page.getByRole("textbox", { name: "Message" }), "My order has not started after two days, please check it."],
  ];
  await typeInto(typed);
  await page.getByLabel("Category").selectOption("payment");
  await hydrate();
  await expectKept(typed);
  await expect(page.getByLabel("Category")).toHaveValue("payment");
});

test("/profile's forms keep what was typed", async ({ page }) => {
  await signUp(page.request, { label: "slowprofile" });
  const hydrate = await openBeforeHydration(page, "/profile");
  const section = (name: string) => page.getByRole("region", { name, exact: true });
  const typed: Typed = [
    [section("Name").getByLabel("Full name"), "Ama Serwaa Boateng"],
    [section("E-mail address").getByLabel("New e-mail address"), "ama.new@example.com"],
    [section("E-mail address").getByLabel("Current password"), "correct-horse-9"],
    [section("Password").getByLabel("Current password"), "correct-horse-9"],
    [section("Password").getByLabel("New password"), "battery-staple-7"],
    [page.getByLabel("Key name (optional)"), "My panel"],
    [page.getByLabel("Your password"), "correct-horse-9"],
  ];
  await typeInto(typed);
  await hydrate();
  await expectKept(typed);
});

test("/wallet's top-up amount stays", async ({ page }) => {
  await signUp(page.request, { label: "slowwallet" });
  const hydrate = await openBeforeHydration(page, "/wallet");
  const typed: Typed = [[page.getByLabel("Amount (₵)"), "25"]];
  await typeInto(typed);
  await hydrate();
  await expectKept(typed);
});

test("/mass-order's lines stay", async ({ page }) => {
  await signUp(page.request, { label: "slowmass" });
  const hydrate = await openBeforeHydration(page, "/mass-order");
  const typed: Typed = [[page.getByLabel("Orders, one per line"), "1 | @ama.grows | 100\n2 | https://www.instagram.com/p/C8xYz12AbCd/ | 50"]];
  await typeInto(typed);
  await hydrate();
  await expectKept(typed);
});

test("the payment step's mobile-money form keeps the network, the number and the e-mail", async ({ page }) => {
  await signUp(page.request, { label: "slowmomo" });
  const order = await createOrder(page.request);
  const hydrate = await openBeforeHydration(page, `/checkout?orderId=${order.id}&method=mobile`);
  const typed: Typed = [
    [page.getByLabel("Email"), "receipts@example.com"],
    [page.getByLabel("Mobile money number"), "0551234987"],
  ];
  await typeInto(typed);
  await page.getByLabel("Provider").selectOption("mtn");
  await hydrate();
  await expectKept(typed);
  await expect(page.getByLabel("Provider")).toHaveValue("mtn");
  await expect(page.getByRole("button", { name: "Pay ₵152.55" })).toBeEnabled();
});

test.describe("the store's own card form (PAYSTACK_CARD_MODE=direct)", () => {
  test.use({ baseURL: directCardBaseURL });

  test("keeps the card's fields, and the brand typed shows", async ({ page }) => {
    await signUp(page.request, { label: "slowcard" });
    const order = await createOrder(page.request);
    // Mobile Money is the first tab: the card's is &method=card.
    const hydrate = await openBeforeHydration(page, `/checkout?orderId=${order.id}&method=card`);
    const nextYear = String(new Date().getUTCFullYear() + 1);
    const typed: Typed = [
      [page.getByLabel("Card number"), "4084084084084081"],
      [page.getByLabel("CVV"), "408"],
    ];
    await typeInto(typed);
    await page.getByLabel("Month").selectOption("11");
    await page.getByLabel("Year").selectOption(nextYear);
    await hydrate();
    await expectKept(typed);
    await expect(page.getByLabel("Month")).toHaveValue("11");
    await expect(page.getByLabel("Year")).toHaveValue(nextYear);
    // "We accept" marks the brand the number starts with.
    await expect(page.getByText("Visa", { exact: true })).toHaveClass(/border-primary/);
  });
});

test("/payouts keeps the amount, the number and the network", async ({ page, request }) => {
  const worker = await signUp(page.request, { role: "worker", label: "slowpayee", platforms: ["instagram"] });
  await approveWorker(request, await signInAsAdmin(request), worker.id);
  await confirmEmail(page.request, worker.email);
  const hydrate = await openBeforeHydration(page, "/payouts");
  const typed: Typed = [
    [page.getByLabel("Amount (₵)"), "12.50"],
    [page.getByLabel("Mobile money number"), "0241234567"],
  ];
  await typeInto(typed);
  await page.getByLabel("Network").selectOption("vod");
  await hydrate();
  await expectKept(typed);
  await expect(page.getByLabel("Network")).toHaveValue("vod");
});
