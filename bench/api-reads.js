// `npm run bench -- api-reads`: the two most frequent signed-in reads, under autocannon at 10
// connections, on PGlite and on PostgreSQL, each beside the node:http hello world of the same run:
//   - GET /api/orders (Bearer) of a client with 1,000 orders in a database of 100,000 orders; the
//     endpoint's default page (20 newest, no query string), as the dashboard asks for it;
//   - GET /api/tasks/available (Bearer) of an approved worker on all three platforms, with 1,000
//     open tasks in the database (the endpoint answers the 10 oldest the worker may do).
// The measured client and worker are registered through the API (real tokens; the bootstrap admin
// approves the worker; the worker links a handle per platform); the bulk of the data is SQL
// (read-seed.js). After the load, EXPLAIN ANALYZE of the two queries shows where the time goes.
import { performance } from "node:perf_hooks";
import { apiClient } from "./completions.js";
import { openBenchDatabase, runStatements } from "./databases.js";
import { describeSeed, readSeedStatements, seedSize } from "./read-seed.js";

export const apiReadsTarget = { p99Ms: 50, connections: 10, database: "postgres" };
const password = "bench-password";
const admin = { email: "bench-admin@example.com", password };
const startDeadlineMs = 120_000; // a first start on an empty DATA_DIR took 23 s at load average 12
const appSettings = { REGISTER_LIMIT_PER_HOUR: "1000", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password };

export async function measureApiReads({ startApp, stopApp, startHello, stopHello, load }) {
  const results = { databases: {} };
  const hello = await startHello();
  try {
    results.hello = await load(`http://127.0.0.1:${hello.port}/`, `node:http hello (-c ${apiReadsTarget.connections})`, {}, { connections: apiReadsTarget.connections, serverPid: hello.child.pid });
  } finally {
    await stopHello(hello);
  }
  for (const kind of ["pglite", "postgres"]) {
    results.databases[kind] = await measureOn(kind, { startApp, stopApp, load });
  }
  const postgres = results.databases.postgres;
  results.targetMet = postgres.orders.latencyMs.p99 < apiReadsTarget.p99Ms && postgres.availableTasks.latencyMs.p99 < apiReadsTarget.p99Ms;
  return {
    settings: { appEnv: "REGISTER_LIMIT_PER_HOUR=1000 (setup only), bootstrap admin", connections: apiReadsTarget.connections, seed: seedSize },
    target: apiReadsTarget,
    ...results,
  };
}

async function measureOn(kind, { startApp, stopApp, load }) {
  const database = await openBenchDatabase(kind);
  try {
    const environment = { ...database.appEnvironment, ...appSettings };
    console.log(`API reads on ${database.label}: registering the client and the worker ...`);
    let app = await startApp(environment, { deadlineMs: startDeadlineMs });
    let accounts;
    try {
      accounts = await enrolAccounts(apiClient(`http://127.0.0.1:${app.port}`));
    } finally {
      await stopApp(app);
    }

    console.log(`  seeding ${seedSize.orders.toLocaleString("en-US")} orders with SQL ...`);
    const seedStartedAt = performance.now();
    const seed = await database.withSql(async (query) => {
      await runStatements(query, readSeedStatements(accounts));
      return describeSeed(query, accounts);
    });
    const seedSeconds = round((performance.now() - seedStartedAt) / 1000, 1);
    console.log(`  seeded in ${seedSeconds} s: ${JSON.stringify(seed)}`);
    if (seed.measuredClientOrders !== seedSize.measuredClientOrders || seed.openTasks !== seedSize.openTasks || seed.orders !== seedSize.orders) {
      throw new Error(`the seed is not what the scenario measures: ${JSON.stringify(seed)}`);
    }

    app = await startApp(environment, { deadlineMs: startDeadlineMs });
    const measured = {};
    try {
      const base = `http://127.0.0.1:${app.port}`;
      measured.ordersAnswer = await describeAnswer(`${base}/api/orders`, accounts.clientToken);
      measured.availableTasksAnswer = await describeAnswer(`${base}/api/tasks/available`, accounts.workerToken);
      const options = { connections: apiReadsTarget.connections, serverPid: app.child.pid };
      measured.orders = await load(`${base}/api/orders`, `${database.label} GET /api/orders`, { authorization: `Bearer ${accounts.clientToken}` }, options);
      measured.availableTasks = await load(`${base}/api/tasks/available`, `${database.label} GET /api/tasks/available`, { authorization: `Bearer ${accounts.workerToken}` }, options);
    } finally {
      await stopApp(app);
    }
    measured.plans = await database.withSql((query) => explainQueries(query, accounts));
    return { database: database.description, seed, seedSeconds, ...measured };
  } finally {
    await database.drop();
  }
}

/** The client and the worker (all three platforms, approved, one handle per platform), through the API. */
async function enrolAccounts(call) {
  const client = await call("POST", "/api/auth/register", {
    body: { email: "bench-reads-client@example.com", username: "bench_reads_client", fullName: "Bench Reads Client", password, role: "client" },
  });
  const worker = await call("POST", "/api/auth/register", {
    body: { email: "bench-reads-worker@example.com", username: "bench_reads_worker", fullName: "Bench Reads Worker", password, role: "worker", platforms: ["instagram", "tiktok", "youtube"] },
  });
  const { token: adminToken } = await call("POST", "/api/auth/login", { body: admin });
  await call("POST", `/api/admin/workers/${worker.user.id}/approve`, { token: adminToken });
  for (const platform of ["instagram", "tiktok", "youtube"]) {
    await call("PUT", "/api/worker/handles", { token: worker.token, body: { platform, handle: `bench_reads_${platform}` } });
  }
  return { clientId: client.user.id, clientToken: client.token, workerId: worker.user.id, workerToken: worker.token };
}

/** One request before the load: how many items and bytes the measured answer has. */
async function describeAnswer(url, token) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text);
  return { items: Array.isArray(body) ? body.length : null, bytes: Buffer.byteLength(text) };
}

/**
 * EXPLAIN ANALYZE of the SQL the two endpoints run. The orders query is what Prisma sends for
 * listOrdersFor's findMany; the tasks query is listAvailableTasks's raw SQL (tasks.server.ts) with
 * this worker's values. Copies: when the app's queries change, change these too.
 */
async function explainQueries(query, { clientId, workerId }) {
  const plan = async (sql, parameters) => (await query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, parameters)).rows.map((row) => row["QUERY PLAN"]);
  return {
    orders: await plan(
      `SELECT id, package_name, platform, quantity, delivered_quantity, target_username, target_url, price_minor, fee_minor, total_minor, currency, status, payment_status, paid_at, refund_requested_at, created_at
       FROM orders WHERE client_id = $1 ORDER BY id DESC LIMIT 20 OFFSET 0`,
      [clientId],
    ),
    availableTasks: await plan(
      `SELECT t.id, t.platform::text AS platform, t.type::text AS type, t.target_url, t.reward_minor, t.currency::text AS currency, t.status::text AS status, t.created_at, (t.required_completions - t.completion_count) AS remaining
       FROM tasks t
       JOIN worker_handles h ON h.worker_id = $1 AND h.platform = t.platform
       WHERE t.status = 'available'
         AND t.completion_count < t.required_completions
         AND t.platform IN (CAST('instagram' AS platform), CAST('tiktok' AS platform), CAST('youtube' AS platform))
         AND NOT EXISTS (
           SELECT 1 FROM task_completions c
           WHERE c.target_url = t.target_url AND (c.worker_id = $1 OR (c.platform = t.platform AND c.handle = h.handle))
         )
         AND NOT EXISTS (
           SELECT 1 FROM tasks older
           WHERE older.target_url = t.target_url AND older.status = 'available' AND older.completion_count < older.required_completions
             AND (older.created_at, older.id) < (t.created_at, t.id)
         )
       ORDER BY t.created_at, t.id LIMIT 10`,
      [workerId],
    ),
  };
}

/** The api-reads figures as a Markdown table (also printed to the terminal). */
export function apiReadsRows({ hello, databases, target }) {
  const share = (result) => `${round((result.requestsPerSecond / hello.requestsPerSecond) * 100, 2)} %`;
  const verdict = (result, kind) => (kind === target.database ? (result.latencyMs.p99 < target.p99Ms ? "met" : "**missed**") : "(reported)");
  const executionMs = (lines) => lines.find((line) => line.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "?";
  const rows = [
    "| database | request | result | app CPU per request | share of hello world | p99 < 50 ms |",
    "| --- | --- | --- | --- | --- | --- |",
    `| — | node:http hello world, autocannon -c ${target.connections} | ${formatNumber(hello.requestsPerSecond)} req/s, p50 ${hello.latencyMs.p50} ms, p99 ${hello.latencyMs.p99} ms | ${hello.serverCpuMsPerRequest} ms | 100 % | |`,
  ];
  for (const [kind, measured] of Object.entries(databases)) {
    const name = kind === "postgres" ? "PostgreSQL" : "PGlite";
    rows.push(
      `| ${name} | GET /api/orders (${measured.ordersAnswer.items} orders, ${formatNumber(measured.ordersAnswer.bytes)} B; SQL ${executionMs(measured.plans.orders)}) | **${formatNumber(measured.orders.requestsPerSecond)} req/s**, p50 ${measured.orders.latencyMs.p50} ms, **p99 ${measured.orders.latencyMs.p99} ms** | ${measured.orders.serverCpuMsPerRequest} ms | ${share(measured.orders)} | ${verdict(measured.orders, kind)} |`,
      `| ${name} | GET /api/tasks/available (${measured.availableTasksAnswer.items} tasks, ${formatNumber(measured.availableTasksAnswer.bytes)} B; SQL ${executionMs(measured.plans.availableTasks)}) | **${formatNumber(measured.availableTasks.requestsPerSecond)} req/s**, p50 ${measured.availableTasks.latencyMs.p50} ms, **p99 ${measured.availableTasks.latencyMs.p99} ms** | ${measured.availableTasks.serverCpuMsPerRequest} ms | ${share(measured.availableTasks)} | ${verdict(measured.availableTasks, kind)} |`,
    );
  }
  return rows;
}

function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const formatNumber = (value) => Math.round(value).toLocaleString("en-US");
