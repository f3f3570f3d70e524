import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import { epochSeconds, isoFromEpochSeconds, isoTimestamp, type SqlQueries, sqlOfPrisma, StatementParameters, writeTogether } from "./sql-client.server";

// On PGlite by default, on PostgreSQL when TEST_DATABASE_URL is set (test-database.ts).
let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase?.dispose());

describe("SqlClient.transaction", () => {
  beforeAll(async () => {
    await testDatabase.database.sql.exec("CREATE TABLE sql_client_probe (id int PRIMARY KEY, note text)");
  });
  const sql = () => testDatabase.database.sql;
  const notes = async () => (await sql().query<{ note: string }>("SELECT note FROM sql_client_probe ORDER BY id")).map((row) => row.note);

  it("commits what the work wrote when it resolves, and answers what it returned", async () => {
    const answer = await sql().transaction(async (transaction) => {
      await transaction.query("INSERT INTO sql_client_probe VALUES ($1::int, $2::text)", [1, "kept"]);
      return (await transaction.query<{ count: number }>("SELECT count(*)::int AS count FROM sql_client_probe"))[0].count;
    });
    expect(answer).toBe(1);
    expect(await notes()).toEqual(["kept"]);
  });

  it("rolls back everything the work wrote when it throws, passes the error on, and the next transaction works", async () => {
    const failure = sql().transaction(async (transaction) => {
      await transaction.query("INSERT INTO sql_client_probe VALUES ($1::int, $2::text)", [2, "lost"]);
      await transaction.query("INSERT INTO sql_client_probe VALUES ($1::int, $2::text)", [1, "duplicate key"]);
    });
    await expect(failure).rejects.toMatchObject({ code: "23505" });
    await sql().transaction((transaction) => transaction.query("INSERT INTO sql_client_probe VALUES (3, 'after')"));
    expect(await notes()).toEqual(["kept", "after"]);
  });

  it("keeps concurrent transactions apart: a locked row's second writer sees the first one's commit", async () => {
    await sql().query("INSERT INTO sql_client_probe VALUES (10, '0')");
    const increment = () =>
      sql().transaction(async (transaction) => {
        const [row] = await transaction.query<{ note: string }>("SELECT note FROM sql_client_probe WHERE id = 10 FOR UPDATE");
        await transaction.query("UPDATE sql_client_probe SET note = $1::text WHERE id = 10", [String(Number(row.note) + 1)]);
      });
    await Promise.all(Array.from({ length: 10 }, increment));
    expect((await sql().query<{ note: string }>("SELECT note FROM sql_client_probe WHERE id = 10"))[0].note).toBe("10");
  });

  it("sqlOfPrisma runs the same cast statements inside a Prisma transaction, which rolls them back with it", async () => {
    const at = new Date("2026-11-26T18:30:00.123Z");
    const rolledBack = testDatabase.database.prisma.$transaction(async (transaction) => {
      await sqlOfPrisma(transaction).query("INSERT INTO sql_client_probe VALUES ($1::int, $2::text)", [20, "in prisma"]);
      throw new Error("undo");
    });
    await expect(rolledBack).rejects.toThrow("undo");
    const [read] = await sqlOfPrisma(testDatabase.database.prisma).query<{ at: string; missing: number }>(
      `SELECT ${isoTimestamp("$1::timestamp")} AS at, (SELECT count(*)::int FROM sql_client_probe WHERE id = 20) AS missing`,
      [at.toISOString()],
    );
    // A UTC instant goes in and comes back as the same ISO string, whatever the process's time zone.
    expect(read).toEqual({ at: at.toISOString(), missing: 0 });
  });
});

describe("epochSeconds", () => {
  it("reads a timestamp back as isoTimestamp does, to the millisecond, and a null as null", async () => {
    const instants = ["2004-05-25T15:16:06.199Z", "2026-11-28T01:59:59.999Z", "1999-12-31T23:59:59.001Z", "2026-03-01T00:00:00.000Z", "2038-01-19T03:14:08.123Z"];
    for (const instant of instants) {
      const [read] = await testDatabase.database.sql.query<{ seconds: number; iso: string; missing: number | null }>(
        `SELECT ${epochSeconds("$1::timestamp(3)")} AS seconds, ${isoTimestamp("$1::timestamp(3)")} AS iso, ${epochSeconds("NULL::timestamp(3)")} AS missing`,
        [instant],
      );
      expect(typeof read.seconds).toBe("number");
      expect(isoFromEpochSeconds(read.seconds)).toBe(instant);
      expect(read.iso).toBe(instant);
      expect(isoFromEpochSeconds(read.missing)).toBeNull();
    }
  });
});

describe("writeTogether", () => {
  beforeAll(async () => {
    await testDatabase.database.sql.exec("CREATE TABLE write_together_probe (id int PRIMARY KEY, note text, at timestamp)");
  });
  const sql = () => testDatabase.database.sql;
  const insert = (parameters: StatementParameters, id: number, note: string) =>
    `INSERT INTO write_together_probe VALUES (${parameters.add(id, "int")}, ${parameters.add(note, "text")}, ${parameters.add("2026-11-28T05:00:00.000Z", "timestamp")})`;
  const rows = () => sql().query<{ id: number; note: string }>("SELECT id, note FROM write_together_probe ORDER BY id");

  it("sends the writes of several parts, numbered by one StatementParameters, as one statement; a part with nothing to write is left out", async () => {
    const parameters = new StatementParameters();
    const writes = [insert(parameters, 1, "receipt"), null, insert(parameters, 2, "task")];
    expect(parameters.values).toEqual([1, "receipt", "2026-11-28T05:00:00.000Z", 2, "task", "2026-11-28T05:00:00.000Z"]);
    const statements: string[] = [];
    const counting: SqlQueries = {
      query: (text, values, options) => {
        statements.push(text);
        return sql().query(text, values, options);
      },
    };
    await writeTogether(counting, parameters, writes);
    expect(statements).toHaveLength(1);
    expect(await rows()).toEqual([{ id: 1, note: "receipt" }, { id: 2, note: "task" }]);

    const alone = new StatementParameters();
    await writeTogether(counting, alone, [null, insert(alone, 3, "alone")]);
    await writeTogether(counting, new StatementParameters(), [null]);
    expect(statements).toHaveLength(2);
    expect((await rows()).map((row) => row.note)).toEqual(["receipt", "task", "alone"]);
  });

  it("writes all or nothing: one failing write leaves the other unwritten", async () => {
    const parameters = new StatementParameters();
    await expect(writeTogether(sql(), parameters, [insert(parameters, 4, "new"), insert(parameters, 1, "duplicate id")])).rejects.toThrow();
    expect((await rows()).map((row) => row.id)).toEqual([1, 2, 3]);
  });
});
