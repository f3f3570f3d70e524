import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { SqlClient } from "./sql-client.server";

/**
 * Applies Prisma-layout migrations (`prisma/migrations/<timestamp>_<name>/migration.sql`) and records
 * them in `_prisma_migrations` exactly as `prisma migrate deploy` does, so either tool can take over.
 * An advisory lock makes concurrent starters on one PostgreSQL apply each migration once.
 */
const migrationLockId = 72707369; // the key `prisma migrate deploy` uses

const createMigrationsTable = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  script: string;
  checksum: string;
}

export const defaultMigrationsDirectory = path.resolve("prisma/migrations");

export function readMigrationFiles(directory = defaultMigrationsDirectory): MigrationFile[] {
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(directory, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = fs.readFileSync(path.join(directory, name, "migration.sql"));
      return { name, script: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex") };
    });
}

/** Applies every pending migration in order; returns the names it applied. */
export async function applyMigrations(sql: SqlClient, migrations = readMigrationFiles()): Promise<string[]> {
  return sql.withConnection(async (connection) => {
    await connection.query("SELECT pg_advisory_lock($1)", [migrationLockId]);
    try {
      await connection.exec(createMigrationsTable);
      const rows = await connection.query<{ migration_name: string; finished_at: Date | null; checksum: string }>(
        `SELECT migration_name, finished_at, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
      );
      const recorded = new Map(rows.map((row) => [row.migration_name, row]));
      const applied: string[] = [];
      for (const migration of migrations) {
        const previous = recorded.get(migration.name);
        if (previous?.finished_at) continue;
        if (previous) {
          throw new Error(
            `Migration ${migration.name} failed earlier and was left half-applied. Repair the database, ` +
              `then mark it rolled back in _prisma_migrations before starting again.`,
          );
        }
        await applyOne(connection, migration);
        applied.push(migration.name);
      }
      return applied;
    } finally {
      await connection.query("SELECT pg_advisory_unlock($1)", [migrationLockId]);
    }
  });
}

async function applyOne(connection: SqlClient, migration: MigrationFile) {
  const id = randomUUID();
  await connection.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
    [id, migration.checksum, migration.name],
  );
  try {
    // Each script runs in a transaction, so a failure leaves no partial schema behind.
    await connection.exec(`BEGIN;\n${migration.script}\nCOMMIT;`);
  } catch (error) {
    await connection.exec("ROLLBACK").catch(() => {});
    await connection.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, String(error)]);
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
  }
  await connection.query(
    `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
    [id],
  );
}
