import { describe, expect, it } from "vitest";
import { type TestServer, serverForTests } from "../../server/testing/in-process-server";

/*
 * /join-network's earnings through the real server and its database: with no task open the page
 * says so and shows no hour, day or pace figure; with known orders paid (through the reseller API,
 * from a wallet an admin funded) it counts each target once, leaves out a cancelled order's task,
 * and bounds an hour and a day by the open tasks and the server's completion limits.
 *
 * The rewards are the seeded services' (migration 20261129120100_services): service 1 Instagram
 * followers ₵0.45, 2 TikTok followers ₵0.45, 3 YouTube subscribers ₵0.60, 4 Instagram likes ₵0.08.
 */

const admin = { email: `joinnet-admin-${process.pid}@example.com`, password: "a long admin password" };

async function call(server: TestServer, pathname: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: response.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : text };
}

/** The page's words as a visitor reads them (tags and React's text markers out). A cookie keeps the page cache out of it. */
async function pageText(server: TestServer): Promise<string> {
  const response = await fetch(`${server.url}/join-network`, { headers: { cookie: "visitor=1" } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&rsquo;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([:,.;])/g, "$1");
}

/** A client with `cedis` in their wallet and an API key: orders paid at once, their tasks opened. */
async function fundedReseller(server: TestServer, cedis: number) {
  const tag = `${process.pid}x${Math.random().toString(36).slice(2, 8)}`;
  const password = "client-password";
  const registered = await call(server, "/api/auth/register", { body: { email: `reseller${tag}@example.com`, username: `reseller_${tag}`, fullName: "Kofi Boateng", password, role: "client" } });
  expect(registered.status).toBe(201);
  const adminToken = (await call(server, "/api/auth/login", { body: admin })).body.token as string;
  const funded = await call(server, `/api/admin/users/${registered.body.user.id}/wallet-adjustments`, { body: { amount: cedis, reason: "Funds for a test" }, token: adminToken });
  expect(funded.status).toBe(201);
  const created = await call(server, "/api/keys", { body: { name: "test", password }, token: registered.body.token });
  expect(created.status).toBe(201);
  const key = created.body.key as string;
  return {
    async add(service: number, link: string, quantity: number): Promise<number> {
      const answer = await call(server, "/api/v2", { body: { key, action: "add", service, link, quantity } });
      expect(answer.body, JSON.stringify(answer.body)).toHaveProperty("order");
      return Number(answer.body.order);
    },
    async cancel(order: number) {
      const answer = await call(server, "/api/v2", { body: { key, action: "cancel", orders: String(order) } });
      expect(JSON.stringify(answer.body)).not.toContain("error");
    },
  };
}

/** Six targets open (three Instagram accounts, an Instagram post, a TikTok and a YouTube account), one of them ordered twice, and a cancelled order. */
async function openSixTasks(server: TestServer) {
  const reseller = await fundedReseller(server, 2000);
  const run = `${process.pid}${Math.random().toString(36).slice(2, 6)}`;
  await reseller.add(1, `https://www.instagram.com/first${run}`, 50);
  await reseller.add(1, `https://www.instagram.com/first${run}`, 60); // the same account again: one more order, not one more task to do
  await reseller.add(1, `https://www.instagram.com/second${run}`, 50);
  await reseller.add(1, `https://www.instagram.com/third${run}`, 50);
  await reseller.add(4, `https://www.instagram.com/p/Cpost${run}/`, 20);
  await reseller.add(2, `https://www.tiktok.com/@tiktoker${run}`, 50);
  await reseller.add(3, `https://www.youtube.com/@channel${run}`, 50);
  const cancelled = await reseller.add(2, `https://www.tiktok.com/@gone${run}`, 50);
  await reseller.cancel(cancelled);
}

// 3 × ₵0.45 + ₵0.08 on Instagram, ₵0.45 on TikTok, ₵0.60 on YouTube.
const sixTasksInAll = "₵2.48";

describe("/join-network with the default limits (5 seconds apart, 300 tasks a day)", () => {
  const store = serverForTests({ BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password });

  it("says plainly that no task is open, with what each task pays and no hour, day or pace figure", async () => {
    const text = await pageText(store.server);
    expect(text).toContain("Open right now No tasks No client order is waiting for workers at the moment, so there is nothing to earn right now.");
    expect(text).toContain("tasks are at least 5 seconds apart, and 300 tasks a day at most");
    expect(text).toMatch(/Per task ₵0\.03 – ₵0\.60 A follow ₵0\.45, a subscription ₵0\.60, a like ₵0\.08, a view ₵0\.03, a comment ₵0\.30, as each service pays it today\./);
    expect(text).not.toContain("Per hour of work");
    expect(text).not.toContain("Per day");
    expect(text).toContain("No task is open right now, so there is no day's earnings to work out at any pace.");
    expect(text).not.toMatch(/Casual|Full-time/);
  });

  it("counts the six targets open to a newcomer, each once, and says the hour and the day hold all of them", async () => {
    await openSixTasks(store.server);
    const text = await pageText(store.server);
    expect(text).toContain("Per task ₵0.08 – ₵0.60 A follow ₵0.45, a subscription ₵0.60, a like ₵0.08, as the open tasks pay them.");
    expect(text).toContain(
      `Per hour of work ${sixTasksInAll} All 6 open tasks fit in an hour (tasks are at least 5 seconds apart, and 300 tasks a day at most): that is everything open to a new worker right now.`,
    );
    expect(text).toContain(`Per day ${sixTasksInAll} No more than in an hour: the 6 open tasks are all there is until clients order more. The daily limit is 300 tasks.`);
    expect(text).toContain(`Open to a new worker right now 6 tasks, ${sixTasksInAll} in all.`);
    expect(text).toContain("Instagram: 3 follows at ₵0.45, 1 like at ₵0.08 ₵1.43 in all for 4 tasks");
    expect(text).toContain("TikTok: 1 follow at ₵0.45 ₵0.45 in all for 1 task");
    expect(text).toContain("YouTube: 1 subscription at ₵0.60 ₵0.60 in all for 1 task");
    // The paces: a tenth (1 task), half (3) and all (6) of what a day holds, from the cheapest to the best-paying.
    expect(text).toContain("from the tasks open right now: a day holds all 6 open tasks (the daily limit is 300).");
    expect(text).toContain("Casual ₵0.08 – ₵0.60 a day, at 1 task");
    expect(text).toContain("Active ₵0.98 – ₵1.50 a day, at 3 tasks");
    expect(text).toContain(`Full-time ${sixTasksInAll} a day, at 6 tasks`);
    expect(text).not.toContain("300 tasks in an hour");
  });
});

describe("/join-network when the limits hold fewer tasks than are open (20 minutes apart, 5 tasks a day)", () => {
  const store = serverForTests({ BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password, COMPLETION_MIN_INTERVAL_MS: "1200000", COMPLETIONS_PER_DAY: "5" });

  it("fills an hour with 3 of the 6 open tasks and a day with 5, each from the cheapest ones to the best-paying ones", async () => {
    await openSixTasks(store.server);
    const text = await pageText(store.server);
    // An hour: ₵0.08 + ₵0.45 + ₵0.45 at the cheapest, ₵0.60 + ₵0.45 + ₵0.45 at best.
    expect(text).toContain("Per hour of work ₵0.98 – ₵1.50 3 of the 6 tasks open now, the most an hour allows: tasks are at least 20 minutes apart, and 5 tasks a day at most.");
    // A day: all but the best-paying (₵1.88), or all but the cheapest (₵2.40).
    expect(text).toContain("Per day ₵1.88 – ₵2.40 At the daily limit of 5 tasks, of the 6 tasks open now.");
    expect(text).toContain(`6 tasks, ${sixTasksInAll} in all.`);
    expect(text).toContain("from the tasks open right now: a day holds 5 of the 6 open, the daily limit.");
    expect(text).toContain("Full-time ₵1.88 – ₵2.40 a day, at 5 tasks");
  });
});
