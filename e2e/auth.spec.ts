import type { Locator, Page } from "@playwright/test";
import { expect, isJavaScriptProject, open, test } from "./fixtures";
import { type Account, newAccount } from "./accounts";
import { signUp } from "./api-setup";

/*
 * Accounts journeys on /auth, /dashboard and the header's Logout, with JavaScript on ("js": the
 * result arrives as data, a toast shows, the token goes to local storage and the page navigates
 * after SPEC's 1 s / 1.5 s) and off ("no-js": the action redirects, or shows problems inline).
 * Signing in or up leads to the page that sent the visitor (redirectTo), else to the dashboard.
 * An account that exists before a journey is made through the API in the `request` context, whose
 * cookies the browser does not share: the browser stays signed out.
 */

const TOKEN_KEY = "smb-auth-token";

function banner(page: Page) {
  return page.getByRole("banner");
}

async function expectSignedIn(page: Page) {
  await expect(banner(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(banner(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Login" })).toHaveCount(0);
}

async function expectSignedOut(page: Page) {
  await expect(banner(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(banner(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(banner(page).getByRole("button", { name: "Logout" })).toHaveCount(0);
}

/** The toast on screen (JavaScript only). */
function toast(page: Page): Locator {
  return page.getByRole("region", { name: /Notifications/ }).locator("li");
}

/**
 * Where a failed post's notice shows: a destructive toast with JavaScript, an alert above the form
 * without it. Both carry SPEC §5's title and description.
 */
async function expectNotice(page: Page, title: string, description: string | RegExp) {
  const notice = isJavaScriptProject() ? toast(page) : page.getByRole("alert").filter({ hasText: title });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(title);
  await expect(notice).toContainText(description);
  if (isJavaScriptProject()) await expect(notice).toHaveAttribute("data-variant", "destructive");
}

const authForm = (page: Page) => page.getByRole("main").locator("form");

async function fillSignIn(page: Page, email: string, secret: string) {
  const form = authForm(page);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(secret);
}

async function signInThroughUi(page: Page, account: Account) {
  await fillSignIn(page, account.email, account.password);
  await authForm(page).getByRole("button", { name: "Sign In" }).click();
}

async function fillJoin(page: Page, account: Account) {
  const form = authForm(page);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Full name").fill(account.fullName);
  await form.getByLabel("Password").fill(account.password);
}

async function storedToken(page: Page) {
  return page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
}

function expectAuthRedirect(page: Page, redirectTo: string) {
  const url = new URL(page.url());
  expect(url.pathname).toBe("/auth");
  expect(url.searchParams.get("redirectTo")).toBe(redirectTo);
}

test.describe("joining", () => {
  test("a client signs up on Join Now and ends up signed in with the client dashboard", { tag: "@without-javascript" }, async ({ page }) => {
    const account = newAccount("client");
    await open(page, "/auth?tab=join");
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Sign in or join" }).getByRole("link", { name: "Join Now" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await fillJoin(page, account);
    const clientRole = page.getByRole("radio", { name: "Client - Buy Growth Packages" });
    await expect(clientRole).toBeChecked();
    // With JavaScript the platform checklist is for workers only; without, it always shows.
    const instagram = page.getByRole("checkbox", { name: "Instagram" });
    if (isJavaScriptProject()) await expect(instagram).toBeHidden();
    else await expect(instagram).toBeVisible();

    await authForm(page).getByRole("button", { name: "Create Account" }).click();
    if (isJavaScriptProject()) {
      // The page shows the outcome and waits SPEC's 1.5 s before it moves on.
      await expect(toast(page)).toContainText("Account created!");
      await expect(page).toHaveURL(/\/auth\?tab=join$/);
      await expect(toast(page)).toContainText("Welcome to Social Media Boost.");
      await expect(page.getByRole("main").getByRole("status")).toContainText("Account created!");
      const token = await storedToken(page);
      expect(token?.split(".")).toHaveLength(3);
    }
    // Nothing sent the visitor here, so the new account starts on its dashboard.
    await expect(page).toHaveURL("/dashboard", { timeout: 10_000 });
    await expectSignedIn(page);
    await expect(page.getByText("Client dashboard")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${account.fullName}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "TikTok packages" })).toHaveAttribute("href", "/packages?platform=tiktok");
  });

  test("a worker signs up with two platforms, waits for review, and the platforms are saved", async ({ page }) => {
    const account = newAccount("worker");
    await open(page, "/auth?tab=join");
    await fillJoin(page, account);
    await page.getByRole("radio", { name: "Worker - Earn Money" }).check();
    await expect(page.getByRole("checkbox", { name: "YouTube" })).toBeVisible();
    await page.getByRole("checkbox", { name: "Instagram" }).check();
    await page.getByRole("checkbox", { name: "TikTok" }).check();
    await authForm(page).getByRole("button", { name: "Create Account" }).click();

    if (isJavaScriptProject()) await expect(toast(page)).toContainText("Account created!");
    await expect(page).toHaveURL("/dashboard", { timeout: 10_000 });
    await expectSignedIn(page);
    await expect(page.getByText("Worker dashboard")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${account.fullName}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your worker account is waiting for review" })).toBeVisible();

    // page.request shares the browser's cookies: the session cookie alone identifies the user.
    const me = await page.request.get("/api/auth/me");
    expect(me.status()).toBe(200);
    const user = (await me.json()) as { role: string; status: string; platforms: string[]; email: string };
    expect(user).toMatchObject({ email: account.email, role: "worker", status: "pending_review" });
    expect([...user.platforms].sort()).toEqual(["instagram", "tiktok"]);
  });
});

test.describe("signing in and out", { tag: "@without-javascript" }, () => {
  test("an existing account signs in and stays signed in across a reload", async ({ page, request }) => {
    const account = await signUp(request, { label: "signin" });

    await open(page, "/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
    await expectSignedOut(page);
    await signInThroughUi(page, account);
    if (isJavaScriptProject()) {
      await expect(toast(page)).toContainText("Welcome back!");
      await expect(toast(page)).toContainText("You have successfully logged in.");
    }
    await expect(page).toHaveURL("/dashboard", { timeout: 10_000 });
    await expectSignedIn(page);
    await expect(page.getByText("Client dashboard")).toBeVisible();

    await page.reload();
    if (isJavaScriptProject()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expectSignedIn(page);
    if (isJavaScriptProject()) {
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      const parts = token!.split(".");
      expect(parts).toHaveLength(3);
      expect(parts.every((part) => part.length > 0)).toBe(true);
      // The stored token is a working Bearer token for the API.
      const me = await page.request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(account.email);
    }
  });

  test("Logout signs out, guards the dashboard again and revokes the token on the server", async ({ page, request }) => {
    const account = await signUp(request, { label: "logout" });

    await open(page, "/auth");
    await signInThroughUi(page, account);
    await expect(page).toHaveURL("/dashboard", { timeout: 10_000 });
    await expectSignedIn(page);
    const browserToken = isJavaScriptProject() ? await storedToken(page) : null;
    if (isJavaScriptProject()) expect(browserToken?.split(".")).toHaveLength(3);

    await banner(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expectSignedOut(page);
    if (isJavaScriptProject()) expect(await storedToken(page)).toBeNull();

    // The browser's cookie no longer signs anyone in, and neither does any token issued before.
    expect((await page.request.get("/api/auth/me")).status()).toBe(401);
    for (const token of [account.token, browserToken]) {
      if (!token) continue;
      const me = await page.request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status()).toBe(401);
      expect(await me.json()).toEqual({ message: "Authentication required" });
    }

    await open(page, "/dashboard");
    expectAuthRedirect(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();
  });
});

test.describe("guards", () => {
  test("the dashboard sends visitors to sign in and back; /auth sends the signed-in home", async ({ page, request }) => {
    const account = await signUp(request, { label: "guard" });

    await open(page, "/dashboard");
    expectAuthRedirect(page, "/dashboard");
    await expect(page.locator('input[name="redirectTo"]')).toHaveValue("/dashboard");
    // The tabs keep where the visitor was going.
    await page.getByRole("navigation", { name: "Sign in or join" }).getByRole("link", { name: "Join Now" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    expectAuthRedirect(page, "/dashboard");
    await page.getByRole("navigation", { name: "Sign in or join" }).getByRole("link", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();

    await signInThroughUi(page, account);
    if (isJavaScriptProject()) {
      // The page keeps its notice up for SPEC's 1 s before it moves on (not straight to /).
      await expect(page.getByRole("main").getByRole("status")).toContainText("Welcome back!");
      expectAuthRedirect(page, "/dashboard");
    }
    await expect(page).toHaveURL("/dashboard", { timeout: 10_000 });
    await expect(page.getByText("Client dashboard")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${account.fullName}` })).toBeVisible();

    // Signed in, /auth has nothing to offer: it redirects home.
    await open(page, "/auth");
    await expect(page).toHaveURL("/");
    await open(page, "/auth?tab=join");
    await expect(page).toHaveURL("/");
    await expectSignedIn(page);
  });

  test("/login is the old path of /auth and keeps redirectTo", async ({ page }) => {
    await open(page, "/login");
    await expect(page).toHaveURL("/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to your account" })).toBeVisible();

    await open(page, "/login?redirectTo=%2Fdashboard");
    expectAuthRedirect(page, "/dashboard");
  });

  test("redirectTo never leaves the site: another host's address leads to the dashboard", async ({ page }) => {
    await open(page, "/auth?redirectTo=https%3A%2F%2Fevil.example%2F");
    await expect(page.locator('input[name="redirectTo"]')).toHaveValue("/dashboard");
    await open(page, "/auth?redirectTo=%2F%2Fevil.example");
    await expect(page.locator('input[name="redirectTo"]')).toHaveValue("/dashboard");
  });

  test("a visitor sent to sign up from another page goes back there, query and all", async ({ page }) => {
    const account = newAccount("returning");
    const target = "/packages?platform=tiktok";
    await open(page, `/auth?tab=join&redirectTo=${encodeURIComponent(target)}`);
    await fillJoin(page, account);
    await authForm(page).getByRole("button", { name: "Create Account" }).click();
    if (isJavaScriptProject()) await expect(toast(page)).toContainText("Account created!");
    await expect(page).toHaveURL(target, { timeout: 10_000 });
    await expectSignedIn(page);
  });

  test("a posted redirectTo to another host is ignored too: the new account lands on its dashboard", async ({ page }) => {
    const account = newAccount("offsite");
    await open(page, "/auth?tab=join");
    // A forged form: the hidden field changed after the page rendered it.
    await page.locator('input[name="redirectTo"]').evaluate((input: HTMLInputElement) => (input.value = "https://evil.example/"));
    await fillJoin(page, account);
    await authForm(page).getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL("/dashboard", { timeout: 10_000 });
    await expectSignedIn(page);
  });
});

test.describe("before the visitor submits", () => {
  test.skip(() => !isJavaScriptProject(), "without JavaScript nothing checks the form before it is posted");

  const forms = [
    { tab: "Sign In", path: "/auth", button: "Sign In", errors: ["Invalid email address", "Password must be at least 6 characters"] },
    {
      tab: "Join Now",
      path: "/auth?tab=join",
      button: "Create Account",
      errors: ["Invalid email address", "Username must be at least 3 characters", "Full name must be at least 2 characters", "Password must be at least 6 characters"],
    },
  ];

  for (const { tab, path, button, errors } of forms) {
    test(`${tab}: tabbing through every field complains about nothing; submitting empty does`, async ({ page }) => {
      await open(page, path);
      const form = authForm(page);
      const submit = form.getByRole("button", { name: button });
      await form.getByLabel("Email").focus();
      await page.keyboard.type("someone@example.com");
      // Tab through every other field, leaving it empty, up to the submit button.
      for (let presses = 0; !(await submit.evaluate((element) => element === document.activeElement)); presses++) {
        expect(presses, "Tab presses to reach the submit button").toBeLessThan(10);
        await page.keyboard.press("Tab");
      }
      await expect(toast(page)).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
      await expect(form.locator("[aria-invalid=true]")).toHaveCount(0);
      for (const error of errors) await expect(form.getByText(error)).toHaveCount(0);

      // Submitting is when the checks speak: SPEC §5's toast and each field's error, and no post.
      await form.getByLabel("Email").fill("");
      await submit.focus();
      await page.keyboard.press("Enter");
      await expectNotice(page, "Missing information", "Please fill in all fields");
      for (const error of errors) await expect(form.getByText(error)).toBeVisible();
      await expect(page).toHaveURL(path);
      // From then on a field's error follows what is typed into it.
      await form.getByLabel("Email").fill("someone@example.com");
      await expect(form.getByText("Invalid email address")).toHaveCount(0);
      await expect(form.getByText(errors[1])).toBeVisible();
    });
  }
});

test.describe("bad input", { tag: "@without-javascript" }, () => {
  test("an empty sign-in asks for every field", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await open(page, "/auth");
    await authForm(page).getByRole("button", { name: "Sign In" }).click();
    await expectNotice(page, "Missing information", "Please fill in all fields");
    await expect(page).toHaveURL(/\/auth/);
    await expectSignedOut(page);

    // Only a password missing is still missing information.
    await fillSignIn(page, "someone@example.com", "");
    await authForm(page).getByRole("button", { name: "Sign In" }).click();
    await expectNotice(page, "Missing information", "Please fill in all fields");
  });

  test("a wrong password is refused and a taken e-mail cannot join again", async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of (401|409)/);
    const account = await signUp(request, { label: "taken" });

    await open(page, "/auth");
    await fillSignIn(page, account.email, "not-the-password");
    await authForm(page).getByRole("button", { name: "Sign In" }).click();
    await expectNotice(page, "Login failed", "Invalid email or password");
    await expect(page).toHaveURL(/\/auth/);
    await expectSignedOut(page);
    // Without JavaScript the page reloads: the e-mail comes back, the password never does.
    if (!isJavaScriptProject()) await expect(authForm(page).getByLabel("Password")).toHaveValue("");
    await expect(authForm(page).getByLabel("Email")).toHaveValue(account.email);

    await open(page, "/auth?tab=join");
    await fillJoin(page, { ...account, username: `${account.username.slice(0, 26)}_two` });
    await authForm(page).getByRole("button", { name: "Create Account" }).click();
    await expectNotice(page, "Registration failed", /already exists/);
    await expect(page).toHaveURL(/\/auth\?tab=join/);
    await expectSignedOut(page);
  });

  test("a 5-character password on Join Now is a weak password", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    const account = { ...newAccount("weak"), password: "abcde" };
    await open(page, "/auth?tab=join");
    await fillJoin(page, account);
    await authForm(page).getByRole("button", { name: "Create Account" }).click();
    await expectNotice(page, "Weak password", "Password must be at least 6 characters long");
    await expect(page).toHaveURL(/\/auth\?tab=join/);
    await expectSignedOut(page);
  });
});
