// `npm run bench -- checkout`: the checkout journey as 10 clients would run it, on PGlite and on
// PostgreSQL. Cards go through Paystack's hosted checkout (PAYSTACK_CARD_MODE=hosted, the default).
// Each client (registered through the API) loops, one request at a time, as its browser would:
//   POST /api/orders → POST /api/payment/charge/card (open_url, the checkout page's address)
//   → POST the sandbox's checkout page's card form with the success card (the step that stands for
//     Paystack's page; 303 to the store's callback_url) → GET that callback (the payment status page,
//     signed in; its loader verifies and credits) → GET /api/payment/verify/:reference
// for --warmup seconds (not counted), then for --duration seconds. Journeys/s and p50/p99 per step and
// per whole journey; a journey counts only when every answer is what a browser expects (201, open_url,
// 303 to the status page of the reference, 200, verify "success"). Afterwards, integrity in SQL: every
// order paid exactly once, with one successful attempt and one task. The node:http hello world (-c 10)
// of the same run is the baseline.
//
// Then one client runs 40 journeys one step at a time, with 40 ms of quiet before and after each
// step, and the app's CPU is read around each (issue #22: which step the journey's CPU goes to; what
// a step sets off, such as the webhook after the checkout page, counts to it).
//
// Then a burst (issue #17): 200 clients (the 10 and 190 more) each start one journey at the same
// instant, 200 concurrent checkouts. Slower is fine; every answer must still be one a browser
// expects, and any 5xx (or a request that gets no answer) fails the run, in every phase.
//
// BENCH_CARD_MODE=direct measures the old journey instead (PAYSTACK_CARD_MODE=direct: the card number
// through the store to POST /charge, answered "success"): POST /api/orders → charge/card → verify.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { processCpuSeconds } from "./completions.js";
import { openBenchDatabase } from "./databases.js";
import { liftedPaymentCaps } from "./payment-caps.js";

const clientCount = 10;
const burstClientCount = 200;
/** The one-client phase that reads the app's CPU per step: journeys, and the quiet around each step. */
const stepJourneys = 40;
const stepSettleMs = 40;
const password = "bench-password";
const startDeadlineMs = 120_000; // a first start on an empty DATA_DIR took 23 s at load average 12
const cardMode = process.env.BENCH_CARD_MODE || "hosted";
if (!["hosted", "direct"].includes(cardMode)) throw new Error(`BENCH_CARD_MODE must be "hosted" or "direct", not ${cardMode}`);
const appSettings = {
  // Registration is limited per address and hour; the bench registers its clients from one address.
  REGISTER_LIMIT_PER_HOUR: "1000",
  PAYSTACK_CARD_MODE: cardMode,
  // Each client pays several orders a second from 127.0.0.1: the payment caps would measure themselves (bench/payment-caps.js).
  ...liftedPaymentCaps(),
};
const card = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };
/** The steps of a journey, in order, with the names the report gives them. */
const journeySteps =
  cardMode === "hosted"
    ? { order: "POST /api/orders", charge: "POST /api/payment/charge/card (open_url)", checkout: "POST sandbox checkout page (card; stands for Paystack's)", statusPage: "GET /payment-status/:ref (callback)", verify: "GET /api/payment/verify/:ref" }
    : { order: "POST /api/orders", charge: "POST /api/payment/charge/card (direct)", verify: "GET /api/payment/verify/:ref" };

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
    settings: { appEnv: Object.entries(appSettings).map(([name, value]) => `${name}=${value}`).join(" "), cardMode, steps: journeySteps, clients: clientCount, order: "custom-tiktok, 100 followers (₵152.55)" },
    ...results,
    integrityOk: Object.values(results.databases).every((measured) => measured.integrity.ok),
    // 5xx answers and requests without an answer, over every phase on both databases: must be 0.
    serverErrors: Object.values(results.databases).reduce((sum, measured) => sum + measured.serverErrors, 0),
  };
}

async function measureOn(kind, { startApp, stopApp, durationSeconds, warmupSeconds }) {
  const database = await openBenchDatabase(kind);
  try {
    const app = await startApp({ ...database.appEnvironment, ...appSettings }, { deadlineMs: startDeadlineMs });
    let measured;
    try {
      const base = `http://127.0.0.1:${app.port}`;
      const clients = await registerClients(base, 0, clientCount);
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
      // One client, one step at a time: which step the app's CPU goes to (/proc counts in 10 ms
      // ticks, so this is an average over the journeys, not a figure per request).
      const stepClient = clients.slice(0, 1);
      const steps = await runJourneys(base, stepClient, 0, "steps", { journeysEach: stepJourneys, stepCpuOf: app.child.pid });
      measured.chargedOrderIds.push(...steps.chargedOrderIds);
      measured.steps = { journeys: steps.journeys, failureCount: steps.failureCount, failures: steps.failures, appCpuMsPerStep: steps.appCpuMsPerStep, serverErrors: steps.serverErrors };
      console.log(`  one client, step by step: app CPU per step ${JSON.stringify(steps.appCpuMsPerStep)} ms`);
      // The burst: every client's one journey started at once.
      clients.push(...(await registerClients(base, clientCount, burstClientCount - clientCount)));
      console.log(`  burst: ${burstClientCount} concurrent checkouts ...`);
      const burst = { clients: clients.length, ...(await runJourneys(base, clients, 0, "burst", { journeysEach: 1 })) };
      measured.chargedOrderIds.push(...burst.chargedOrderIds);
      delete burst.chargedOrderIds;
      measured.burst = burst;
      measured.serverErrors = [warmup, measured, measured.steps, burst].reduce((sum, phase) => sum + phase.serverErrors, 0);
      console.log(
        `  burst: ${burst.journeys} of ${burstClientCount} journeys in ${burst.seconds} s, journey p50 ${burst.latencyMs.journey.p50} ms p99 ${burst.latencyMs.journey.p99} ms, answers ${JSON.stringify(burst.statuses)}, ${burst.failureCount} failures`,
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

/** Registers clients number `from` to `from + count - 1`, ten at a time (argon2 is CPU work). */
async function registerClients(base, from, count) {
  const clients = [];
  for (let first = from; first < from + count; first += 10) {
    const batch = Array.from({ length: Math.min(10, from + count - first) }, async (_, offset) => {
      const index = first + offset;
      const email = `bench-checkout-${index}@example.com`;
      // The session cookie too: the payer's browser comes back to the status page signed in.
      const { body, cookie } = await register(base, { email, username: `bench_checkout_${index}`, fullName: `Bench Checkout ${index}`, password, role: "client" });
      return { index, email, token: body.token, cookie };
    });
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

/** Every answer's status of the phase running now (phases run one at a time); "no answer" for a request that got none. */
let countAnswer = () => {};

/**
 * Every client loops journeys until `seconds` have passed (`journeysEach`: exactly that many each,
 * all started together); latencies per step and per journey, every answer's status. `stepCpuOf`
 * (the app's pid): the app's CPU per step too, each step alone with `stepSettleMs` of quiet before
 * and after it, so what a step sets off afterwards (the webhook, the e-mail) counts to it.
 */
async function runJourneys(base, clients, seconds, phase, { journeysEach, stepCpuOf } = {}) {
  const latencies = Object.fromEntries([...Object.keys(journeySteps), "journey"].map((name) => [name, []]));
  const cpuSeconds = Object.fromEntries(Object.keys(journeySteps).map((name) => [name, 0]));
  const timed = async (name, run) => {
    if (stepCpuOf === undefined) return timedInto(latencies[name], run);
    await sleep(stepSettleMs);
    const cpuBefore = processCpuSeconds(stepCpuOf);
    const value = await timedInto(latencies[name], run);
    await sleep(stepSettleMs);
    cpuSeconds[name] += processCpuSeconds(stepCpuOf) - cpuBefore;
    return value;
  };
  const failures = [];
  const chargedOrderIds = [];
  const statuses = {};
  countAnswer = (status) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const startedAt = performance.now();
  const endsAt = startedAt + seconds * 1000;
  let counter = 0;
  const loop = async (client) => {
    for (let round = 0; journeysEach ? round < journeysEach : performance.now() < endsAt; round++) {
      const journeyStartedAt = performance.now();
      try {
        const targetUsername = `bench_${phase}_${client.index}_${counter++}`;
        const order = await timed("order", () =>
          send(base, "POST", "/api/orders", client.token, { packageId: "custom-tiktok", quantity: 100, targetUsername, accountScreenshot: null }, 201),
        );
        const payment = { email: client.email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS" };
        let reference;
        if (cardMode === "hosted") {
          // No card data to the store: it answers where the payer's browser goes.
          const started = await timed("charge", () => send(base, "POST", "/api/payment/charge/card", client.token, payment, 200));
          if (started.data?.status !== "open_url" || !started.data.authorization_url) throw new Error(`charge of order ${order.id}: ${JSON.stringify(started).slice(0, 200)}`);
          reference = started.data.reference;
          const returnTo = await timed("checkout", () => submitCheckoutCard(base, started.data.authorization_url));
          const back = new URL(returnTo);
          if (back.pathname !== `/payment-status/${encodeURIComponent(reference)}` || back.searchParams.get("reference") !== reference) throw new Error(`the checkout page sent the payer to ${returnTo}`);
          chargedOrderIds.push(order.id);
          await timed("statusPage", () => getPage(base, returnTo, client.cookie));
        } else {
          const charge = await timed("charge", () => send(base, "POST", "/api/payment/charge/card", client.token, { ...payment, card }, 200));
          if (charge.data?.status !== "success") throw new Error(`charge of order ${order.id}: ${JSON.stringify(charge).slice(0, 200)}`);
          reference = charge.data.reference;
          chargedOrderIds.push(order.id);
        }
        const verify = await timed("verify", () => send(base, "GET", `/api/payment/verify/${encodeURIComponent(reference)}`, null, undefined, 200));
        if (verify.data?.status !== "success") throw new Error(`verify of ${reference}: ${JSON.stringify(verify).slice(0, 200)}`);
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
    // Distinct failures, order ids and references blanked so one cause reads once, with its count.
    failures: distinctWithCounts(failures.map((message) => message.replace(/\border \d+/g, "order :id").replace(/\bsmb-\d+-[0-9a-f]+/g, ":reference").slice(0, 160))).slice(0, 20),
    failureCount: failures.length,
    statuses,
    serverErrors: Object.entries(statuses).filter(([status]) => status === "no answer" || Number(status) >= 500).reduce((sum, [, count]) => sum + count, 0),
    chargedOrderIds,
    ...(stepCpuOf === undefined ? {} : { appCpuMsPerStep: Object.fromEntries(Object.entries(cpuSeconds).map(([name, seconds]) => [name, round((seconds * 1000) / Math.max(1, latencies.journey.length), 2)])) }),
  };
  countAnswer = () => {};
  return result;
}

function distinctWithCounts(messages) {
  const counts = new Map();
  for (const message of messages) counts.set(message, (counts.get(message) ?? 0) + 1);
  return [...counts.entries()].map(([message, count]) => (count > 1 ? `${count} × ${message}` : message));
}

/** POST /api/auth/register → { body, cookie } (the session cookie of its Set-Cookie). */
async function register(base, account) {
  const response = await fetch(`${base}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account), signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /api/auth/register answered ${response.status}: ${text.slice(0, 200)}`);
  return { body: JSON.parse(text), cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] };
}

/**
 * The payer on the checkout page: the card form posted as the browser posts it. Answers where the
 * 303 leads (the store's callback_url, once paid); the page must stay on this server.
 */
async function submitCheckoutCard(base, url) {
  if (new URL(url).origin !== new URL(base).origin) throw new Error(`authorization_url ${url} is not on this server`);
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ step: "card", number: card.number, cvv: card.cvv, expiry_month: card.expiry_month, expiry_year: card.expiry_year }).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  }).catch(noAnswer);
  countAnswer(response.status);
  const text = await response.text();
  const location = response.headers.get("location");
  if (response.status !== 303 || !location) throw new Error(`POST the checkout page answered ${response.status}: ${text.slice(0, 200)}`);
  return new URL(location, url).href;
}

/** GET a page as the signed-in browser does (the status page), expecting 200. */
async function getPage(base, url, cookie) {
  if (new URL(url).origin !== new URL(base).origin) throw new Error(`callback_url ${url} is not on this server`);
  const response = await fetch(url, { headers: { cookie, accept: "text/html" }, redirect: "manual", signal: AbortSignal.timeout(30_000) }).catch(noAnswer);
  countAnswer(response.status);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET /payment-status/:ref answered ${response.status}`);
}

async function send(base, method, path, token, body, expectedStatus) {
  const response = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  }).catch(noAnswer);
  countAnswer(response.status);
  const text = await response.text();
  if (response.status !== expectedStatus) throw new Error(`${method} ${path.replace(/\/[^/]*\d[^/]*$/, "/:id")} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** A request that got no answer (timeout, connection refused or reset): counted, then failed as before. */
function noAnswer(error) {
  countAnswer("no answer");
  throw error;
}

async function timedInto(list, run) {
  const startedAt = performance.now();
  const value = await run();
  list.push(performance.now() - startedAt);
  return value;
}

/** Each order the bench paid: paid once (one successful attempt with paid_at), one task, the right amount. */
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
  const latency = (summary) => (summary ? `p50 ${summary.p50} ms, p99 ${summary.p99} ms` : "—");
  // Results written before the hosted checkout have no `steps`: the direct journey's three.
  const steps = settings.steps ?? { order: "POST /api/orders", charge: "POST /api/payment/charge/card", verify: "GET /api/payment/verify/:ref" };
  const requests = Object.keys(steps).length;
  const rows = [
    `| database | journeys/s (share of hello world req/s) | app CPU per journey | whole journey | ${Object.values(steps).join(" | ")} | failures | integrity |`,
    `| --- | --- | --- | --- | ${Object.keys(steps).map(() => "---").join(" | ")} | --- | --- |`,
    `| — | node:http hello world, -c ${settings.clients}: ${formatNumber(hello.requestsPerSecond)} req/s, p50 ${hello.latencyMs.p50} ms, p99 ${hello.latencyMs.p99} ms | | | ${Object.keys(steps).map(() => "").join(" | ")} | | |`,
  ];
  for (const [kind, measured] of Object.entries(databases)) {
    const share = round(((measured.journeysPerSecond * requests) / hello.requestsPerSecond) * 100, 2);
    const integrity = measured.integrity;
    rows.push(
      `| ${kind === "postgres" ? "PostgreSQL" : "PGlite"} | **${measured.journeysPerSecond} journeys/s** (${measured.journeys} in ${measured.seconds} s; ${requests} requests each = ${share} %) | ${measured.serverCpuMsPerJourney} ms | ${latency(measured.latencyMs.journey)} | ${Object.keys(steps).map((name) => latency(measured.latencyMs[name])).join(" | ")} | ${measured.failureCount}${measured.failures.length ? `: ${measured.failures.join("; ")}` : ""} | ${integrity.ok ? "ok" : "**FAILED**"}: ${integrity.chargedOrders} paid orders (warm-up and burst included), ${integrity.notPaidExactlyOnce} not paid exactly once, ${integrity.chargedNotPaid} paid at Paystack but not in the store, ${integrity.paidNotCharged} paid in the store but not at Paystack, ${integrity.notOneTask} without exactly one task |`,
    );
    if (measured.steps) {
      const cpu = measured.steps.appCpuMsPerStep;
      rows.push(
        `| ${kind === "postgres" ? "PostgreSQL" : "PGlite"}, one client, one step at a time (${measured.steps.journeys} journeys) | | ${round(Object.values(cpu).reduce((sum, ms) => sum + ms, 0), 1)} ms | | ${Object.keys(steps).map((name) => (cpu[name] === undefined ? "—" : `app CPU ${cpu[name]} ms`)).join(" | ")} | ${measured.steps.failureCount} | |`,
      );
    }
    const { burst } = measured;
    if (burst) {
      const answers = Object.entries(burst.statuses).map(([status, count]) => `${count} × ${status}`).join(", ");
      rows.push(
        `| ${kind === "postgres" ? "PostgreSQL" : "PGlite"}, burst: ${burst.clients} concurrent checkouts (one journey each, started together) | **${burst.journeys} of ${burst.clients} journeys in ${burst.seconds} s** | | ${latency(burst.latencyMs.journey)} | ${Object.keys(steps).map((name) => latency(burst.latencyMs[name])).join(" | ")} | ${burst.failureCount}${burst.failures.length ? `: ${burst.failures.join("; ")}` : ""} | answers ${answers}; **${burst.serverErrors} × 5xx or no answer** (all phases on this database: ${measured.serverErrors}) |`,
      );
    }
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
