import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceOrder } from "~/features/catalog/catalog";

/** The seeded follower services' prices and bounds (SPEC §9: ₵1.50 a follower, 50 to 100,000). */
const followerService = { unitPriceMinor: 150, minQuantity: 50, maxQuantity: 100_000 };
import type { TestServer } from "../testing/in-process-server";
import {
  type Account,
  Api,
  adminToken,
  approvedWorker,
  confirmPayoutNumber,
  createOrder,
  payByCard,
  signUp,
  signWebhook,
  startMobileMoney,
  startSecurityServer,
  successCard,
  taskOf,
  totalMinorOf,
} from "./helpers";
import { type Method, apiRoutes, routeOf } from "./route-inventory";

/*
 * A property-based fuzzer (fast-check, seeded): malformed bodies — arbitrary JSON, the call's own
 * payload with fields of the wrong type, huge strings within the body limit, deep nesting,
 * prototype-pollution keys, duplicate keys, numbers JSON.parse turns into Infinity, broken JSON and
 * wrong content types — to every POST/PUT /api route, as a caller who may call it (webhooks signed
 * with the sandbox's key, so they reach the code behind the signature), and malformed query strings
 * to every GET route that reads one. Never a 5xx, always a JSON `{ message }` refusal, and the
 * server keeps answering /healthz. FUZZ_RUNS sets the runs per route (default 100), FUZZ_SEED the seed.
 */

const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 100);
const seed = Number(process.env.FUZZ_SEED ?? 20261121);

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startSecurityServer({ PAYOUT_MINIMUM_CEDIS: "0.01", SANDBOX_MOMO_APPROVE_MS: "60000" });
  api = Api.of(server);
});
afterAll(async () => {
  await server?.stop();
});

/** A JSON literal written as is (what JSON.stringify cannot produce: 1e999, -0, duplicate keys…). */
class RawJson {
  constructor(readonly text: string) {}
}
type Value = RawJson | unknown;

/** JSON text of `entries` in order, keys written as given (so "__proto__" is a real key, and duplicates stay). */
function serialize(value: Value): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Entries) return `{${value.entries.map(([key, inner]) => `${JSON.stringify(key)}:${serialize(inner)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(serialize).join(",")}]`;
  if (value !== null && typeof value === "object") return serialize(new Entries(Object.entries(value)));
  return JSON.stringify(value) ?? "null";
}
class Entries {
  constructor(readonly entries: [string, Value][]) {}
}

const pollutionKeys = ["__proto__", "constructor", "prototype", "__defineGetter__", "hasOwnProperty", "toString", "valueOf", "isAdmin", "role", "status"];
const pollution = fc.constantFrom<Value>(
  new RawJson('{"__proto__":{"role":"admin","isAdmin":true,"status":"active","amount":1}}'),
  new RawJson('{"constructor":{"prototype":{"role":"admin","isAdmin":true}}}'),
  new RawJson('{"__proto__":null}'),
  new RawJson('{"__proto__":[]}'),
  new RawJson('{"toString":"x","valueOf":1,"hasOwnProperty":null}'),
);
const oddNumbers = fc.constantFrom<Value>(
  new RawJson("1e999"),
  new RawJson("-1e999"),
  new RawJson("-0"),
  new RawJson("1e-400"),
  new RawJson("123456789012345678901234567890"),
  new RawJson("9007199254740993"),
  2 ** 31,
  -(2 ** 63),
  0.1 + 0.2,
  1e308,
  -1,
  0,
);
const oddStrings = fc.constantFrom<Value>(
  "",
  " ",
  "0",
  "-1",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  "../../../etc/passwd",
  "%00",
  "\u0000",
  "\ud800",
  "\u202e\u0000\uffff",
  "😀".repeat(50),
  "${7*7}{{7*7}}",
  "smb_1_0123456789abcdef",
  "0551234987",
  "4084084084084081",
  "admin@example.com",
  "data:image/png;base64,iVBORw0KGgo=",
);
const hugeString = fc.tuple(fc.integer({ min: 10_000, max: 90_000 }), fc.constantFrom("a", "0", "é", "<", "\\", '"', "A")).map(([length, unit]) => unit.repeat(Math.floor(length / unit.length)));
const deepNesting = fc.tuple(fc.integer({ min: 50, max: 4_000 }), fc.constantFrom("array", "object")).map(([depth, kind]) =>
  kind === "array" ? new RawJson(`${"[".repeat(depth)}1${"]".repeat(depth)}`) : new RawJson(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
);
const wrongValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 2, arbitrary: oddStrings },
  { weight: 2, arbitrary: oddNumbers },
  { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: "binary" }) },
  { weight: 1, arbitrary: pollution },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }) },
);

/** The call's own payload, mutated: fields dropped, replaced by wrong values (also one level down), extra and duplicate keys. */
function mutated(template: Record<string, unknown>, depth = 0): fc.Arbitrary<Value> {
  const keys = Object.keys(template);
  const replacement = (key: string): fc.Arbitrary<Value> => {
    const inner = template[key];
    if (depth === 0 && inner !== null && typeof inner === "object" && !Array.isArray(inner)) {
      return fc.oneof(wrongValue, mutated(inner as Record<string, unknown>, depth + 1));
    }
    return wrongValue;
  };
  const oneFieldWrong = keys.length === 0
    ? fc.constant(new Entries([]))
    : fc.constantFrom(...keys).chain((key) => replacement(key).map((value) => new Entries(keys.map((name) => [name, name === key ? value : template[name]] as [string, Value]))));
  const anyMutation = fc
    .record({
      dropped: keys.length > 0 ? fc.subarray(keys) : fc.constant([] as string[]),
      replaced: keys.length > 0 ? fc.subarray(keys, { minLength: 1 }).chain((chosen) => fc.tuple(...chosen.map((key) => replacement(key).map((value) => [key, value] as [string, Value])))) : fc.constant([] as [string, Value][]),
      extra: fc.array(fc.tuple(fc.constantFrom(...pollutionKeys, ...keys, "extra"), fc.oneof(wrongValue, pollution)), { maxLength: 3 }),
    })
    .map(({ dropped, replaced, extra }) => {
      const replacedMap = new Map(replaced);
      const entries: [string, Value][] = keys.filter((key) => !dropped.includes(key) || replacedMap.has(key)).map((key) => [key, replacedMap.has(key) ? replacedMap.get(key) : template[key]]);
      return new Entries([...entries, ...extra]);
    });
  return fc.oneof(oneFieldWrong, anyMutation);
}

/** One field of the payload set to a huge string, or to deep nesting. */
function oversizedField(template: Record<string, unknown>): fc.Arbitrary<Value> {
  const keys = Object.keys(template).length > 0 ? Object.keys(template) : ["value"];
  return fc.tuple(fc.constantFrom(...keys), fc.oneof(hugeString as fc.Arbitrary<Value>, deepNesting)).map(([key, value]) => new Entries([...Object.entries(template).filter(([name]) => name !== key), [key, value]]));
}

const brokenJson = fc.oneof(
  fc.constantFrom("{", "}", "[", '{"a":}', '{"a":1,}', "nul", "'single'", "{'a':1}", "\u0000", "undefined", "NaN", '{"a":1}{"b":2}', "\ufeff{}", "1e999", '"unterminated', "{\"a\":\"\\ud800\"}", "{\"a\":\"\\u00\"}"),
  fc.string({ maxLength: 200, unit: "binary" }),
);

interface Body {
  text: string;
  contentType: string;
}

function bodies(template: Record<string, unknown>): fc.Arbitrary<Body> {
  const text = fc.oneof(
    { weight: 5, arbitrary: mutated(template).map(serialize) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: oversizedField(template).map(serialize) },
    { weight: 1, arbitrary: deepNesting.map(serialize) },
    { weight: 1, arbitrary: pollution.map((value) => serialize(value)) },
    { weight: 1, arbitrary: brokenJson },
  );
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant("application/json") },
    { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16", "APPLICATION/JSON", "application/vnd.api+json", "application/jsonx", "") },
  );
  return fc.record({ text, contentType });
}

interface Target {
  method: Method;
  path: string;
  /** Who calls: a Bearer token, or none. */
  token?: () => string | undefined;
  template: Record<string, unknown>;
  /** Sign each body as Paystack would (the webhook). */
  signed?: boolean;
}

interface QueryTarget {
  path: string;
  token: () => string | undefined;
  params: string[];
}

interface Fixtures {
  client: Account;
  worker: Account;
  adminBearer: string;
  throwaway: Account;
  targets: Target[];
  queries: QueryTarget[];
}

async function setUp(): Promise<Fixtures> {
  const adminBearer = await adminToken(api);
  const [client, throwaway, pending, victim] = await Promise.all([signUp(api, "client"), signUp(api, "client"), signUp(api, "worker"), signUp(api, "client")]);
  const worker = await approvedWorker(api, adminBearer);
  // Withdrawals go to confirmed numbers only (issue #49): fuzzed ones reach the balance check.
  await confirmPayoutNumber(api, worker, "0551234987");
  const [unpaid, toCancel, momo, paid] = await Promise.all([createOrder(api, client), createOrder(api, client), createOrder(api, client), createOrder(api, client)]);
  const voucher = await startMobileMoney(api, client, momo, { phone: "0201112222", provider: "vod" });
  await payByCard(api, client, paid);
  const taskId = await taskOf(api, adminBearer, paid.id);
  const completion = await api.post(`/api/tasks/${taskId}/complete`, {}, { token: worker.token });
  expect(completion.status, completion.text).toBe(201);

  // Issue #20: a funded wallet and an API key, so the reseller API's actions run past the key check.
  const funded = await api.post(`/api/admin/users/${client.id}/wallet-adjustments`, { amount: 1000, reason: "Fuzz funding" }, { token: adminBearer });
  expect(funded.status, funded.text).toBe(201);
  const apiKey = (await api.post("/api/keys", { name: "Fuzz v2", password: client.password }, { token: client.token })).json.key as string;

  const asClient = () => client.token;
  const asWorker = () => worker.token;
  const asAdmin = () => adminBearer;
  const charge = { email: client.email, amount: totalMinorOf(unpaid), orderId: unpaid.id, currency: "GHS" };
  const targets: Target[] = [
    { method: "POST", path: "/api/auth/register", template: { email: "fuzz@example.com", username: "fuzz_user", fullName: "Fuzz Person", password: "secret-pass", role: "client", platforms: ["instagram"] } },
    { method: "POST", path: "/api/auth/login", template: { email: client.email, password: "wrong-password" } },
    { method: "POST", path: "/api/auth/logout", token: () => throwaway.token, template: {} },
    { method: "POST", path: "/api/auth/password-reset", template: { email: client.email } },
    { method: "POST", path: "/api/auth/password-reset/confirm", template: { token: "a".repeat(43), password: "secret-pass" } },
    { method: "POST", path: "/api/auth/verify-email", template: { token: "a".repeat(43) } },
    { method: "POST", path: "/api/auth/verify-email/resend", token: () => client.token, template: {} },
    { method: "POST", path: "/api/orders", token: asClient, template: { packageId: "custom-instagram", quantity: 100, targetUsername: "fuzz.target", accountScreenshot: null, checkoutKey: "fuzz-key", package: { quantity: 100, price: 1 } } },
    { method: "POST", path: `/api/orders/${toCancel.id}/cancel`, token: asClient, template: {} },
    { method: "POST", path: `/api/orders/${paid.id}/refills`, token: asClient, template: { deliveryIds: [1] } },
    { method: "POST", path: `/api/orders/${paid.id}/flags`, token: asClient, template: { deliveryIds: [1, 2], note: "Not among my followers" } },
    { method: "POST", path: "/api/keys", token: asClient, template: { name: "Fuzz key", password: client.password } },
    { method: "DELETE", path: "/api/keys/999999", token: asClient, template: {} },
    { method: "POST", path: "/api/v2", template: { key: apiKey, action: "add", service: 1, link: "https://www.instagram.com/fuzz.target", quantity: 50, reference: "fuzz-ref" } },
    { method: "POST", path: "/api/v2", template: { key: apiKey, action: "status", orders: `${unpaid.id},${paid.id}` } },
    { method: "POST", path: "/api/v2", template: { key: apiKey, action: "refill", orders: `${unpaid.id},${paid.id}` } },
    { method: "POST", path: "/api/v2", template: { key: apiKey, action: "refill", order: String(paid.id), handles: "somebody,@else" } },
    { method: "POST", path: "/api/v2", template: { key: apiKey, action: "refill_status", refills: "1,2" } },
    { method: "POST", path: "/api/wallet/top-ups", token: asClient, template: { amount: 20 } },
    { method: "POST", path: `/api/admin/users/${victim.id}/wallet-adjustments`, token: asAdmin, template: { amount: 5, reason: "Fuzz adjustment" } },
    { method: "POST", path: "/api/payment/charge/card", token: asClient, template: { ...charge, card: { ...successCard, number: "4084080000005408", cvv: "001" }, pin: "1234" } },
    { method: "POST", path: "/api/payment/charge/mobile-money", token: asClient, template: { ...charge, mobile_money: { phone: "0551234989", provider: "mtn" } } },
    { method: "POST", path: "/api/payment/submit-otp", token: asClient, template: { reference: voucher.reference, otp: "000000" } },
    { method: "POST", path: "/api/payment/resend-authorization", token: asClient, template: { reference: voucher.reference } },
    {
      method: "POST",
      path: "/api/paystack/webhook",
      signed: true,
      template: { event: "charge.success", data: { id: 1, reference: voucher.reference, amount: 1, currency: "GHS", status: "success", gateway_response: "Approved", metadata: { orderId: momo.id } } },
    },
    { method: "POST", path: `/api/tasks/${taskId}/complete`, token: asWorker, template: { proofHandle: "fuzz.handle" } },
    { method: "POST", path: `/api/tasks/${taskId}/comment`, token: asWorker, template: {} },
    { method: "POST", path: "/api/worker/flags/999999/evidence", token: asWorker, template: { screenshot: "data:image/png;base64,iVBORw0KGgo=" } },
    { method: "PUT", path: "/api/worker/handles", token: asWorker, template: { platform: "tiktok", handle: "fuzz.handle" } },
    { method: "POST", path: "/api/payouts", token: asWorker, template: { amount: 1, phone: "0551234987", provider: "mtn" } },
    { method: "POST", path: `/api/admin/workers/${pending.id}/approve`, token: asAdmin, template: {} },
    { method: "POST", path: `/api/admin/completions/${completion.json.completionId}/approve`, token: asAdmin, template: {} },
    { method: "POST", path: `/api/admin/completions/${completion.json.completionId}/reject`, token: asAdmin, template: { reason: "Follow removed" } },
    { method: "POST", path: "/api/admin/flags/999999", token: asAdmin, template: { decision: "uphold", reason: "Fuzzing decision" } },
    { method: "POST", path: `/api/admin/users/${victim.id}/suspend`, token: asAdmin, template: { reason: "Fuzzing suspension" } },
    { method: "POST", path: `/api/admin/orders/${paid.id}/cancel`, token: asAdmin, template: { reason: "Fuzzing cancellation" } },
    { method: "POST", path: `/api/admin/payments/${voucher.reference}/reverify`, token: asAdmin, template: {} },
    { method: "POST", path: "/api/admin/tickets/999999/answer", token: asAdmin, template: { reply: "Answered by e-mail" } },
    { method: "POST", path: "/api/admin/payouts/999999/reject", token: asAdmin, template: { reason: "Wrong number" } },
    { method: "POST", path: "/api/admin/services", token: asAdmin, template: { platform: "tiktok", kind: "likes", target: "post", name: "Fuzz Likes", description: "Fuzzed", unitPrice: "0.20", workerReward: "0.06", min: 20, max: 1000, refillDays: 0, dripFeed: false, cancel: true, deliveryTime: "24-48 Hours", active: true } },
    { method: "PATCH", path: "/api/admin/services/x-views", token: asAdmin, template: { name: "X Post Views", unitPrice: "0.10", workerReward: "0.03", min: 100, max: 100000, refillDays: 0, active: true } },
    { method: "POST", path: "/api/no-such-call", token: asClient, template: { anything: 1 } },
  ];
  const queries: QueryTarget[] = [
    { path: "/api/orders", token: asClient, params: ["limit", "cursor"] },
    { path: "/api/admin/users", token: asAdmin, params: ["q", "role", "status", "page"] },
    { path: "/api/admin/orders", token: asAdmin, params: ["q", "status", "paymentStatus", "page"] },
    { path: "/api/admin/payments", token: asAdmin, params: ["q", "status", "channel", "refund", "page"] },
    { path: "/api/admin/completions", token: asAdmin, params: ["review", "q", "page"] },
    { path: "/api/admin/tickets", token: asAdmin, params: ["status", "q", "page"] },
    { path: "/api/admin/audit", token: asAdmin, params: ["action", "adminId", "targetType", "targetId", "page"] },
    { path: "/api/admin/workers", token: asAdmin, params: ["status"] },
    { path: "/api/admin/payouts", token: asAdmin, params: ["status"] },
    { path: "/api/dashboard/admin-stats", token: asAdmin, params: ["period"] },
    { path: `/api/orders/${unpaid.id}`, token: asClient, params: ["id"] },
  ];
  return { client, worker, adminBearer, throwaway, targets, queries };
}

/** What every answer must be: no 5xx, JSON, and a refusal says why in `message`. */
function problemWith(status: number, contentType: string | null, text: string): string | undefined {
  if (status >= 500) return `${status} ${text.slice(0, 200)}`;
  if (!(contentType ?? "").includes("application/json")) return `${status} not JSON (${contentType}): ${text.slice(0, 120)}`;
  if (status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return `${status} unparseable JSON: ${text.slice(0, 120)}`;
    }
    if (typeof (parsed as { message?: unknown })?.message !== "string") return `${status} without { message }: ${text.slice(0, 120)}`;
  }
  return undefined;
}

async function send(target: Target, body: Body) {
  const headers: Record<string, string> = {};
  if (body.contentType) headers["content-type"] = body.contentType;
  const token = target.token?.();
  if (token) headers.authorization = `Bearer ${token}`;
  if (target.signed) headers["x-paystack-signature"] = signWebhook(body.text);
  const response = await fetch(`${server.url}${target.path}`, { method: target.method, headers, body: body.text, redirect: "manual" });
  return { status: response.status, contentType: response.headers.get("content-type"), text: await response.text() };
}

async function expectHealthy(after: string) {
  const health = await fetch(`${server.url}/healthz`);
  // The server runs in this process: had it crashed, so would this test.
  expect(health.status, `/healthz after ${after}`).toBe(200);
}

describe("fuzzing every POST/PUT /api route", () => {
  let fixtures: Fixtures;
  const requestCounts: Record<string, number> = {};
  /** Every bad answer, kept rather than thrown so one run reports them all (the seed replays them). */
  const problems: string[] = [];

  beforeAll(async () => {
    fixtures = await setUp();
  }, 120_000);

  it("has a fuzz target for every POST/PUT /api route of app/routes.ts", () => {
    const routes = apiRoutes();
    const writes = routes.flatMap((route) => route.methods.filter((method) => method !== "GET").map((method) => ({ method, pattern: route.pattern })));
    expect(writes.length).toBeGreaterThan(15);
    const missing = writes.filter(({ method, pattern }) => !fixtures.targets.some((target) => target.method === method && routeOf(target.path, routes)?.pattern === pattern));
    expect(missing.map(({ method, pattern }) => `${method} ${pattern}`)).toEqual([]);
  });

  it(
    "answers malformed bodies without a 5xx, as JSON { message }, and stays up",
    async () => {
      for (const [index, target] of fixtures.targets.entries()) {
        const label = `${target.method} ${target.path}`;
        let count = 0;
        await fc.assert(
          fc.asyncProperty(bodies(target.template), async (body) => {
            count += 1;
            const answer = await send(target, body);
            const problem = problemWith(answer.status, answer.contentType, answer.text);
            if (problem) problems.push(`${label} with ${body.contentType || "no content-type"} body ${body.text.slice(0, 300)} → ${problem}`);
          }),
          { numRuns: runsPerRoute, seed: seed + index },
        );
        requestCounts[label] = count;
        await expectHealthy(label);
      }
      expect(problems).toEqual([]);
    },
    600_000,
  );

  it("answers malformed percent-escapes in every string field, alone and inside a link, without a 5xx", async () => {
    const escapes = ["%E0%A4%A", "%", "%zz", "%%32%", "https://www.instagram.com/%E0%A4%A", "https://www.tiktok.com/@%zz", "https://www.youtube.com/@%", "instagram.com/%C0%80"];
    for (const target of fixtures.targets) {
      const stringFields = Object.keys(target.template).filter((key) => typeof target.template[key] === "string");
      for (const field of stringFields) {
        for (const escape of escapes) {
          const text = JSON.stringify({ ...target.template, [field]: escape });
          const answer = await send(target, { text, contentType: "application/json" });
          const problem = problemWith(answer.status, answer.contentType, answer.text);
          if (problem) problems.push(`${target.method} ${target.path} with ${field}=${escape} → ${problem}`);
        }
      }
    }
    await expectHealthy("the malformed escapes");
    expect(problems).toEqual([]);
  });

  it(
    "answers malformed query strings on GET routes without a 5xx",
    async () => {
      // Percent-encoded UTF-8 (lone surrogates become U+FFFD), or written raw: "%zz", "a&b=c", "q[]=…".
      const encode = (text: string) => [...Buffer.from(text, "utf8")].map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, "0")}`)).join("");
      const value = fc.oneof(
        fc.oneof(oddStrings.map(String), fc.string({ maxLength: 30, unit: "binary" }), fc.integer().map(String), fc.constantFrom("-1", "0", "1e9", "99999999999999999999", "[]", "__proto__")).map(encode),
        fc.constantFrom("%", "%zz", "%E0%A4%A", "a&b=c", "x&__proto__[role]=admin", "%00", "+", "%2B"),
      );
      for (const [index, target] of fixtures.queries.entries()) {
        let count = 0;
        await fc.assert(
          fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...target.params, "__proto__", "constructor"), value), { maxLength: 4 }), async (pairs) => {
            count += 1;
            const query = pairs.map(([key, item]) => `${key}=${item}`).join("&");
            const response = await fetch(`${server.url}${target.path}?${query}`, { headers: { authorization: `Bearer ${target.token()}` } });
            const problem = problemWith(response.status, response.headers.get("content-type"), await response.text());
            if (problem) problems.push(`GET ${target.path}?${query} → ${problem}`);
          }),
          { numRuns: Math.max(5, Math.round(runsPerRoute / 4)), seed: seed + 1000 + index },
        );
        requestCounts[`GET ${target.path}`] = count;
      }
      await expectHealthy("the query fuzzing");
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it(
    "answers odd path parameters (ids out of range, not numbers, encoded, unicode) without a 5xx",
    async () => {
      const { client, worker, adminBearer } = fixtures;
      const tokenFor = (pattern: string) =>
        pattern.startsWith("/api/admin/") ? adminBearer : /^\/api\/(tasks|worker|payouts)/.test(pattern) ? worker.token : client.token;
      const words: Record<string, string[]> = { decision: ["approve", "reject"], action: ["suspend", "unsuspend", "answer", "close"] };
      const oddSegment = fc.oneof(
        fc.constantFrom("0", "-1", "1.5", "1e3", "2147483647", "2147483648", "4294967296", "9999999999", "99999999999999999999", "abc", "%20", "%2e%2e", "..", "null", "NaN", "Infinity", "0x10", "%D9%A3", "%EF%BC%91", "%F0%9F%98%80", "a".repeat(300), "smb_1_0123456789abcdef", "00000000-0000-0000-0000-000000000000", "123e4567-e89b-42d3-a456-426614174000", "%27%20OR%201%3D1", "__proto__", "constructor"),
        fc.integer().map(String),
        fc.stringMatching(/^[A-Za-z0-9_.~-]{1,40}$/),
      );
      const routes = apiRoutes().filter((route) => route.pattern.includes("/:"));
      expect(routes.length).toBeGreaterThan(10);
      for (const [index, route] of routes.entries()) {
        const names = route.pattern.split("/").filter((segment) => segment.startsWith(":")).map((segment) => segment.slice(1).replace(/\?$/, ""));
        const segments = fc.tuple(...names.map((name) => (words[name] ? fc.oneof(fc.constantFrom(...words[name]!), oddSegment) : oddSegment)));
        await fc.assert(
          fc.asyncProperty(segments, fc.constantFrom(...route.methods), async (values, method) => {
            let position = 0;
            const path = route.pattern.replace(/:[A-Za-z]+\??/g, () => values[position++]!);
            const response = await fetch(`${server.url}${path}`, {
              method,
              headers: { authorization: `Bearer ${tokenFor(route.pattern)}`, ...(method === "GET" ? {} : { "content-type": "application/json" }) },
              body: method === "GET" ? undefined : JSON.stringify({ reason: "Fuzzed reason", reply: "Fuzzed reply" }),
            });
            requestCounts[`${method} ${route.pattern} (path)`] = (requestCounts[`${method} ${route.pattern} (path)`] ?? 0) + 1;
            const text = await response.text();
            const contentType = response.headers.get("content-type");
            const problem = response.status >= 500 ? `${response.status} ${text.slice(0, 200)}` : /^image\//.test(contentType ?? "") ? undefined : problemWith(response.status, contentType, text);
            if (problem) problems.push(`${method} ${path} → ${problem}`);
          }),
          { numRuns: Math.max(5, Math.round(runsPerRoute / 4)), seed: seed + 2000 + index },
        );
      }
      await expectHealthy("the path fuzzing");
      expect(problems).toEqual([]);
      const total = Object.values(requestCounts).reduce((sum, count) => sum + count, 0);
      console.info(`fuzzer: ${total} requests (bodies, queries, path parameters) over ${Object.keys(requestCounts).length} route × method pairs (seed ${seed}, ${runsPerRoute} runs per write route)`);
    },
    300_000,
  );

  it("refuses what the fuzzer once got a 500 with: NUL and half surrogate pairs in bodies and queries, odd signed webhooks", async () => {
    const { client, adminBearer, worker } = fixtures;
    const cases: [string, () => Promise<{ status: number; json: unknown }>, number][] = [
      ["NUL in a rejection reason", () => api.post("/api/admin/completions/1/reject", { reason: "bad\u0000reason" }, { token: adminBearer }), 400],
      ["NUL in a name", () => api.post("/api/auth/register", { email: "nul.name@example.com", username: "nul_name", fullName: "Ama\u0000 Nul", password: "secret-pass", role: "client" }), 400],
      ["NUL in a payout phone", () => api.post("/api/payouts", { amount: 1, phone: "0551234987\u0000", provider: "mtn" }, { token: worker.token }), 400],
      ["half a surrogate pair in a key", () => api.call("/api/orders", { method: "POST", rawBody: '{"\\ud800":1}', headers: { "content-type": "application/json" }, token: client.token }), 400],
      ["NUL in a search", () => api.get("/api/admin/orders?q=%00", { token: adminBearer }), 400],
      ["NUL in a page's query", () => api.get("/admin/orders?q=a%00b", { token: adminBearer }), 400],
      ["an order id past the id column's range", () => api.get("/api/orders/2147483648", { token: client.token }), 404],
      ["a task id past the id column's range", () => api.post("/api/tasks/9999999999/complete", {}, { token: worker.token }), 404],
      ["a worker id past the id column's range", () => api.post("/api/admin/workers/4294967296/approve", {}, { token: adminBearer }), 404],
      ["an audit filter by an admin id past the range", () => api.get("/api/admin/audit?adminId=4084084084084081", { token: adminBearer }), 400],
      ["a list cursor past the id column's range", () => api.get("/api/orders?cursor=4084084084084081", { token: client.token }), 400],
      ["a charge of an order id past the id column's range", () => api.post("/api/payment/charge/card", { email: client.email, amount: 100, orderId: 2147483648, currency: "GHS", card: successCard }, { token: client.token }), 404],
      ["a mobile-money charge of an order id past the range", () => api.post("/api/payment/charge/mobile-money", { email: client.email, amount: 100, orderId: 9007199254740991, currency: "GHS", mobile_money: { phone: "0551234987", provider: "mtn" } }, { token: client.token }), 404],
    ];
    for (const raw of ['{"event":"x","data":{"a":"\\u0000"}}', '{"event":"x","data":{},"note":"\\udc00"}', '{"event":" ","data":{"__proto__":null}}', '{"event":"charge.success","data":{"id":1,"reference":"smb_1_x","amount":1,"currency":"GHS","status":"success","__proto__":{"a":1}}}']) {
      cases.push([`signed webhook ${raw}`, () => api.call("/api/paystack/webhook", { method: "POST", rawBody: raw, headers: { "content-type": "application/json", "x-paystack-signature": signWebhook(raw) } }), 400]);
    }
    for (const [label, send, status] of cases) {
      const answer = await send();
      expect(answer.status, label).toBe(status);
    }
    await expectHealthy("the regressions");
  });

  it("let no pollution or stray field through: roles, prices and the server's own objects are unchanged", async () => {
    const registered = await api.call("/api/auth/register", {
      method: "POST",
      rawBody: `{"__proto__":{"role":"admin","status":"active"},"constructor":{"prototype":{"role":"admin"}},"email":"polluter@example.com","username":"polluter","fullName":"Pol Luter","password":"secret-pass","role":"client","isAdmin":true}`,
      headers: { "content-type": "application/json" },
    });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.json.user).toMatchObject({ role: "client", status: "active" });
    expect((await api.get("/api/admin/users", { token: registered.json.token })).status).toBe(403);
    const worker = await signUp(api, "worker");
    expect((await api.get("/api/auth/me", { token: worker.token })).json).toMatchObject({ role: "worker", status: "pending_review" });
    const order = await createOrder(api, fixtures.client);
    expect(order.amount).toBe(priceOrder(followerService, 50).totalMinor / 100);
    const server500s = server.output().match(/unhandled (?:error in an \/api route|request error)/g) ?? [];
    expect(server500s, "the server logged no unhandled error").toEqual([]);
  });
});
