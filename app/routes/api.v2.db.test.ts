import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../server/testing/in-process-server";
import { type Account, Api, adminToken, signUp, startSecurityServer } from "../../server/security/helpers";

/*
 * POST /api/v2 over HTTP (issue #20): what panel software sends — form posts and JSON — and what it
 * gets back: `{ error }` with HTTP 200 for every refusal, 429 past the per-key limit, amounts as
 * two-decimal strings.
 */
let server: TestServer;
let api: Api;
let admin: string;

beforeAll(async () => {
  server = await startSecurityServer({ API_V2_REQUESTS_PER_MINUTE: "60" });
  api = Api.of(server);
  admin = await adminToken(api);
});
afterAll(async () => {
  await server?.stop();
});

async function reseller(fundCedis: number): Promise<Account & { key: string; keyId: number }> {
  const client = await signUp(api, "client");
  if (fundCedis > 0) {
    const funded = await api.post(`/api/admin/users/${client.id}/wallet-adjustments`, { amount: fundCedis, reason: "Reseller deposit by bank transfer" }, { token: admin });
    expect(funded.status, funded.text).toBe(201);
  }
  const created = await api.post("/api/keys", { name: "My panel", password: client.password }, { token: client.token });
  expect(created.status, created.text).toBe(201);
  return { ...client, key: created.json.key, keyId: created.json.id };
}

const asForm = (params: Record<string, string>) => api.call("/api/v2", { method: "POST", rawBody: new URLSearchParams(params).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
const asJson = (params: Record<string, unknown>) => api.post("/api/v2", params);

describe("POST /api/v2", () => {
  it("answers every action in the de facto shape, form-encoded or JSON", async () => {
    const panel = await reseller(500);
    const services = await asForm({ key: panel.key, action: "services" });
    expect(services.status).toBe(200);
    // The services table's active services (issue #50): SPEC's three first, then the others, each platform's together.
    expect(services.json).toHaveLength(18);
    expect(services.json.slice(0, 2)).toEqual([
      { service: 1, name: "Instagram Followers", type: "Default", category: "Instagram Followers", rate: "1500.00", min: 50, max: 100000, refill: true, cancel: true, dripfeed: true },
      { service: 4, name: "Instagram Likes", type: "Default", category: "Instagram Likes", rate: "250.00", min: 20, max: 50000, refill: false, cancel: true, dripfeed: true },
    ]);
    expect(services.json.find((service: { service: number }) => service.service === 9)).toEqual({
      service: 9, name: "TikTok Comments", type: "Custom Comments", category: "TikTok Comments", rate: "1000.00", min: 5, max: 1000, refill: false, cancel: true, dripfeed: false,
    });
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "500.00", currency: "GHS" });

    const added = await asForm({ key: panel.key, action: "add", service: "2", link: "https://www.tiktok.com/@ama.grows", quantity: "100" });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ order: expect.any(Number) });
    const order = added.json.order as number;
    const status = { charge: "150.00", start_count: "0", status: "Processing", remains: "100", currency: "GHS" };
    expect((await asJson({ key: panel.key, action: "status", order })).json).toEqual(status);
    expect((await asForm({ key: panel.key, action: "status", orders: `${order},999999` })).json).toEqual({ [order]: status, 999999: { error: "Incorrect order ID" } });
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "350.00", currency: "GHS" });
    // The order is the client's like any other: it shows in their own API with what they paid.
    const mine = await api.get(`/api/orders/${order}`, { token: panel.token });
    expect(mine.json).toMatchObject({ id: order, amount: 150, fee: 0, status: "processing", paymentStatus: "paid" });

    expect((await asJson({ key: panel.key, action: "cancel", orders: [order] })).json).toEqual([{ order, cancel: 1 }]);
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "500.00", currency: "GHS" });
    const wallet = await api.get("/api/wallet", { token: panel.token });
    expect(wallet.json.entries.map((entry: { kind: string; amount: number; balance: number }) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ["wallet_refund", 150, 500],
      ["wallet_payment", -150, 350],
      ["adjustment", 500, 500],
    ]);
  });

  it("drip-feed (issue #21): add with runs and interval charges quantity × runs, status shows the runs, cancel stops them for a refund", async () => {
    const panel = await reseller(1000);
    for (const [runs, interval, error] of [["0", "60", "Runs must be a whole number from 2 to 50"], ["500", "60", "Runs must be a whole number from 2 to 50"], ["3", "0", "Interval must be a whole number of minutes from 1 to 10080"]]) {
      const refused = await asForm({ key: panel.key, action: "add", service: "1", link: "@drip.http", quantity: "100", runs, interval });
      expect([refused.status, refused.json]).toEqual([200, { error }]);
    }
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "1000.00", currency: "GHS" });

    const added = await asJson({ key: panel.key, action: "add", service: "1", link: "@drip.http", quantity: 100, runs: 4, interval: 30 });
    expect(added.json).toEqual({ order: expect.any(Number) });
    const order = added.json.order as number;
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "400.00", currency: "GHS" });
    const status = (await asForm({ key: panel.key, action: "status", order: String(order) })).json;
    expect(status).toMatchObject({ charge: "600.00", status: "Processing", remains: "400", runs: "4", runs_opened: "1", runs_done: "0" });
    expect(Date.parse(status.next_run_at as string)).toBeGreaterThan(Date.now() + 29 * 60_000);

    expect((await asForm({ key: panel.key, action: "cancel", orders: String(order) })).json).toEqual([{ order, cancel: 1 }]);
    expect((await asJson({ key: panel.key, action: "status", order })).json).toMatchObject({ status: "Canceled", remains: "400", next_run_at: null });
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "1000.00", currency: "GHS" });
  });

  it("answers refusals as { error } with HTTP 200, and changes nothing", async () => {
    const panel = await reseller(100);
    const refusals: [Record<string, string>, string][] = [
      [{ action: "balance" }, "Invalid API key"],
      [{ key: "smb_" + "x".repeat(43), action: "balance" }, "Invalid API key"],
      [{ key: panel.key }, "Incorrect request: unknown action"],
      [{ key: panel.key, action: "drip" }, "Incorrect request: unknown action"],
      [{ key: panel.key, action: "refill" }, "Incorrect order ID"],
      [{ key: panel.key, action: "refill_status", refill: "99999999" }, "Refill not found"],
      [{ key: panel.key, action: "refill", order: "1", handles: " , @" }, "Incorrect handles: name 1 to 100 accounts, separated by commas"],
      [{ key: panel.key, action: "refill", orders: "1,2", handles: "ama" }, "Incorrect request: handles names the drops of one order; send it with order, not orders"],
      [{ key: panel.key, action: "add", service: "99", link: "@ama", quantity: "100" }, "Incorrect service ID"],
      [{ key: panel.key, action: "add", service: "1", link: "@ama", quantity: "10" }, "Quantity must be a whole number from 50 to 100000"],
      [{ key: panel.key, action: "add", service: "1", link: "1 OR 1=1; --", quantity: "100" }, "Incorrect link: send the profile URL or @handle of the account"],
      [{ key: panel.key, action: "add", service: "7", link: "https://www.tiktok.com/@ama", quantity: "100" }, "Incorrect link: This is a link to a TikTok profile: paste the link of the video."],
      [{ key: panel.key, action: "add", service: "1", link: "@ama", quantity: "100" }, "Not enough funds on balance"],
      [{ key: panel.key, action: "status", order: "abc" }, "Incorrect order ID"],
    ];
    for (const [params, error] of refusals) {
      const answer = await asForm(params);
      expect({ params, status: answer.status, body: answer.json }).toEqual({ params, status: 200, body: { error } });
    }
    const thousands = Array.from({ length: 10_000 }, (_, index) => index + 1).join(",");
    expect((await asForm({ key: panel.key, action: "status", orders: thousands })).json).toEqual({ error: "Too many orders: at most 100 per request" });
    // Wrong types: nested values, an array body, broken JSON, another content type.
    for (const rawBody of [JSON.stringify({ key: panel.key, action: { $ne: 1 } }), JSON.stringify([panel.key]), "{ not json"]) {
      const answer = await api.call("/api/v2", { method: "POST", rawBody, headers: { "content-type": "application/json" } });
      expect({ status: answer.status, body: answer.json }).toEqual({ status: 200, body: { error: "Incorrect request" } });
    }
    const plain = await api.call("/api/v2", { method: "POST", rawBody: "key=x", headers: { "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "100.00", currency: "GHS" });
  });

  it("a reference sent again answers its first order; sent for another link or quantity it is refused and charges nothing (issue #49)", async () => {
    const panel = await reseller(500);
    const add = (link: string, quantity: string) => asForm({ key: panel.key, action: "add", service: "2", link, quantity, reference: "batch-7" });
    const first = await add("https://www.tiktok.com/@ama.grows", "100");
    expect(first.json).toEqual({ order: expect.any(Number) });
    expect((await add("https://www.tiktok.com/@ama.grows", "100")).json).toEqual(first.json);
    expect((await add("https://www.tiktok.com/@kofi.grows", "100")).json).toEqual({ error: "Incorrect reference: already used for a different order" });
    expect((await add("https://www.tiktok.com/@ama.grows", "200")).json).toEqual({ error: "Incorrect reference: already used for a different order" });
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "350.00", currency: "GHS" });
  });

  it("a revoked key stops at once; past the per-key limit, 429 with { error } and Retry-After", async () => {
    const panel = await reseller(0);
    expect((await asForm({ key: panel.key, action: "balance" })).json).toEqual({ balance: "0.00", currency: "GHS" });
    const revoked = await api.call(`/api/keys/${panel.keyId}`, { method: "DELETE", token: panel.token });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await asForm({ key: panel.key, action: "balance" })).json).toEqual({ error: "Invalid API key" });

    const busy = await reseller(0);
    const answers = await Promise.all(Array.from({ length: 65 }, () => asForm({ key: busy.key, action: "balance" })));
    const limited = answers.filter((answer) => answer.status === 429);
    // 60 a minute: unless the minute turned during the burst, exactly 5 are refused.
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(limited.length).toBeLessThanOrEqual(5);
    expect(limited[0].json).toEqual({ error: "Too many requests: slow down" });
    expect(Number(limited[0].headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("50 concurrent adds over HTTP against a balance that covers 10: exactly 10 orders, balance 0.00", async () => {
    const panel = await reseller(750);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => asJson({ key: panel.key, action: "add", service: 1, link: `@burst_${index}`, quantity: 50 })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => typeof answer.json.order === "number")).toHaveLength(10);
    expect(answers.filter((answer) => answer.json.error === "Not enough funds on balance")).toHaveLength(40);
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "0.00", currency: "GHS" });
  });

  it("likes on a video and comments as panels send them: a form's newline-separated comments, or a JSON list, with or without quantity", async () => {
    const panel = await reseller(100);
    const video = "https://www.tiktok.com/@ama.grows/video/7412345678901234567";
    const likes = await asForm({ key: panel.key, action: "add", service: "7", link: video, quantity: "200" });
    expect(likes.json).toEqual({ order: expect.any(Number) });
    expect((await asJson({ key: panel.key, action: "status", order: likes.json.order })).json).toEqual({ charge: "50.00", start_count: "0", status: "Processing", remains: "200", currency: "GHS" });

    const post = "https://www.instagram.com/reel/C8xYz12AbCd/?igsh=abc";
    const lines = ["Lovely 😍", "Where is this?", "Go Ama!", "🔥", "Big up"];
    const form = await asForm({ key: panel.key, action: "add", service: "6", link: post, comments: lines.join("\n") });
    const json = await asJson({ key: panel.key, action: "add", service: 6, link: post, quantity: 5, comments: lines });
    expect([form.json, json.json]).toEqual([{ order: expect.any(Number) }, { order: expect.any(Number) }]);
    expect((await asJson({ key: panel.key, action: "add", service: 6, link: post, quantity: 6, comments: lines })).json).toEqual({
      error: "Incorrect comments: You wrote 5 comments; this order needs 6, one per line.",
    });
    for (const order of [form.json.order, json.json.order]) {
      expect((await asJson({ key: panel.key, action: "status", order })).json).toEqual({ charge: "5.00", start_count: "0", status: "Processing", remains: "5", currency: "GHS" });
    }
    const mine = await api.get(`/api/orders/${form.json.order}`, { token: panel.token });
    expect(mine.json).toMatchObject({ id: form.json.order, amount: 5, fee: 0, targetUrl: "https://www.instagram.com/reel/C8xYz12AbCd/" });
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "40.00", currency: "GHS" });
  });
});
