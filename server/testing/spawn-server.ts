import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * Starts the built server as a real process, as an operator would, for the process tier (*.process.test.ts:
 * restarts, signals, start-up refusals; HTTP tests use in-process-server.ts). The build must
 * exist (`npm test` builds first). Defaults: a fresh PGlite data directory, a free port and its
 * loopback address as PUBLIC_URL (which production requires).
 */
export interface TestServer {
  url: string;
  dataDir: string;
  /** Everything the server logged so far (a process: all it printed, stdout and stderr). */
  output(): string;
  stop(): Promise<unknown>;
}

export interface RunningServer extends TestServer {
  process: ChildProcess;
  /** SIGTERM and wait for exit; resolves the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const buildDirectory = path.resolve(process.env.BUILD_DIR ?? "build");

/** A loopback port nothing listens on now (the OS hands ports out in turn, so it stays free until the server takes it). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "smb-test-data-"));
}

export interface StartOptions {
  timeoutMs?: number;
  /** "default": a fresh PostgreSQL database when TEST_DATABASE_URL is set, else a fresh PGlite. */
  database?: "default" | "pglite";
}

export async function startServer(env: Record<string, string> = {}, { timeoutMs = 60_000, database = "default" }: StartOptions = {}): Promise<RunningServer> {
  const testDatabase = database === "default" && !env.DATABASE_URL && process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
  try {
    const port = env.PORT && env.PORT !== "0" ? env.PORT : String(await freePort());
    const addressed = { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env, PORT: port };
    const server = await spawnServer(testDatabase ? { DATABASE_URL: testDatabase.url, ...addressed } : addressed, timeoutMs);
    if (!testDatabase) return server;
    return {
      ...server,
      async stop(signal) {
        const code = await server.stop(signal);
        await testDatabase.drop();
        return code;
      },
    };
  } catch (error) {
    await testDatabase?.drop();
    throw error;
  }
}

/** A fresh, empty database on the PostgreSQL server of `baseUrl`, dropped by `drop()`. */
export async function createPostgresDatabase(baseUrl: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const name = `smb_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    /** Drops the database once; later calls (a server stopped twice) wait for the same drop. */
    drop() {
      dropped ??= (async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      })();
      return dropped;
    },
  };
}

/** A test server's settings: production on the built-in sandbox, any port, info logs, then the test's own. */
export function serverEnvDefaults(env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: "production",
    // The built-in sandbox unless the test gives a Paystack key (production refuses both, and neither).
    PAYMENTS_SANDBOX: env.PAYSTACK_SECRET_KEY ? "" : "true",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    REQUEST_LOGS: "false",
    BUILD_DIR: buildDirectory,
    // No spot checks unless a test asks for them (app/features/deliveries/spot-checks.server.db.test.ts).
    SPOT_CHECK_FIRST_COMPLETIONS: "0",
    SPOT_CHECK_ONE_IN: "0",
    ...env,
  };
}

function spawnServer(env: Record<string, string>, timeoutMs: number): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? makeDataDir();
  const child = spawn(process.execPath, ["server/start.js"], {
    env: { PATH: process.env.PATH, ...serverEnvDefaults(env), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const server: Omit<RunningServer, "url"> = {
    process: child,
    dataDir,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      // The start-up line, in JSON or human log lines alike (LOG_FORMAT).
      const port = /is listening on port (\d+)/.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve({ ...server, url: `http://127.0.0.1:${port}` });
    };
    child.stdout.on("data", onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new StartFailure(code, output));
    });
  });
}

export class StartFailure extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(`server exited with code ${exitCode} before listening:\n${output}`);
  }
}

/** Runs the server expecting it to refuse to start; resolves its exit code and output. */
export async function expectStartFailure(env: Record<string, string>, options?: StartOptions): Promise<StartFailure> {
  try {
    const server = await startServer(env, options);
    await server.stop();
  } catch (error) {
    if (error instanceof StartFailure) return error;
    throw error;
  }
  throw new Error("the server started although it should have refused to");
}
