import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, setDatabase } from "~/lib/database/db.server";
import { StatementParameters } from "~/lib/database/sql-client.server";
import { createTestDatabase } from "~/test/test-database";
import { countRecentEvents, countWithinLimits, deleteExpiredEvents, msUntilBelowLimit, msUntilBelowLimits, recordEvent, recordEvents, takeWithinLimits } from "./rate-limit.server";

describe("rate-limit events", () => {
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const testDatabase = await createTestDatabase();
    setDatabase(testDatabase.database);
    dispose = testDatabase.dispose;
  });
  afterAll(async () => {
    setDatabase(undefined);
    await dispose?.();
  });

  it("counts events of one bucket and key inside the window", async () => {
    await recordEvent("login-failure:email", "ama@example.com");
    await recordEvent("login-failure:email", "ama@example.com");
    await recordEvent("login-failure:email", "kofi@example.com");
    expect(await countRecentEvents("login-failure:email", "ama@example.com", 60_000)).toBe(2);
  });

  it("deletes events older than 24 hours and keeps newer ones", async () => {
    const dayAndAMinuteLater = Date.now() + 24 * 60 * 60 * 1000 + 60_000;
    expect(await deleteExpiredEvents(Date.now())).toBe(0);
    expect(await deleteExpiredEvents(dayAndAMinuteLater)).toBe(3);
    expect(await countRecentEvents("login-failure:email", "ama@example.com", 60_000)).toBe(0);
  });

  it("answers each limit's wait in one read: until the limit-th newest event leaves the window, 0 below the limit", async () => {
    const before = Date.now();
    await recordEvents([
      { bucket: "probe:a", key: "1" },
      { bucket: "probe:a", key: "1" },
      { bucket: "probe:b", key: "1" },
    ]);
    const now = Date.now();
    const hour = 60 * 60 * 1000;
    const [twoOfTwo, oneOfTwo, otherKey, shortWindow] = await msUntilBelowLimits(
      [
        { bucket: "probe:a", key: "1", windowMs: hour, limit: 2 },
        { bucket: "probe:b", key: "1", windowMs: hour, limit: 2 },
        { bucket: "probe:a", key: "2", windowMs: hour, limit: 1 },
        { bucket: "probe:a", key: "1", windowMs: 1, limit: 1 },
      ],
      undefined,
      now + 10,
    );
    // The 2nd newest of probe:a leaves the hour about an hour after it was recorded.
    expect(twoOfTwo).toBeGreaterThan(hour - (now + 10 - before) - 1_000);
    expect(twoOfTwo).toBeLessThanOrEqual(hour);
    expect([oneOfTwo, otherKey, shortWindow]).toEqual([0, 0, 0]);
    expect(await msUntilBelowLimit("probe:a", "1", hour, 3)).toBe(0);
    expect(await msUntilBelowLimit("probe:a", "1", hour, 1)).toBeGreaterThan(0);
  });
  it("counts an event under every limit in the statement that checks them, and none while any limit is reached", async () => {
    const hour = 60 * 60 * 1000;
    const limits = (perHour: number) => [
      { bucket: "probe:count", key: "order-7", windowMs: hour, limit: 2 },
      { bucket: "probe:count", key: "client-3", windowMs: hour, limit: perHour },
    ];
    expect(await countWithinLimits(limits(5))).toEqual([0, 0]);
    expect(await countWithinLimits(limits(5))).toEqual([0, 0]);
    expect([await countRecentEvents("probe:count", "order-7", hour), await countRecentEvents("probe:count", "client-3", hour)]).toEqual([2, 2]);

    // The order's limit of 2 is reached: its wait is answered, and the client's key is not counted either.
    const [orderWait, clientWait] = await countWithinLimits(limits(5));
    expect(orderWait).toBeGreaterThan(hour - 60_000);
    expect(orderWait).toBeLessThanOrEqual(hour);
    expect(clientWait).toBe(0);
    expect([await countRecentEvents("probe:count", "order-7", hour), await countRecentEvents("probe:count", "client-3", hour)]).toEqual([2, 2]);
    expect(await countWithinLimits([])).toEqual([]);
  });

  it("inserts the caller's row in the same statement, on the same condition: no limit reached", async () => {
    await getDatabase().sql.exec("CREATE TABLE count_probe_rows (note text NOT NULL)");
    const hour = 60 * 60 * 1000;
    const countWithRow = (note: string) => {
      const parameters = new StatementParameters();
      return countWithinLimits([{ bucket: "probe:row", key: "order-9", windowMs: hour, limit: 1 }], getDatabase().sql, {
        parameters,
        alsoInsert: { into: "count_probe_rows", columns: "note", values: parameters.add(note, "text") },
      });
    };
    expect(await countWithRow("first")).toEqual([0]);
    expect((await countWithRow("second"))[0]).toBeGreaterThan(0);
    expect(await getDatabase().sql.query("SELECT note FROM count_probe_rows")).toEqual([{ note: "first" }]);
    expect(await countRecentEvents("probe:row", "order-9", hour)).toBe(1);
  });

  it("takeWithinLimits counts exactly the limit of 30 concurrent callers, each limit of a shared key once (issue #49)", async () => {
    const hour = 60 * 60 * 1000;
    const limits = (caller: number) => [
      { bucket: "probe:take", key: "shared", windowMs: hour, limit: 3 },
      { bucket: "probe:take-own", key: `caller-${caller}`, windowMs: hour, limit: 1 },
    ];
    const waits = await Promise.all(Array.from({ length: 30 }, (_, caller) => takeWithinLimits(limits(caller))));
    expect(waits.filter((wait) => wait.every((ms) => ms === 0))).toHaveLength(3);
    expect(await countRecentEvents("probe:take", "shared", hour)).toBe(3);
    // A refused caller counted nothing under its own key either: its limits are one step.
    const ownCounts = await Promise.all(Array.from({ length: 30 }, (_, caller) => countRecentEvents("probe:take-own", `caller-${caller}`, hour)));
    expect(ownCounts.reduce((sum, count) => sum + count, 0)).toBe(3);
  });
});
