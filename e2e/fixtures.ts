import { test as base, expect, type Page } from "@playwright/test";

interface ConsoleGuard {
  /** Lets a console error through that the test provokes on purpose (e.g. the 404 of an unknown page). */
  allow: (pattern: RegExp) => void;
}

/**
 * Every test fails on a browser console error or an uncaught page error. Chromium reports a
 * Content-Security-Policy violation as a console error, so this also catches scripts or styles the
 * CSP refuses.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const isJavaScriptProject = () => test.info().project.name === "js";

/** Opens a page; with JavaScript on, waits until React has hydrated so clicks are handled by the app. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  if (isJavaScriptProject()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response;
}
