import compression from "compression";
import Negotiator from "negotiator";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";

/*
 * A body that is whole before it is sent (an /api answer, a page gathered whole) is compressed here,
 * in one step, where compression() would have compressed it as a stream: a zlib stream per answer, its
 * work handed to libuv's thread pool and back, and the answer sent chunked, as the gzip header, the
 * data and the terminator in three writes. Compressed whole, it goes out in one write with its
 * Content-Length (issue #22). Same rules and settings as compression()'s defaults (server/start.js
 * runs it for everything else), so an answer is encoded as before; compression() then finds it
 * encoded and leaves it alone. The work is the same; it now runs on the main thread, a fraction of
 * a millisecond for a page.
 */

/** compression()'s defaults: its threshold, its encodings in order of preference, brotli's quality. */
const thresholdBytes = 1024;
const supportedEncodings = ["br", "gzip", "deflate", "identity"];
const preferredEncodings = ["br", "gzip"];
const brotliQuality = 4;
const noTransform = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

type Encoding = "br" | "gzip" | "deflate";

/** Answers whose body is kept as it is sent (server/page-cache.ts keeps a page as rendered). */
const keptUncompressed = new WeakSet<ServerResponse>();

/** `response`'s body leaves here as it is: whatever keeps it sees it so, and compression() compresses it afterwards, as before. */
export function leaveCompressionToMiddleware(response: ServerResponse) {
  keptUncompressed.add(response);
}

/**
 * Sends `body` (none: an answer without one) as the whole answer, compressed when compression() would
 * compress it. `Vary: Accept-Encoding` is added as compression() adds it: to every compressible,
 * transformable answer, compressed or not.
 */
export function endWhole(request: IncomingMessage, response: ServerResponse, body: Buffer | undefined) {
  let sent = body;
  if (!keptUncompressed.has(response) && isCompressible(request, response)) {
    addVary(response, "Accept-Encoding");
    const encoding = body && encodingFor(request, response, body.byteLength);
    if (body && encoding) {
      sent = encode(body, encoding);
      response.setHeader("Content-Encoding", encoding);
    }
  }
  if (sent) response.setHeader("Content-Length", sent.byteLength);
  response.end(sent);
}

function isCompressible(request: IncomingMessage, response: ServerResponse) {
  return compression.filter(request as never, response as never) && !noTransform.test(String(response.getHeader("Cache-Control") ?? ""));
}

function encodingFor(request: IncomingMessage, response: ServerResponse, byteLength: number): Encoding | undefined {
  if (byteLength < thresholdBytes || request.method === "HEAD" || response.getHeader("Content-Encoding") !== undefined) return undefined;
  if (request.headers["accept-encoding"] === undefined) return undefined;
  const encoding = new Negotiator(request).encoding(supportedEncodings, preferredEncodings);
  return encoding === "br" || encoding === "gzip" || encoding === "deflate" ? encoding : undefined;
}

function encode(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "gzip") return zlib.gzipSync(body);
  if (encoding === "deflate") return zlib.deflateSync(body);
  return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } });
}

/** Adds `field` to the answer's Vary header unless it is there (or Vary is `*`), as Express's `response.vary` does. */
export function addVary(response: ServerResponse, field: string) {
  const vary = String(response.getHeader("Vary") ?? "");
  if (vary === "*" || vary.split(",").some((listed) => listed.trim().toLowerCase() === field.toLowerCase())) return;
  response.setHeader("Vary", vary ? `${vary}, ${field}` : field);
}
