import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../server/testing/in-process-server";
import { type Account, Api, adminToken, approvedWorker, signUp, startSecurityServer, taskOf } from "../../server/security/helpers";

/*
 * /api/v2 over HTTP (issues #20, #51): what panel software sends — GETs with the query string, form
 * posts (to /api/v2/ too), multipart and JSON, blank optional fields — and what it gets back:
 * `{ error }` with HTTP 200 for every refusal, 429 past the per-key limit, amounts as two-decimal
 * strings, `charge` as finally charged.
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
    // Refunded in full: a panel books charge as its cost (issue #51).
    expect((await asJson({ key: panel.key, action: "status", order })).json).toEqual({ ...status, charge: "0.00", status: "Canceled" });
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
    expect((await asJson({ key: panel.key, action: "status", order })).json).toMatchObject({ charge: "0.00", status: "Canceled", remains: "400", next_run_at: null });
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "1000.00", currency: "GHS" });
  });

  it("a drip-feed stopped after a delivery is Partial: charge is the delivered part's price, remains the refunded units (issue #51)", async () => {
    const panel = await reseller(200);
    const worker = await approvedWorker(api, admin);
    const added = await asForm({ key: panel.key, action: "add", service: "1", link: "@partial.http", quantity: "50", runs: "2", interval: "60" });
    const order = added.json.order as number;
    expect(order, added.text).toEqual(expect.any(Number));
    const done = await api.post(`/api/tasks/${await taskOf(api, admin, order)}/complete`, {}, { token: worker.token });
    expect(done.status, done.text).toBe(201);
    expect((await asForm({ key: panel.key, action: "cancel", order: String(order) })).json).toEqual([{ order, cancel: 1 }]);
    // 100 followers at ₵1.50 were paid; 99 went back (₵148.50), so one follower's price was charged.
    expect((await asForm({ key: panel.key, action: "status", order: String(order) })).json).toMatchObject({ charge: "1.50", status: "Partial", remains: "99" });
    expect((await asForm({ key: panel.key, action: "balance" })).json).toEqual({ balance: "198.50", currency: "GHS" });
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
    expect((await asJson({ key: panel.key, action: "balance" })).json).toEqual({ balance: "100.00", currency: "GHS" });
  });

  it("reads the parameters as panel software sends them: a GET's query string, a POST's query string and body, /api/v2/, multipart (issue #51)", async () => {
    const panel = await reseller(300);
    const byForm = (await asForm({ key: panel.key, action: "services" })).json;
    const get = await api.get(`/api/v2?key=${panel.key}&action=services`);
    expect([get.status, get.json]).toEqual([200, byForm]);
    expect((await api.get(`/api/v2/?${new URLSearchParams({ key: panel.key, action: "balance" })}`)).json).toEqual({ balance: "300.00", currency: "GHS" });
    // Parameters in the query string of a POST with an empty body, with and without a content type.
    for (const headers of [{}, { "content-type": "application/x-www-form-urlencoded" }, { "content-type": "application/json" }] as Record<string, string>[]) {
      const answer = await api.call(`/api/v2?key=${panel.key}&action=balance`, { method: "POST", rawBody: "", headers });
      expect({ headers, status: answer.status, body: answer.json }).toEqual({ headers, status: 200, body: { balance: "300.00", currency: "GHS" } });
    }
    // A body field wins over the query string's.
    const both = await api.call(`/api/v2/?key=${panel.key}&action=services`, { method: "POST", rawBody: "action=balance", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(both.json).toEqual({ balance: "300.00", currency: "GHS" });
    // A form to the trailing-slash address, a form with no content type (as `curl -d` libraries send it), JSON there too.
    const form = new URLSearchParams({ key: panel.key, action: "add", service: "1", link: "@slash.form", quantity: "50" }).toString();
    const slash = await api.call("/api/v2/", { method: "POST", rawBody: form, headers: { "content-type": "application/x-www-form-urlencoded; charset=UTF-8" } });
    expect([slash.status, slash.json]).toEqual([200, { order: expect.any(Number) }]);
    const untyped = await fetch(`${server.url}/api/v2/`, { method: "POST", body: new Blob([form.replace("slash.form", "untyped.form")]) });
    expect(await untyped.json()).toEqual({ order: expect.any(Number) });
    expect((await api.post("/api/v2/", { key: panel.key, action: "balance" })).json).toEqual({ balance: "150.00", currency: "GHS" });
    // multipart/form-data, as PHP's curl sends an array of fields; a file sent along is ignored.
    for (const path of ["/api/v2", "/api/v2/"]) {
      const multipart = new FormData();
      multipart.set("key", panel.key);
      multipart.set("action", "add");
      multipart.set("service", "1");
      multipart.set("link", `@multipart${path.length}`);
      multipart.set("quantity", "50");
      multipart.set("attachment", new Blob(["not a parameter"]), "note.txt");
      const answer = await fetch(`${server.url}${path}`, { method: "POST", body: multipart });
      expect([answer.status, await answer.json()]).toEqual([200, { order: expect.any(Number) }]);
    }
    expect((await asForm({ key: panel.key, action: "balance" })).json).toEqual({ balance: "0.00", currency: "GHS" });
  });

  it("blank optional fields count as not sent: runs=undefined, interval, reference and comments left empty (issue #51)", async () => {
    const panel = await reseller(300);
    const blanks = [
      { runs: "undefined", interval: "undefined", reference: "undefined", comments: "undefined" },
      { runs: "", interval: "", reference: "", comments: "" },
      { runs: "null", interval: "abc", reference: " ", comments: "\n" },
    ];
    for (const [index, blank] of blanks.entries()) {
      const added = await asForm({ key: panel.key, action: "add", service: "1", link: `@blank${index}`, quantity: "50", ...blank });
      expect({ blank, answer: added.json }).toEqual({ blank, answer: { order: expect.any(Number) } });
      const status = (await asForm({ key: panel.key, action: "status", order: String(added.json.order), orders: "" })).json;
      expect(status).toEqual({ charge: "75.00", start_count: "0", status: "Processing", remains: "50", currency: "GHS" });
    }
    // A number that is not a run count is still refused: runs sent, but wrong.
    expect((await asForm({ key: panel.key, action: "add", service: "1", link: "@blank.runs", quantity: "50", runs: "1", interval: "" })).json).toEqual({
      error: "Runs must be a whole number from 2 to 50",
    });
    expect((await asJson({ key: panel.key, action: "add", service: 1, link: "@blank.json", quantity: 50, runs: null, interval: null, reference: null })).json).toEqual({ order: expect.any(Number) });
    expect((await asForm({ key: panel.key, action: "balance" })).json).toEqual({ balance: "0.00", currency: "GHS" });
  });

  it("answers every refusal as { error } with HTTP 200: a wrong method, another body type, a body over the limit, a cross-site post, a NUL (issue #51)", async () => {
    const panel = await reseller(0);
    const expectRefusal = async (answer: Response | { status: number; json: unknown }, error: string) => {
      const body = answer instanceof Response ? await answer.json() : answer.json;
      expect({ status: answer.status, body }).toEqual({ status: 200, body: { error } });
    };
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      await expectRefusal(await api.call(`/api/v2?key=${panel.key}&action=balance`, { method, rawBody: "", headers: {} }), "Incorrect request: send it as GET or POST");
    }
    const unsupported = "Incorrect request: send the parameters in the query string or as a body of application/x-www-form-urlencoded, multipart/form-data, application/json";
    for (const path of ["/api/v2", "/api/v2/"]) {
      await expectRefusal(await api.call(path, { method: "POST", rawBody: `key=${panel.key}&action=balance`, headers: { "content-type": "text/plain" } }), unsupported);
      await expectRefusal(await api.call(path, { method: "POST", rawBody: "{ not json", headers: { "content-type": "application/json" } }), "Incorrect request");
      await expectRefusal(await api.call(path, { method: "POST", rawBody: "--x\r\nbroken", headers: { "content-type": "multipart/form-data; boundary=x" } }), "Incorrect request");
    }
    await expectRefusal(await api.get("/api/v2?action=balance"), "Invalid API key");
    await expectRefusal(await api.get(`/api/v2?key=${panel.key}&action=nothing`), "Incorrect request: unknown action");
    await expectRefusal(await api.get(`/api/v2?key=${panel.key}%00&action=balance`), "The address contains characters that are not allowed.");
    await expectRefusal(
      await api.call("/api/v2", { method: "POST", rawBody: `key=${panel.key}&action=balance`, headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" } }),
      "Cross-site requests are not allowed.",
    );
    // Over the body limit, by its declared length (refused before it is read) or streamed in chunks (cut while it streams).
    const large = `key=${panel.key}&action=balance&padding=${"x".repeat(200 * 1024)}`;
    await expectRefusal(await api.call("/api/v2/", { method: "POST", rawBody: large, headers: { "content-type": "application/x-www-form-urlencoded" } }), "The request body is too large.");
    const chunks = new ReadableStream({
      start(controller) {
        for (let index = 0; index < 50; index += 1) controller.enqueue(new TextEncoder().encode(index === 0 ? `key=${panel.key}&padding=` : "y".repeat(8 * 1024)));
        controller.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/v2`, { method: "POST", body: chunks, headers: { "content-type": "multipart/form-data; boundary=x" }, duplex: "half" } as RequestInit);
    await expectRefusal(streamed, "The request body is too large.");
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

    // 60 a minute, counted per clock minute: a burst within one minute has exactly 5 refused. One
    // that the minute turned during is counted in two windows, so it is sent again with a new key.
    const minute = () => Math.floor(Date.now() / 60_000);
    let limited: Awaited<ReturnType<typeof asForm>>[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const busy = await reseller(0);
      const startedIn = minute();
      const answers = await Promise.all(Array.from({ length: 65 }, () => asForm({ key: busy.key, action: "balance" })));
      limited = answers.filter((answer) => answer.status === 429);
      if (minute() === startedIn) break;
    }
    expect(limited).toHaveLength(5);
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
