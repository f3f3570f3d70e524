import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import type { PGlite } from "@electric-sql/pglite";
import { setPaystack } from "~/features/paystack/paystack.server";
import { setUploadStorage } from "~/features/uploads/storage.server";
import { envNames, forgetEnv } from "~/lib/env.server";
import { createLogger, setLogger } from "~/lib/logger.server";
import { pgliteFromTemplate } from "~/test/pglite-template";
import { runAsAdmin, testDatabaseUrl } from "~/test/test-database";
import { openStore } from "../store.js";
import { buildDirectory, makeDataDir, serverEnvDefaults, type TestServer } from "./spawn-server";

export type { TestServer };

/** An in-process server: also runs SQL on its database, as its owner, to put it in a state the app cannot reach by itself. */
export interface InProcessServer extends TestServer {
  runSql(statement: string): Promise<void>;
}

/**
 * The store inside the test process, for tests of HTTP behaviour (not of the process): the production
 * build's request listener (server/store.js, as server/start.js uses it) on an ephemeral loopback
 * port, with a database of its own — PGlite from the migrated template, or a fresh schema of
 * TEST_DATABASE_URL's PostgreSQL — and its log lines kept for `output()`. The build must exist.
 *
 * The app keeps its database, logger and settings per process, so one test server runs at a time
 * in a test file; stop it before starting the next. Tests of the process itself (restarts, signals,
 * start-up refusals, a second process) use startServer from spawn-server.ts.
 */
let running: string | undefined;
let instances = 0;

export async function startInProcessServer(env: Record<string, string> = {}, { extraHeaders }: { extraHeaders?: [string, string][] } = {}): Promise<InProcessServer> {
  if (running) throw new Error(`a test server is already running in this process (${running}): stop it first`);
  running = "starting";
  loadReactAsTheTestsDo();
  const dataDir = env.DATA_DIR ?? makeDataDir();
  // Bound before the app reads its settings: its address is the PUBLIC_URL production requires.
  const listening = http.createServer();
  await new Promise<void>((resolve, reject) => {
    listening.once("error", reject);
    listening.listen(0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  const restoreEnv = replaceServerEnv({ ...serverEnvDefaults({ PUBLIC_URL: url, ...env }), DATA_DIR: dataDir });
  let output = "";
  setLogger(createLogger(process.env.LOG_LEVEL ?? "info", { write: (line: string) => void (output += line) }));
  const database = env.DATABASE_URL ? undefined : await openDatabaseForServer();
  let appModule: { shutdown(): Promise<void>; setSelfBaseUrl(url: string): void } | undefined;

  const stop = async () => {
    const closed = new Promise((resolve) => listening.close(resolve));
    listening.closeAllConnections();
    await closed;
    await appModule?.shutdown();
    await database?.dispose();
    setLogger(undefined);
    setUploadStorage(undefined);
    setPaystack(undefined);
    forgetEnv();
    restoreEnv();
    if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    running = undefined;
  };

  try {
    if (database?.url) process.env.DATABASE_URL = database.url;
    instances += 1;
    const store = await openStore({
      buildDirectory,
      // A fresh instance of the build per server, as a new process would load (Node loads store.js and the build, not Vitest: vitest.config.ts).
      appModuleUrl: `${pathToFileURL(path.join(buildDirectory, "server/index.js")).href}?test-server=${process.pid}-${instances}`,
      prepareOptions: database?.pglite ? { pglite: database.pglite } : undefined,
      extraHeaders,
    });
    appModule = store.appModule as typeof appModule;
    listening.on("request", store.listener);
    appModule!.setSelfBaseUrl(url);
    running = url;
    let stopped: Promise<void> | undefined;
    const runSql = async (statement: string) => {
      if (database?.pglite) await database.pglite.exec(statement);
      else if (database?.url) await runAsAdmin(testDatabaseUrl!, `SET search_path TO "${new URL(database.url).searchParams.get("schema")}"; ${statement}`);
      else throw new Error("runSql needs the test server's own database");
    };
    return { url, dataDir, output: () => output, stop: () => (stopped ??= stop()), runSql };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A test server for the describe (or file) around the call: started before its tests, stopped after
 * them, so describes with other settings each get theirs in turn. Read `.server` inside a test.
 */
export function serverForTests(env: Record<string, string> | (() => Record<string, string>) = {}): { server: TestServer } {
  const state = {} as { server: TestServer };
  beforeAll(async () => {
    state.server = await startInProcessServer(typeof env === "function" ? env() : env);
  });
  afterAll(async () => {
    await state.server?.stop();
  });
  return state;
}

/**
 * React and React DOM each pick their development or production build from NODE_ENV when first
 * loaded, and a render needs the same one of both. A test's own imports (react-router through a
 * source module) may have loaded React under Vitest's NODE_ENV already: React DOM's server renderer is
 * loaded now under the same NODE_ENV, before the server's production settings are set, so the build
 * the server imports matches. Test servers render with React's development build.
 */
function loadReactAsTheTestsDo() {
  const require = createRequire(import.meta.url);
  require("react");
  require("react-dom/server");
}

/** Sets exactly the server's settings on process.env (none inherited from the test run); the returned function puts the old ones back. */
function replaceServerEnv(serverEnv: Record<string, string>): () => void {
  const names = new Set<string>([...envNames, ...Object.keys(serverEnv)]);
  const saved = new Map([...names].map((name) => [name, process.env[name]]));
  for (const name of names) delete process.env[name];
  Object.assign(process.env, serverEnv);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** PGlite from the migrated template (the app closes it at shutdown), or a new schema on TEST_DATABASE_URL's server, dropped at the end. */
async function openDatabaseForServer(): Promise<{ pglite?: PGlite; url?: string; dispose(): Promise<void> }> {
  if (!testDatabaseUrl) {
    const pglite = await pgliteFromTemplate("migrated");
    return { pglite, dispose: async () => {} };
  }
  const baseUrl = testDatabaseUrl;
  const schema = `test_server_${process.pid}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await runAsAdmin(baseUrl, `CREATE SCHEMA "${schema}"`);
  const url = new URL(baseUrl);
  url.searchParams.set("schema", schema);
  return { url: url.toString(), dispose: () => runAsAdmin(baseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`) };
}

