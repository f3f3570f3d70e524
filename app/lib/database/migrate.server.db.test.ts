import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "~/test/test-database";
import { openDatabase } from "./db.server";
import { applyMigrations, type MigrationFile, readMigrationFiles } from "./migrate.server";
import type { SqlClient } from "./sql-client.server";

const disposables: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(disposables.splice(0).map((dispose) => dispose()));
});

async function emptyDatabase(): Promise<TestDatabase> {
  const testDatabase = await createTestDatabase({ migrated: false });
  disposables.push(testDatabase.dispose);
  return testDatabase;
}

function migration(name: string, script: string): MigrationFile {
  return { name, script, checksum: createHash("sha256").update(script).digest("hex") };
}

interface MigrationRow extends Record<string, unknown> {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
  logs: string | null;
}

function recordedMigrations(sql: SqlClient) {
  return sql.query<MigrationRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count, logs
     FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
  );
}

async function tableExists(sql: SqlClient, table: string) {
  const [row] = await sql.query<{ found: string | null }>("SELECT to_regclass($1)::text AS found", [table]);
  return row.found !== null;
}

describe("applyMigrations", () => {
  it("applies every migration in prisma/migrations once, recording its sha256 checksum and finish time", async () => {
    const { database } = await emptyDatabase();
    const directory = path.resolve("prisma/migrations");
    const onDisk = fs
      .readdirSync(directory, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();

    const applied = await applyMigrations(database.sql);

    expect(applied).toEqual(onDisk);
    const rows = await recordedMigrations(database.sql);
    expect(rows.map((row) => row.migration_name)).toEqual(onDisk);
    for (const row of rows) {
      const bytes = fs.readFileSync(path.join(directory, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    expect(await tableExists(database.sql, "users")).toBe(true);
  });

  it("applies nothing on a second run and leaves the records as they were", async () => {
    const { database } = await emptyDatabase();
    await applyMigrations(database.sql);
    const before = await recordedMigrations(database.sql);

    expect(await applyMigrations(database.sql)).toEqual([]);
    expect(await recordedMigrations(database.sql)).toEqual(before);
  });

  it("applies only the migrations added since the last run, in name order", async () => {
    const { database } = await emptyDatabase();
    const first = migration("20260101000000_first", `CREATE TABLE "first" ("id" INTEGER NOT NULL);`);
    const second = migration("20260102000000_second", `ALTER TABLE "first" ADD COLUMN "note" TEXT;`);
    const third = migration("20260103000000_third", `CREATE TABLE "third" ("id" INTEGER NOT NULL);`);

    expect(await applyMigrations(database.sql, [first])).toEqual([first.name]);
    expect(await applyMigrations(database.sql, [first, second, third])).toEqual([second.name, third.name]);
    expect((await recordedMigrations(database.sql)).map((row) => row.migration_name)).toEqual([
      first.name,
      second.name,
      third.name,
    ]);
  });

  it("rolls back a failing migration completely and refuses later runs until it is repaired", async () => {
    const { database } = await emptyDatabase();
    const good = migration("20260101000000_good", `CREATE TABLE "kept" ("id" INTEGER NOT NULL);`);
    const bad = migration(
      "20260102000000_bad",
      `CREATE TABLE "half_done" ("id" INTEGER NOT NULL);\nCREATE INDEX "broken_idx" ON "no_such_table"("id");`,
    );
    const later = migration("20260103000000_later", `CREATE TABLE "later" ("id" INTEGER NOT NULL);`);

    await expect(applyMigrations(database.sql, [good, bad, later])).rejects.toThrow(
      /Migration 20260102000000_bad failed: .*no_such_table/,
    );

    // The good one stays; nothing of the failed script and nothing after it exists.
    expect(await tableExists(database.sql, "kept")).toBe(true);
    expect(await tableExists(database.sql, "half_done")).toBe(false);
    expect(await tableExists(database.sql, "later")).toBe(false);
    const rows = await recordedMigrations(database.sql);
    expect(rows.map((row) => [row.migration_name, row.finished_at === null])).toEqual([
      [good.name, false],
      [bad.name, true],
    ]);
    expect(rows[1].logs).toMatch(/no_such_table/);

    // Even a corrected script is refused: someone has to look at the database first.
    const repaired = migration(bad.name, `CREATE TABLE "half_done" ("id" INTEGER NOT NULL);`);
    await expect(applyMigrations(database.sql, [good, repaired, later])).rejects.toThrow(
      "Migration 20260102000000_bad failed earlier and was left half-applied. Repair the database, " +
        "then mark it rolled back in _prisma_migrations before starting again.",
    );
    expect(await tableExists(database.sql, "later")).toBe(false);
  });

  it("retries a failed migration once it is marked rolled back, as prisma migrate resolve does", async () => {
    const { database } = await emptyDatabase();
    const bad = migration("20260101000000_flaky", `CREATE TABLE "t" ("id" INTEGER NOT NULL); SELECT 1/0;`);
    await expect(applyMigrations(database.sql, [bad])).rejects.toThrow(/division by zero/);
    await database.sql.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, [
      bad.name,
    ]);

    const fixed = migration(bad.name, `CREATE TABLE "t" ("id" INTEGER NOT NULL);`);
    expect(await applyMigrations(database.sql, [fixed])).toEqual([fixed.name]);
    expect(await tableExists(database.sql, "t")).toBe(true);
  });

  it.runIf(testDatabaseUrl)(
    "applies each migration exactly once when two servers start on one fresh PostgreSQL schema at the same time",
    async () => {
      const { schema } = await emptyDatabase();
      const first = await openDatabase({ databaseUrl: testDatabaseUrl!, schema });
      const second = await openDatabase({ databaseUrl: testDatabaseUrl!, schema });
      disposables.push(first.close, second.close);
      // A slow step widens the window in which the second runner would see the migration as pending.
      const slow = migration("20990101000000_slow", `SELECT pg_sleep(0.3); CREATE TABLE "slow" ("id" INTEGER);`);
      const migrations = [...readMigrationFiles(), slow];

      const [appliedByFirst, appliedBySecond] = await Promise.all([
        applyMigrations(first.sql, migrations),
        applyMigrations(second.sql, migrations),
      ]);

      expect([...appliedByFirst, ...appliedBySecond].sort()).toEqual(migrations.map((each) => each.name).sort());
      const rows = await recordedMigrations(first.sql);
      expect(rows.map((row) => row.migration_name).sort()).toEqual(migrations.map((each) => each.name).sort());
      expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    },
  );
});
