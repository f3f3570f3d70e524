import type { IncomingMessage, RequestListener } from "node:http";
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
  return (next: RequestListener): RequestListener =>
    (request, response) => {
      if (!isHealthCheck(request)) return next(request, response);
      checkHealth(sql()).then((health) => {
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
