import compression from "compression";
import type { Express, Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import type { RequestListener } from "node:http";
import type { ApiCall } from "./api-routes";
import { requestUrl, toFetchRequest } from "./request-handler";
import { createCspNonce, overridableHeaders } from "./security";

/**
 * Answers GET and HEAD /api calls before Express (issue #22): the reads every screen and script makes
 * most often (/api/auth/me, /api/orders, a payment's verification). Express's router, the second app
 * it is mounted in and its response helpers cost about half of such a call's CPU. The answer is the
 * same as through Express: the same route function, security headers, compression and request log,
 * and Express's own request properties (protocol, host and address behind a trusted proxy), given
 * to the request as Express gives them.
 *
 * What has a body (POST, PUT, PATCH, DELETE) still goes through Express, where the body guards and
 * the cross-site check run, and so does a URL with a NUL (refused there), or an /api path with no
 * loader: `next`.
 */
export function answerApiReadsBeforeExpress({
  app,
  findApiCall,
  securityHeaders,
  compress,
  logRequest,
  getLoadContext,
  handleError,
}: {
  app: Express;
  findApiCall: (url: URL, method: string) => ApiCall | undefined;
  securityHeaders: (nonce: string) => [string, string][];
  compress: RequestHandler;
  logRequest: RequestHandler | undefined;
  getLoadContext: (request: ExpressRequest, response: ExpressResponse) => unknown;
  handleError: (error: unknown, request: ExpressRequest, response: ExpressResponse) => void;
}) {
  return (next: RequestListener): RequestListener =>
    (incoming, outgoing) => {
      const path = incoming.url ?? "";
      if ((incoming.method !== "GET" && incoming.method !== "HEAD") || !path.startsWith("/api/") || /%00/i.test(path)) return next(incoming, outgoing);
      // As Express's app.handle does: its request and response methods, read off the same objects.
      const request = Object.setPrototypeOf(incoming, app.request) as ExpressRequest;
      const response = Object.setPrototypeOf(outgoing, app.response) as ExpressResponse;
      request.res = response;
      response.req = request;
      request.originalUrl = path;
      response.locals = Object.create(null);
      const url = requestUrl(request);
      const apiCall = findApiCall(url, request.method);
      if (!apiCall) return next(incoming, outgoing);
      logRequest?.(request, response, () => {});
      const nonce = createCspNonce();
      response.locals.cspNonce = nonce;
      readAnswer(apiCall, toFetchRequest(request, url, response, undefined), getLoadContext(request, response))
        .then((answered) => {
          const send = () => sendAnswer(request, response, securityHeaders(nonce), answered);
          if (mayCompress(request, answered.body)) compress(request, response, send);
          else send();
        })
        .catch((error: unknown) => handleError(error, request, response));
    };
}

type Answer = { status: number; statusText: string; headers: Headers; body: Buffer | undefined };

/** The route's answer with its body read whole: an API answer is small, and it goes out in one write. */
async function readAnswer(apiCall: ApiCall, request: Request, context: unknown): Promise<Answer> {
  const answered = await apiCall(request, context);
  const body = answered.body ? Buffer.from(await answered.arrayBuffer()) : undefined;
  return { status: answered.status, statusText: answered.statusText, headers: answered.headers, body };
}

/** compression()'s default threshold: server/start.js compresses everything else with it. */
const compressionThresholdBytes = 1024;

/**
 * Whether compression could change the answer. Most API answers are under its threshold, and
 * setting up the compression middleware cost ~7 % of such a call; below it, for HEAD, or without
 * Accept-Encoding, compression would only add `Vary: Accept-Encoding` (sendAnswer does).
 */
function mayCompress(request: ExpressRequest, body: Buffer | undefined) {
  return (body?.byteLength ?? 0) >= compressionThresholdBytes && request.method !== "HEAD" && request.headers["accept-encoding"] !== undefined;
}

function sendAnswer(request: ExpressRequest, response: ExpressResponse, defaults: [string, string][], answered: Answer) {
  for (const [name, value] of defaults) response.setHeader(name, value);
  // A route's own value of a default header replaces it (as routeHeadersReplaceDefaults has it in Express).
  for (const [name, value] of answered.headers) {
    if (overridableHeaders.has(name)) response.setHeader(name, value);
    else response.appendHeader(name, value);
  }
  if (answered.body) response.setHeader("Content-Length", answered.body.byteLength);
  // What compression() adds to a compressible, transformable answer, compressed or not.
  const isTransformable = !/(?:^|,)\s*?no-transform\s*?(?:,|$)/.test(String(response.getHeader("Cache-Control") ?? ""));
  if (compression.filter(request, response) && isTransformable) response.vary("Accept-Encoding");
  response.statusCode = answered.status;
  if (answered.statusText) response.statusMessage = answered.statusText;
  response.end(answered.body);
}
