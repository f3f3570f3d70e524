import type { Locator, Page } from "@playwright/test";
import { isJavaScriptProject } from "./fixtures";

/**
 * Presses "Cancel order" (or "Stop remaining runs") in an order page's "Changed your mind?" section
 * and answers where it asks "Cancel this order?": a dialog with JavaScript, the page's own question
 * without it (the button opens the page as `?confirm=cancel`). Nothing is cancelled before "Yes".
 */
export async function askToCancel(page: Page, section: Locator, button = "Cancel order"): Promise<Locator> {
  await section.getByRole("button", { name: button }).click();
  return isJavaScriptProject() ? page.getByRole("dialog", { name: "Cancel this order?" }) : page.getByRole("region", { name: "Changed your mind?" }).getByRole("group", { name: "Cancel this order?" });
}

/** "Keep my order": a button closing the dialog with JavaScript, a link back to the page without it. */
export const keepMyOrder = (question: Locator) => question.getByRole(isJavaScriptProject() ? "button" : "link", { name: "Keep my order" });
