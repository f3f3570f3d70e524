// `npm run bench -- checkout`: the checkout journey as 10 clients would run it, on PGlite and on
// PostgreSQL. Each client (registered through the API) loops, one request at a time:
//   POST /api/orders → POST /api/payment/charge/card (sandbox card, no PIN) → GET /api/payment/verify/:reference
// for --warmup seconds (not counted), then for --duration seconds. Journeys/s and p50/p99 per step and
// per whole journey; a journey counts only when all three answers are what a browser expects (201,
// charge "success", verify "success"). Afterwards, integrity in SQL: every charged order paid exactly
// once, with one successful attempt and one task. The node:http hello world (-c 10) of the same run
// is the baseline.
import { performance } from "node:perf_hooks";
import { apiClient, processCpuSeconds } from "./completions.js";
import { openBenchDatabase } from "./databases.js";

const clientCount = 10;
const password = "bench-password";
// Registration is limited per address and hour; the bench registers its clients from one address.
const startDeadlineMs = 120_000; // a first start on an empty DATA_DIR took 23 s at load average 12
const appSettings = { REGISTER_LIMIT_PER_HOUR: "1000" };
const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };

export async function measureCheckout({ startApp, stopApp, startHello, stopHello, load }, { durationSeconds, warmupSeconds } = {}) {
  const results = { databases: {} };
  const hello = await startHello();
  try {
    results.hello = await load(`http://127.0.0.1:${hello.port}/`, `node:http hello (-c ${clientCount})`, {}, { connections: clientCount });
  } finally {
    await stopHello(hello);
  }
  for (const kind of ["pglite", "postgres"]) {
    results.databases[kind] = await measureOn(kind, { startApp, stopApp, durationSeconds: durationSeconds ?? 10, warmupSeconds: warmupSeconds ?? 3 });
  }
  return {
    settings: { appEnv: Object.entries(appSettings).map(([name, value]) => `${name}=${value}`).join(" "), clients: clientCount, order: "custom-tiktok, 100 followers (₵152.55)" },
    ...results,
    integrityOk: Object.values(results.databases).every((measured) => measured.integrity.ok),
  };
}

async function measureOn(kind, { startApp, stopApp, durationSeconds, warmupSeconds }) {
  const database = await openBenchDatabase(kind);
  try {
    const app = await startApp({ ...database.appEnvironment, ...appSettings }, { deadlineMs: startDeadlineMs });
    let measured;
    try {
      const base = `http://127.0.0.1:${app.port}`;
      const call = apiClient(base);
      const clients = [];
      for (let index = 0; index < clientCount; index++) {
        const email = `bench-checkout-${index}@example.com`;
        const { token } = await call("POST", "/api/auth/register", { body: { email, username: `bench_checkout_${index}`, fullName: `Bench Checkout ${index}`, password, role: "client" } });
        clients.push({ index, email, token });
      }
      console.log(`Checkout on ${database.label}: ${clientCount} clients, ${warmupSeconds} s warm-up, then ${durationSeconds} s ...`);
      const warmup = await runJourneys(base, clients, warmupSeconds, "warmup");
      const cpuBefore = processCpuSeconds(app.child.pid);
      measured = await runJourneys(base, clients, durationSeconds, "measured");
      // The app process's CPU per journey (PGlite included; PostgreSQL's own processes not): steadier than journeys/s on a shared machine.
      measured.serverCpuMsPerJourney = round(((processCpuSeconds(app.child.pid) - cpuBefore) * 1000) / Math.max(1, measured.journeys), 1);
      measured.warmup = { journeys: warmup.journeys, failureCount: warmup.failureCount, failures: warmup.failures };
      measured.chargedOrderIds.push(...warmup.chargedOrderIds);
      console.log(
        `  ${database.label}: ${measured.journeysPerSecond} journeys/s, journey p50 ${measured.latencyMs.journey.p50} ms p99 ${measured.latencyMs.journey.p99} ms, ${measured.failures.length} failures`,
      );
    } finally {
      await stopApp(app);
    }
    // PGlite can be read only once the app has let go of it; PostgreSQL either way.
    measured.integrity = await database.withSql((query) => checkIntegrity(query, measured.chargedOrderIds));
    console.log(`  integrity: ${measured.integrity.ok ? "ok" : "FAILED"} ${JSON.stringify(measured.integrity)}`);
    delete measured.chargedOrderIds;
    return { database: database.description, ...measured };
  } finally {
    await database.drop();
  }
}

/** Every client loops journeys until `seconds` have passed; latencies per step and per journey. */
async function runJourneys(base, clients, seconds, phase) {
  const latencies = { order: [], charge: [], verify: [], journey: [] };
  const failures = [];
  const chargedOrderIds = [];
  const startedAt = performance.now();
  const endsAt = startedAt + seconds * 1000;
  let counter = 0;
  const loop = async (client) => {
    while (performance.now() < endsAt) {
      const journeyStartedAt = performance.now();
      try {
        const targetUsername = `bench_${phase}_${client.index}_${counter++}`;
        const order = await timed(latencies.order, () =>
          send(base, "POST", "/api/orders", client.token, { packageId: "custom-tiktok", quantity: 100, targetUsername, accountScreenshot: null }, 201),
        );
        const charge = await timed(latencies.charge, () =>
          send(base, "POST", "/api/payment/charge/card", client.token, { email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS", card }, 200),
        );
        if (charge.data?.status !== "success") throw new Error(`charge of order ${order.id}: ${JSON.stringify(charge).slice(0, 200)}`);
        chargedOrderIds.push(order.id);
        const verify = await timed(latencies.verify, () => send(base, "GET", `/api/payment/verify/${encodeURIComponent(charge.data.reference)}`, null, undefined, 200));
        if (verify.data?.status !== "success") throw new Error(`verify of ${charge.data.reference}: ${JSON.stringify(verify).slice(0, 200)}`);
        latencies.journey.push(performance.now() - journeyStartedAt);
      } catch (error) {
        failures.push(error.message);
      }
    }
  };
  await Promise.all(clients.map(loop));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const result = {
    seconds: round(elapsedSeconds, 2),
    journeys: latencies.journey.length,
    journeysPerSecond: round(latencies.journey.length / elapsedSeconds, 1),
    latencyMs: Object.fromEntries(Object.entries(latencies).map(([name, values]) => [name, summarise(values)])),
    failures: [...new Set(failures)].slice(0, 20),
    failureCount: failures.length,
    chargedOrderIds,
  };
  return result;
}

async function send(base, method, path, token, body, expectedStatus) {
  const response = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== expectedStatus) throw new Error(`${method} ${path.replace(/\/[^/]*\d[^/]*$/, "/:id")} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function timed(list, run) {
  const startedAt = performance.now();
  const value = await run();
  list.push(performance.now() - startedAt);
  return value;
}

/** Each charged order: paid once (one successful attempt with paid_at), one task, the right amount. */
async function checkIntegrity(query, chargedOrderIds) {
  const one = async (sql, parameters = []) => Number(Object.values((await query(sql, parameters)).rows[0])[0]);
  const ids = `{${chargedOrderIds.join(",") || "0"}}`;
  const checks = {
    chargedOrders: chargedOrderIds.length,
    ordersInDatabase: await one("SELECT count(*) FROM orders"),
    chargedNotPaid: await one("SELECT count(*) FROM orders WHERE id = ANY($1::int[]) AND (payment_status <> 'paid' OR paid_at IS NULL)", [ids]),
    paidNotCharged: await one("SELECT count(*) FROM orders WHERE payment_status = 'paid' AND NOT (id = ANY($1::int[]))", [ids]),
    notPaidExactlyOnce: await one(
      "SELECT count(*) FROM orders o WHERE o.id = ANY($1::int[]) AND (SELECT count(*) FROM payment_attempts a WHERE a.order_id = o.id AND a.status = 'success' AND a.paid_at IS NOT NULL) <> 1",
      [ids],
    ),
    paidAmountOff: await one("SELECT count(*) FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.status = 'success' AND a.amount_minor <> o.total_minor"),
    notOneTask: await one("SELECT count(*) FROM orders o WHERE o.id = ANY($1::int[]) AND (SELECT count(*) FROM tasks t WHERE t.order_id = o.id) <> 1", [ids]),
    refundsRequested: await one("SELECT count(*) FROM payment_attempts WHERE refund_state IS NOT NULL"),
  };
  const ok = checks.chargedNotPaid === 0 && checks.paidNotCharged === 0 && checks.notPaidExactlyOnce === 0 && checks.paidAmountOff === 0 && checks.notOneTask === 0 && checks.refundsRequested === 0;
  return { ok, ...checks };
}

/** The checkout figures as a Markdown table (also printed to the terminal). */
export function checkoutRows({ hello, databases, settings }) {
  const latency = (summary) => `p50 ${summary.p50} ms, p99 ${summary.p99} ms`;
  const rows = [
    "| database | journeys/s (share of hello world req/s) | app CPU per journey | whole journey | POST /api/orders | POST /api/payment/charge/card | GET /api/payment/verify/:ref | failures | integrity |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| — | node:http hello world, -c ${settings.clients}: ${formatNumber(hello.requestsPerSecond)} req/s, p50 ${hello.latencyMs.p50} ms, p99 ${hello.latencyMs.p99} ms | | | | | | | |`,
  ];
  for (const [kind, measured] of Object.entries(databases)) {
    const share = round(((measured.journeysPerSecond * 3) / hello.requestsPerSecond) * 100, 2);
    const integrity = measured.integrity;
    rows.push(
      `| ${kind === "postgres" ? "PostgreSQL" : "PGlite"} | **${measured.journeysPerSecond} journeys/s** (${measured.journeys} in ${measured.seconds} s; 3 requests each = ${share} %) | ${measured.serverCpuMsPerJourney} ms | ${latency(measured.latencyMs.journey)} | ${latency(measured.latencyMs.order)} | ${latency(measured.latencyMs.charge)} | ${latency(measured.latencyMs.verify)} | ${measured.failureCount}${measured.failures.length ? `: ${measured.failures.join("; ")}` : ""} | ${integrity.ok ? "ok" : "**FAILED**"}: ${integrity.chargedOrders} charged orders (warm-up included), ${integrity.notPaidExactlyOnce} not paid exactly once, ${integrity.chargedNotPaid} charged but not paid, ${integrity.paidNotCharged} paid but not charged, ${integrity.notOneTask} without exactly one task |`,
    );
  }
  return rows;
}

function summarise(values) {
  if (values.length === 0) return { count: 0, p50: null, p99: null, max: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction) => round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)], 1);
  return { count: values.length, p50: at(0.5), p99: at(0.99), max: round(sorted.at(-1), 1) };
}

function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const formatNumber = (value) => Math.round(value).toLocaleString("en-US");
