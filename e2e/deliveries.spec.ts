import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { approveWorker, createOrder, signInAsAdmin, signUp } from "./api-setup";
import { payByCard } from "./card-payment";
import { onePixelPng } from "./checkout-journey";
import { expect, open, test } from "./fixtures";

/*
 * The buyer's check (issue #48), JavaScript on and off: a client's YouTube order is delivered by five
 * real workers; on a 390 px phone the client sees who delivered each unit, with a link to their
 * channel, and flags the two they cannot find; those two workers send a screenshot from their phones;
 * an admin, by keyboard, lets one stand and upholds the other, which a new worker delivers again.
 * YouTube, so the task is among the first 10 a worker sees while other journeys pay for Instagram and
 * TikTok orders.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A YouTube worker approved by the admin, with a linked handle, who completes the order's task (signed in on `request`). */
async function deliverAsNewWorker(request: APIRequestContext, admin: string, targetUrl: string): Promise<string> {
  const { id } = await signUp(request, { role: "worker", label: "dlv", platforms: ["youtube"] });
  await approveWorker(request, admin, id);
  const handle = `dlv${unique()}`;
  expect((await request.put("/api/worker/handles", { data: { platform: "youtube", handle } })).status()).toBe(200);
  const available = (await (await request.get("/api/tasks/available")).json()) as { id: number; targetUrl: string }[];
  const task = available.find((item) => item.targetUrl === targetUrl);
  expect(task, `a task for ${targetUrl}`).toBeDefined();
  const completed = await request.post(`/api/tasks/${task!.id}/complete`, { data: {} });
  expect(completed.status(), await completed.text()).toBe(201);
  return handle;
}

/** A phone-sized browser of its own (a worker's, the admin's). */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

test("a client on a phone flags two deliveries; their workers answer with screenshots; an admin decides by keyboard; the dropped one is delivered again", { tag: "@without-javascript" }, async ({ page, browser, playwright, consoleGuard }) => {
  test.slow();
  consoleGuard.allow(/status of 400/); // "Flag selected" with nothing ticked answers 400 with the page
  await page.setViewportSize({ width: 390, height: 844 });
  const baseURL = test.info().project.use.baseURL!;
  const admin = await signInAsAdmin(page.request);
  const client = await signUp(page.request, { label: "checker" });
  const order = await createOrder(page.request, { platform: "youtube", quantity: 50, target: `dl${unique()}` });
  await payByCard(page.request, client, order);
  // Five workers, each in a browser of their own (signed in by signing up there).
  const workerPages: Page[] = [];
  const handles: string[] = [];
  for (let index = 0; index < 5; index++) {
    workerPages.push(await phone(browser));
    handles.push(await deliverAsNewWorker(workerPages[index].request, admin, order.targetUrl));
  }

  await open(page, `/orders/${order.id}`);
  const panel = page.getByRole("region", { name: "Who delivered" });
  const items = panel.getByRole("list", { name: "Deliveries" }).getByRole("listitem");
  await expect(items).toHaveCount(5);
  for (const [index, handle] of handles.entries()) {
    await expect(items.nth(index)).toContainText("Counted");
    await expect(items.nth(index).getByRole("link", { name: `@${handle}` })).toHaveAttribute("href", `https://www.youtube.com/@${handle}`);
  }

  // Nothing ticked: the page says so, and nothing is flagged.
  await panel.getByRole("button", { name: "Flag selected" }).click();
  await expect(panel.getByRole("alert")).toContainText("Choose at least one delivery to flag.");
  await expect(panel.getByText("Flagged", { exact: true })).toHaveCount(0);

  // The second and fourth, with a note.
  await panel.getByRole("checkbox", { name: `Select @${handles[1]}` }).check();
  await panel.getByRole("checkbox", { name: `Select @${handles[3]}` }).check();
  await panel.getByLabel("What do you see? (optional)").fill("These two are not among my subscribers.");
  await panel.getByRole("button", { name: "Flag selected" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}\\?deliveries=1&flagged=2#deliveries$`));
  await expect(panel.getByRole("status")).toContainText("2 deliveries flagged.");
  await expect(items.nth(1)).toContainText("Flagged");
  await expect(items.nth(3)).toContainText("Flagged");
  for (const index of [0, 2, 4]) await expect(items.nth(index)).toContainText("Counted");
  // A flagged delivery cannot be flagged again: only the other three have a box.
  await expect(panel.getByRole("checkbox")).toHaveCount(3);

  // "Select all on this page" ticks the three that remain (a link: no script needed).
  await panel.getByRole("link", { name: "Select all on this page" }).click();
  await expect(panel.getByRole("checkbox")).toHaveCount(3);
  for (const box of await panel.getByRole("checkbox").all()) await expect(box).toBeChecked();

  // What the page showed is what the API says.
  const listed = (await (await page.request.get(`/api/orders/${order.id}/deliveries`)).json()) as { deliveries: { handle: string; state: string }[] };
  expect(listed.deliveries.map((delivery) => `${delivery.handle} ${delivery.state}`)).toEqual(handles.map((handle, index) => `${handle} ${index === 1 || index === 3 ? "flagged" : "counted"}`));

  // Each flagged worker sends a screenshot from their phone's dashboard.
  for (const index of [1, 3]) {
    const workerPage = workerPages[index];
    await open(workerPage, "/dashboard");
    const flags = workerPage.getByRole("region", { name: "Screenshots needed" });
    await expect(flags).toContainText(`done as @${handles[index]}`);
    const file = flags.getByLabel(/^Upload a screenshot of their profile showing you subscribe within 48 hours \(by .+ GMT\)$/);
    await file.setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: onePixelPng });
    await flags.getByRole("button", { name: "Send screenshot" }).click();
    await expect(workerPage).toHaveURL(/\/dashboard\?evidence=sent#flags$/);
    await expect(flags.getByRole("status")).toContainText("Thank you: your screenshot was sent for review.");
    await expect(flags).toContainText("Screenshot sent: an admin is reviewing it.");
  }

  // The admin, by keyboard only: the first stands, the second is upheld.
  const adminPage = await phone(browser);
  await signInAsAdmin(adminPage.request);
  await open(adminPage, "/admin/flags");
  const decide = async (index: number, reason: string, buttonsAfterReason: number, notice: string) => {
    const item = adminPage.getByRole("listitem").filter({ hasText: `@${handles[index]}` });
    await expect(item.getByRole("img", { name: /The worker's screenshot/ })).toBeVisible();
    await item.getByLabel("Reason (the worker and the client see it)").focus();
    await adminPage.keyboard.type(reason);
    for (let step = 0; step < buttonsAfterReason; step++) await adminPage.keyboard.press("Tab");
    await adminPage.keyboard.press("Enter");
    await expect(adminPage.getByRole("status").filter({ hasText: notice })).toBeVisible();
  };
  await decide(1, "The screenshot shows the subscription.", 1, "Flag rejected: the delivery stands");
  await decide(3, "The screenshot shows another channel.", 2, "Flag upheld: the delivery is dropped");

  // A worker new to the target delivers the dropped unit again; the client's page says so, with the reasons.
  const newcomer = await playwright.request.newContext({ baseURL });
  const replacement = await deliverAsNewWorker(newcomer, admin, order.targetUrl);
  await open(page, `/orders/${order.id}`);
  await expect(items).toHaveCount(6);
  await expect(items.nth(1)).toContainText("Stood");
  await expect(items.nth(1)).toContainText("Decision: The screenshot shows the subscription.");
  await expect(items.nth(3)).toContainText("Replaced");
  await expect(items.nth(3)).toContainText("Decision: The screenshot shows another channel.");
  await expect(items.nth(5)).toContainText(`@${replacement}`);
  await expect(page.getByText("5 of 50 delivered")).toBeVisible();
  await newcomer.dispose();
});
