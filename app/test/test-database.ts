import { randomUUID } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "~/lib/database/db.server";
import { applyMigrations } from "~/lib/database/migrate.server";
import { pgliteFromTemplate } from "./pglite-template";

/**
 * A migrated database of its own for each test (or suite), on either engine:
 *
 * - default: embedded PGlite, each one started from a migrated template (see pglite-template.ts),
 *   which is what PGlite's own clone() does, in ~0.3 s instead of initdb's 2-4 s.
 * - `TEST_DATABASE_URL` set: a new, uniquely named schema in that PostgreSQL, migrated by the same
 *   runner the server uses, and dropped again on dispose.
 *
 *     const { database, dispose } = await createTestDatabase();
 *     afterAll(dispose);
 *
 * Services read the process-wide database through getPrisma(); a test of a service calls
 * setDatabase(database) first.
 */
export interface TestDatabase {
  database: Database;
  /** The PostgreSQL schema holding the tables; undefined on PGlite. */
  schema?: string;
  /** Closes every connection and throws the data away. Safe to call twice. */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** false: an empty database, for testing the migration runner itself. Default true. */
  migrated?: boolean;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export function createTestDatabase({ migrated = true }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  return testDatabaseUrl
    ? createPostgresSchemaDatabase(testDatabaseUrl, migrated)
    : createPgliteDatabase(migrated);
}

// --- PGlite -----------------------------------------------------------------------------------

async function createPgliteDatabase(migrated: boolean): Promise<TestDatabase> {
  const pglite = await pgliteFromTemplate(migrated ? "migrated" : "empty");
  const database = await openDatabase({ pglite });
  return { database, dispose: once(() => database.close()) };
}

// --- PostgreSQL -------------------------------------------------------------------------------

async function createPostgresSchemaDatabase(databaseUrl: string, migrated: boolean): Promise<TestDatabase> {
  // Lower-case letters, digits and underscores only, so the name never needs quoting by hand.
  const schema = `test_${process.pid}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await runAsAdmin(databaseUrl, `CREATE SCHEMA "${schema}"`);
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl, schema });
    if (migrated) await applyMigrations(database.sql);
  } catch (error) {
    await database?.close();
    await runAsAdmin(databaseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    throw error;
  }
  const opened = database;
  return {
    database: opened,
    schema,
    dispose: once(async () => {
      await opened.close();
      await runAsAdmin(databaseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    }),
  };
}

/** Runs one statement on its own connection (creating and dropping schemas). */
export async function runAsAdmin(databaseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function once(work: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= work());
}
