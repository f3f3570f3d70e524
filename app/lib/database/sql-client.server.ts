import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * The small slice of SQL access that sits below Prisma: migrations, health checks and advisory
 * locks. One shape for both engines so callers never care which one runs.
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
}

export function sqlClientForPglite(database: PGlite): SqlClient {
  const client: SqlClient = {
    engine: "pglite",
    async query(text, params) {
      const result = await database.query(text, params);
      return result.rows as never;
    },
    async exec(script) {
      await database.exec(script);
    },
    // PGlite is a single connection already.
    withConnection: (work) => work(client),
  };
  return client;
}

export function sqlClientForPool(pool: pg.Pool): SqlClient {
  return {
    ...queriesOn(pool),
    async withConnection(work) {
      const connection = await pool.connect();
      try {
        const dedicated: SqlClient = { ...queriesOn(connection), withConnection: (inner) => inner(dedicated) };
        return await work(dedicated);
      } finally {
        connection.release();
      }
    },
  };
}

function queriesOn(queryable: pg.Pool | pg.PoolClient): Omit<SqlClient, "withConnection"> {
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
