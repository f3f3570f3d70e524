import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, isJavaScriptProject, test } from "./fixtures";

/**
 * axe finds no serious or critical problem on the page as it is now, in the light and the dark
 * theme. axe runs as a script, which a no-JS page cannot: there the page's current HTML (which may
 * hold the result of a post) is shown in a JavaScript-enabled page with every script removed, which
 * is exactly what a browser without JavaScript renders. `settle` waits, on the page checked, for the
 * state worth checking (e.g. an element that fades in).
 */
export async function expectNoSeriousAxeViolations(page: Page, settle?: (target: Page) => Promise<void>) {
  // axe takes several seconds per run on a small machine, and runs twice here.
  test.slow();
  // Contexts made inside a test inherit the project's options: JavaScript must be switched back on.
  const context = isJavaScriptProject()
    ? undefined
    : await page.context().browser()!.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
  let target = page;
  if (context) {
    // A page that reloads itself (the no-JS payment status) may still be streaming: copy it whole.
    await page.waitForLoadState("load");
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    target = await context.newPage();
    await target.route("**/*", async (route) => {
      if (route.request().resourceType() === "script") return route.abort();
      if (route.request().resourceType() !== "document") return route.continue();
      await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    });
    await target.goto(page.url());
  }
  try {
    await settle?.(target);
    // A toast closes by itself after 5 s and axe takes seconds per run: a toast's fade-out, measured
    // halfway, once read as too little contrast (wallet.spec.ts in CI). A window without focus holds
    // its toasts where they are (Radix pauses them on the window's blur), as for a person who
    // switched windows; they run on after the checks.
    await target.evaluate(() => window.dispatchEvent(new Event("blur")));
    for (const colorScheme of ["light", "dark"] as const) {
      await target.emulateMedia({ colorScheme });
      // With JavaScript the theme script follows the system by a class on <html>; colours then
      // transition for a moment, and axe must not measure them halfway.
      if (isJavaScriptProject()) await expect(target.locator("html")).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
      await target.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
      const { violations } = await new AxeBuilder({ page: target }).analyze();
      const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => `${colorScheme}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    await target.evaluate(() => window.dispatchEvent(new Event("focus")));
  } finally {
    await context?.close();
  }
}
