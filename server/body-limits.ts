import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { isApiV2Path } from "~/features/reseller-api/api-v2-contract";
import { sendRefusal } from "./refusal";

const methodsWithBody = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface BodyLimits {
  /** /api/* calls: JSON. */
  jsonLimitBytes: number;
  /** Page form posts without a file. */
  formLimitBytes: number;
  /** The calls and forms that carry the account screenshot. */
  uploadLimitBytes: number;
}

/**
 * Gives every request with a body its limit (`response.locals.bodyLimitBytes`, which
 * server/request-handler.ts enforces while the body streams, declared length or chunked) and
 * refuses at once what will never be accepted: a declared Content-Length over the limit (413), or a
 * body that is not JSON on /api/* (415). Decision 0005.
 */
export function bodyGuards(limits: BodyLimits): RequestHandler {
  return (request, response, next) => {
    if (!methodsWithBody.has(request.method)) return next();
    const isApi = request.path.startsWith("/api/");
    const limit = bodyLimitFor(request.path, limits);
    response.locals.bodyLimitBytes = limit;
    const declaredLength = Number(request.headers["content-length"] ?? 0);
    if (declaredLength > limit) {
      return reply(response, 413, "The request body is too large.");
    }
    const hasBody = declaredLength > 0 || request.headers["transfer-encoding"] !== undefined;
    // The reseller API reads the forms panel software sends as well as JSON, and refuses other types itself.
    if (isApi && hasBody && !request.is("application/json") && !isApiV2Path(request.path)) {
      return reply(response, 415, "Send the request body as application/json.");
    }
    next();
  };
}

export function bodyLimitFor(path: string, { jsonLimitBytes, formLimitBytes, uploadLimitBytes }: BodyLimits): number {
  // With JavaScript, React Router posts a page's form to "<page>.data" (single fetch): the same action.
  if (acceptsUploads(path.replace(/\.data$/, ""))) return uploadLimitBytes;
  return path.startsWith("/api/") ? jsonLimitBytes : formLimitBytes;
}

/**
 * The images: SPEC's order call carries the account screenshot as a data URL, the no-JavaScript
 * /packages form as a file; a worker's evidence for a flagged delivery comes the same two ways, by
 * the API or from the dashboard's form (issue #48).
 */
function acceptsUploads(path: string) {
  return path === "/api/orders" || path === "/packages" || path === "/dashboard" || /^\/api\/worker\/flags\/[^/]+\/evidence$/.test(path);
}

function reply(response: Parameters<RequestHandler>[1], status: number, message: string) {
  response.once("finish", () => closeAfterDraining(response.req));
  sendRefusal(response, status, message);
}

/**
 * How much of an unread body is discarded, and for how long, before its connection is closed.
 * Closing resets the connection, and the reset makes the client's kernel drop an answer the client
 * has not read yet. So past the byte allowance the server stops reading instead of closing: the
 * client, whose writes now wait, reads its answer, and the connection is closed at the deadline.
 * A byte allowance alone did not hold: 1 MiB, then 16 MiB were sent and discarded before a busy
 * client on a loaded CI machine had read its answer. Discarding 16 MiB costs the server ~5 ms of CPU.
 */
const lingerLimits = { bytes: 16 * 1024 * 1024, milliseconds: 2_000 };

/**
 * Called once a request has been answered without its body being read to the end (refused, or a
 * route that did not need it): the rest is read and thrown away for a moment, then the connection
 * is closed. Closing at once would reset a client that is still sending, and many clients then
 * report the reset instead of the answer they already have (the "lingering close" of web servers);
 * draining it all would let a client keep the server reading for as long as it likes.
 */
export function closeAfterDraining(request: IncomingMessage) {
  if (request.complete) return;
  const socket = request.socket;
  let drainedBytes = 0;
  const deadline = setTimeout(() => socket.destroy(), lingerLimits.milliseconds).unref();
  socket.once("close", () => clearTimeout(deadline));
  request.once("end", () => clearTimeout(deadline)); // the whole body came: the connection may serve the next request
  request.removeAllListeners("data");
  request.on("data", (chunk: Buffer) => {
    drainedBytes += chunk.byteLength;
    if (drainedBytes > lingerLimits.bytes) request.pause();
  });
  request.resume();
}
