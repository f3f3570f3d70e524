import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { PrismaClient } from "~/generated/prisma/client";

/**
 * SQL access below Prisma: migrations, health checks, locks, the hottest reads and every state owner's
 * writes. `SqlQueries` is the one type a service that works in its caller's transaction takes
 * (decision 0055). One shape for both engines so callers never care which one runs.
 *
 * Timestamps: the schema's columns are `timestamp` without a time zone, holding UTC. node-postgres
 * would read and write them in the process's local time, so statements pass them as ISO strings
 * (`toISOString()`) and read them back formatted the same way (`isoTimestamp` below), or, in reads of
 * many rows, as seconds since 1970 that JS formats (`epochSeconds`, `isoFromEpochSeconds`).
 */
export interface SqlClient {
  readonly engine: "pglite" | "postgresql";
  /**
   * `statementName`: PostgreSQL parses and plans the statement once per connection and reuses it, for
   * the statements every request runs (the session lookup). One name, one text.
   */
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[], options?: { statementName?: string }): Promise<Row[]>;
  /** Runs a multi-statement script (a migration file) in one round trip. */
  exec(script: string): Promise<void>;
  /** Runs `work` on one dedicated connection, so session-level locks and transactions hold. */
  withConnection<T>(work: (connection: SqlClient) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it
   * throws (the error goes on). On PGlite, other queries wait until it ends. A transaction inside
   * `work` is the same transaction (no savepoints).
   */
  transaction<T>(work: (transaction: SqlClient) => Promise<T>): Promise<T>;
}

/** Statements alone: what a writer that runs inside its caller's transaction needs. */
export type SqlQueries = Pick<SqlClient, "query">;

/**
 * A Prisma client or interactive transaction as `SqlQueries`, so a writer written in SQL serves
 * callers in Prisma transactions too. Parameters should carry casts (`$1::int`): Prisma types them
 * from their JavaScript values, node-postgres leaves them to PostgreSQL.
 */
export function sqlOfPrisma(db: Pick<PrismaClient, "$queryRawUnsafe">): SqlQueries {
  return { query: (text, params = []) => db.$queryRawUnsafe(text, ...params) };
}

/**
 * The parameters of one statement put together from parts written in different modules (a
 * settlement's CTE and an order transition's UPDATE): each part asks here for its values'
 * placeholders, so no part needs to know how many the others use.
 */
export class StatementParameters {
  readonly values: unknown[] = [];

  /** `$n::cast` for `value`, n the next free number. */
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/**
 * Writes whose answers nobody reads, put together by different modules with one StatementParameters
 * (null: a module had nothing to write), sent as one statement, each write a CTE of it: one round
 * trip for all of them. The writes run on one snapshot, so none may need another's rows.
 */
export async function writeTogether(sql: SqlQueries, parameters: StatementParameters, writes: readonly (string | null)[]): Promise<void> {
  const parts = writes.filter((write): write is string => write !== null);
  if (parts.length === 0) return;
  const statement = parts.length === 1 ? parts[0] : `WITH ${parts.map((part, index) => `write${index} AS (${part})`).join(",\n")}\nSELECT 1`;
  await sql.query(statement, parameters.values);
}

/** A unique index refused the row: PostgreSQL's SQLSTATE 23505, which both engines report (decision 0029). */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "23505";

/** Constant enum values (a transition's statuses, never input) as the list of a statement's IN (…). */
export const sqlValueList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");

/** A `timestamp` column as `toISOString()` writes it (see above), for a statement's select list. */
export const isoTimestamp = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A `timestamp` column as seconds since 1970 (a float8 both engines return as a number), for the hot
 * reads that return many rows, where formatting each value in PostgreSQL (`to_char`) is a large part
 * of the statement's cost (bench/README.md, the order list). `isoFromEpochSeconds` writes it.
 */
export const epochSeconds = (column: string) => `date_part('epoch', ${column})`;

/**
 * An `epochSeconds` value as `toISOString()` writes it. The columns keep whole milliseconds, so
 * rounding to the millisecond undoes the float's last-digit error (1085498166.199 s × 1000 =
 * 1085498166198.9999 ms).
 */
export function isoFromEpochSeconds(seconds: number): string;
export function isoFromEpochSeconds(seconds: number | null): string | null;
export function isoFromEpochSeconds(seconds: number | null): string | null {
  return seconds === null ? null : new Date(Math.round(seconds * 1000)).toISOString();
}

/**
 * How long one transaction's statement may run or wait for a lock on PostgreSQL, as Prisma's
 * interactive transactions are bounded (transaction-options.ts): a stuck transaction frees its
 * connection instead of holding it.
 */
const statementTimeoutMs = 20_000;

export function sqlClientForPglite(database: PGlite): SqlClient {
  const client: SqlClient = {
    ...pgliteQueries(database),
    // PGlite is a single connection already.
    withConnection: (work) => work(client),
    // PGlite's own transaction makes every other query wait for it to end.
    transaction: (work) => database.transaction((transaction) => work(clientInTransaction(pgliteQueries(transaction)))),
  };
  return client;
}

type PgliteTransaction = Parameters<Parameters<PGlite["transaction"]>[0]>[0];

/** A client's statements, without its ways to hold a connection. */
type Statements = Omit<SqlClient, "withConnection" | "transaction">;

/** A client on a connection already in a transaction: what runs inside it stays in it. */
function clientInTransaction(statements: Statements): SqlClient {
  const client: SqlClient = { ...statements, withConnection: (work) => work(client), transaction: (work) => work(client) };
  return client;
}

function pgliteQueries(queryable: PGlite | PgliteTransaction): Statements {
  return {
    engine: "pglite",
    async query(text, params) {
      const result = await queryable.query(text, params);
      return result.rows as never;
    },
    async exec(script) {
      await queryable.exec(script);
    },
  };
}

export function sqlClientForPool(pool: pg.Pool): SqlClient {
  return {
    ...queriesOn(pool),
    async withConnection(work) {
      const connection = await pool.connect();
      try {
        return await work(sqlClientOnConnection(connection));
      } finally {
        connection.release();
      }
    },
    async transaction(work) {
      const connection = await pool.connect();
      let broken: Error | undefined;
      try {
        return await inTransaction(connection, work, (rollbackError) => (broken = rollbackError));
      } finally {
        // A connection that could not even roll back is dropped by the pool instead of reused.
        connection.release(broken);
      }
    },
  };
}

function sqlClientOnConnection(connection: pg.PoolClient): SqlClient {
  const client: SqlClient = { ...queriesOn(connection), withConnection: (work) => work(client), transaction: (work) => inTransaction(connection, work) };
  return client;
}

async function inTransaction<T>(connection: pg.PoolClient, work: (transaction: SqlClient) => Promise<T>, onRollbackFailed = (_error: Error) => {}): Promise<T> {
  const transaction = clientInTransaction(queriesOn(connection));
  // One round trip for both (the simple protocol runs them in order).
  await connection.query(`BEGIN; SET LOCAL statement_timeout = ${statementTimeoutMs}`);
  try {
    const result = await work(transaction);
    await connection.query("COMMIT");
    return result;
  } catch (error) {
    await connection.query("ROLLBACK").catch(onRollbackFailed);
    throw error;
  }
}

function queriesOn(queryable: pg.Pool | pg.PoolClient): Statements {
  return {
    engine: "postgresql",
    async query(text, params, options) {
      const result = options?.statementName ? await queryable.query({ name: options.statementName, text, values: params }) : await queryable.query(text, params);
      return result.rows;
    },
    async exec(script) {
      await queryable.query(script);
    },
  };
}
