import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "~/test/test-database";
import { type RowChange, ChangeFeed, listenOnPostgres, parseRowChange } from "./table-changes.server";

describe("parseRowChange", () => {
  it("reads the trigger's payload for the listener's own schema only", () => {
    expect(parseRowChange("public 42", "public")).toBe(42);
    expect(parseRowChange("public *", "public")).toBe("all");
    expect(parseRowChange("test_1_abc 42", "public")).toBeUndefined();
    expect(parseRowChange("public", "public")).toBeUndefined();
    expect(parseRowChange("public 4x", "public")).toBe("all");
    expect(parseRowChange("my schema 7", "my schema")).toBe(7);
    expect(parseRowChange("my schema 7", "schema")).toBeUndefined();
  });
});

describe.skipIf(!testDatabaseUrl)("listening on PostgreSQL", () => {
  const url = testDatabaseUrl ?? "";
  const applicationName = `smb-test-${randomUUID().slice(0, 8)}`;
  let admin: pg.Client;
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await testDatabase?.dispose();
  });

  it("hears its schema's changes, reconnects after its connection is killed, and stops when told", async () => {
    const heard: RowChange[] = [];
    const states: boolean[] = [];
    const schema = testDatabase.schema ?? "";
    const feed = new ChangeFeed((target) => listenOnPostgres(pg.Client, { connectionString: url, options: `-c search_path=${schema}`, application_name: applicationName }, "users", target));
    feed.watch({ changed: (change) => heard.push(change), watching: (isWatching) => states.push(isWatching) });
    await expect.poll(() => feed.isWatching, { timeout: 10_000 }).toBe(true);

    await admin.query("SELECT pg_notify('users_changed', $1), pg_notify('users_changed', 'public 6')", [`${schema} 5`]);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([5]);

    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [applicationName]);
    await expect.poll(() => states.includes(false, 2), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => feed.isWatching, { timeout: 10_000 }).toBe(true);
    await admin.query("SELECT pg_notify('users_changed', $1)", [`${schema} *`]);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([5, "all"]);

    await feed.close();
    expect(feed.isWatching).toBe(false);
    await expect.poll(async () => (await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1", [applicationName])).rows[0].n, { timeout: 5_000 }).toBe(0);
  });
});
