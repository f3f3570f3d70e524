// The processes of a load run: the production build and the production server. Every child is
// tracked and killed (SIGKILL) however the run ends; every wait is bounded.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { findFreePort, getStatus } from "../bench/loopback.js";

export const repoRoot = path.resolve(import.meta.dirname, "..");
const startDeadlineMs = 60_000;
const stopDeadlineMs = 15_000;
const buildDeadlineMs = 600_000;

const children = new Set();
const dataDirectories = new Set();
/** Kills whatever is still running and removes its data folder; safe to call more than once (also from process "exit"). */
export function killAllChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const directory of dataDirectories) fs.rmSync(directory, { recursive: true, force: true });
  dataDirectories.clear();
}

/** `react-router build` into `buildDirectory` (a folder named build*, deleted first). */
export function build(buildDirectory) {
  if (!path.basename(buildDirectory).startsWith("build") || buildDirectory === repoRoot) {
    throw new Error("--build-dir must name a folder whose name starts with 'build' (e.g. build-load)");
  }
  fs.rmSync(buildDirectory, { recursive: true, force: true });
  const result = spawnSync(path.join(repoRoot, "node_modules/.bin/react-router"), ["build"], {
    cwd: repoRoot,
    env: { ...process.env, BUILD_DIR: buildDirectory, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: buildDeadlineMs,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`react-router build failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Starts `node server/start.js` as in production on a free port and waits for 200 from /healthz.
 * The caller's configuration (DATABASE_URL, PAYSTACK_SECRET_KEY, ...) is not passed on: the run
 * always uses its own database and the in-process Paystack sandbox.
 */
export async function startServer({ buildDirectory, databaseUrl, env, port: givenPort }) {
  const port = givenPort ?? (await findFreePort());
  const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "smb-load-"));
  dataDirectories.add(dataDirectory);
  const child = spawn(process.execPath, ["server/start.js"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PAYMENTS_SANDBOX: "true",
      SESSION_SECRET: randomBytes(48).toString("base64url"),
      HOST: "127.0.0.1",
      PORT: String(port),
      // Its own address: payment callbacks and links are built from PUBLIC_URL, which production requires.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BUILD_DIR: buildDirectory,
      DATA_DIR: dataDirectory,
      DATABASE_URL: databaseUrl,
      REQUEST_LOGS: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  // Warnings and errors the server logs (pino JSON lines), kept for the report; the rest is dropped.
  const logLines = [];
  let tail = "";
  let partial = "";
  const keep = (chunk) => {
    tail = (tail + chunk).slice(-8000);
    const lines = (partial + chunk).split("\n");
    partial = lines.pop();
    for (const line of lines) if (logLines.length < 5000 && line.trim()) logLines.push(line);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  exited.then(() => children.delete(child));

  const server = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDirectory,
    logLines,
    output: () => tail,
    /**
     * SIGTERM, SIGKILL after the deadline; resolves { code, signal }. Removes the data folder, unless
     * `keepData` (read it first, e.g. the Paystack sandbox's records; it goes when the run exits).
     */
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), stopDeadlineMs);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) {
        fs.rmSync(dataDirectory, { recursive: true, force: true, maxRetries: 3 });
        dataDirectories.delete(dataDirectory);
      }
      return exited;
    },
  };
  try {
    await waitUntilHealthy(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * `count` production servers on one database, as behind a load balancer. The first runs the Paystack
 * sandbox (and migrates the database, creates the bootstrap admin); the others use that sandbox as
 * their Paystack (PAYSTACK_SECRET_KEY + PAYSTACK_BASE_URL), as every process of a real store uses the
 * one Paystack: a payment started on one process is verified, webhooked and refunded through any.
 * All share the first process's address as their PUBLIC_URL, as a deployment's processes share one
 * public address: the sandbox serves its checkout pages there and takes only callbacks to it. Each process has its
 * own DATA_DIR (the load uploads nothing).
 */
export async function startServers({ count, buildDirectory, databaseUrl, env: givenEnv }) {
  // One SESSION_SECRET for all, as a deployment shares it: a token or cookie of one process is good on every one.
  const env = { SESSION_SECRET: randomBytes(48).toString("base64url"), ...givenEnv };
  const first = await startServer({ buildDirectory, databaseUrl, env });
  const servers = [first];
  try {
    const others = await Promise.allSettled(
      Array.from({ length: count - 1 }, () =>
        startServer({ buildDirectory, databaseUrl, env: { ...env, PUBLIC_URL: first.url, PAYSTACK_SECRET_KEY: sandboxSecretKey, PAYSTACK_BASE_URL: `${first.url}/sandbox/paystack`, PAYMENTS_SANDBOX: "" } }),
      ),
    );
    for (const started of others) if (started.status === "fulfilled") servers.push(started.value);
    const failed = others.find((started) => started.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop().catch(() => {})));
    throw error;
  }
  return servers;
}

// The sandbox's key (app/features/paystack/paystack-client.server.ts, PAYSTACK_SANDBOX_SECRET_KEY).
const sandboxSecretKey = "sk_test_sandbox";

async function waitUntilHealthy({ child, port, output }) {
  const deadline = performance.now() + startDeadlineMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before answering:\n${output()}`);
    if ((await getStatus(port, "/healthz", 2000)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer 200 on /healthz within ${startDeadlineMs} ms:\n${output()}`);
}

