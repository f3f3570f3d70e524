import type { SqlClient } from "~/lib/database/sql-client.server";

const healthTimeoutMs = 2000;

/** Healthy when the database answers a trivial query within the time limit. */
export async function checkHealth(sql: SqlClient): Promise<{ ok: boolean; database: "up" | "down" }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database health check timed out")), healthTimeoutMs);
  });
  try {
    await Promise.race([sql.query("select 1 as ok"), timeout]);
    return { ok: true, database: "up" };
  } catch {
    return { ok: false, database: "down" };
  } finally {
    clearTimeout(timer);
  }
}
