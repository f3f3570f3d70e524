import type { APIRequestContext, Browser } from "@playwright/test";
import { approveWorker, createOrder, signInAsAdmin, signUp } from "./api-setup";
import { payByCard } from "./card-payment";
import { expect, open, test } from "./fixtures";

/*
 * Refills (issue #21, decision 0041), JavaScript on and off: a client's YouTube order of 50 is
 * delivered by 50 real workers; on the order page the client ticks the two deliveries that dropped in
 * "Who delivered" and presses "Refill selected" (having first pressed it with nothing ticked, which
 * the page refuses in place). The refill is in progress, the two deliveries are flagged, and the two
 * workers who made them, and only they, are asked for a screenshot on their dashboards. What follows
 * (the screenshot, the admin's decision, the re-delivery) is the flag's, in e2e/deliveries.spec.ts.
 * YouTube, so that the order's task is among the first 10 a worker sees (other journeys pay for many
 * Instagram and TikTok orders).
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Registers a YouTube worker in `request` (its cookie signs it in), has the admin approve it, links a handle and completes the order's task. */
async function deliverAsNewWorker(request: APIRequestContext, admin: string, targetUrl: string, label: string): Promise<string> {
  const { id } = await signUp(request, { role: "worker", label, platforms: ["youtube"] });
  await approveWorker(request, admin, id);
  const handle = `yt${unique()}`;
  const linked = await request.put("/api/worker/handles", { data: { platform: "youtube", handle } });
  expect(linked.status(), await linked.text()).toBe(200);
  const available = (await (await request.get("/api/tasks/available")).json()) as { id: number; targetUrl: string }[];
  const task = available.find((item) => item.targetUrl === targetUrl);
  expect(task, `a task for ${targetUrl}`).toBeDefined();
  const completed = await request.post(`/api/tasks/${task!.id}/complete`, { data: {} });
  expect(completed.status(), await completed.text()).toBe(201);
  return handle;
}

/** A worker in a browser context of its own (signed in by registering there) who delivers a unit of the order. */
async function browserWorker(browser: Browser, admin: string, targetUrl: string, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const handle = await deliverAsNewWorker(page.request, admin, targetUrl, label);
  return { handle, page, context };
}

test("a client ticks the two deliveries that dropped and presses Refill selected: the refill is in progress, both are flagged, and their workers are asked for a screenshot", { tag: "@without-javascript" }, async ({ page, browser, playwright, consoleGuard }) => {
  test.slow();
  consoleGuard.allow(/status of 400/); // "Refill selected" with nothing ticked answers 400 with the page
  const baseURL = test.info().project.use.baseURL!;
  const admin = await signInAsAdmin(page.request);
  const target = `rf${unique()}`;

  // The client's paid order of 50 YouTube subscribers.
  const client = await signUp(page.request, { label: "refiller" });
  const order = await createOrder(page.request, { platform: "youtube", quantity: 50, target });
  await payByCard(page.request, client, order);

  // Delivered by 50 workers: three in browsers of their own (two of them will be named), 47 over the API (ten at a time).
  const named = [await browserWorker(browser, admin, order.targetUrl, "rfa"), await browserWorker(browser, admin, order.targetUrl, "rfb")];
  const unnamed = await browserWorker(browser, admin, order.targetUrl, "rfc");
  for (let batch = 0; batch < 47; batch += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 47 - batch) }, async () => {
        const request = await playwright.request.newContext({ baseURL });
        await deliverAsNewWorker(request, admin, order.targetUrl, "rfx");
        await request.dispose();
      }),
    );
  }

  // The delivered order: every delivery counted, and "Refill selected" under the list.
  await open(page, `/orders/${order.id}`);
  await expect(page.getByText("50 of 50 delivered")).toBeVisible();
  const refill = page.getByRole("region", { name: "Refill" });
  await expect(refill).toContainText("For 30 days after delivery you can ask for a refill, once every 24 hours: tick the deliveries that dropped in “Who delivered” and press “Refill selected”.");
  await expect(refill.getByRole("list", { name: "Refills" })).toHaveCount(0);
  const panel = page.getByRole("region", { name: "Who delivered" });
  const items = panel.getByRole("list", { name: "Deliveries" }).getByRole("listitem");
  await expect(items).toHaveCount(50);
  const itemOf = (handle: string) => items.filter({ has: page.getByRole("link", { name: `@${handle}` }) });

  // Nothing ticked: the page says so in the checklist, and no refill opens.
  await panel.getByRole("button", { name: "Refill selected" }).click();
  const refusal = panel.getByRole("alert");
  await expect(refusal).toContainText("No refill was requested");
  await expect(refusal).toContainText("Choose at least one delivery that dropped.");
  await expect(panel.getByText("Flagged", { exact: true })).toHaveCount(0);
  await expect(refill.getByRole("list", { name: "Refills" })).toHaveCount(0);

  // The two that dropped.
  for (const { handle } of named) await panel.getByRole("checkbox", { name: `Select @${handle}` }).check();
  await panel.getByRole("button", { name: "Refill selected" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}\\?refill=requested#refill$`));
  await expect(refill.getByRole("status")).toHaveText("Refill requested. The people who delivered the deliveries you named have been asked for a screenshot.");
  const refillItem = refill.getByRole("list", { name: "Refills" }).getByRole("listitem");
  await expect(refillItem).toHaveCount(1);
  await expect(refillItem).toContainText(/^Refill \d+ · requested \d/);
  await expect(refillItem.getByText("In progress", { exact: true })).toBeVisible();
  await expect(refillItem).toContainText("2 named as dropped: 2 waiting for the evidence or an admin's decision.");
  // One refill at a time: no second one is offered while this one lasts.
  await expect(refill).toContainText("A refill of this order is in progress.");
  await expect(panel.getByRole("button", { name: "Refill selected" })).toHaveCount(0);
  await expect(panel.getByRole("alert")).toHaveCount(0);

  // The two named deliveries are flagged, the others still count (and can still be flagged).
  for (const { handle } of named) {
    await expect(itemOf(handle)).toContainText("Flagged");
    await expect(itemOf(handle).getByRole("checkbox")).toHaveCount(0);
  }
  await expect(itemOf(unnamed.handle)).toContainText("Counted");
  await expect(panel.getByText("Flagged", { exact: true })).toHaveCount(2);
  await expect(panel.getByRole("checkbox")).toHaveCount(48);
  await expect(panel.getByRole("button", { name: "Flag selected" })).toBeVisible();

  // What the page showed is what the API says.
  const listed = (await (await page.request.get(`/api/orders/${order.id}/deliveries`)).json()) as { deliveries: { handle: string; state: string }[] };
  const flagged = listed.deliveries.filter((delivery) => delivery.state === "flagged").map((delivery) => delivery.handle);
  expect(flagged.sort()).toEqual(named.map(({ handle }) => handle).sort());
  const refills = (await (await page.request.get(`/api/orders/${order.id}/refills`)).json()) as { status: string; named: { total: number; deciding: number } }[];
  expect(refills).toEqual([expect.objectContaining({ status: "in_progress", named: expect.objectContaining({ total: 2, deciding: 2 }) })]);

  // Each named worker is asked for a screenshot on their dashboard; the worker not named is not.
  for (const { handle, page: workerPage } of named) {
    await open(workerPage, "/dashboard");
    const flags = workerPage.getByRole("region", { name: "Screenshots needed" });
    const flag = flags.getByRole("list", { name: "Flagged deliveries" }).getByRole("listitem");
    await expect(flag).toHaveCount(1);
    await expect(flag.getByRole("link", { name: `youtube.com/@${target}` })).toHaveAttribute("href", order.targetUrl);
    await expect(flag).toContainText(`on YouTube, done as @${handle}`);
    await expect(flag.getByLabel(/^Upload a screenshot of their profile showing you subscribe within 48 hours \(by .+ GMT\)$/)).toBeVisible();
    await expect(flag.getByRole("button", { name: "Send screenshot" })).toBeVisible();
  }
  await open(unnamed.page, "/dashboard");
  await expect(unnamed.page.getByRole("heading", { name: "Available tasks" })).toBeVisible();
  await expect(unnamed.page.getByRole("region", { name: "Screenshots needed" })).toHaveCount(0);

  for (const worker of [...named, unnamed]) await worker.context.close();
});
