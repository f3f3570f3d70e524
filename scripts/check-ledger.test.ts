import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/database/db.server";
import { buildDirectory, createPostgresDatabase, makeDataDir } from "../server/testing/spawn-server";

const run = promisify(execFile);
const postgresUrl = process.env.TEST_DATABASE_URL;

describe("npm run check-ledger", () => {
  let databaseEnv: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (postgresUrl) {
      const database = await createPostgresDatabase(postgresUrl);
      databaseEnv = { DATABASE_URL: database.url };
      dropDatabase = database.drop;
    } else {
      databaseEnv = { DATA_DIR: makeDataDir() };
    }
  });
  afterAll(async () => {
    await dropDatabase?.();
  });

  const checkLedger = (...args: string[]) =>
    run(process.execPath, ["scripts/check-ledger.js", ...args], {
      env: { PATH: process.env.PATH, BUILD_DIR: buildDirectory, SESSION_SECRET: "s".repeat(40), NODE_ENV: "production", PAYMENTS_SANDBOX: "true", ...databaseEnv },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );

  it("says a sound ledger is sound, and names a broken rule with exit code 1", async () => {
    const sound = await checkLedger();
    expect(sound.code).toBe(0);
    expect(sound.output).toContain("ok   payouts without exactly one reservation of their amount");
    expect(sound.output.trim().split("\n").at(-1)).toBe("The ledger is sound.");

    // A worker credited out of nowhere into a negative balance: written behind the ledger module's back.
    const database = await openDatabase(databaseEnv.DATABASE_URL ? { databaseUrl: databaseEnv.DATABASE_URL } : { dataDir: databaseEnv.DATA_DIR! });
    try {
      const worker = await database.prisma.user.create({ data: { email: "w@example.com", username: "w", usernameLower: "w", fullName: "W", role: "worker", passwordHash: "x" } });
      await database.prisma.ledgerEntry.create({ data: { userId: worker.id, kind: "adjustment", amountMinor: -100, currency: "GHS", idempotencyKey: "test:broken" } });
    } finally {
      await database.close();
    }

    const broken = await checkLedger("--json");
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.output).filter((result: { offending: number }) => result.offending > 0)).toEqual([{ rule: "users with a negative available balance", offending: 1 }]);
  });
});
