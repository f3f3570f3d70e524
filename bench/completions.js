// `npm run bench -- completions`: task completions per second with 100 approved workers completing
// tasks at the same time, against the production server on a fresh PostgreSQL database. Everything
// is set up through the HTTP API (a client buys large orders and pays each with the sandbox's card on
// the sandbox's hosted checkout page, workers register, the bootstrap admin approves them, they link
// handles); bench/run.js starts the processes.
import autocannon from "autocannon";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { liftedPaymentCaps } from "./payment-caps.js";

const postgresUrl = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test";
const workerCount = 100;
// Each target (order) takes one completion per worker, so a phase of N targets is N completions per
// worker. "spread": worker i does target i first, then i+1, ... (the load spread over N task rows);
// "same": every worker takes the targets oldest first, as the dashboard lists them (all 100 on one
// task row at a time). The warm-up phase warms the JIT and caches; its figures are kept in the JSON only.
const phases = [
  { name: "warmup", targets: 10, order: "spread" },
  { name: "spread", targets: 20, order: "spread" },
  { name: "same", targets: 20, order: "same" },
];
const orderQuantity = 100_000;
const password = "bench-password";
const admin = { email: "bench-admin@example.com", password };
// The bench lifts the per-worker limits so that the server, not the rules, sets the pace.
const completionAppSettings = {
  COMPLETION_MIN_INTERVAL_MS: "0",
  COMPLETIONS_PER_DAY: "100000",
  REGISTER_LIMIT_PER_HOUR: "1000",
  // One client pays 50 orders in a row from 127.0.0.1 (bench/payment-caps.js).
  ...liftedPaymentCaps(),
  BOOTSTRAP_ADMIN_EMAIL: admin.email,
  BOOTSTRAP_ADMIN_PASSWORD: admin.password,
};

/** Runs the scenario with run.js's process helpers; `load` measures the hello-world baseline. */
export async function measureCompletions({ startApp, stopApp, startHello, stopHello, load }) {
  const database = await createDatabase(postgresUrl);
  try {
    const app = await startApp({ DATABASE_URL: database.url, ...completionAppSettings });
    const baseUrl = `http://127.0.0.1:${app.port}`;
    const results = { phases: {} };
    try {
      const setupStartedAt = performance.now();
      const targetCount = phases.reduce((sum, phase) => sum + phase.targets, 0);
      console.log(`Completions: ${targetCount} paid orders of ${orderQuantity.toLocaleString("en-US")} followers, ${workerCount} approved workers ...`);
      const call = apiClient(baseUrl);
      const { taskIds, rewardMinor } = await openTasks(call, database, targetCount);
      const tokens = await enrolWorkers(call, workerCount);
      results.setupSeconds = round((performance.now() - setupStartedAt) / 1000, 1);

      let first = 0;
      for (const phase of phases) {
        const phaseTasks = taskIds.slice(first, first + phase.targets);
        first += phase.targets;
        const cpuBefore = processCpuSeconds(app.child.pid);
        const measured = await completeTasks(baseUrl, tokens, phaseTasks, phase.order);
        // CPU the server process spent per accepted completion: less sensitive to other load than the rate.
        const cpuSeconds = processCpuSeconds(app.child.pid) - cpuBefore;
        measured.serverCpuMsPerCompletion = round((cpuSeconds * 1000) / Math.max(1, measured.statuses["201"] ?? 0), 2);
        const title = phase.name === "warmup" ? "warm-up" : `${phase.name} order`;
        console.log(`  ${title}: ${measured.completionsPerSecond} completions/s (p50 ${measured.latencyMs.p50} ms, p99 ${measured.latencyMs.p99} ms), statuses ${JSON.stringify(measured.statuses)}`);
        results.phases[phase.name] = { targets: phase.targets, order: phase.order, ...measured };
      }
      results.serverErrors = loggedErrors(app.output());
      if (results.serverErrors.length > 0) console.log(`  errors the server logged (distinct, from its last 8 kB of output): ${results.serverErrors.join("; ")}`);
      const accepted = Object.values(results.phases).reduce((sum, phase) => sum + (phase.statuses["201"] ?? 0), 0);
      results.integrity = await checkIntegrity(database, taskIds, accepted, rewardMinor);
      results.postgres = (await database.query("SHOW server_version")).rows[0].server_version;
    } finally {
      await stopApp(app);
    }

    const hello = await startHello();
    try {
      results.hello = await load(`http://127.0.0.1:${hello.port}/`, `node:http hello (-c ${workerCount})`, {}, { connections: workerCount });
    } finally {
      await stopHello(hello);
    }
    return {
      settings: {
        database: `PostgreSQL ${results.postgres}, a fresh database created for the run and dropped after`,
        appEnv: Object.entries(completionAppSettings)
          .filter(([name]) => !name.startsWith("BOOTSTRAP"))
          .map(([name, value]) => `${name}=${value}`)
          .join(" "),
        workers: workerCount,
        orderQuantity,
        setupSeconds: results.setupSeconds,
      },
      hello: results.hello,
      phases: results.phases,
      integrity: results.integrity,
      serverErrors: results.serverErrors,
    };
  } finally {
    await database.drop();
  }
}

// ---- setup through the API -----------------------------------------------------------------------

/** One client buys `count` orders for distinct TikTok accounts and pays each with the sandbox card. */
async function openTasks(call, database, count) {
  const email = "bench-client@example.com";
  const { token } = await call("POST", "/api/auth/register", { body: { email, username: "bench_client", fullName: "Bench Client", password, role: "client" } });
  const orderIds = [];
  for (let index = 0; index < count; index++) {
    const order = await call("POST", "/api/orders", { token, body: { packageId: "custom-tiktok", quantity: orderQuantity, targetUsername: `bench_target_${index}`, accountScreenshot: null } });
    await payByCard(call, { token, email }, order);
    orderIds.push(order.id);
  }
  // The API lists a worker 10 open tasks at a time; the bench needs the ids of all its orders' tasks.
  const { rows } = await database.query("SELECT id, reward_minor FROM tasks WHERE order_id = ANY($1) ORDER BY created_at, id", [orderIds]);
  if (rows.length !== count) throw new Error(`${count} paid orders opened ${rows.length} tasks`);
  return { taskIds: rows.map((row) => row.id), rewardMinor: rows[0].reward_minor };
}

const successCard = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };

/**
 * Pays an order with the sandbox's success card. Hosted checkout (the default): charge/card answers
 * open_url, the card goes to the sandbox's checkout page as its form posts it, whose 303 returns the
 * payer to the store's status page; then verify must say "success". Direct mode: charge/card charges
 * the card and answers "success" at once.
 */
async function payByCard(call, { token, email }, order) {
  const payment = { email, amount: Math.round(order.amount * 100), orderId: order.id, currency: "GHS" };
  const charge = await call("POST", "/api/payment/charge/card", { token, body: { ...payment, card: successCard } });
  if (charge.data?.status === "success") return; // PAYSTACK_CARD_MODE=direct
  if (charge.data?.status !== "open_url" || !charge.data.authorization_url) throw new Error(`the card charge of order ${order.id} answered ${JSON.stringify(charge)}`);
  const { reference, authorization_url: checkoutUrl } = charge.data;
  const paid = await fetch(checkoutUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ step: "card", number: successCard.number, cvv: successCard.cvv, expiry_month: successCard.expiry_month, expiry_year: successCard.expiry_year }).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await paid.arrayBuffer();
  const returnTo = paid.headers.get("location");
  if (paid.status !== 303 || !returnTo || new URL(returnTo, checkoutUrl).searchParams.get("reference") !== reference) {
    throw new Error(`the sandbox checkout page of order ${order.id} answered ${paid.status} to ${returnTo}`);
  }
  const back = await fetch(new URL(returnTo, checkoutUrl), { redirect: "manual", signal: AbortSignal.timeout(30_000) });
  await back.arrayBuffer();
  if (back.status !== 200) throw new Error(`the payment status page of order ${order.id} answered ${back.status}`);
  const verified = await call("GET", `/api/payment/verify/${encodeURIComponent(reference)}`);
  if (verified.data?.status !== "success") throw new Error(`verify of order ${order.id}'s payment answered ${JSON.stringify(verified)}`);
}

/** Workers register (TikTok), the bootstrap admin approves them, each links a distinct handle. */
async function enrolWorkers(call, count) {
  const { token: adminToken } = await call("POST", "/api/auth/login", { body: admin });
  const enrol = async (index) => {
    const worker = { email: `bench-worker-${index}@example.com`, username: `bench_worker_${index}`, fullName: `Bench Worker ${index}`, password, role: "worker", platforms: ["tiktok"] };
    const { token, user } = await call("POST", "/api/auth/register", { body: worker });
    await call("POST", `/api/admin/workers/${user.id}/approve`, { token: adminToken });
    await call("PUT", "/api/worker/handles", { token, body: { platform: "tiktok", handle: `bench_handle_${index}` } });
    return token;
  };
  const tokens = [];
  // Ten at a time: registration hashes a password (argon2), which is CPU work.
  for (let index = 0; index < count; index += 10) {
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(10, count - index) }, (_, offset) => enrol(index + offset)))));
  }
  return tokens;
}

export function apiClient(baseUrl) {
  return async (method, path, { token, body } = {}) => {
    const response = await fetch(baseUrl + path, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

// ---- load ----------------------------------------------------------------------------------------

/**
 * One autocannon connection per worker, each sending `POST /api/tasks/{id}/complete` with its own
 * token once per task, one request at a time; the run ends when every worker has sent all of them.
 */
function completeTasks(baseUrl, tokens, taskIds, order) {
  let nextWorker = 0;
  const requestsOf = (worker) =>
    taskIds.map((_, step) => ({
      method: "POST",
      path: `/api/tasks/${order === "same" ? taskIds[step] : taskIds[(worker + step) % taskIds.length]}/complete`,
      headers: { authorization: `Bearer ${tokens[worker]}`, "content-type": "application/json" },
      body: "{}",
    }));
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    let lastResponseAt = startedAt;
    const instance = autocannon(
      {
        url: baseUrl,
        connections: tokens.length,
        maxConnectionRequests: taskIds.length,
        duration: 600, // an upper bound: the run ends when every connection has sent its requests
        timeout: 30,
        setupClient: (client) => client.setRequests(requestsOf(nextWorker++)),
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = (lastResponseAt - startedAt) / 1000;
        const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
        resolve({
          requests: taskIds.length * tokens.length,
          // Accepted completions over the time from the first request to the last answer
          // (autocannon's own per-second average rounds a run of a few seconds badly).
          completionsPerSecond: round((statuses["201"] ?? 0) / seconds),
          seconds: round(seconds, 2),
          latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on("response", () => (lastResponseAt = performance.now()));
  });
}

// ---- integrity -----------------------------------------------------------------------------------

/** After the load: what the database holds must agree with the 201 answers and with itself. */
async function checkIntegrity(database, taskIds, accepted, rewardMinor) {
  const one = async (sql, parameters = []) => Object.values((await database.query(sql, parameters)).rows[0])[0];
  const checks = {
    acceptedAnswers: accepted,
    completionRows: await one("SELECT count(*)::int FROM task_completions"),
    overDeliveredTasks: await one("SELECT count(*)::int FROM tasks WHERE completion_count > required_completions"),
    taskCountersOff: await one(
      "SELECT count(*)::int FROM tasks t WHERE t.id = ANY($1) AND t.completion_count <> (SELECT count(*) FROM task_completions c WHERE c.task_id = t.id)",
      [taskIds],
    ),
    orderCountersOff: await one("SELECT count(*)::int FROM orders o WHERE o.delivered_quantity <> (SELECT count(*) FROM task_completions c JOIN tasks t ON t.id = c.task_id WHERE t.order_id = o.id)"),
    repeatedWorkerOnTarget: await one("SELECT count(*)::int FROM (SELECT 1 FROM task_completions GROUP BY worker_id, target_url HAVING count(*) > 1) repeated"),
    earningEntries: await one("SELECT count(*)::int FROM ledger_entries WHERE kind = 'earning'"),
    ledgerSumMinor: await one("SELECT coalesce(sum(amount_minor), 0)::int FROM ledger_entries WHERE kind = 'earning'"),
    expectedLedgerSumMinor: accepted * rewardMinor,
    rewardMinor,
  };
  const ok =
    checks.completionRows === accepted &&
    checks.earningEntries === accepted &&
    checks.ledgerSumMinor === checks.expectedLedgerSumMinor &&
    checks.overDeliveredTasks === 0 &&
    checks.taskCountersOff === 0 &&
    checks.orderCountersOff === 0 &&
    checks.repeatedWorkerOnTarget === 0;
  return { ok, ...checks };
}

/** A fresh, empty database on the PostgreSQL server of `baseUrl` (as server/testing/spawn-server.ts). */
export async function createDatabase(baseUrl) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const name = `smb_bench_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    query: (sql, parameters) => client.query(sql, parameters),
    async drop() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The distinct errors in the server's JSON log lines (pino), e.g. "P2028: Transaction API error: ...". */
function loggedErrors(output) {
  const messages = output.split("\n").flatMap((line) => {
    try {
      const { err } = JSON.parse(line);
      return err ? [`${err.code ?? err.type}: ${err.message}`] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(messages)];
}

/** User + system CPU seconds of a process so far (Linux /proc; NaN elsewhere). */
export function processCpuSeconds(pid) {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100/s).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
