import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toErrorResponse } from "~/lib/api-response.server";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "~/test/test-database";
import { type Database, openDatabase } from "./db.server";

/*
 * Issue #17: a burst of requests queues for the database's connections. Waiting makes the store
 * slower; a wait past its bound answers 503 with Retry-After; neither is ever a 500. (Prisma's default
 * transaction maxWait of 2 s used to fail bursts with P2028, answered 500.)
 */

/** Runs an interactive transaction that holds its connection for `seconds`. */
const holdConnection = (database: Database, seconds: number) => database.prisma.$transaction((transaction) => transaction.$executeRawUnsafe(`SELECT pg_sleep(${seconds})`));

describe("waiting for a database connection", () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterAll(() => testDatabase?.dispose());

  it("queues a transaction behind a busy connection for longer than Prisma's default 2 s", async () => {
    // On PGlite the one connection is the queue; on PostgreSQL the pool of 10 has room, so a smaller
    // pool of one connection plays the busy moment.
    const database = testDatabase.schema ? await openDatabase({ databaseUrl: testDatabaseUrl!, schema: testDatabase.schema, pool: { max: 1, connectionTimeoutMillis: 10_000 } }) : testDatabase.database;
    try {
      const startedAt = Date.now();
      const busy = holdConnection(database, 2.5);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const queued = database.prisma.$transaction((transaction) => transaction.user.count());
      await expect(queued).resolves.toBe(0);
      await busy;
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_400);
    } finally {
      if (database !== testDatabase.database) await database.close();
    }
  }, 20_000);

  it.skipIf(!testDatabaseUrl)("answers 503 with Retry-After, not 500, when a wait for a pooled connection runs out", async () => {
    const database = await openDatabase({ databaseUrl: testDatabaseUrl!, schema: testDatabase.schema, pool: { max: 2, connectionTimeoutMillis: 500 } });
    try {
      const busy = [holdConnection(database, 2), holdConnection(database, 2)];
      await new Promise((resolve) => setTimeout(resolve, 200));
      // A transaction (as a completion or a payment opens one) and a plain query (as a page reads).
      const failures = await Promise.all([database.prisma.$transaction((transaction) => transaction.user.count()).catch((error: unknown) => error), database.prisma.user.count().catch((error: unknown) => error)]);
      await Promise.all(busy);
      for (const failure of failures) {
        expect(failure).toBeInstanceOf(Error);
        const response = toErrorResponse(failure);
        expect(response.status, String(failure)).toBe(503);
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await response.json()).toEqual({ message: expect.stringMatching(/temporarily unavailable/) });
      }
      // Once the burst is over, the same pool answers again.
      await expect(database.prisma.user.count()).resolves.toBe(0);
    } finally {
      await database.close();
    }
  }, 20_000);
});
