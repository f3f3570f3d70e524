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
export async function startServer({ buildDirectory, databaseUrl, env }) {
  const port = await findFreePort();
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
    logLines,
    output: () => tail,
    /** SIGTERM, SIGKILL after the deadline; resolves { code, signal }. Removes the data folder. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), stopDeadlineMs);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDirectory, { recursive: true, force: true, maxRetries: 3 });
      dataDirectories.delete(dataDirectory);
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

async function waitUntilHealthy({ child, port, output }) {
  const deadline = performance.now() + startDeadlineMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before answering:\n${output()}`);
    if ((await getStatus(port, "/healthz", 2000)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer 200 on /healthz within ${startDeadlineMs} ms:\n${output()}`);
}

