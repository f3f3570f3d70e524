import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { approveWorker, createOrder, signInAsAdmin, signUp } from "./api-setup";
import { payByCard } from "./card-payment";
import { expect, isJavaScriptProject, open, test } from "./fixtures";

/*
 * Refills (issue #21), JavaScript on and off: a client's YouTube order of 50 is delivered by 50 real
 * workers; the client requests a refill on the order page; two original workers confirm on their
 * dashboards, one reports a drop (the other 47 confirm through the API); a worker new to the target
 * re-delivers from their dashboard; the refill is Completed, and the dropping worker's reward is
 * taken back. YouTube, so that the re-delivery task is among the first 10 a worker sees (other
 * journeys pay for many Instagram and TikTok orders).
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Registers a YouTube worker in `request` (its cookie signs it in), has the admin approve it, and links a handle. */
async function approvedWorker(request: APIRequestContext, admin: string, label: string) {
  const { id } = await signUp(request, { role: "worker", label, platforms: ["youtube"] });
  await approveWorker(request, admin, id);
  const handle = `yt${unique()}`;
  const linked = await request.put("/api/worker/handles", { data: { platform: "youtube", handle } });
  expect(linked.status(), await linked.text()).toBe(200);
  return { id, handle };
}

/** The open task of the target, as this worker's task list offers it. */
async function taskIdFor(request: APIRequestContext, targetUrl: string): Promise<number> {
  const available = (await (await request.get("/api/tasks/available")).json()) as { id: number; targetUrl: string }[];
  const task = available.find((item) => item.targetUrl === targetUrl);
  expect(task, `a task for ${targetUrl}`).toBeDefined();
  return task!.id;
}

/** A worker in a browser context of its own, signed in by registering there. */
async function browserWorker(browser: Browser, admin: string, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const worker = await approvedWorker(page.request, admin, label);
  return { ...worker, page, context };
}

const recheckFor = (page: Page, target: string) => page.getByRole("region", { name: "Re-checks" }).getByRole("listitem").filter({ hasText: `@${target}` });

async function answerOnDashboard(page: Page, target: string, button: "Still subscribed" | "No longer subscribed") {
  await open(page, "/dashboard");
  const recheck = recheckFor(page, target);
  await expect(recheck).toContainText(`Does your subscription to @${target}`);
  await expect(recheck).toContainText("on YouTube still stand? You did it as @yt");
  await recheck.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?rechecked=${button === "Still subscribed" ? "confirmed" : "dropped"}$`));
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toBeVisible();
  await expect(recheckFor(page, target)).toHaveCount(0);
}

test("a client's refill: two workers confirm, one reports a drop, a new worker re-delivers, the refill completes and the dropped reward is taken back", { tag: "@without-javascript" }, async ({ page, browser, playwright }) => {
  test.slow();
  const baseURL = test.info().project.use.baseURL!;
  const admin = await signInAsAdmin(page.request);
  const target = `rf${unique()}`;

  // The client's paid order of 50 YouTube subscribers.
  const clientAccount = await signUp(page.request, { label: "refiller" });
  const order = await createOrder(page.request, { platform: "youtube", quantity: 50, target });
  await payByCard(page.request, clientAccount, order);

  // Delivered by 50 workers: three in browsers of their own, 47 over the API (ten at a time).
  const [confirmerA, confirmerB, dropper] = [await browserWorker(browser, admin, "rfa"), await browserWorker(browser, admin, "rfb"), await browserWorker(browser, admin, "rfc")];
  for (const worker of [confirmerA, confirmerB, dropper]) {
    const completed = await worker.page.request.post(`/api/tasks/${await taskIdFor(worker.page.request, order.targetUrl)}/complete`, { data: {} });
    expect(completed.status(), await completed.text()).toBe(201);
  }
  const others: APIRequestContext[] = [];
  for (let batch = 0; batch < 47; batch += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 47 - batch) }, async () => {
        const request = await playwright.request.newContext({ baseURL });
        others.push(request);
        await approvedWorker(request, admin, "rfx");
        const completed = await request.post(`/api/tasks/${await taskIdFor(request, order.targetUrl)}/complete`, { data: {} });
        expect(completed.status(), await completed.text()).toBe(201);
      }),
    );
  }

  // The client asks for a refill on the order page.
  await open(page, `/orders/${order.id}`);
  const refill = page.getByRole("region", { name: "Refill" });
  await expect(refill).toContainText("For 30 days after delivery you can ask for a refill, once every 24 hours.");
  await refill.getByRole("button", { name: "Request a refill" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}\\?refill=requested$`));
  await expect(refill.getByRole("status")).toContainText("Refill requested.");
  const item = refill.getByRole("list", { name: "Refills" }).getByRole("listitem").first();
  await expect(item).toContainText("Pending");
  await expect(item).toContainText("0 of 50 re-checks answered");
  await expect(refill.getByRole("button", { name: "Request a refill" })).toHaveCount(0);
  await expect(refill).toContainText("A refill of this order is in progress.");

  // 47 confirm over the API; two confirm and one reports a drop on their dashboards.
  for (const request of others) {
    const checks = (await (await request.get("/api/refill-checks")).json()) as { id: number; targetUrl: string }[];
    const check = checks.find((entry) => entry.targetUrl === order.targetUrl)!;
    const answered = await request.post(`/api/refill-checks/${check.id}`, { data: { answer: "confirmed" } });
    expect(answered.status(), await answered.text()).toBe(200);
    await request.dispose();
  }
  await answerOnDashboard(confirmerA.page, target, "Still subscribed");
  await answerOnDashboard(confirmerB.page, target, "Still subscribed");
  await open(page, `/orders/${order.id}`);
  await expect(item).toContainText("49 of 50 re-checks answered");
  await answerOnDashboard(dropper.page, target, "No longer subscribed");

  // The re-check ended: one dropped, offered to a worker who never did this target, not to the original ones.
  await open(page, `/orders/${order.id}`);
  await expect(item).toContainText("In progress");
  await expect(item).toContainText("1 dropped; 0 of them delivered again so far.");
  await open(confirmerA.page, "/dashboard");
  await expect(confirmerA.page.getByRole("region", { name: "Available tasks" }).getByRole("listitem").filter({ hasText: `@${target}` })).toHaveCount(0);

  const newcomer = await browserWorker(browser, admin, "rfd");
  await open(newcomer.page, "/dashboard");
  const task = newcomer.page.getByRole("region", { name: "Available tasks" }).getByRole("listitem").filter({ hasText: `@${target}` });
  await expect(task).toContainText(`Subscribe to @${target}`);
  await expect(task).toContainText("1 still needed");
  await task.getByRole("button", { name: "Complete" }).click();
  if (isJavaScriptProject()) await expect(newcomer.page.getByRole("region", { name: /Notifications/ }).locator("li")).toContainText("Task completed!");
  else await expect(newcomer.page).toHaveURL(/\/dashboard\?completed=\d+$/);

  await open(page, `/orders/${order.id}`);
  await expect(item).toContainText("Completed");
  await expect(item).toContainText("1 dropped and delivered again by other people");
  await expect(refill).toContainText("You can request the next refill after");
  // The order itself is as it was: 50 of 50 delivered.
  await expect(page.getByRole("region", { name: "Delivery" })).toContainText("50 of 50 delivered");

  // The dropped reward is gone from the dropping worker's earnings. Reliability counts only what was
  // decided on evidence (issue #48): the honest "no longer subscribed" costs the reward, not the figure.
  await open(dropper.page, "/dashboard");
  await expect(dropper.page.locator("dl").first()).toContainText("Total earnings₵0.00");
  await expect(dropper.page.getByRole("region", { name: "Reliability" })).toContainText("No delivery of yours was flagged and decided in the last 90 days.");
  await open(confirmerA.page, "/dashboard");
  await expect(confirmerA.page.locator("dl").first()).toContainText("Total earnings₵0.60");

  for (const worker of [confirmerA, confirmerB, dropper, newcomer]) await worker.context.close();
});
