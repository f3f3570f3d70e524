import { createOrder, signUp } from "./api-setup";
import { expect, open, test } from "./fixtures";

test("a client's dashboard shows their stats in cedis and their latest orders with status and progress, each opening its page", async ({ page }) => {
  await signUp(page.request, { label: "dash" });
  const { id, createdAt } = await createOrder(page.request);

  await open(page, "/dashboard");
  const stats = page.locator("dl");
  await expect(stats.getByText("Total orders")).toBeVisible();
  await expect(stats).toContainText("Total orders1");
  await expect(stats).toContainText("Active orders1");
  await expect(stats).toContainText("Total spent₵0.00"); // unpaid orders are not money spent
  const orders = page.getByRole("region", { name: "Recent orders" });
  await expect(orders).toContainText("100 Followers · Instagram");
  await expect(orders).toContainText("Pending");
  await expect(orders).toContainText("₵152.55");
  await expect(orders.getByRole("progressbar", { name: /progress/ })).toHaveAttribute("value", "0");
  await expect(page.getByRole("link", { name: "TikTok packages" })).toHaveAttribute("href", "/packages?platform=tiktok");

  // Each row opens the order's page by its reference; the profile is a link of its own (a new tab).
  const reference = `SMB-${id}-${new Date(createdAt).getUTCFullYear()}`;
  await expect(orders.getByRole("link", { name: `Order ${reference}` })).toHaveAttribute("href", `/orders/${id}`);
  const profile = orders.getByRole("link", { name: "instagram.com/ama.grows (opens in a new tab)" });
  await expect(profile).toHaveAttribute("href", "https://www.instagram.com/ama.grows");
  await expect(profile).toHaveAttribute("target", "_blank");
  await expect(profile).toHaveAttribute("rel", "noopener noreferrer");
  await expect(orders.getByRole("link", { name: "View all orders" })).toHaveAttribute("href", "/orders");
});
