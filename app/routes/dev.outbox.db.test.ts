import { describe, expect, it } from "vitest";
import { accountMaker, jsonCaller } from "~/test/account-calls";
import { type TestServer, serverForTests } from "../../server/testing/in-process-server";

/*
 * /dev/outbox on production builds (decision 0049): served on a local run of the production build to
 * a browser on this machine, and a 404 like any missing page wherever e-mail is sent, money is
 * real or the request came through a proxy. (The README's first run, over the network too, is
 * server/first-run.process.test.ts; every case of the rule is outbox-page-access.server.test.ts.)
 */
const newAccount = accountMaker("outbox");

async function outboxStatus(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/dev/outbox`, { headers });
  await response.body?.cancel();
  return response.status;
}

describe("a local run: sandbox payments, no SMTP, on a loopback address", () => {
  const state = serverForTests({ REGISTER_LIMIT_PER_HOUR: "1000" });

  it("lists the e-mails for a browser on this machine, links on the store's address", async () => {
    const account = newAccount();
    expect((await jsonCaller(() => state.server.url)("/api/auth/register", { body: account })).status).toBe(201);
    const page = await fetch(`${state.server.url}/dev/outbox`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Only on this machine");
    expect(html).toContain(`To <span class="break-all">${account.email}</span>`);
    expect(html).toMatch(new RegExp(`<a href="${state.server.url.replace(/[.]/g, "\\.")}/auth/verify/[A-Za-z0-9_-]{43}"`));
  });

  it("is a 404 for a request a proxy passed on, for a page or its data", async () => {
    expect(await outboxStatus(state.server, { "x-forwarded-for": "203.0.113.9" })).toBe(404);
    expect(await outboxStatus(state.server, { "x-real-ip": "203.0.113.9" })).toBe(404);
    expect(await outboxStatus(state.server, { via: "1.1 proxy" })).toBe(404);
    const data = await fetch(`${state.server.url}/dev/outbox.data`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(await data.text()).not.toContain("/auth/verify/");
  });
});

describe("a store that sends its e-mails", () => {
  const state = serverForTests({ SMTP_URL: "smtp://127.0.0.1:9" });

  it("has no outbox page, even for this machine", async () => {
    expect(await outboxStatus(state.server)).toBe(404);
  });
});

describe("a store whose payments are live", () => {
  const state = serverForTests({ PAYSTACK_SECRET_KEY: "sk_live_outboxtest" });

  it("has no outbox page, even for this machine", async () => {
    expect(await outboxStatus(state.server)).toBe(404);
  });
});

describe("a store behind a proxy it was told about", () => {
  const state = serverForTests({ TRUST_PROXY: "loopback" });

  it("has no outbox page, even for a request with no forwarding header", async () => {
    expect(await outboxStatus(state.server)).toBe(404);
  });
});
