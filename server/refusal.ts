import type { Response as ExpressResponse } from "express";
import { isApiV2Path } from "~/features/reseller-api/api-v2-contract";

/**
 * How the server's guards refuse a request before its route runs (a NUL in the address, a cross-site
 * write, a body too large or of a type no route reads): the reseller API in its panels' shape,
 * `{ "error" }` with HTTP 200, the only one panel software reads; other /api calls as
 * `{ "message" }` with the status; pages as text.
 */
export function refusalOf(pathname: string, status: number, message: string): { status: number; json?: object; text?: string } {
  if (isApiV2Path(pathname)) return { status: 200, json: { error: message } };
  return pathname.startsWith("/api/") ? { status, json: { message } } : { status, text: message };
}

/** refusalOf, sent through Express. */
export function sendRefusal(response: ExpressResponse, status: number, message: string) {
  const refusal = refusalOf(response.req.path, status, message);
  response.status(refusal.status);
  if (refusal.json) response.json(refusal.json);
  else response.type("text/plain").send(refusal.text);
}

/** refusalOf, as a fetch Response. */
export function refusalResponse(pathname: string, status: number, message: string): Response {
  const refusal = refusalOf(pathname, status, message);
  return refusal.json
    ? Response.json(refusal.json, { status: refusal.status })
    : new Response(refusal.text, { status: refusal.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
