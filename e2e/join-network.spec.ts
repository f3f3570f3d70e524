import type { Locator, Page } from "@playwright/test";
import { expect, isJavaScriptProject, open, test } from "./fixtures";
import { type Account, newAccount } from "./accounts";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { createOrder, signUp } from "./api-setup";
import { payByCard } from "./card-payment";
import { parseEnv } from "../app/lib/env.server";

/*
 * Worker recruitment on /join-network (SPEC §2, §8, §9), with JavaScript on ("js": the Join Now
 * links open a dialog, the result arrives as data, a toast shows, the page moves on after 1.5 s) and
 * off ("no-js": the links open the form inline, the action redirects).
 *
 * The browser runs on this machine, so the server places it nowhere: the page shows Global, in
 * cedis since the e2e server has no dollar rate (decision 0017). How a trusted proxy's country
 * header gives Ghana, and a configured rate gives other visitors dollars, is tested against servers
 * started with TRUST_PROXY=loopback in app/features/geo/location.http.test.ts.
 */

function toast(page: Page): Locator {
  return page.getByRole("region", { name: /Notifications/ }).locator("li");
}

/** Opens the registration form the way the visitor's browser can: a dialog with JavaScript, inline without. */
async function openRegistration(page: Page, linkName: "Join Now" | "Start Earning" = "Join Now"): Promise<Locator> {
  await page.getByRole("main").getByRole("link", { name: linkName }).click();
  if (isJavaScriptProject()) {
    const dialog = page.getByRole("dialog", { name: "Create your worker account" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL("/join-network");
    return dialog;
  }
  await expect(page).toHaveURL("/join-network?register=1#register");
  const section = page.getByRole("region", { name: "Create your worker account" });
  await expect(section).toBeVisible();
  return section;
}

async function fillRegistration(form: Locator, account: Account) {
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Full name").fill(account.fullName);
  await form.getByLabel("Password").fill(account.password);
}

/*
 * The page's figures come from the tasks open right now, which other journeys open and fill while
 * this one runs: the exact figures for known tasks, and the page with none open, are checked against
 * a database of their own in app/routes/join-network.db.test.ts. Here the page must agree with itself — every total is the sum
 * of what it lists, an hour or a day never holds more than is open — and name the e2e server's limits
 * (playwright.config.ts sets neither, so env.server.ts's defaults or this runner's environment).
 */
const serverEnv = parseEnv({
  SESSION_SECRET: "e2e-session-secret-not-for-production-use",
  COMPLETION_MIN_INTERVAL_MS: process.env.COMPLETION_MIN_INTERVAL_MS,
  COMPLETIONS_PER_DAY: process.env.COMPLETIONS_PER_DAY,
});
/** "₵0.45" → 45. */
const pesewas = (figure: string) => Math.round(Number(figure.replace(/[₵,]/g, "")) * 100);
/** A figure's ends in pesewas: "₵0.98 – ₵1.50" → [98, 150], "₵2.48" → [248, 248]. */
const endsOf = (text: string) => {
  const [low, high = low] = [...text.matchAll(/₵[\d,]+\.\d{2}/g)].map((match) => pesewas(match[0]));
  return [low, high];
};

test.describe("the recruitment page", () => {
  test("shows earnings from the tasks open now and the task limits, in cedis, consistent with what it lists", async ({ page, browser, baseURL }) => {
    // A paid order of a client of its own opens an Instagram task; the visitor stays signed out.
    const client = await browser.newContext();
    const buyer = await signUp(client.request, { label: "recruiter" });
    await payByCard(client.request, buyer, await createOrder(client.request, { quantity: 50, target: `jn${Date.now().toString(36)}` }));
    await client.close();
    // Another journey's visit may have left the page in the server's cache of anonymous pages (60 s), from
    // before that order: a cookie, any cookie, makes the server render it afresh.
    await page.context().addCookies([{ name: "e2e-fresh", value: "1", url: baseURL }]);

    const response = await open(page, "/join-network");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Join Our Worker Network/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Earn money with simple social media tasks");
    // This machine's address places the browser nowhere: Global, and without a dollar rate, cedis.
    await expect(page.getByText(/Rates for\s*Global, in GHS \(₵\)/)).toBeVisible();

    const main = page.getByRole("main");
    const earnings = main.getByRole("region", { name: "What you could earn" });
    // The cards, each headed by what it is (the list of open tasks by platform has no headings).
    const rateCards = earnings.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(rateCards.nth(0)).toContainText("Per task");
    const openTasks = earnings.getByRole("region", { name: "Open to a new worker right now" });
    const tiers = main.getByRole("region", { name: "Earnings by how much you work" }).getByRole("listitem");

    // At least the order paid above is open, whatever other journeys did meanwhile.
    await expect(rateCards).toHaveCount(3);
    await expect(rateCards.nth(1)).toContainText("Per hour of work");
    await expect(rateCards.nth(2)).toContainText("Per day");
    await expect(rateCards.nth(0)).toContainText(/as the open tasks pay them/);
    await expect(openTasks.getByRole("listitem").filter({ hasText: /^\s*Instagram:/ })).toContainText(/\d+ follows? at ₵/);
    // The total is the sum of each platform's, and the count the sum of theirs.
    const summary = await openTasks.locator("p").first().innerText();
    const [, count, total] = /^(\d+) tasks?, (₵[\d,.]+) in all\./.exec(summary) ?? [];
    const platformLines = await openTasks.getByRole("listitem").allInnerTexts();
    const platformTotals = platformLines.map((line) => pesewas(/(₵[\d,.]+)\s*(?:in all for|$)/.exec(line.trim())?.[1] ?? "NaN"));
    expect(platformTotals.reduce((sum, value) => sum + value, 0)).toBe(pesewas(total));
    const platformCounts = platformLines.map((line) => [...line.matchAll(/(\d+) (?:follow|subscription|like|view|comment)s?\b/g)].reduce((sum, match) => sum + Number(match[1]), 0));
    expect(platformCounts.reduce((sum, value) => sum + value, 0)).toBe(Number(count));
    // An hour and a day never hold more than everything open, and an hour never more than a day.
    const [hourLow, hourHigh] = endsOf(await rateCards.nth(1).locator("p").first().innerText());
    const [dayLow, dayHigh] = endsOf(await rateCards.nth(2).locator("p").first().innerText());
    expect(hourHigh).toBeLessThanOrEqual(dayHigh);
    expect(hourLow).toBeLessThanOrEqual(dayLow);
    expect(dayHigh).toBeLessThanOrEqual(pesewas(total));
    // The hour equals the day only when the page says why: every open task fits in an hour.
    if (hourHigh === dayHigh && hourLow === dayLow) await expect(rateCards.nth(2)).toContainText("No more than in an hour");
    else await expect(rateCards.nth(1)).toContainText("the most an hour allows");
    await expect(rateCards.nth(1)).toContainText(`${serverEnv.COMPLETIONS_PER_DAY} tasks a day at most`);
    // Each pace says how many tasks a day it assumes, never more than are open or the daily limit.
    await expect(tiers.first()).toBeVisible();
    for (const tier of await tiers.all()) {
      const tasks = Number(/at (\d+) tasks?/.exec(await tier.innerText())?.[1]);
      expect(tasks).toBeGreaterThan(0);
      expect(tasks).toBeLessThanOrEqual(Math.min(Number(count), serverEnv.COMPLETIONS_PER_DAY));
    }

    // No figure the product does not pay: no dollars, no monthly promise.
    await expect(main).not.toContainText(/\$\d/);
    await expect(main).not.toContainText(/per month|1,500|9,000/i);
    await expect(main).toContainText("payouts are made by our team after review");
    await expect(main).toContainText("Workers are paid in Ghana cedis.");
    await expect(main).not.toContainText(/instant/i);
    // The tasks that exist: what the active services sell, on their platforms.
    await expect(main).toContainText("Follow accounts, subscribe to channels, like posts, watch videos and post comments our clients wrote on Instagram, TikTok, YouTube, X and Facebook");

    const steps = main.getByRole("region", { name: "Start in three steps" }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText("Register");
    await expect(steps.nth(1)).toContainText("aims to do it within 24 hours");
    await expect(steps.nth(2)).toContainText("Start earning");
    await expect(main.getByRole("region", { name: "Work that fits around your life" }).getByRole("listitem")).toHaveCount(6);

    // Without a form open, nothing on the page asks for details yet.
    await expect(main.locator("form")).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  });

  test("ignores a country header from a client when no trusted proxy is configured", async ({ page }) => {
    const response = await page.request.get("/join-network", { headers: { "CF-IPCountry": "GH", "X-Country-Code": "GH" } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/Rates for <strong[^>]*>Global</);
    expect(html).not.toMatch(/Rates for <strong[^>]*>Ghana</);
  });
});

test.describe("registering as a worker", () => {
  test("a visitor registers with two platforms and lands on the dashboard, waiting for review", { tag: "@without-javascript" }, async ({ page }) => {
    const account = newAccount("joiner", "Worker");
    await open(page, "/join-network");
    const form = await openRegistration(page);
    await expectNoSeriousAxeViolations(page);
    await fillRegistration(form, account);
    await form.getByRole("checkbox", { name: "Instagram" }).check();
    await form.getByRole("checkbox", { name: "YouTube" }).check();
    await expect(form.locator('input[name="redirectTo"]')).toHaveValue("/dashboard");
    await form.getByRole("button", { name: "Create Account" }).click();

    if (isJavaScriptProject()) {
      // SPEC §8's notice, then SPEC §4's 1.5 s before the page moves on.
      await expect(toast(page)).toContainText("Account created!");
      await expect(toast(page)).toContainText("Welcome to the product. You can now start using our platform.");
      await expect(page).toHaveURL("/join-network");
      const token = await page.evaluate(() => window.localStorage.getItem("smb-auth-token"));
      expect(token?.split(".")).toHaveLength(3);
    }
    await expect(page).toHaveURL("/dashboard", { timeout: 10_000 });
    await expect(page.getByText("Worker dashboard")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${account.fullName}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your worker account is waiting for review" })).toBeVisible();

    const me = await page.request.get("/api/auth/me");
    expect(me.status()).toBe(200);
    const user = (await me.json()) as { email: string; role: string; status: string; platforms: string[] };
    expect(user).toMatchObject({ email: account.email, role: "worker", status: "pending_review" });
    expect([...user.platforms].sort()).toEqual(["instagram", "youtube"]);
  });

  test("an e-mail that is already registered gets SPEC's 'Registration Failed' notice", { tag: "@without-javascript" }, async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 409/);
    // Made in a request context of its own: the browser stays signed out.
    const existing = await signUp(request, { role: "worker", label: "taken" });

    await open(page, "/join-network");
    const form = await openRegistration(page, "Start Earning");
    await fillRegistration(form, { ...existing, username: `${existing.username.slice(0, 26)}_two` });
    await form.getByRole("button", { name: "Create Account" }).click();

    const description = "This email address is already registered. Please use a different email or try logging in.";
    if (isJavaScriptProject()) {
      await expect(toast(page)).toContainText("Registration Failed");
      await expect(toast(page)).toContainText(description);
      await expect(toast(page)).toHaveAttribute("data-variant", "destructive");
      // The dialog stays open with the notice, and the details stay filled in.
      await expect(form.getByRole("alert")).toContainText(description);
      await expect(form.getByLabel("Email")).toHaveValue(existing.email);
    } else {
      const section = page.getByRole("region", { name: "Create your worker account" });
      await expect(section.getByRole("alert")).toContainText("Registration Failed");
      await expect(section.getByRole("alert")).toContainText(description);
      // The page comes back from the top, but the notice is brought into view.
      await expect(section.getByRole("alert")).toBeInViewport();
      await expect(section.getByLabel("Email")).toHaveValue(existing.email);
      await expect(section.getByLabel("Password")).toHaveValue("");
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("a signed-in visitor is told they already have an account instead of getting the form", async ({ page }) => {
    const account = await signUp(page.request, { label: "member" });

    await open(page, "/join-network");
    const panel = await openRegistration(page);
    await expect(panel.getByRole("note")).toContainText("You already have an account");
    await expect(panel.getByRole("note")).toContainText(`signed in as ${account.username} with a client account`);
    await expect(panel.locator("form")).toHaveCount(0);
    await panel.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("the registration dialog", () => {
  test.skip(() => !isJavaScriptProject(), "the dialog needs JavaScript; without it the form opens inline");

  test("opens from either link, closes with Escape or its button, and gives focus back", async ({ page }) => {
    await open(page, "/join-network");
    const joinNow = page.getByRole("main").getByRole("link", { name: "Join Now" });
    await expect(joinNow).toHaveAttribute("aria-haspopup", "dialog");

    const dialog = await openRegistration(page);
    await expect(dialog.getByLabel("Email")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(joinNow).toBeFocused();

    const startEarning = page.getByRole("main").getByRole("link", { name: "Start Earning" });
    await openRegistration(page, "Start Earning");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(startEarning).toBeFocused();
    await expect(page).toHaveURL("/join-network");
  });

  test("checks the details in the browser before posting", async ({ page }) => {
    await open(page, "/join-network");
    const dialog = await openRegistration(page);
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Username").fill("ab");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();
    await expect(dialog.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL("/join-network");
  });
});

test("without JavaScript, the Join Now link's URL opens the form inline on its own", { tag: "@without-javascript" }, async ({ page }) => {
  test.skip(isJavaScriptProject(), "checks the server-rendered page that no-JS browsers get");
  await open(page, "/join-network?register=1");
  const section = page.getByRole("region", { name: "Create your worker account" });
  await expect(section.getByRole("button", { name: "Create Account" })).toBeVisible();
  await expect(section.locator('input[name="role"]')).toHaveValue("worker");
  await expectNoSeriousAxeViolations(page);
});
