import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaClient } from "~/generated/prisma/client";
import { lockDataDirectory } from "./pglite-lock.server";
import { type SqlClient, sqlClientForPglite, sqlClientForPool } from "./sql-client.server";
import { burstTransactionOptions } from "./transaction-options";
import { ChangeFeed, type ChangingTable, listenOnPglite, listenOnPostgres } from "./table-changes.server";

export interface Database {
  prisma: PrismaClient;
  sql: SqlClient;
  /** Changes to `users` rows by every process on this database (table-changes.server.ts). */
  userChanges: ChangeFeed;
  /** Changes to the catalogue (`services`) by every process on this database. */
  serviceChanges: ChangeFeed;
  close(): Promise<void>;
}

/** The PostgreSQL pool: how many connections, and how long a query or transaction may wait for one. */
export interface PoolSettings {
  max: number;
  connectionTimeoutMillis: number;
}

/**
 * 10 connections per process (several processes on one PostgreSQL stay well under its default
 * max_connections of 100). A request that finds them all busy queues; after 10 s of waiting it fails
 * with "timeout exceeded when trying to connect", which answers 503 with Retry-After
 * (database-unavailable.ts): a burst makes the store slower, and past the bound says "try again",
 * never 500. The same bound answers 503 when PostgreSQL is unreachable (silent, not refusing).
 */
export const defaultPoolSettings: PoolSettings = { max: 10, connectionTimeoutMillis: 10_000 };

export type DatabaseLocation =
  | { databaseUrl: string; schema?: string; pool?: PoolSettings }
  | { dataDir: string }
  | { pglite: PGlite };

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/pglite`. Each engine's
 * driver is imported only when it is used, which keeps start-up short (cold start is measured).
 */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ("databaseUrl" in location) return openPostgres(location.databaseUrl, location.schema, location.pool);
  if ("pglite" in location) return wrapPglite(location.pglite, async () => {});
  const directory = path.join(location.dataDir, "pglite");
  const lock = lockDataDirectory(directory);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = await PGlite.create(directory);
    return await wrapPglite(pglite, async () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function wrapPglite(pglite: PGlite, afterClose: () => Promise<void>): Promise<Database> {
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  // PGlite is one connection: concurrent transactions queue on it, hence the same generous maxWait.
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: burstTransactionOptions });
  const userChanges = new ChangeFeed((feed) => listenOnPglite(pglite, "users", feed));
  const serviceChanges = new ChangeFeed((feed) => listenOnPglite(pglite, "services", feed));
  return {
    prisma,
    sql: sqlClientForPglite(pglite),
    userChanges,
    serviceChanges,
    async close() {
      await Promise.all([userChanges.close(), serviceChanges.close()]);
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
      await afterClose();
    },
  };
}

async function openPostgres(databaseUrl: string, explicitSchema?: string, poolSettings = defaultPoolSettings): Promise<Database> {
  const [{ default: pg }, { PrismaPg }] = await Promise.all([import("pg"), import("@prisma/adapter-pg")]);
  const { connectionString, schema } = splitSchemaFromUrl(databaseUrl, explicitSchema);
  // search_path on every pooled connection puts unqualified names (the migration runner's tables,
  // enum types, raw SQL) in the schema; Prisma itself qualifies names through the adapter option.
  const searchPath = schema ? { options: `-c search_path=${quoteIdentifier(schema)}` } : {};
  // A bounded wait for a connection (defaultPoolSettings); keepAlive notices connections that died silently.
  const pool = new pg.Pool({ connectionString, ...poolSettings, keepAlive: true, ...searchPath });
  const listen = (table: ChangingTable) => (feed: ChangeFeed) =>
    listenOnPostgres(pg.Client, { connectionString, ...searchPath, application_name: `smb ${table}_changed` }, table, feed);
  const userChanges = new ChangeFeed(listen("users"));
  const serviceChanges = new ChangeFeed(listen("services"));
  // An idle connection dropped by the network must not crash the process: the pool replaces it,
  // and the next query (or /healthz) reports the outage.
  pool.on("error", () => {});
  // Every interactive transaction waits for a connection as long as any query may (Prisma's default
  // maxWait of 2 s answered bursts with P2028 errors while queries kept waiting), see transaction-options.ts.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, schema ? { schema } : undefined), transactionOptions: burstTransactionOptions });
  return {
    prisma,
    sql: sqlClientForPool(pool),
    userChanges,
    serviceChanges,
    async close() {
      await Promise.all([userChanges.close(), serviceChanges.close()]);
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/**
 * Prisma's own tools read the schema from `?schema=` in the URL; honour it the same way so
 * `prisma migrate deploy` and this server agree on where the tables are. An explicit schema wins.
 */
function splitSchemaFromUrl(databaseUrl: string, explicitSchema?: string) {
  const url = new URL(databaseUrl);
  const schemaInUrl = url.searchParams.get("schema");
  if (schemaInUrl === null) return { connectionString: databaseUrl, schema: explicitSchema };
  url.searchParams.delete("schema");
  return { connectionString: url.toString(), schema: explicitSchema ?? schemaInUrl };
}

function quoteIdentifier(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

// One database per process. A globalThis slot, because dev mode can evaluate this module twice and
// two PGlite instances on one directory would lose writes.
const databaseKey = Symbol.for("smb.database");
type DatabaseHolder = { [databaseKey]?: Database };

export function setDatabase(database: Database | undefined) {
  (globalThis as DatabaseHolder)[databaseKey] = database;
}

export function getDatabase(): Database {
  const database = (globalThis as DatabaseHolder)[databaseKey];
  if (!database) throw new Error("The database is not open yet: the server opens it at start-up.");
  return database;
}

/** The Prisma client every *.server.ts service uses. */
export function getPrisma(): PrismaClient {
  return getDatabase().prisma;
}
