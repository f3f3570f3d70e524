import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { databaseUnavailableMessage, databaseUnavailableRetryAfterSeconds, isDatabaseUnavailable } from "~/lib/database/database-unavailable";
import { getLogger } from "~/lib/logger.server";
import { loggablePath } from "~/lib/loggable-path";
import { sendRefusal } from "./refusal";

/** What the links of the chain keep for one response. */
export interface ChainResponse extends ServerResponse {
  locals: { cspNonce: string; bodyLimitBytes?: number };
}

/**
 * One link of the chain, in the shape Node's middleware packages share (helmet, compression,
 * serve-static, pino-http, Vite's): it answers the request, or passes it on with `next()`, or hands
 * a failure to the error handler with `next(error)`.
 */
export type Link = (request: IncomingMessage, response: ChainResponse, next: (error?: unknown) => void) => void;

/** The request listener that runs `links` in order for every request; the last link always answers. */
export function chainOf(links: Link[]): RequestListener {
  return (request, response) => {
    let index = 0;
    const next = (error?: unknown) => {
      if (error !== undefined) return answerUnexpectedError(error, request, response);
      const link = links[index++]!;
      try {
        link(request, response as ChainResponse, next);
      } catch (thrown) {
        answerUnexpectedError(thrown, request, response);
      }
    };
    next();
  };
}

/**
 * Anything a link failed with: an unavailable database or an overloaded moment answers 503 with
 * Retry-After, the client's own mistake (a bad Host) its 4xx, anything else 500 without internals.
 */
function answerUnexpectedError(error: unknown, request: IncomingMessage, response: ServerResponse) {
  const failure = (typeof error === "object" && error !== null ? error : {}) as { status?: unknown; retryAfterSeconds?: unknown; message?: unknown };
  const status = typeof failure.status === "number" ? failure.status : 500;
  const isUnavailable = isDatabaseUnavailable(error) || status === 503;
  const isClientError = status >= 400 && status < 500;
  const path = loggablePath(request.url ?? "/");
  if (isUnavailable) getLogger().warn({ err: error, path }, "answered 503");
  else if (isClientError) getLogger().warn({ status, reason: failure.message, path }, "refused a bad request");
  else getLogger().error({ err: error, path }, "unhandled request error");
  if (response.headersSent) return void response.end();
  if (isUnavailable) {
    response.setHeader("Retry-After", String(Number.isInteger(failure.retryAfterSeconds) ? failure.retryAfterSeconds : databaseUnavailableRetryAfterSeconds));
    response.setHeader("Cache-Control", "no-store");
  }
  const message = isUnavailable ? databaseUnavailableMessage : isClientError ? "The request could not be processed." : "Something went wrong on our side. Please try again.";
  sendRefusal(request, response, isUnavailable ? 503 : isClientError ? status : 500, message, { asIs: true });
}
