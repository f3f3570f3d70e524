import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/**
 * A throw-away PostgreSQL 15 cluster of one test, so the test can stop and start "the database
 * under the app" without touching the shared server on 5432 that other tests use. It runs as the
 * `postgres` OS user (PostgreSQL refuses to run as root), in a temporary directory, on a free port,
 * with trust authentication on 127.0.0.1 only.
 */
export const postgresBinDirectory = process.env.PRIVATE_POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

/** Why the test cannot run here, or undefined when it can. */
export function privatePostgresUnavailableReason(): string | undefined {
  for (const binary of ["initdb", "postgres", "pg_ctl"]) {
    if (!fs.existsSync(path.join(postgresBinDirectory, binary))) return `${path.join(postgresBinDirectory, binary)} is missing`;
  }
  if (process.getuid?.() !== 0 && os.userInfo().username !== "postgres") return "needs root (to run PostgreSQL as the postgres user) or to be the postgres user";
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
  } catch {
    return "there is no postgres OS user to run the cluster as";
  }
  return undefined;
}

export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Immediate shutdown (`pg_ctl -m immediate`): backends die at once, as in a crash or failover. */
  stop(): Promise<void>;
  /** Starts the postmaster again on the same data and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes the data directory. */
  destroy(): Promise<void>;
}

const postgresUser = () => {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const { uid, gid } = postgresUser();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "smb-private-pg-"));
  fs.chmodSync(root, 0o755);
  const dataDirectory = path.join(root, "data");
  const socketDirectory = path.join(root, "socket");
  fs.mkdirSync(dataDirectory, { mode: 0o700 });
  fs.mkdirSync(socketDirectory);
  fs.chownSync(dataDirectory, uid, gid);
  fs.chownSync(socketDirectory, uid, gid);
  const asPostgres = { uid, gid, env: { PATH: process.env.PATH, LANG: "C", LC_ALL: "C" } };
  execFileSync(path.join(postgresBinDirectory, "initdb"), ["-D", dataDirectory, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"], { ...asPostgres, stdio: "ignore", timeout: 60_000 });

  const port = await freePort();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let postmaster: ChildProcess | undefined;
  let log = "";

  const start = async () => {
    // fsync off: the test checks the app's behaviour, not PostgreSQL's durability, and the disk is shared.
    const child = spawn(
      path.join(postgresBinDirectory, "postgres"),
      ["-D", dataDirectory, "-p", String(port), "-k", socketDirectory, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=50"],
      { ...asPostgres, stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (chunk) => (log += chunk));
    child.stderr?.on("data", (chunk) => (log += chunk));
    postmaster = child;
    await waitUntilAccepting(url, 30_000, () => (child.exitCode !== null ? `postgres exited with ${child.exitCode}:\n${log.slice(-2000)}` : undefined));
  };

  const stop = async () => {
    const child = postmaster;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      // Asynchronous: the test's own requests keep running while PostgreSQL goes down.
      await promisify(execFile)(path.join(postgresBinDirectory, "pg_ctl"), ["-D", dataDirectory, "-m", "immediate", "-w", "-t", "20", "stop"], { ...asPostgres, timeout: 30_000 });
    } catch {
      child.kill("SIGKILL");
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    postmaster = undefined;
  };

  await start();
  return {
    url,
    port,
    stop,
    start,
    async destroy() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

async function waitUntilAccepting(url: string, timeoutMs: number, failure: () => string | undefined) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failure();
    if (reason) throw new Error(reason);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`private PostgreSQL did not accept connections within ${timeoutMs} ms: ${String(error)}`);
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
