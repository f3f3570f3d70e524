import { ZodError } from "zod";
import { databaseUnavailableMessage, databaseUnavailableRetryAfterSeconds, isDatabaseUnavailable } from "./database/database-unavailable";
import { isAppError } from "./errors";
import { getLogger } from "./logger.server";

/** A JSON response in the shape every /api/* call uses. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  const text = JSON.stringify(body);
  const response = new Response(text, { ...init, headers });
  jsonTexts.set(response, text);
  return response;
}

/**
 * The text each jsonResponse was made of, for the /api path before Express (server/api-calls.ts): it
 * sends the text as it is instead of reading it back through the web stream undici builds for every
 * Response body (reading it back was ~5 % of an /api/orders call's CPU, issue #22).
 */
const jsonTexts = new WeakMap<Response, string>();

/** The JSON text `response` was made of by jsonResponse, while its body is unread; otherwise undefined. */
export function unreadJsonText(response: Response): string | undefined {
  return response.bodyUsed ? undefined : jsonTexts.get(response);
}

export function errorResponse(status: number, message: string): Response {
  return jsonResponse({ message }, { status });
}

/**
 * Maps anything a service throws to SPEC's `{ message }` error body: AppError keeps its status (and
 * its Retry-After, for a 429), validation errors answer 400, an unreachable database 503 with
 * Retry-After (the request may be repeated as it is), and anything unexpected answers 500 without
 * leaking internals.
 */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (isAppError(error)) {
    // A rate limit says when to come back; details (e.g. an open payment's reference) sit beside the message.
    const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
    return jsonResponse({ ...error.details, message: error.message }, { status: error.status, headers });
  }
  if (error instanceof ZodError) {
    const first = error.issues[0];
    const field = first?.path.join(".");
    return errorResponse(400, `Invalid ${field ? `${field}: ` : ""}${first?.message ?? "input"}`);
  }
  if (isDatabaseUnavailable(error)) {
    getLogger().warn({ err: error }, "database unavailable: answered 503");
    return jsonResponse({ message: databaseUnavailableMessage }, { status: 503, headers: { "Retry-After": String(databaseUnavailableRetryAfterSeconds) } });
  }
  getLogger().error({ err: error }, "unhandled error in an /api route");
  return errorResponse(500, "Something went wrong on our side. Please try again.");
}

/** Wraps an /api loader or action so every failure answers JSON `{ message }`. */
export function apiHandler<Args>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}
