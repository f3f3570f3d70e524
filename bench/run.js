// Benchmarks of the production server: cold start, GET / throughput against a node:http baseline,
// and the gzip size of the JavaScript the home page loads. Everything runs on 127.0.0.1.
//
//   npm run bench                      build into build-bench/, then measure
//   npm run bench -- --no-build        measure the existing build-bench/
//   npm run bench -- completions       instead: task completions/s of 100 workers on PostgreSQL
//                                      (bench/completions.js, results in bench/results/completions.json)
//   npm run bench -- api-reads         instead: GET /api/orders and /api/tasks/available on a seeded
//                                      database, PGlite and PostgreSQL (bench/api-reads.js)
//   npm run bench -- api-v2            instead: the reseller API's add and status on PostgreSQL and
//                                      PGlite, with a money check (bench/api-v2.js)
//   npm run bench -- checkout          instead: order → card on the hosted checkout → status page →
//                                      verify journeys of 10 clients, then 200 at once, PGlite and PostgreSQL (bench/checkout.js)
//   npm run bench -- public-pages      instead: every public page, cached and uncached (bench/public-pages.js)
//   npm run bench -- sign-in-flood     instead: an owner's sign-ins during floods of 200 bad ones (bench/sign-in-flood.js)
//   npm run bench -- request-cost      instead: server CPU per request of issue #22's signed-in pages and API
//                                      calls, wrk beside the hello world, PostgreSQL and PGlite (bench/request-cost.js)
//   npm run bench -- lighthouse        instead: Lighthouse's mobile run (slow 4G, 4× CPU slowdown) of the
//                                      signed-out pages in Debian's Chromium, LCP and scores (bench/lighthouse.js)
//   npm run bench -- --strict          exit 1 when a target is missed
//   npm run bench -- --node machine    run the app on this machine's Node.js, not production's (the
//                                      Dockerfile's major, fetched from the npm registry when needed: bench/production-node.js)
//   options: --duration 10 --connections 50 --runs 3 --build-dir build-bench --extra
//   BENCH_APP_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/profiles": extra flags for the app's node
//   (a profile of any scenario; NODE_OPTIONS refuses --cpu-prof)
//
// --extra also measures GET /healthz (Express and one SQL query, no React) and GET / with
// Accept-Encoding: gzip, to show where the time of a page goes.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { measureClientJs } from "./client-js.js";
import { apiReadsRows, measureApiReads } from "./api-reads.js";
import { apiV2Rows, measureApiV2 } from "./api-v2.js";
import { checkoutRows, measureCheckout } from "./checkout.js";
import { measureCompletions, processCpuSeconds } from "./completions.js";
import { lighthouseRows, measureLighthouse } from "./lighthouse.js";
import { measurePublicPages, publicPagesRows } from "./public-pages.js";
import { measureRequestCost, requestCostRows } from "./request-cost.js";
import { measureSignInFlood, signInFloodRows } from "./sign-in-flood.js";
import { benchNode } from "./production-node.js";
import { findFreePort, getStatus } from "./loopback.js";

const repoRoot = path.resolve(import.meta.dirname, "..");
const benchDirectory = path.join(repoRoot, "bench");

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "no-build": { type: "boolean", default: false },
    "build-dir": { type: "string", default: "build-bench" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    runs: { type: "string", default: "3" },
    warmup: { type: "string", default: "3" },
    strict: { type: "boolean", default: false },
    extra: { type: "boolean", default: false },
    node: { type: "string", default: "production" },
  },
});
/**
 * Scenarios in their own modules: `measure` gets this file's process helpers, `rows` turns its
 * results into the README's table, `failed` says whether the run must exit 1 (lost money, say).
 */
const scenarioModules = {
  "api-reads": { measure: measureApiReads, rows: apiReadsRows, failed: (results) => options.strict && !results.targetMet },
  // Money that does not add up fails it always.
  "api-v2": { measure: measureApiV2, rows: apiV2Rows, failed: (results) => !results.integrityOk },
  // Any 5xx or unanswered request fails it too (issue #17: a burst makes checkouts slower, never fails them).
  checkout: { measure: measureCheckout, rows: checkoutRows, failed: (results) => !results.integrityOk || results.serverErrors > 0 },
  // Issue #22: the signed-out pages' LCP on a simulated slow phone; a missed target with --strict.
  lighthouse: { measure: measureLighthouse, rows: lighthouseRows, failed: (results) => options.strict && !results.targetsMet },
  "public-pages": { measure: measurePublicPages, rows: publicPagesRows, failed: (results) => options.strict && !results.targetsMet },
  // Issue #22: server CPU per request of the signed-in pages and API calls; a missed target with --strict.
  "request-cost": { measure: measureRequestCost, rows: requestCostRows, failed: (results) => options.strict && !results.targetsMet },
  // A refused owner or a 5xx other than the gate's 503 fails it always; a missed p99 with --strict.
  "sign-in-flood": { measure: measureSignInFlood, rows: signInFloodRows, failed: (results) => results.ownerFailures > 0 || results.floodServerErrors > 0 || (options.strict && !results.targetMet) },
};
const scenario = positionals[0] ?? "home";
if (!["home", "completions", ...Object.keys(scenarioModules)].includes(scenario) || positionals.length > 1) {
  throw new Error(`Unknown scenario ${positionals.join(" ")}: use no scenario (the home page figures), "completions", ${Object.keys(scenarioModules).map((name) => `"${name}"`).join(", ")}`);
}
const durationSeconds = positiveInteger(options.duration, "--duration");
const connections = positiveInteger(options.connections, "--connections");
const coldStartRuns = positiveInteger(options.runs, "--runs");
const warmupSeconds = Number(options.warmup);
if (!(warmupSeconds >= 0)) throw new Error("--warmup must be a number of seconds, 0 or more");
const buildDirectory = path.resolve(repoRoot, options["build-dir"]);
// The build step deletes this folder first: only ever a build-like folder.
if (!path.basename(buildDirectory).startsWith("build") || buildDirectory === repoRoot) {
  throw new Error("--build-dir must name a folder whose name starts with 'build' (e.g. build-bench)");
}

// An anonymous visitor's GET / is answered from the page cache: its target is the cached pages' 25 %.
// Rendered (signed-in) pages have the 3 % target; `npm run bench -- public-pages` measures them.
const targets = { coldStartMs: 2000, appToHelloPercent: 25, clientJsGzipBytes: 120 * 1000 };
const startDeadlineMs = 30_000;
/** The flags production starts node with (package.json's start, the Dockerfile, docs/deployment.md). */
const productionNodeFlags = ["--max-semi-space-size=64"];
const stopDeadlineMs = 15_000;
/** The node binary of the app and of the hello world beside it: production's unless --node machine. */
const appNode = benchNode(options.node);

// Every child we start is killed, and the temporary data folder removed, however this process ends.
const children = new Set();
const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "smb-bench-"));
const sessionSecret = randomBytes(48).toString("base64url");

function cleanUp() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  try {
    fs.rmSync(dataDirectory, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.error(`Could not remove ${dataDirectory}: ${error.message}`);
  }
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => process.exit(130));
}

// ---- steps ---------------------------------------------------------------------------------------

function build() {
  console.log(`Building into ${path.relative(repoRoot, buildDirectory)}/ ...`);
  fs.rmSync(buildDirectory, { recursive: true, force: true });
  const result = spawnSync(path.join(repoRoot, "node_modules/.bin/react-router"), ["build"], {
    cwd: repoRoot,
    env: { ...process.env, BUILD_DIR: buildDirectory, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 300_000,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`react-router build failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
  }
}

async function measure() {
  const loadBefore = os.loadavg()[0];
  // The first start creates and migrates the embedded database; the timed starts reuse it.
  console.log("Cold start: preparing the database ...");
  const first = await startApp();
  const firstStartMs = first.readyMs;
  await stopApp(first);

  const runsMs = [];
  const stopsMs = [];
  for (let run = 1; run <= coldStartRuns; run++) {
    const app = await startApp();
    runsMs.push(app.readyMs);
    stopsMs.push(await stopApp(app));
    console.log(`  run ${run}: ${formatMs(app.readyMs)} to the first 200 from /healthz`);
  }
  const coldStart = { runsMs: runsMs.map(round), medianMs: round(median(runsMs)), firstStartMs: round(firstStartMs), shutdownMs: stopsMs.map(round) };

  console.log(`Throughput: autocannon -c ${connections} -d ${durationSeconds} (after ${warmupSeconds} s warm-up) ...`);
  const hello = await startHello();
  const app = await startApp();
  let throughput;
  let clientJs;
  try {
    const helloResult = await load(`http://127.0.0.1:${hello.port}/`, "node:http hello");
    const appResult = await load(`http://127.0.0.1:${app.port}/`, "app GET /");
    throughput = {
      hello: helloResult,
      app: appResult,
      ratioPercent: round((appResult.requestsPerSecond / helloResult.requestsPerSecond) * 100, 2),
    };
    if (options.extra) {
      throughput.extra = {
        healthz: await load(`http://127.0.0.1:${app.port}/healthz`, "app GET /healthz"),
        homeGzip: await load(`http://127.0.0.1:${app.port}/`, "app GET / (gzip)", { "accept-encoding": "gzip" }),
      };
    }
    console.log("Client JavaScript of GET / ...");
    clientJs = await measureClientJs(`http://127.0.0.1:${app.port}/`);
  } finally {
    await stopApp(app);
    await stopHello(hello);
  }

  return {
    date: new Date().toISOString(),
    machine: machineInfo(loadBefore),
    settings: {
      buildDirectory: path.relative(repoRoot, buildDirectory),
      database: "PGlite (embedded), already migrated",
      appEnv: "NODE_ENV=production REQUEST_LOGS=false LOG_LEVEL=warn",
      connections,
      durationSeconds,
      warmupSeconds,
      coldStartRuns,
    },
    targets,
    coldStart,
    throughput,
    clientJs,
    targetsMet: {
      coldStart: coldStart.medianMs < targets.coldStartMs,
      throughput: throughput.ratioPercent >= targets.appToHelloPercent,
      clientJs: clientJs.gzipBytes < targets.clientJsGzipBytes,
    },
  };
}

function machineInfo(loadBefore) {
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: appNode.path === process.execPath ? process.version : `${appNode.version} (production's major; this machine's own is ${process.version})`,
    // Other work on the machine moves these figures; the load average says how busy it was.
    loadAverage1mBefore: round(loadBefore, 2),
    loadAverage1mAfter: round(os.loadavg()[0], 2),
  };
}

/** `npm run bench -- completions`: bench/completions.js with this file's process helpers. */
async function measureCompletionScenario() {
  const loadBefore = os.loadavg()[0];
  const measured = await measureCompletions({ startApp, stopApp, startHello, stopHello, load });
  return {
    date: new Date().toISOString(),
    machine: machineInfo(loadBefore),
    ...measured,
    settings: { buildDirectory: path.relative(repoRoot, buildDirectory), ...measured.settings, helloDurationSeconds: durationSeconds, warmupSeconds },
  };
}

/** A scenario module's run, with the date, the machine and its load, written to results/<name>.json and the README. */
async function runScenarioModule(name, { measure, rows }) {
  const loadBefore = os.loadavg()[0];
  const measured = await measure({ startApp, stopApp, startHello, stopHello, load }, { durationSeconds, warmupSeconds, connections });
  const results = {
    date: new Date().toISOString(),
    machine: machineInfo(loadBefore),
    ...measured,
    settings: { buildDirectory: path.relative(repoRoot, buildDirectory), durationSeconds, warmupSeconds, ...measured.settings },
  };
  const table = rows(results);
  console.log(`\n${results.date}  ${results.machine.nproc} CPUs (${results.machine.cpu}), Node ${results.machine.node}, load average ${results.machine.loadAverage1mBefore} before, ${results.machine.loadAverage1mAfter} after\n`);
  for (const line of table) console.log(line.replaceAll("**", ""));
  fs.mkdirSync(path.join(benchDirectory, "results"), { recursive: true });
  fs.writeFileSync(path.join(benchDirectory, `results/${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  replaceReadmeSection(name, [
    `Measured ${results.date.slice(0, 10)} on ${describeMachine(results.machine)}; ${measured.settings?.loads ?? `each load ${durationSeconds} s after a ${warmupSeconds} s warm-up`}.`,
    "",
    ...table,
  ]);
  return results;
}

// ---- processes -----------------------------------------------------------------------------------

function appEnvironment(port, extraEnvironment) {
  const environment = { ...process.env };
  // Nothing from the caller's configuration may change what is measured.
  for (const name of ["DATABASE_URL", "PAYSTACK_SECRET_KEY", "PAYSTACK_BASE_URL", "PAYSTACK_CARD_MODE", "PUBLIC_URL", "TRUST_PROXY", "JSON_BODY_LIMIT_BYTES", "UPLOAD_BODY_LIMIT_BYTES"]) {
    delete environment[name];
  }
  return {
    ...environment,
    NODE_ENV: "production",
    PAYMENTS_SANDBOX: "true",
    SESSION_SECRET: sessionSecret,
    REQUEST_LOGS: "false",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDirectory,
    BUILD_DIR: buildDirectory,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extraEnvironment,
  };
}

function spawnTracked(args, environment) {
  const child = spawn(appNode.path, args, { cwd: repoRoot, env: environment, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  exited.then(() => children.delete(child));
  return { child, exited, output: () => output };
}

/** `deadlineMs`: scenarios that start on an empty DATA_DIR on a busy machine allow more than the default. */
async function startApp(extraEnvironment = {}, { deadlineMs = startDeadlineMs } = {}) {
  const port = await findFreePort();
  const startedAt = performance.now();
  const nodeOptions = (process.env.BENCH_APP_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  const processHandle = spawnTracked([...productionNodeFlags, ...nodeOptions, "server/start.js"], appEnvironment(port, extraEnvironment));
  await waitUntilAnswering(processHandle, port, "/healthz", "the app", deadlineMs);
  return { ...processHandle, port, readyMs: performance.now() - startedAt };
}

/** `extraEnvironment.BODY_FILE`: serve that file's bytes instead of "Hello World" (bench/hello-server.js). */
async function startHello(extraEnvironment = {}) {
  const port = await findFreePort();
  const processHandle = spawnTracked([path.join(benchDirectory, "hello-server.js")], { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...extraEnvironment });
  await waitUntilAnswering(processHandle, port, "/", "the hello server");
  return { ...processHandle, port };
}

/** SIGTERM, then SIGKILL if the process has not exited in time. Returns how long the stop took. */
async function stopApp({ child, exited, output }) {
  const startedAt = performance.now();
  if (child.exitCode !== null || child.signalCode !== null) return 0;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), stopDeadlineMs);
  const { code, signal } = await exited;
  clearTimeout(timer);
  if (code !== 0) console.warn(`  warning: the app exited with ${signal ?? `code ${code}`} on SIGTERM:\n${output()}`);
  return performance.now() - startedAt;
}

const stopHello = stopApp;

/** Polls every 10 ms until GET path answers 200; fails when the process exits or the deadline passes. */
async function waitUntilAnswering({ child, output }, port, requestPath, name, deadlineMs = startDeadlineMs) {
  const deadline = performance.now() + deadlineMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.signalCode ?? `code ${child.exitCode}`}) before answering:\n${output()}`);
    }
    if ((await getStatus(port, requestPath)) === 200) return;
    await sleep(10);
  }
  throw new Error(`${name} did not answer 200 on ${requestPath} within ${deadlineMs} ms:\n${output()}`);
}


// ---- load ----------------------------------------------------------------------------------------

/**
 * `serverPid`: also the CPU time that process spent per request of the measured run (from /proc),
 * which moves much less than req/s when other work shares the machine; `databaseCpuSeconds`: the
 * same for the database server (a function reading its processes' CPU seconds so far).
 * `requests`: autocannon's request list (method, body, setupRequest, onResponse) instead of a GET.
 */
async function load(url, title, headers = {}, { connections: loadConnections = connections, serverPid, databaseCpuSeconds, requests } = {}) {
  if (warmupSeconds > 0) await runAutocannon({ url, headers, requests, duration: warmupSeconds, connections: loadConnections });
  const cpuBefore = serverPid ? processCpuSeconds(serverPid) : Number.NaN;
  const databaseCpuBefore = databaseCpuSeconds?.();
  const result = await runAutocannon({ url, headers, requests, duration: durationSeconds, connections: loadConnections });
  const cpuSeconds = serverPid ? processCpuSeconds(serverPid) - cpuBefore : Number.NaN;
  const perRequestMs = (seconds) => round((seconds * 1000) / Math.max(1, result.requests.total), 3);
  const summary = {
    url: new URL(url).pathname,
    headers,
    requestsPerSecond: round(result.requests.average),
    requestsTotal: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(serverPid ? { serverCpuMsPerRequest: perRequestMs(cpuSeconds) } : {}),
    ...(databaseCpuSeconds ? { databaseCpuMsPerRequest: perRequestMs(databaseCpuSeconds() - databaseCpuBefore) } : {}),
  };
  const cpuNote = `${serverPid ? `, server CPU ${summary.serverCpuMsPerRequest} ms/request` : ""}${databaseCpuSeconds ? `, database CPU ${summary.databaseCpuMsPerRequest} ms/request` : ""}`;
  console.log(`  ${title}: ${summary.requestsPerSecond} req/s (p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms${cpuNote})`);
  if (summary.non2xx > 0 || summary.errors > 0) {
    throw new Error(`${title}: ${summary.non2xx} non-2xx answers and ${summary.errors} errors; the figure would be meaningless`);
  }
  return summary;
}

/** One autocannon run, stopped by force if it overruns its duration by 30 s. */
function runAutocannon({ url, headers, requests, duration, connections }) {
  return new Promise((resolve, reject) => {
    let guard;
    // Only when given: autocannon takes `requests: undefined` as no request at all.
    const instance = autocannon({ url, headers, ...(requests ? { requests } : {}), connections, duration, timeout: 10 }, (error, result) => {
      clearTimeout(guard);
      if (error) reject(error);
      else resolve(result);
    });
    guard = setTimeout(() => instance.stop(), (duration + 30) * 1000);
  });
}

// ---- output --------------------------------------------------------------------------------------

function printTable(results) {
  const { coldStart, throughput, clientJs, targetsMet } = results;
  const mark = (met) => (met ? "ok" : "MISSED");
  const rows = [
    ["cold start to first 200 /healthz (median)", `${formatMs(coldStart.medianMs)}  [${coldStart.runsMs.map(formatMs).join(", ")}]`, `< ${formatMs(targets.coldStartMs)}`, mark(targetsMet.coldStart)],
    ["node:http hello world", `${formatNumber(throughput.hello.requestsPerSecond)} req/s`, "", ""],
    ["app GET /", `${formatNumber(throughput.app.requestsPerSecond)} req/s (p99 ${throughput.app.latencyMs.p99} ms)`, "", ""],
    ["app / hello", `${throughput.ratioPercent} %`, `>= ${targets.appToHelloPercent} %`, mark(targetsMet.throughput)],
    ["client JS of GET /, gzip -9", `${formatKb(clientJs.gzipBytes)} (${clientJs.files.length} files, ${formatKb(clientJs.bytes)} raw, ${formatKb(clientJs.servedBytes)} as served)`, `< ${formatKb(targets.clientJsGzipBytes)}`, mark(targetsMet.clientJs)],
  ];
  if (throughput.extra) {
    rows.push(["app GET /healthz (extra)", `${formatNumber(throughput.extra.healthz.requestsPerSecond)} req/s`, "", ""]);
    rows.push(["app GET / with gzip (extra)", `${formatNumber(throughput.extra.homeGzip.requestsPerSecond)} req/s`, "", ""]);
  }
  const header = ["measure", "result", "target", ""];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row) => row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd();
  console.log(`\n${results.date}  ${results.machine.nproc} CPUs (${results.machine.cpu}), Node ${results.machine.node}\n`);
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

function writeResults(results) {
  fs.writeFileSync(path.join(benchDirectory, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  const { coldStart, throughput, clientJs, machine } = results;
  const mark = (met) => (met ? "met" : "**missed**");
  replaceReadmeSection("results", [
    `Measured ${results.date.slice(0, 10)} on ${describeMachine(machine)}; autocannon -c ${connections} -d ${durationSeconds} after a ${warmupSeconds} s warm-up.`,
    "",
    "| measure | result | target | |",
    "| --- | --- | --- | --- |",
    `| cold start to the first 200 from /healthz, median of ${coldStart.runsMs.length} | ${formatMs(coldStart.medianMs)} (${coldStart.runsMs.map(formatMs).join(", ")}) | < ${formatMs(targets.coldStartMs)} | ${mark(results.targetsMet.coldStart)} |`,
    `| first start on an empty DATA_DIR (initdb + migrations), once | ${formatMs(coldStart.firstStartMs)} | — | |`,
    `| node:http hello world | ${formatNumber(throughput.hello.requestsPerSecond)} req/s | — | |`,
    `| app GET / | ${formatNumber(throughput.app.requestsPerSecond)} req/s, p50 ${throughput.app.latencyMs.p50} ms, p99 ${throughput.app.latencyMs.p99} ms | — | |`,
    `| app GET / (anonymous, from the page cache) as a share of hello world | ${throughput.ratioPercent} % | >= ${targets.appToHelloPercent} % | ${mark(results.targetsMet.throughput)} |`,
    ...(throughput.extra
      ? [
          `| app GET /healthz (Express + one SQL query, no React) | ${formatNumber(throughput.extra.healthz.requestsPerSecond)} req/s | — | |`,
          `| app GET / with Accept-Encoding: gzip | ${formatNumber(throughput.extra.homeGzip.requestsPerSecond)} req/s | — | |`,
        ]
      : []),
    `| JavaScript of GET /, gzip level 9 | ${formatKb(clientJs.gzipBytes)} in ${clientJs.files.length} files (${formatKb(clientJs.bytes)} raw; ${formatKb(clientJs.servedBytes)} as the server sends it) | < ${formatKb(targets.clientJsGzipBytes)} | ${mark(results.targetsMet.clientJs)} |`,
  ]);
}

function printCompletions(results) {
  console.log(`\n${results.date}  ${results.machine.nproc} CPUs (${results.machine.cpu}), Node ${results.machine.node}, ${results.settings.database}\n`);
  for (const line of completionRows(results)) console.log(line.replaceAll("**", ""));
}

function writeCompletionResults(results) {
  fs.mkdirSync(path.join(benchDirectory, "results"), { recursive: true });
  fs.writeFileSync(path.join(benchDirectory, "results/completions.json"), `${JSON.stringify(results, null, 2)}\n`);
  const { settings } = results;
  replaceReadmeSection("completions", [
    `Measured ${results.date.slice(0, 10)} on ${describeMachine(results.machine)}; ${settings.database}; app run with ${settings.appEnv}; setup through the API took ${settings.setupSeconds} s.`,
    "",
    ...completionRows(results),
  ]);
}

/** Answers 5xx, connection errors and timeouts over every phase (warm-up included): 0 is a pass. */
function completionFailures(phases) {
  return Object.values(phases).reduce(
    (sum, phase) => sum + Object.entries(phase.statuses).filter(([status]) => Number(status) >= 500).reduce((total, [, count]) => total + count, 0) + phase.errors + phase.timeouts,
    0,
  );
}

/** The completions figures as a Markdown table (also printed to the terminal). */
function completionRows({ hello, phases, integrity, settings, serverErrors }) {
  const statuses = (phase) => Object.entries(phase.statuses).map(([status, count]) => `${count} × ${status}`).join(", ") + (phase.errors || phase.timeouts ? `, ${phase.errors} errors, ${phase.timeouts} timeouts` : "");
  const phaseRow = (title, phase) =>
    `| ${title} | **${formatNumber(phase.completionsPerSecond)} completions/s** (${phase.requests} requests in ${phase.seconds} s), p50 ${phase.latencyMs.p50} ms, p99 ${phase.latencyMs.p99} ms; server CPU ${phase.serverCpuMsPerCompletion} ms per completion | ${statuses(phase)} | ${round((phase.completionsPerSecond / hello.requestsPerSecond) * 100, 2)} % |`;
  return [
    "| measure | result | answers | share of hello world |",
    "| --- | --- | --- | --- |",
    `| node:http hello world, autocannon -c ${settings.workers} -d ${settings.helloDurationSeconds} | ${formatNumber(hello.requestsPerSecond)} req/s, p50 ${hello.latencyMs.p50} ms, p99 ${hello.latencyMs.p99} ms | ${hello.requestsTotal} × 200 | 100 % |`,
    phaseRow(`${settings.workers} workers, ${phases.spread.targets} targets each, spread (worker i starts at target i)`, phases.spread),
    phaseRow(`${settings.workers} workers, ${phases.same.targets} targets each, same order (all on the oldest task first)`, phases.same),
    `| warm-up before those (${phases.warmup.targets} targets each) | not counted above | ${statuses(phases.warmup)} | |`,
    `| answers 5xx, connection errors and timeouts (all phases; must be 0) | ${completionFailures(phases) === 0 ? "0" : `**${completionFailures(phases)}**`} | | |`,
    ...(serverErrors.length > 0 ? [`| errors the server logged (distinct) | ${serverErrors.join("; ")} | | |`] : []),
    `| integrity after the run (all phases) | ${integrity.ok ? "ok" : "**FAILED**"}: ${integrity.completionRows} completion rows for ${integrity.acceptedAnswers} answers 201; ${integrity.overDeliveredTasks} tasks over-delivered; ${integrity.taskCountersOff} task and ${integrity.orderCountersOff} order counters off; ${integrity.repeatedWorkerOnTarget} repeated worker on a target; ledger ${integrity.earningEntries} earnings, ${formatNumber(integrity.ledgerSumMinor)} pesewas = ${integrity.acceptedAnswers} × ${integrity.rewardMinor} (${formatNumber(integrity.expectedLedgerSumMinor)}) | | |`,
  ];
}

/** The README keeps the latest figures between two markers per scenario; the rest is hand-written. */
function replaceReadmeSection(name, lines) {
  const readmePath = path.join(benchDirectory, "README.md");
  if (!fs.existsSync(readmePath)) return;
  const readme = fs.readFileSync(readmePath, "utf8");
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to < from) return;
  fs.writeFileSync(readmePath, readme.slice(0, from) + [start, ...lines, end].join("\n") + readme.slice(to + end.length));
}

const describeMachine = (machine) =>
  `${machine.nproc} CPUs (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}; load average ${machine.loadAverage1mBefore} before, ${machine.loadAverage1mAfter} after`;

// ---- helpers -------------------------------------------------------------------------------------

function positiveInteger(text, name) {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const formatMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const formatNumber = (value) => Math.round(value).toLocaleString("en-US");
const formatKb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- main (last, so every declaration above is initialised) -----------------------------------

try {
  if (!options["no-build"]) build();
  if (!fs.existsSync(path.join(buildDirectory, "server/index.js"))) {
    throw new Error(`No server build in ${buildDirectory}; run without --no-build.`);
  }
  if (scenarioModules[scenario]) {
    const results = await runScenarioModule(scenario, scenarioModules[scenario]);
    process.exitCode = scenarioModules[scenario].failed(results) ? 1 : 0;
  } else if (scenario === "completions") {
    const results = await measureCompletionScenario();
    printCompletions(results);
    writeCompletionResults(results);
    // Lost or doubled money is a failure whatever the speed; so is any 5xx or dropped request (issue #17:
    // a burst may make completions slower, never fail them).
    if (!results.integrity.ok) console.log(`\nIntegrity check FAILED: ${JSON.stringify(results.integrity)}`);
    const failedAnswers = completionFailures(results.phases);
    if (failedAnswers > 0) console.log(`\nFAILED: ${failedAnswers} answers 5xx, connection errors or timeouts (expected 0)`);
    process.exitCode = results.integrity.ok && failedAnswers === 0 ? 0 : 1;
  } else {
    const results = await measure();
    printTable(results);
    writeResults(results);
    const missed = Object.entries(results.targetsMet).filter(([, met]) => !met).map(([name]) => name);
    if (missed.length > 0) console.log(`\nTargets missed: ${missed.join(", ")}`);
    process.exitCode = options.strict && missed.length > 0 ? 1 : 0;
  }
} catch (error) {
  console.error(`\nBenchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  cleanUp();
}
