import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiV2Path } from "~/features/reseller-api/api-v2-contract";
import type { Link } from "./chain";
import { pathOf, sendRefusal } from "./refusal";

const methodsWithBody = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface BodyLimits {
  /** /api/* calls: JSON. */
  jsonLimitBytes: number;
  /** Page form posts without a file. */
  formLimitBytes: number;
  /** The calls and forms that carry an image. */
  uploadLimitBytes: number;
}

/**
 * Gives every request with a body its limit (`response.locals.bodyLimitBytes`, which the React
 * Router adapter enforces while the body streams, declared length or chunked) and refuses at once
 * what will never be accepted: a declared Content-Length over the limit (413), or a body that is not
 * JSON on /api/* (415). Decision 0005.
 */
export function bodyGuards(limits: BodyLimits): Link {
  return (request, response, next) => {
    if (!methodsWithBody.has(request.method ?? "")) return next();
    const path = pathOf(request);
    const limit = bodyLimitFor(path, limits);
    response.locals.bodyLimitBytes = limit;
    const declaredLength = Number(request.headers["content-length"] ?? 0);
    if (declaredLength > limit) return refuse(request, response, 413, "The request body is too large.");
    const hasBody = declaredLength > 0 || request.headers["transfer-encoding"] !== undefined;
    const mediaType = (request.headers["content-type"] ?? "").split(";", 1)[0]!.trim().toLowerCase();
    // The reseller API reads the forms panel software sends as well as JSON, and refuses other types itself.
    if (path.startsWith("/api/") && hasBody && mediaType !== "application/json" && !isApiV2Path(path)) {
      return refuse(request, response, 415, "Send the request body as application/json.");
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
 * The images: the order call carries the account screenshot as a data URL, the no-JavaScript
 * /packages form as a file; a worker's evidence for a flagged delivery comes the same two ways.
 */
function acceptsUploads(path: string) {
  return path === "/api/orders" || path === "/packages" || path === "/dashboard" || /^\/api\/worker\/flags\/[^/]+\/evidence$/.test(path);
}

function refuse(request: IncomingMessage, response: ServerResponse, status: number, message: string) {
  response.once("finish", () => closeAfterDraining(request));
  sendRefusal(request, response, status, message);
}

/**
 * How much of an unread body is discarded, and for how long, before its connection is closed. Past
 * the byte allowance the server stops reading instead of closing, so a client whose writes now wait
 * can still read its answer; the connection is closed at the deadline (decision 0005).
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
  // No listener on the socket, which a kept-alive connection would gather: once it has closed, destroy() does nothing.
  const deadline = setTimeout(() => socket.destroy(), lingerLimits.milliseconds).unref();
  request.once("end", () => clearTimeout(deadline)); // the whole body came: the connection may serve the next request
  request.removeAllListeners("data");
  request.on("data", (chunk: Buffer) => {
    drainedBytes += chunk.byteLength;
    if (drainedBytes > lingerLimits.bytes) request.pause();
  });
  request.resume();
}
