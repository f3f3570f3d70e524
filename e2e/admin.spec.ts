import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./accessibility";
import { createOrder, signInAsAdmin, signUp } from "./api-setup";
import { payByCard } from "./card-payment";
import { expect, open, test } from "./fixtures";

/*
 * The admin console (issue #8): the bootstrap admin approves a worker application from the users
 * queue, rejects that worker's completion with a reason, cancels a paid order with a refund,
 * suspends a client (whose session ends at once), and finds every one of those actions in the
 * audit log. Every action is a plain form with a PRG redirect, so the same steps run with and
 * without JavaScript. The admin's session and the records are set up through the real API (the
 * sign-in form has its own journeys in e2e/auth.spec.ts): a client pays with the sandbox card, a
 * worker registers, links a handle and completes the order's task.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A client signed in in a browser context of its own, with a paid order of 50 Instagram followers for `target`. */
async function paidOrder(browser: Browser, target: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUp(page.request, { label: "buyer" });
  const order = await createOrder(page.request, { quantity: 50, target });
  await payByCard(page.request, account, order);
  return { page, context, account, clientId: account.id, orderId: order.id };
}

/** A worker (Instagram) registered in a browser context of its own: waiting for review. */
async function pendingWorker(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUp(page.request, { role: "worker", platforms: ["instagram"] });
  expect(account.status).toBe("pending_review");
  return { page, context, account, id: account.id };
}

const notice = (page: Page) => page.getByRole("status").filter({ hasText: /./ });

/** Opens a destructive action's confirmation, gives the reason, confirms. */
async function confirmWithReason(scope: ReturnType<Page["locator"]>, summary: string, reason: string, confirm: string) {
  await scope.locator("summary", { hasText: summary }).click();
  await scope.getByLabel(/^Reason/).fill(reason);
  await scope.getByRole("button", { name: confirm }).click();
}

test("an admin approves a worker, rejects a completion, cancels a paid order with a refund, suspends a user and sees it all in the audit log", { tag: "@without-javascript" }, async ({ page, browser }) => {
  // Three accounts, a payment, a task and six admin pages: more than the default 30 s on a busy machine.
  test.slow();
  const target = `adm${unique()}`;
  const handle = `wk_${unique()}`;
  const client = await paidOrder(browser, target);
  const worker = await pendingWorker(browser);

  await signInAsAdmin(page.request);
  await open(page, "/dashboard");
  await expect(page.getByText("Admin dashboard")).toBeVisible();
  const stats = page.locator("dl").first();
  await expect(stats).toContainText("Total users");
  await expect(stats).toContainText(/Total revenue₵[\d,]+\.\d{2}/);

  // 1. The worker application, from the dashboard's queue link.
  await page.getByRole("link", { name: "Open queue: worker applications to review" }).click();
  await expect(page).toHaveURL(/\/admin\/users\?role=worker&status=pending_review$/);
  await page.getByRole("search", { name: "Search users" }).getByLabel("Search").fill(worker.account.email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
  const workerRow = page.getByRole("listitem", { name: `User ${worker.account.username}` });
  await expect(workerRow).toContainText("Waiting for review");
  await workerRow.getByRole("button", { name: `Approve worker ${worker.account.username}` }).click();
  await expect(notice(page)).toContainText("Worker approved");
  await expect(page).toHaveURL(/notice=worker-approved/);
  // Still filtered on "waiting for review": the approved worker left the queue.
  await expect(workerRow).toHaveCount(0);

  // The approved worker links a handle and completes the paid order's task (the real API).
  const linked = await worker.page.request.put("/api/worker/handles", { data: { platform: "instagram", handle } });
  expect(linked.status(), await linked.text()).toBe(200);
  expect((await worker.page.request.get("/api/tasks/available")).status()).toBe(200);
  // Other journeys pay for Instagram orders too: the task id comes from the admin's view of the order.
  const order = (await (await page.request.get(`/api/admin/orders/${client.orderId}`)).json()) as { deliveries: { id: number }[] };
  const completed = await worker.page.request.post(`/api/tasks/${order.deliveries[0].id}/complete`, { data: {} });
  expect(completed.status(), await completed.text()).toBe(201);
  const { completionId } = (await completed.json()) as { completionId: number };
  await worker.context.close();

  // 2. Reject the completion with a reason.
  await open(page, "/admin/completions");
  await page.getByRole("search", { name: "Search completions" }).getByLabel("Search").fill(`@${handle}`);
  await page.getByRole("button", { name: "Apply" }).click();
  const completion = page.getByRole("listitem", { name: `Completion ${completionId}` });
  await expect(completion).toContainText(`Instagram @${handle}`);
  await expect(completion).toContainText(`instagram.com/${target}`);
  await expect(completion).toContainText("Under review");
  await confirmWithReason(completion, "Reject…", "The follow was removed within a day", "Reject completion");
  await expect(notice(page)).toContainText("Completion rejected");
  await expect(completion).toHaveCount(0); // it left the queue
  await page.getByLabel("Review").selectOption("rejected");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(completion).toContainText("The follow was removed within a day");

  // 3. Cancel the paid order with a refund.
  await open(page, `/admin/orders/${client.orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${client.orderId}` })).toBeVisible();
  const payments = page.getByRole("region", { name: "Payment attempts" });
  await expect(payments).toContainText("Success");
  await expect(payments).toContainText("Approved");
  await expect(payments).not.toContainText("4084");
  await expect(page.getByRole("region", { name: "Deliveries" })).toContainText(`Completion #${completionId}`);
  await confirmWithReason(page.getByRole("region", { name: /^Order/ }), "Cancel with refund…", "Client asked us by phone", "Cancel order and refund");
  await expect(notice(page)).toContainText("Order cancelled");
  const summary = page.getByRole("region", { name: /^Order/ });
  await expect(summary).toContainText("Cancelled");
  await expect(summary).toContainText("Refund requested");
  await expect(page.locator("summary", { hasText: "Cancel with refund…" })).toHaveCount(0);
  // The client sees the same.
  const clientView = (await (await client.page.request.get(`/api/orders/${client.orderId}`)).json()) as { status: string; refundRequested: boolean };
  expect(clientView).toMatchObject({ status: "cancelled", refundRequested: true });

  // 4. Suspend the client: their session ends at once.
  await open(page, "/admin/users");
  await page.getByRole("search", { name: "Search users" }).getByLabel("Search").fill(client.account.email);
  await page.getByRole("button", { name: "Apply" }).click();
  const clientRow = page.getByRole("listitem", { name: `User ${client.account.username}` });
  await expect(clientRow).toContainText("Active");
  await confirmWithReason(clientRow, "Suspend…", "Chargeback on another card", "Suspend account");
  await expect(notice(page)).toContainText("Account suspended");
  await expect(clientRow).toContainText("Suspended");
  await expect(clientRow.getByRole("button", { name: `Unsuspend ${client.account.username}` })).toBeVisible();
  expect((await client.page.request.get("/api/auth/me")).status()).toBe(401);
  await client.context.close();

  // 5. The audit log has each action, newest first, with who and before → after.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const entries = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");
  const entryFor = (action: string, target: string) => entries.filter({ hasText: action }).filter({ has: page.getByRole("link", { name: target, exact: true }) });
  await expect(entryFor("Account suspended", `user ${client.clientId}`)).toContainText("active → suspended · reason: Chargeback on another card");
  await expect(entryFor("Order cancelled with a refund", `order ${client.orderId}`)).toContainText(
    "status processing, paymentStatus paid → status cancelled, paymentStatus paid, refundRequested true · reason: Client asked us by phone",
  );
  await expect(entryFor("Completion rejected", `task completion ${completionId}`)).toContainText("held → rejected · reason: The follow was removed within a day");
  await expect(entryFor("Worker approved", `user ${worker.id}`)).toContainText("pending review → active");
  await expect(entryFor("Account suspended", `user ${client.clientId}`)).toContainText("by admin on");

  // Filtered by action, named in words.
  await page.getByLabel("Action").selectOption({ label: "Order cancelled with a refund" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/action=order\.cancel_refund/);
  await expect(entries.first()).toContainText("Order cancelled with a refund");
  await expect(entries.filter({ hasNotText: "Order cancelled with a refund by" })).toHaveCount(0);

  // 6. After all that money moved (a payment, an earning rejected, a refund asked for), the ledger keeps its rules.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Ledger" }).click();
  await expect(page).toHaveURL(/\/admin\/ledger$/);
  await expect(page.getByRole("status")).toHaveText("The ledger is sound.");
  const rules = page.getByRole("list", { name: "Ledger rules" }).getByRole("listitem");
  // Twelve rules of earnings, payouts and refunds, six of the wallet (issue #20), one of refills and one of drip-feed (issue #21),
  // two of deliveries (issue #48).
  await expect(rules).toHaveCount(25);
  // The completion rejected above was dropped through the delivery lifecycle, its reward reversed with it.
  await expect(rules.filter({ hasText: "earnings reversed or clawed back without their delivery dropped" })).toContainText("none");
  await expect(rules.filter({ hasText: "completions whose release or reversal disagrees with their review" })).toContainText("none");
  await expect(rules.filter({ hasText: "users with a negative wallet balance" })).toContainText("none");
});

test("the admin dashboard's period switch is plain links that work without a script", { tag: "@without-javascript" }, async ({ page }) => {
  await signInAsAdmin(page.request);

  await open(page, "/dashboard?period=7d");
  const period = page.getByRole("navigation", { name: "Period" });
  await expect(period.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await period.getByRole("link", { name: "90 days" }).click();
  await expect(page).toHaveURL(/period=90d$/);
  await expect(page.getByRole("heading", { name: /Platform overview · last 90 days/ })).toBeVisible();
  for (const label of ["Growth rate", "Completion rate", "Revenue in period", "Health", "Uptime"]) await expect(page.getByText(label, { exact: true })).toBeVisible();
});

// The admin pages are the same HTML with JavaScript and without: checked once, with it.
test("every admin page and the admin dashboard pass axe", async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page.request);

  await open(page, "/dashboard?period=90d");
  await expect(page.getByRole("heading", { name: /Platform overview · last 90 days/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  for (const path of ["/admin/users", "/admin/users?role=worker&status=pending_review", "/admin/orders", "/admin/payments", "/admin/completions", "/admin/flags", "/admin/flags?state=stood", "/admin/tickets?status=all", "/admin/audit", "/admin/ledger"]) {
    await open(page, path);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
  // A record's page: the first order and the first user listed.
  await open(page, "/admin/orders");
  await page.getByRole("list", { name: "Orders" }).getByRole("link", { name: /^Order #/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await open(page, "/admin/users");
  await page.getByRole("list", { name: "Users" }).getByRole("listitem").first().getByRole("link").first().click();
  await expect(page.getByRole("region", { name: "Activity" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("admin pages send visitors to sign in and tell other roles they are for admins", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/auth\?redirectTo=(%2F|\/)admin(%2F|\/)orders$/);
  await signUp(page.request, { label: "nosy" });
  const response = await open(page, "/admin/orders");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();
});
