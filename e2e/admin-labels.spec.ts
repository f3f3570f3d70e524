import type { Locator, Page } from "@playwright/test";
import { approveWorker, createOrder, signInAsAdmin, signUp } from "./api-setup";
import { payByCard } from "./card-payment";
import { expect, open, test } from "./fixtures";

/*
 * The admin console names things as people do, not by their stored codes: platforms by their labels
 * (TikTok, X), mobile-money networks by their names (Telecel Cash, not VOD), kinds of task as words;
 * and every button in a list of records has an accessible name that starts with what it shows and
 * says which record it acts on, so a screen reader's list of buttons tells them apart. The records
 * are made through the real API: a TikTok order paid by card, its task completed by a worker, and
 * a Telecel Cash payment started on another order.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The stored codes that must not reach a page: platforms, mobile-money providers and Paystack's bank codes. */
const rawCodes = /\b(instagram|tiktok|youtube|twitter|facebook|mtn|vod|tgo|VOD|TGO|ATL)\b/;

/** What the page's main content says, less its links' addresses (a profile's URL is the record itself). */
async function visibleWords(main: Locator): Promise<string> {
  return (await main.innerText()).replace(/https?:\/\/\S+/g, "");
}

async function expectNoRawCodes(page: Page) {
  const words = await visibleWords(page.getByRole("main"));
  expect(words.match(rawCodes)?.[0] ?? null, `a stored code on ${page.url()}`).toBeNull();
}

test("admin pages show platforms, networks and kinds by name, and name each button after its record", async ({ page, browser }) => {
  // Two clients, a worker, two payments and seven admin pages: more than the default 30 s on a busy machine.
  test.slow();
  const target = `lbl${unique()}`;
  const handle = `wk_${unique()}`;

  // A TikTok order paid by card; a second one where the client starts a Telecel Cash payment.
  const clientContext = await browser.newContext();
  const client = await signUp(clientContext.request, { label: "labels" });
  const paid = await createOrder(clientContext.request, { platform: "tiktok", quantity: 50, target });
  await payByCard(clientContext.request, client, paid);
  const unpaid = await createOrder(clientContext.request, { platform: "tiktok", quantity: 50, target: `${target}b` });
  const telecel = await clientContext.request.post("/api/payment/charge/mobile-money", {
    data: { email: client.email, amount: Math.round(unpaid.amount * 100), orderId: unpaid.id, currency: "GHS", mobile_money: { phone: "0201234567", provider: "vod" } },
  });
  expect(telecel.status(), await telecel.text()).toBe(200);
  const { data: momo } = (await telecel.json()) as { data: { reference: string } };
  await clientContext.close();

  // A TikTok and X worker, approved, completes the paid order's task.
  const adminToken = await signInAsAdmin(page.request);
  const workerContext = await browser.newContext();
  const worker = await signUp(workerContext.request, { role: "worker", label: "labeller", platforms: ["tiktok", "twitter"] });
  await approveWorker(workerContext.request, adminToken, worker.id);
  expect((await workerContext.request.put("/api/worker/handles", { data: { platform: "tiktok", handle } })).status()).toBe(200);
  const order = (await (await page.request.get(`/api/admin/orders/${paid.id}`)).json()) as { deliveries: { id: number }[] };
  const completed = await workerContext.request.post(`/api/tasks/${order.deliveries[0].id}/complete`, { data: {} });
  expect(completed.status(), await completed.text()).toBe(201);
  const { completionId } = (await completed.json()) as { completionId: number };
  await workerContext.close();

  // Payments: Telecel Cash by name, and "Re-verify now" says which payment of which order.
  await open(page, `/admin/payments?q=${momo.reference}`);
  const payment = page.getByRole("listitem", { name: `Payment ${momo.reference}` });
  await expect(payment).toContainText("Mobile money · Telecel Cash · 020");
  await expect(payment.getByRole("button", { name: `Re-verify now: payment ${momo.reference} of order #${unpaid.id}` })).toBeVisible();
  await expectNoRawCodes(page);

  // Completions: the platform by name, and the buttons name the handle, its platform and the order.
  await open(page, `/admin/completions?q=${encodeURIComponent(`@${handle}`)}`);
  const completion = page.getByRole("listitem", { name: `Completion ${completionId}` });
  await expect(completion).toContainText(`TikTok @${handle}`);
  const about = `@${handle} on TikTok, order #${paid.id}`;
  await expect(completion.getByRole("button", { name: `Approve completion ${completionId}` })).toHaveCount(0);
  await completion.locator("summary", { hasText: "Reject…" }).click();
  await expect(completion.getByRole("button", { name: `Reject completion: ${about}` })).toBeVisible();
  await expectNoRawCodes(page);
  await completion.getByRole("button", { name: `Approve now: ${about}` }).click();
  await expect(page.getByRole("status").filter({ hasText: /./ })).toContainText("Completion approved");

  // Orders: the list and the order's page name the platform, the task's kind and what "Cancel" cancels.
  await open(page, `/admin/orders?q=${paid.id}`);
  await expect(page.getByRole("listitem", { name: `Order ${paid.id}` })).toContainText("50 Followers · TikTok");
  await expectNoRawCodes(page);
  await open(page, `/admin/orders/${paid.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order #${paid.id}` })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`50 Followers · TikTok · @${target}`);
  await expect(page.getByRole("region", { name: "Deliveries" })).toContainText("Followers · 1 of 50 done");
  await page.locator("summary", { hasText: "Cancel with refund…" }).click();
  await expect(page.getByRole("button", { name: `Cancel order and refund: order #${paid.id}` })).toBeVisible();
  await expectNoRawCodes(page);

  // Users: the worker's platforms and linked handle by name; each button names its account.
  await open(page, `/admin/users?q=${encodeURIComponent(worker.email)}`);
  const workerRow = page.getByRole("listitem", { name: `User ${worker.username}` });
  await expect(workerRow).toContainText("Platforms: TikTok, X");
  await workerRow.locator("summary", { hasText: "Suspend…" }).click();
  await expect(workerRow.getByRole("button", { name: `Suspend account: ${worker.username}` })).toBeVisible();
  await expectNoRawCodes(page);
  await open(page, `/admin/users/${worker.id}`);
  await expect(page.getByRole("main")).toContainText(`TikTok: @${handle}`);
  await expect(page.getByRole("main")).toContainText("TikTok, X");
  await expectNoRawCodes(page);

  // The audit log says what each action did, in words.
  await open(page, `/admin/audit?targetType=task_completion&targetId=${completionId}`);
  await expect(page.getByRole("list", { name: "Audit entries" })).toContainText("Completion approved by");
  await expect(page.getByRole("list", { name: "Audit entries" })).not.toContainText("completion.approve");
});
