// The two databases a scenario runs on, behind one shape: the app's environment for it, and a way
// for the bench itself to run SQL on it (seeding before a run, integrity checks after).
//
// - PostgreSQL: a fresh database on BENCH_DATABASE_URL's server (created and dropped, as
//   completions.js does). The bench's own connection may be used while the app runs.
// - PGlite: a fresh DATA_DIR. PGlite is a single-process database and the app holds a lock on it,
//   so the bench opens it with @electric-sql/pglite only while the app is stopped (`withSql`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "./completions.js";

const postgresUrl = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test";

/** "pglite" | "postgres" → { name, label, appEnvironment, withSql(fn), describe(), drop() }. */
export async function openBenchDatabase(kind) {
  return kind === "postgres" ? openPostgres() : openPglite();
}

async function openPostgres() {
  const database = await createDatabase(postgresUrl);
  const version = (await database.query("SHOW server_version")).rows[0].server_version;
  return {
    name: "postgres",
    label: `PostgreSQL ${version.split(" ")[0]}`,
    description: `PostgreSQL ${version}, a fresh database created for the run and dropped after; the app's pool of 10 connections`,
    appEnvironment: { DATABASE_URL: database.url },
    // The app may be running: PostgreSQL serves both.
    withSql: (use) => use((sql, parameters) => database.query(sql, parameters)),
    drop: () => database.drop(),
  };
}

async function openPglite() {
  const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "smb-bench-pglite-"));
  const { PGlite } = await import("@electric-sql/pglite");
  return {
    name: "pglite",
    label: "PGlite",
    description: "PGlite (embedded, in the app process), a fresh DATA_DIR created for the run and deleted after",
    appEnvironment: { DATA_DIR: dataDirectory },
    /** Only while the app is stopped: the app's PGlite lives in <DATA_DIR>/pglite and is locked by it. */
    async withSql(use) {
      const pglite = await PGlite.create(path.join(dataDirectory, "pglite"));
      try {
        return await use((sql, parameters) => pglite.query(sql, parameters));
      } finally {
        await pglite.close();
      }
    },
    async drop() {
      fs.rmSync(dataDirectory, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** Several statements in one string, run one after the other (pg's extended protocol takes one per call). */
export async function runStatements(query, statements) {
  for (const statement of statements) await query(statement);
}

/**
 * User + system CPU seconds of the PostgreSQL server on this machine so far (Linux /proc): every live
 * `postgres` process's own time, plus the time of backends that have exited, which the postmaster
 * (the one whose parent is not postgres) holds as its children's (cutime + cstime). Without the
 * latter a connection closing during a measurement takes its CPU out of the sum.
 */
export function postgresCpuSeconds() {
  let seconds = 0;
  const processes = new Map();
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      // Fields after the command name: state, ppid, ... utime (12th), stime, cutime, cstime, in ticks (100/s).
      processes.set(pid, fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "));
    } catch {
      // the process ended between the listing and the read
    }
  }
  for (const fields of processes.values()) {
    seconds += (Number(fields[11]) + Number(fields[12])) / 100;
    if (!processes.has(fields[1])) seconds += (Number(fields[13]) + Number(fields[14])) / 100;
  }
  return seconds;
}
