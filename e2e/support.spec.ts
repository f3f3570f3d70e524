import type { Locator, Page } from "@playwright/test";
import { expect, isJavaScriptProject, open, test } from "./fixtures";
import { expectNoSeriousAxeViolations } from "./accessibility";

/*
 * The support center (/support) with JavaScript on ("js": conform checks on blur and submit, the
 * result arrives as a toast and the form resets) and off ("no-js": the action answers with inline
 * errors or a success message).
 *
 * The server accepts 5 support requests an hour from one address, and every test comes from
 * 127.0.0.1: only one test per project sends a valid request (two per run).
 */

const spec = {
  name: "Name must be at least 2 characters",
  email: "Invalid email address",
  category: "Please select a category",
  subject: "Subject must be at least 5 characters",
  message: "Message must be at least 20 characters",
} as const;

const supportForm = (page: Page) => page.getByRole("main").locator("form");

function field(page: Page, label: "Name" | "Email" | "Category" | "Subject" | "Message"): Locator {
  return supportForm(page).getByLabel(label, { exact: true });
}

/** The toast on screen (JavaScript only). */
function toast(page: Page): Locator {
  return page.getByRole("region", { name: /Notifications/ }).locator("li");
}

/** The address on a prefilled message's "Page: …" line, compared by its parts (a space may be written %20 or +). */
function expectPageLine(text: string | null, pageUrl: string) {
  const written = /^Page: (\S+)$/m.exec(text ?? "")?.[1];
  expect(written, text ?? "").toBeTruthy();
  const [actual, expected] = [new URL(written ?? ""), new URL(pageUrl)];
  expect(`${actual.origin}${actual.pathname}`).toBe(`${expected.origin}${expected.pathname}`);
  expect([...actual.searchParams]).toEqual([...expected.searchParams]);
}

test.describe("support center", () => {
  test("shows the form, the contact methods and the FAQ, and passes axe", async ({ page }) => {
    await open(page, "/support");
    await expect(page).toHaveTitle(/Support Center/);
    await expect(page.getByRole("heading", { level: 1, name: "Support Center" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Send us a message" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Other ways to reach us" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Frequently asked questions" })).toBeVisible();

    await expect(field(page, "Category").locator("option")).toHaveText([
      "Select a category",
      "Order issue",
      "Payment issue",
      "Worker account",
      "Account & login",
      "Other",
    ]);
    await expect(field(page, "Category")).toHaveValue("");
    await expectNoSeriousAxeViolations(page);
  });

  test("the FAQ opens with the keyboard and promises only what the product does", async ({ page }) => {
    await open(page, "/support");
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const question = faq.locator("summary", { hasText: "When does delivery of my order start?" });
    const answer = faq.getByText(/We aim for that to happen within 6-24 hours/);
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
    await expect(faq.getByText(/24-48 hours \(48-72 hours for YouTube\)/)).toBeVisible();

    await faq.locator("summary", { hasText: "How quickly will you reply?" }).click();
    await expect(faq.getByText(/aims to reply within 24 hours\. We do not offer live chat\./)).toBeVisible();
    const text = await faq.textContent();
    expect(text).not.toMatch(/\b5 minutes|\b2 hours|instantly/i);
    expect(text).toContain("we cannot promise that every follower stays forever");
    await expectNoSeriousAxeViolations(page);
  });

  test("bad input shows SPEC's messages next to the fields, and nothing is sent", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/); // without JavaScript the action answers the errors with 400
    await open(page, "/support");
    if (isJavaScriptProject()) {
      // conform checks a field when it loses focus…
      await field(page, "Name").fill("A");
      await field(page, "Name").blur();
      await expect(supportForm(page).getByText(spec.name)).toBeVisible();
      await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
      await field(page, "Name").fill("Ama");
      await expect(supportForm(page).getByText(spec.name)).toBeHidden();
      await field(page, "Email").fill("ama@");
      await field(page, "Email").blur();
      await expect(supportForm(page).getByText(spec.email)).toBeVisible();
      await field(page, "Name").fill("A");
    } else {
      await field(page, "Name").fill("A");
      await field(page, "Email").fill("ama@");
    }
    await field(page, "Subject").fill("Help");
    await field(page, "Message").fill("Too short.");
    // …and every field on submit; without JavaScript the action answers with the same messages.
    await supportForm(page).getByRole("button", { name: "Send Message" }).click();
    for (const message of Object.values(spec)) await expect(supportForm(page).getByText(message)).toBeVisible();
    await expect(field(page, "Category")).toHaveAttribute("aria-invalid", "true");
    // What was typed stays, so it can be corrected.
    await expect(field(page, "Subject")).toHaveValue("Help");
    await expect(field(page, "Message")).toHaveValue("Too short.");
    await expect(page.getByText("Support request sent!")).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  });

  test("a valid request is sent: SPEC's success message shows and the form is cleared", async ({ page }) => {
    await open(page, "/support");
    const project = test.info().project.name;
    await field(page, "Name").fill("Ama Mensah");
    await field(page, "Email").fill(`ama.${project}.${Date.now()}@example.com`);
    await field(page, "Category").selectOption({ label: "Order issue" });
    await field(page, "Subject").fill("Order not started yet");
    await field(page, "Message").fill("My order SMB-12-2026 has not started after a day. Can you check it?");
    await supportForm(page).getByRole("button", { name: "Send Message" }).click();

    const notice = isJavaScriptProject() ? toast(page) : page.getByRole("main").getByRole("status");
    await expect(notice).toContainText("Support request sent!");
    await expect(notice).toContainText("We'll get back to you within 24 hours.");
    if (isJavaScriptProject()) await expect(page).toHaveURL("/support");
    for (const label of ["Name", "Email", "Subject", "Message"] as const) await expect(field(page, label)).toHaveValue("");
    await expect(field(page, "Category")).toHaveValue("");
    await expectNoSeriousAxeViolations(page);
  });

  test("a signed-in visitor finds their name and e-mail filled in", async ({ page }) => {
    const suffix = `${test.info().project.name.replace(/\W/g, "")}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `efua.${suffix}@example.com`;
    // page.request shares the browser's cookies: the session cookie signs the page in.
    const response = await page.request.post("/api/auth/register", {
      data: { email, username: `efua_${suffix}`.slice(0, 30), fullName: "Efua Owusu", password: "correct-horse-9", role: "client" },
    });
    expect(response.status()).toBe(201);
    await open(page, "/support");
    await expect(field(page, "Name")).toHaveValue("Efua Owusu");
    await expect(field(page, "Email")).toHaveValue(email);
    await expect(page.getByText("We filled in your name and e-mail from your account.")).toBeVisible();
  });

  test("the contact links carry the page address and the order's package, platform and amount", async ({ page }) => {
    const path = `/support?package=${encodeURIComponent("1000 Followers")}&platform=instagram&amount=${encodeURIComponent("GHS 1,525.50")}`;
    await open(page, path);
    const pageUrl = page.url();
    const methods = page.getByRole("region", { name: "Other ways to reach us" });

    const emailHref = (await methods.getByRole("link", { name: /^Email/ }).getAttribute("href")) ?? "";
    expect(emailHref).toMatch(/^mailto:[^?]+@[^?]+\?subject=/);
    const emailParams = new URLSearchParams(emailHref.slice(emailHref.indexOf("?") + 1));
    expect(emailParams.get("subject")).toBe("Support request: 1000 Followers (Instagram)");
    expect(emailParams.get("body")).toContain("Package: 1000 Followers\r\nPlatform: Instagram\r\nAmount: GHS 1,525.50\r\n");
    expectPageLine(emailParams.get("body"), pageUrl);

    const whatsapp = methods.getByRole("link", { name: /^WhatsApp/ });
    const whatsappUrl = new URL((await whatsapp.getAttribute("href")) ?? "");
    expect(whatsappUrl.origin).toBe("https://wa.me");
    expect(whatsappUrl.pathname).toMatch(/^\/\d{9,15}$/);
    expect(whatsappUrl.searchParams.get("text")).toContain("\nPackage: 1000 Followers\nPlatform: Instagram\nAmount: GHS 1,525.50\nPage: ");
    expectPageLine(whatsappUrl.searchParams.get("text"), pageUrl);
    await expect(whatsapp).toHaveAttribute("target", "_blank");

    expect(await methods.getByRole("link", { name: /^Phone/ }).getAttribute("href")).toMatch(/^tel:\+\d{9,15}$/);

    await expect(methods.getByText("These messages mention your order:")).toBeVisible();
    await expect(methods.getByText("1000 Followers")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test("without order details the links still carry the page address", async ({ page }) => {
    await open(page, "/support");
    const methods = page.getByRole("region", { name: "Other ways to reach us" });
    const emailHref = (await methods.getByRole("link", { name: /^Email/ }).getAttribute("href")) ?? "";
    expectPageLine(new URLSearchParams(emailHref.slice(emailHref.indexOf("?") + 1)).get("body"), page.url());
    expect(emailHref).not.toContain("Package");
    await expect(methods.getByText("These messages mention your order:")).toHaveCount(0);
  });
});
