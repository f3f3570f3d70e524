// `npm run bench -- api-v2`: the reseller API's two hot actions (issue #20) under autocannon at 10
// connections, on PostgreSQL (the figures that count) and PGlite (reported), each beside the
// node:http hello world of the same run:
//   - `add`: one reseller's key places orders of 50 Instagram followers, each for its own @handle
//     (a panel forwards its own customers' links), paid from a wallet funded by the bootstrap admin's
//     adjustments; each answer is one order created, paid and given its task in one transaction;
//   - `status` of one order, and of 100 orders in one call (the `orders` list panels poll with).
// Every request carries the same key, so every one of them also takes that key's row lock for its
// rate-limit window (the limit itself is lifted: API_V2_REQUESTS_PER_MINUTE=100000000).
// Money is checked after the load: the orders the key created are the `add` requests answered (plus
// at most one per connection per run whose answer autocannon did not wait for), each paid from the
// wallet with its task opened, and the balance is what was funded less
// what they cost. A refusal would answer `{ error }` with HTTP 200, so this check is what catches it.
import { apiClient } from "./completions.js";
import { openBenchDatabase, postgresCpuSeconds } from "./databases.js";

const connections = 10;
const password = "bench-password";
const admin = { email: "bench-admin@example.com", password };
const startDeadlineMs = 120_000;
const appSettings = {
  REGISTER_LIMIT_PER_HOUR: "1000",
  API_V2_REQUESTS_PER_MINUTE: "100000000",
  BOOTSTRAP_ADMIN_EMAIL: admin.email,
  BOOTSTRAP_ADMIN_PASSWORD: admin.password,
};
// Service 1 is Instagram followers at ₵1.50 each (app/features/catalog/catalog.ts): 50 cost ₵75.00.
const order = { service: "1", quantity: "50", priceMinor: 50 * 150 };
// Ten adjustments of the largest amount an admin may book at once (₵100,000.00): 13,333 orders.
const fundingAdjustments = 10;
const adjustmentMinor = 10_000_000;

export async function measureApiV2({ startApp, stopApp, startHello, stopHello, load }) {
  const results = { databases: {} };
  const hello = await startHello();
  try {
    results.hello = await load(`http://127.0.0.1:${hello.port}/`, `node:http hello (-c ${connections})`, {}, { connections, serverPid: hello.child.pid });
  } finally {
    await stopHello(hello);
  }
  for (const kind of ["postgres", "pglite"]) {
    results.databases[kind] = await measureOn(kind, { startApp, stopApp, load });
  }
  results.integrityOk = Object.values(results.databases).every((measured) => measured.integrity.ok);
  return {
    settings: { appEnv: "REGISTER_LIMIT_PER_HOUR=1000 (setup only), API_V2_REQUESTS_PER_MINUTE=100000000, bootstrap admin", connections },
    ...results,
  };
}

async function measureOn(kind, { startApp, stopApp, load }) {
  const database = await openBenchDatabase(kind);
  try {
    const app = await startApp({ ...database.appEnvironment, ...appSettings }, { deadlineMs: startDeadlineMs });
    const base = `http://127.0.0.1:${app.port}`;
    const measured = {};
    try {
      console.log(`API v2 on ${database.label}: a client with a funded wallet and an API key ...`);
      const { key } = await enrolReseller(apiClient(base));
      const v2 = `${base}/api/v2`;
      const options = { connections, serverPid: app.child.pid, databaseCpuSeconds: kind === "postgres" ? postgresCpuSeconds : undefined };

      let handle = 0;
      const answers = { orderIds: [], refusals: {} };
      const addRequest = {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ key, action: "add", service: order.service, quantity: order.quantity, link: `@bench_v2_${++handle}` }) }),
        // Refusals are HTTP 200 `{ error }`: only the body tells an order from a refusal.
        onResponse: (status, body) => {
          const answer = JSON.parse(body);
          if (answer.order) answers.orderIds.push(answer.order);
          else answers.refusals[answer.error] = (answers.refusals[answer.error] ?? 0) + 1;
        },
      };
      measured.add = await load(v2, `${database.label} api/v2 add`, {}, { ...options, requests: [addRequest] });
      measured.add.refusals = answers.refusals;

      // A short run on a slow machine may have placed fewer than the 100 orders `status` asks for.
      while (answers.orderIds.length < 100) {
        answers.orderIds.push((await callV2(v2, { key, action: "add", service: order.service, quantity: order.quantity, link: `@bench_v2_${++handle}` })).order);
      }
      measured.add.ordersAnswered = answers.orderIds.length;
      const orderIds = answers.orderIds.slice(-100);
      const statusBody = (fields) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key, action: "status", ...fields }) });
      const statusMany = await callV2(v2, { key, action: "status", orders: orderIds.join(",") });
      if (Object.values(statusMany).filter((answer) => answer.status).length !== 100) throw new Error(`status of 100 orders: ${JSON.stringify(statusMany).slice(0, 300)}`);
      measured.statusOne = await load(v2, `${database.label} api/v2 status (1 order)`, {}, { ...options, requests: [statusBody({ order: String(orderIds.at(-1)) })] });
      measured.statusMany = await load(v2, `${database.label} api/v2 status (100 orders)`, {}, { ...options, requests: [statusBody({ orders: orderIds.join(",") })] });
      measured.balance = await callV2(v2, { key, action: "balance" });
    } finally {
      await stopApp(app);
    }
    measured.integrity = await database.withSql((query) => checkMoney(query, measured));
    console.log(`  integrity: ${measured.integrity.ok ? "ok" : "FAILED"} ${JSON.stringify(measured.integrity)}`);
    return { database: database.description, ...measured };
  } finally {
    await database.drop();
  }
}

/** The reseller, through the HTTP API: registered, wallet funded by the admin, one API key. */
async function enrolReseller(call) {
  const client = await call("POST", "/api/auth/register", {
    body: { email: "bench-v2-reseller@example.com", username: "bench_v2_reseller", fullName: "Bench Reseller", password, role: "client" },
  });
  const { token: adminToken } = await call("POST", "/api/auth/login", { body: admin });
  for (let index = 0; index < fundingAdjustments; index += 1) {
    await call("POST", `/api/admin/users/${client.user.id}/wallet-adjustments`, { token: adminToken, body: { amount: adjustmentMinor / 100, reason: "Bench funding" } });
  }
  const { key } = await call("POST", "/api/keys", { token: client.token, body: { name: "bench", password } });
  return { key };
}

async function callV2(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const answer = await response.json();
  if (!response.ok || answer.error) throw new Error(`api/v2 ${body.action} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** After the load, with SQL: every answered add is one paid order with its task, and the wallet paid exactly for them. */
async function checkMoney(query, { add, balance }) {
  const one = async (sql) => Number(Object.values((await query(sql)).rows[0])[0]);
  const orders = await one("SELECT count(*) FROM orders WHERE api_key_id IS NOT NULL");
  const paidFromWallet = await one("SELECT count(*) FROM orders WHERE api_key_id IS NOT NULL AND paid_from_wallet AND payment_status = 'paid'");
  const withTask = await one("SELECT count(DISTINCT o.id) FROM orders o JOIN tasks t ON t.order_id = o.id WHERE o.api_key_id IS NOT NULL");
  const fundedMinor = fundingAdjustments * adjustmentMinor;
  const expectedBalanceMinor = fundedMinor - orders * order.priceMinor;
  const balanceMinor = Math.round(Number(balance.balance) * 100);
  const checks = { ordersAnswered: add.ordersAnswered, refusals: add.refusals, orders, paidFromWallet, withTask, fundedMinor, balanceMinor, expectedBalanceMinor };
  // autocannon stops at the end of its duration without reading the answers in flight: up to one
  // per connection in the warm-up and in the measured run. Those orders exist and were paid for.
  const abandonedAtMost = 2 * connections;
  checks.unansweredOrders = orders - add.ordersAnswered;
  const ok = Object.keys(add.refusals).length === 0 && checks.unansweredOrders >= 0 && checks.unansweredOrders <= abandonedAtMost && paidFromWallet === orders && withTask === orders && balanceMinor === expectedBalanceMinor && balanceMinor >= 0;
  return { ok, ...checks };
}


/** The api-v2 figures as a Markdown table (also printed to the terminal). */
export function apiV2Rows({ hello, databases, integrityOk }) {
  const cpu = (result) => `${result.serverCpuMsPerRequest} ms${result.databaseCpuMsPerRequest === undefined ? "" : ` + PostgreSQL ${result.databaseCpuMsPerRequest} ms`}`;
  const row = (name, request, result, rateName) =>
    `| ${name} | ${request} | **${formatNumber(result.requestsPerSecond)} ${rateName}/s**, p50 ${result.latencyMs.p50} ms, **p99 ${result.latencyMs.p99} ms** | ${cpu(result)} | ${round((result.requestsPerSecond / hello.requestsPerSecond) * 100, 2)} % |`;
  const rows = [
    "| database | request (one key, autocannon -c 10) | result | CPU per request (app + database server) | share of hello world |",
    "| --- | --- | --- | --- | --- |",
    `| — | node:http hello world | ${formatNumber(hello.requestsPerSecond)} req/s, p50 ${hello.latencyMs.p50} ms, p99 ${hello.latencyMs.p99} ms | ${hello.serverCpuMsPerRequest} ms | 100 % |`,
  ];
  for (const [kind, measured] of Object.entries(databases)) {
    const name = kind === "postgres" ? "PostgreSQL" : "PGlite";
    rows.push(
      row(name, "`add` (50 Instagram followers, its own @handle each; order + wallet payment + task in one transaction)", measured.add, "orders"),
      row(name, "`status` of 1 order", measured.statusOne, "req"),
      row(name, "`status` of 100 orders", measured.statusMany, "req"),
    );
  }
  const integrity = Object.entries(databases).map(([kind, { integrity: checks }]) => `${kind === "postgres" ? "PostgreSQL" : "PGlite"}: ${checks.ordersAnswered} orders answered and ${Object.values(checks.refusals).reduce((sum, count) => sum + count, 0)} refusals, ${checks.orders} orders in the database (${checks.unansweredOrders} of them placed by requests autocannon stopped waiting for; ${checks.paidFromWallet} paid from the wallet, ${checks.withTask} with their task), balance ${formatMoney(checks.balanceMinor)} of ${formatMoney(checks.expectedBalanceMinor)} expected`);
  rows.push("", `Money check after the load: ${integrityOk ? "**ok**" : "**FAILED**"}. ${integrity.join("; ")}.`);
  return rows;
}

function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const formatNumber = (value) => Math.round(value).toLocaleString("en-US");
const formatMoney = (minor) => `₵${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
