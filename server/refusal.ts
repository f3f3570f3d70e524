import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiV2Path } from "~/features/reseller-api/api-v2-contract";
import { databaseUnavailableMessage, databaseUnavailableRetryAfterSeconds } from "~/lib/database/database-unavailable";

/**
 * How the server refuses a request before its route runs (a NUL in the address, a cross-site write,
 * a body too large or of a type no route reads): the reseller API in its panels' shape,
 * `{ "error" }` with HTTP 200, the only one panel software reads; other /api calls as
 * `{ "message" }` with the status; pages as text. `asIs`: the status stands on /api/v2 too (the
 * server's own failures, which panel software retries).
 */
export function refusalOf(pathname: string, status: number, message: string, { asIs = false } = {}): { status: number; contentType: string; body: string } {
  if (isApiV2Path(pathname) && !asIs) return { status: 200, contentType: "application/json; charset=utf-8", body: JSON.stringify({ error: message }) };
  if (pathname.startsWith("/api/")) return { status, contentType: "application/json; charset=utf-8", body: JSON.stringify({ message }) };
  return { status, contentType: "text/plain; charset=utf-8", body: message };
}

export const pathOf = (request: IncomingMessage) => (request.url ?? "/").split("?", 1)[0]!;

export function sendRefusal(request: IncomingMessage, response: ServerResponse, status: number, message: string, options?: { asIs?: boolean }) {
  const refusal = refusalOf(pathOf(request), status, message, options);
  response.statusCode = refusal.status;
  response.setHeader("Content-Type", refusal.contentType);
  response.setHeader("Content-Length", Buffer.byteLength(refusal.body));
  response.end(request.method === "HEAD" ? undefined : refusal.body);
}

/** refusalOf, as a fetch Response. */
export function refusalResponse(pathname: string, status: number, message: string, { asIs = false, headers = {} }: { asIs?: boolean; headers?: Record<string, string> } = {}): Response {
  const refusal = refusalOf(pathname, status, message, { asIs });
  return new Response(refusal.body, { status: refusal.status, headers: { ...headers, "Content-Type": refusal.contentType } });
}

/** 503 with Retry-After: the database cannot be reached right now, and the request may be repeated as it is. */
export const unavailableResponse = (pathname: string) =>
  refusalResponse(pathname, 503, databaseUnavailableMessage, { asIs: true, headers: { "Retry-After": String(databaseUnavailableRetryAfterSeconds), "Cache-Control": "no-store" } });
