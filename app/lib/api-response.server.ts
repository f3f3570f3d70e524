import { ZodError } from "zod";
import { databaseUnavailableMessage, databaseUnavailableRetryAfterSeconds, isDatabaseUnavailable } from "./database/database-unavailable";
import { isAppError } from "./errors";
import { getLogger } from "./logger.server";

/**
 * A JSON response in the shape every /api/* call uses. Its Content-Length lets the compression
 * middleware leave a small answer uncompressed, and Node send it in one write.
 */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  const text = JSON.stringify(body);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Content-Length", String(Buffer.byteLength(text)));
  headers.set("Cache-Control", "no-store");
  return new Response(text, { ...init, headers });
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
