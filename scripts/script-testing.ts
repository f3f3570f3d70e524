import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";
import { buildDirectory, createPostgresDatabase, makeDataDir } from "../server/testing/spawn-server";

const run = promisify(execFile);
export const postgresUrl = process.env.TEST_DATABASE_URL;

/** A database of the test file's own for the command: a fresh PostgreSQL database with TEST_DATABASE_URL, else a PGlite folder. */
export function commandDatabase() {
  const state = { env: {} as Record<string, string> };
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (postgresUrl) {
      const database = await createPostgresDatabase(postgresUrl);
      state.env = { DATABASE_URL: database.url };
      dropDatabase = database.drop;
    } else {
      state.env = { DATA_DIR: makeDataDir() };
    }
  });
  afterAll(async () => {
    await dropDatabase?.();
  });
  return state;
}

/** Runs `node scripts/<script>` as an operator would, on the test build: its exit code and output. */
export function runCommand(script: string, args: string[], databaseEnv: Record<string, string>): Promise<{ code: number; output: string }> {
  return run(process.execPath, [`scripts/${script}`, ...args], {
    env: { PATH: process.env.PATH, BUILD_DIR: buildDirectory, SESSION_SECRET: "s".repeat(40), NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1", PAYMENTS_SANDBOX: "true", ...databaseEnv },
  }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
}
