import { expectNoSeriousAxeViolations } from "./accessibility";
import { createOrder, fundedClient } from "./api-setup";
import { askToCancel } from "./cancel-question";
import { expect, open, test } from "./fixtures";

/*
 * Drip-feed (issue #21, decision 0026), with JavaScript and without: at "Pay from balance" a client
 * chooses to deliver gradually, a bad choice is refused with its message and nothing paid, the order
 * page shows the runs, and stopping the remaining runs puts what was not delivered back in the wallet.
 * Runs opening on schedule are tested with an injected clock (drip-feed.server.test.ts).
 */

test("a client delivers 500 followers in 5 runs from the balance, sees the runs, and stops them for a refund", { tag: "@without-javascript" }, async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(/status of 400/); // a refused choice is answered with the page and 400
  await fundedClient(page, request, 1000, "drip");
  const { id } = await createOrder(page.request, { quantity: 500, target: "drip.grows" });

  await open(page, `/checkout?orderId=${id}`);
  const payFromBalance = page.getByRole("region", { name: "Pay from balance" });
  const gradually = payFromBalance.getByRole("group", { name: "Deliver gradually (optional)" });
  await expect(gradually).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // One run is no drip-feed: refused with the rule, nothing paid.
  await gradually.getByLabel("Runs (2–10)").fill("1");
  await gradually.getByLabel(/Minutes between runs/).fill("60");
  await payFromBalance.getByRole("button", { name: "Pay ₵750.00 from balance" }).click();
  await expect(payFromBalance.getByRole("alert")).toHaveText("Runs must be a whole number from 2 to 50");
  // More runs than 500 splits into runs of at least 50.
  await gradually.getByLabel("Runs (2–10)").fill("11");
  await gradually.getByLabel(/Minutes between runs/).fill("60");
  await payFromBalance.getByRole("button", { name: "Pay ₵750.00 from balance" }).click();
  await expect(payFromBalance.getByRole("alert")).toHaveText("Each run must be at least 50: choose fewer runs");
  // A run with no interval.
  await gradually.getByLabel("Runs (2–10)").fill("5");
  await gradually.getByLabel(/Minutes between runs/).fill("");
  await payFromBalance.getByRole("button", { name: "Pay ₵750.00 from balance" }).click();
  await expect(payFromBalance.getByRole("alert")).toHaveText("Interval must be a whole number of minutes from 1 to 10080");
  const unpaid = await page.request.get(`/api/orders/${id}`);
  expect(((await unpaid.json()) as { paymentStatus: string }).paymentStatus).toBe("unpaid");

  await gradually.getByLabel("Runs (2–10)").fill("5");
  await gradually.getByLabel(/Minutes between runs/).fill("60");
  await payFromBalance.getByRole("button", { name: "Pay ₵750.00 from balance" }).click();
  await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();

  await open(page, `/orders/${id}`);
  const runs = page.getByTestId("drip-feed-runs");
  await expect(runs).toContainText(/Run 0 of 5 delivered, next run at \d/);
  await expect(runs).toContainText("Delivered gradually: 5 runs, one every 60 minutes; 1 of 5 open to workers.");
  const stop = page.getByRole("region", { name: "Changed your mind?" });
  await expect(stop).toContainText("The remaining runs stop, and the 500 not delivered yet, ₵750.00, go back to your balance at once.");
  await expectNoSeriousAxeViolations(page);

  await (await askToCancel(page, stop, "Stop remaining runs")).getByRole("button", { name: "Yes, stop remaining runs" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${id}\\?cancelled=1$`));
  await expect(page.getByRole("status").filter({ hasText: "Your order has been cancelled." })).toBeVisible();
  await expect(runs).toContainText("Stopped: the 500 not delivered, ₵750.00, went back to your balance.");
  await expect(page.getByRole("region", { name: "Changed your mind?" })).toHaveCount(0);

  await open(page, "/wallet");
  await expect(page.getByRole("region", { name: "Balance" })).toContainText("₵1,000.00");
});

test("a client whose order is too small to split is not offered gradual delivery", async ({ page, request }) => {
  await fundedClient(page, request, 500, "drip");
  const { id } = await createOrder(page.request, { platform: "tiktok", quantity: 50, target: "drip.small" });
  await open(page, `/checkout?orderId=${id}`);
  await expect(page.getByRole("region", { name: "Pay from balance" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Deliver gradually (optional)" })).toHaveCount(0);
});
