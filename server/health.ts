import type { Link } from "./chain";
import type { SqlClient } from "~/lib/database/sql-client.server";

const healthTimeoutMs = 2000;
/** How long one check's result answers every health check. */
const healthReuseMs = 1000;

/** Healthy when the database answers a trivial query within the time limit. */
export async function checkHealth(sql: SqlClient): Promise<{ ok: boolean; database: "up" | "down" }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(reject, healthTimeoutMs, new Error("database health check timed out"))));
  try {
    await Promise.race([sql.query("select 1 as ok"), timeout]);
    return { ok: true, database: "up" };
  } catch {
    return { ok: false, database: "down" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One database check answers every health check for a second, and checks that arrive while it runs
 * wait for it: /healthz needs no sign-in, so a flood of it must not become a flood of queries. A load
 * balancer asking every few seconds still gets a fresh check each time; an outage shows within the
 * second plus the query's time limit.
 */
export function sharedHealthCheck(check: () => Promise<Health>, reuseMs = healthReuseMs): () => Promise<Health> {
  let inFlight: Promise<Health> | undefined;
  let latest: { health: Health; checkedAt: number } | undefined;
  return () => {
    if (latest && performance.now() - latest.checkedAt < reuseMs) return Promise.resolve(latest.health);
    inFlight ??= check().then((health) => {
      latest = { health, checkedAt: performance.now() };
      inFlight = undefined;
      return health;
    });
    return inFlight;
  };
}

type Health = Awaited<ReturnType<typeof checkHealth>>;

/** GET and HEAD /healthz: 200 or 503 with Retry-After, never stored. `report`: what it says besides the check (the payment mode). */
export function healthCheck({ sql, report, retryAfterSeconds }: { sql: () => SqlClient; report: Record<string, string>; retryAfterSeconds: number }): Link {
  const check = sharedHealthCheck(() => checkHealth(sql()));
  return (request, response, next) => {
    const isHealthCheck = (request.method === "GET" || request.method === "HEAD") && (request.url === "/healthz" || request.url?.startsWith("/healthz?"));
    if (!isHealthCheck) return next();
    check().then((health) => {
      const body = JSON.stringify({ ...health, ...report });
      response.statusCode = health.ok ? 200 : 503;
      response.setHeader("Cache-Control", "no-store");
      response.setHeader("Content-Type", "application/json; charset=utf-8");
      response.setHeader("Content-Length", Buffer.byteLength(body));
      if (!health.ok) response.setHeader("Retry-After", String(retryAfterSeconds));
      response.end(request.method === "HEAD" ? undefined : body);
    }, next);
  };
}
