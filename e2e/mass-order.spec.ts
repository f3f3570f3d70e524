import { expectNoSeriousAxeViolations } from "./accessibility";
import { fundedClient } from "./api-setup";
import { expect, open, test } from "./fixtures";

/*
 * The mass-order page (issue #21), with JavaScript and without: lines pasted, each checked and priced,
 * the total paid from the wallet, a bad line ordered for nothing, what the balance covers placed in
 * the order written and the rest listed as not placed (issue #52), and a balance that covers no line
 * said before anything is paid.
 */

test("a client pastes orders, sees each priced or refused, and pays the total from the balance", { tag: "@without-javascript" }, async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(/status of 400/); // an empty text is answered with the form and 400
  await fundedClient(page, request, 300, "mass");
  await open(page, "/wallet");
  await page.getByRole("link", { name: "Mass order" }).click();
  await expect(page).toHaveURL(/\/mass-order$/);
  await expect(page.getByRole("heading", { name: "Mass order", level: 1 })).toBeVisible();
  await expect(page.getByText("Balance ₵300.00")).toBeVisible();
  await expect(page.getByRole("table", { name: "Services a line may name" })).toContainText("Instagram Followers₵1,500.00");

  // Through the form by keyboard: nothing complains before a submit; an empty one is refused.
  await page.getByLabel("Orders, one per line").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Check and price" }).click();
  await expect(page.getByRole("alert")).toHaveText("Paste at least one order: service | link | quantity");

  await page.getByLabel("Orders, one per line").fill(["1 | https://www.instagram.com/ama.grows | 100", "2 | @kofi_dances | ten", "", "2 | @kofi_dances | 50"].join("\n"));
  await page.getByRole("button", { name: "Check and price" }).click();
  await expect(page.getByRole("heading", { name: "Checked: 2 to order, 1 with an error" })).toBeVisible();
  const checked = page.getByRole("table", { name: "Your orders, checked and priced" });
  await expect(checked.getByRole("row")).toHaveText([
    "LineOrderPrice",
    "1Instagram Followers · @ama.grows · 100₵150.00",
    "22 | @kofi_dances | tenQuantity must be a whole number from 50 to 100000Not ordered",
    "4TikTok Followers · @kofi_dances · 50₵75.00",
  ]);
  await expect(page.getByText("Total ₵225.00")).toBeVisible();
  // The text stays in the field, to correct and check again.
  await expect(page.getByLabel("Orders, one per line")).toHaveValue(/^1 \| https:\/\/www\.instagram\.com\/ama\.grows \| 100/);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Pay ₵225.00 from balance" }).click();
  await expect(page.getByRole("status")).toContainText("2 orders placed, ₵225.00 paid from your balance.");
  await expect(page.getByRole("status")).toContainText("1 line with an error was not ordered and cost nothing.");
  // The line not placed is back in the field, to correct.
  await expect(page.getByLabel("Orders, one per line")).toHaveValue("2 | @kofi_dances | ten");
  await expect(page.getByText("Balance ₵75.00")).toBeVisible();
  const placed = page.getByRole("table", { name: "What became of each line" });
  await expect(placed.getByRole("row")).toHaveCount(4);
  await expect(placed.getByRole("row").nth(2)).toContainText("Not ordered");
  const firstOrder = placed.getByRole("link", { name: /^Order #\d+$/ }).first();
  const orderPath = await firstOrder.getAttribute("href");
  expect(orderPath).toMatch(/^\/orders\/\d+$/);

  // A balance that covers no line: said before anything is paid, with the way to top up.
  await page.getByLabel("Orders, one per line").fill("3 | youtube.com/@abena_sings | 1000");
  await page.getByRole("button", { name: "Check and price" }).click();
  await expect(page.getByText("Total ₵2,000.00")).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Your balance of ₵75.00 does not cover any of these lines.");
  await expect(page.getByRole("button", { name: /from balance/ })).toHaveCount(0);

  // The wallet's history shows both payments, each linking to its order.
  await open(page, "/wallet");
  await expect(page.getByRole("region", { name: "Balance" })).toContainText("₵75.00");
  await expect(page.getByRole("table", { name: "Wallet history, newest first" }).getByRole("link")).toHaveCount(2);
  await open(page, orderPath!);
  await expect(page.getByText("@ama.grows").first()).toBeVisible();
});

test("a balance that covers part of a mass order places those lines in the order written and lists the rest, charging nothing for them", { tag: "@without-javascript" }, async ({ page, request }) => {
  await fundedClient(page, request, 200, "massp");
  await open(page, "/mass-order");
  await page.getByLabel("Orders, one per line").fill("1 | https://www.instagram.com/first.line | 100\n2 | @second_line | 50");
  await page.getByRole("button", { name: "Check and price" }).click();
  await expect(page.getByText("Total ₵225.00")).toBeVisible();
  const checked = page.getByRole("table", { name: "Your orders, checked and priced" });
  await expect(checked.getByRole("row")).toHaveText([
    "LineOrderPrice",
    "1Instagram Followers · @first.line · 100₵150.00",
    "2TikTok Followers · @second_line · 50Your balance does not cover this ₵75.00 after the lines above it: not placed.Not placed",
  ]);
  await expect(page.getByText("Your balance of ₵200.00 covers ₵150.00 of it")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Pay ₵150.00 from balance" }).click();
  const status = page.getByRole("status");
  await expect(status).toContainText("1 order placed, ₵150.00 paid from your balance.");
  await expect(status).toContainText("1 line your balance did not cover was not placed and cost nothing.");
  const placed = page.getByRole("table", { name: "What became of each line" });
  await expect(placed.getByRole("row").nth(1)).toContainText(/Order #\d+/);
  await expect(placed.getByRole("row").nth(2)).toHaveText("22 | @second_line | 50Not placed: your balance did not cover this ₵75.00.Not ordered");
  await expect(page.getByText("Balance ₵50.00")).toBeVisible();
  await expect(page.getByLabel("Orders, one per line")).toHaveValue("2 | @second_line | 50");
  const orders = (await (await page.request.get("/api/orders")).json()) as { target_url: string }[];
  expect(orders.map((order) => order.target_url)).toEqual(["https://www.instagram.com/first.line"]);
});

test("on a 390 px phone the mass-order page and its checked lines fit the screen", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // ₵100.00 covers the first line and not the second: the checked lines, the note and the payment button all show.
  await fundedClient(page, request, 100, "mass");
  await open(page, "/mass-order");
  await page.getByLabel("Orders, one per line").fill("1 | https://www.instagram.com/ama.grows.in.accra_2026/?utm_source=share | 50\n2 | https://www.tiktok.com/@someone | 100000");
  await page.getByRole("button", { name: "Check and price" }).click();
  await expect(page.getByText("Total ₵150,075.00")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay ₵75.00 from balance" })).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

test("the whole mass order by keyboard alone: paste, check, pay", async ({ page, request }) => {
  await fundedClient(page, request, 100, "mass");
  await open(page, "/mass-order");
  /** Tab until the element named `name` has the focus (the header's links come first). */
  const tabTo = async (name: string) => {
    for (let presses = 0; presses < 40; presses += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLTextAreaElement | null;
        return element?.getAttribute("aria-label") ?? (element?.labels?.[0]?.textContent || element?.textContent || "").trim();
      });
      if (focused === name) return;
    }
    throw new Error(`${name} never took the focus`);
  };
  await tabTo("Orders, one per line");
  await page.keyboard.type("2 | @keyboard_only | 50");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Check and price" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Total ₵75.00")).toBeVisible();
  await tabTo("Pay ₵75.00 from balance");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("1 order placed, ₵75.00 paid from your balance.");
  await expect(page.getByText("Balance ₵25.00")).toBeVisible();
});
