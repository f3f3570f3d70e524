import type { IncomingMessage, RequestListener } from "node:http";
import type { SqlClient } from "~/lib/database/sql-client.server";

const healthTimeoutMs = 2000;
/** How long one check's result answers every health check (issue #22). */
const healthReuseMs = 1000;

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

/**
 * Answers GET and HEAD /healthz before Express: a load balancer asks it every few seconds, and the
 * middleware chain (compression, logging, body guards, React Router's fallback) cost more than the
 * check itself (issue #22). Same answer as before: 200 or 503 with Retry-After, never stored.
 */
export function answerHealthChecks({
  sql,
  report,
  securityHeaders,
  retryAfterSeconds,
}: {
  sql: () => SqlClient;
  /** What the answer says besides the check (the payment mode). */
  report: Record<string, string>;
  securityHeaders: () => [string, string][];
  retryAfterSeconds: number;
}) {
  const check = sharedHealthCheck(() => checkHealth(sql()));
  return (next: RequestListener): RequestListener =>
    (request, response) => {
      if (!isHealthCheck(request)) return next(request, response);
      check().then((health) => {
        const body = JSON.stringify({ ...health, ...report });
        const headers: [string, string][] = [
          ...securityHeaders(),
          ["Cache-Control", "no-store"],
          ["Content-Type", "application/json; charset=utf-8"],
          ["Content-Length", String(Buffer.byteLength(body))],
        ];
        if (!health.ok) headers.push(["Retry-After", String(retryAfterSeconds)]);
        response.writeHead(health.ok ? 200 : 503, headers.flat());
        response.end(request.method === "HEAD" ? undefined : body);
      });
    };
}

function isHealthCheck(request: IncomingMessage) {
  const url = request.url ?? "";
  return (request.method === "GET" || request.method === "HEAD") && (url === "/healthz" || url.startsWith("/healthz?"));
}
