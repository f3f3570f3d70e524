import type { Express, Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { contentType } from "mime-types";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { unreadJsonText } from "~/lib/api-response.server";
import type { ApiCall } from "./api-routes";
import { type BodyLimits, bodyLimitFor } from "./body-limits";
import { fetchHeaders, validRequestUrl } from "./request-handler";
import { createCspNonce, overridableHeaders } from "./security";
import { endWhole } from "./whole-body";

/**
 * Answers /api calls before Express (issue #22, decisions 0028 and 0031): the reads every screen and script
 * makes most often (/api/auth/me, /api/orders, a payment's verification), and the JSON writes of a
 * checkout (placing the order, starting the charge, Paystack's webhook). Express's router, the second
 * app it is mounted in and the Express prototypes it gives the request and response cost about half
 * of such a call's CPU. The answer is the same as through Express: the same route function, security
 * headers, compression and request log, and Express's own request properties (protocol, host and
 * client address behind a trusted proxy).
 *
 * A write is answered here only when Express's guards would let it through: sent from this site
 * (the cross-site check's own test), with a declared length within its body limit and, if it has a
 * body, as JSON. Everything else goes through Express as before, where the guards answer it (403,
 * 413, 415), a chunked body is cut at its limit while it streams, and /api/v2 takes form posts; so
 * does a URL with a NUL (refused there), or an /api path with no function for the method: `next`.
 */
export function answerApiCallsBeforeExpress({
  app,
  findApiCall,
  securityHeaders,
  logRequest,
  loadContextFor,
  handleError,
  isSameSite,
  bodyLimits,
}: {
  app: Express;
  findApiCall: (url: URL, method: string) => ApiCall | undefined;
  securityHeaders: (nonce: string) => [string, string][];
  logRequest: RequestHandler | undefined;
  loadContextFor: (request: ExpressRequest, cspNonce: string) => unknown;
  handleError: (error: unknown, request: ExpressRequest, response: ExpressResponse) => void;
  /** server/security.ts's sameSiteCheck, as the cross-site check runs it. */
  isSameSite: (request: ExpressRequest) => boolean;
  bodyLimits: BodyLimits;
}) {
  return (next: RequestListener): RequestListener =>
    (incoming, outgoing) => {
      const path = incoming.url ?? "";
      const method = incoming.method ?? "";
      const isRead = method === "GET" || method === "HEAD";
      if ((!isRead && !writeMethods.has(method)) || !path.startsWith("/api/") || /%00/i.test(path)) return next(incoming, outgoing);
      // Express's request properties (protocol, host, client address behind a trusted proxy) are read
      // through a view: giving the request itself Express's prototype, as app.handle does, cost more
      // than the rest of the answer (/api/auth/me 0.23-0.53 -> 0.14-0.18 ms with the view).
      const request = expressView(app, incoming);
      const url = validRequestUrl(request);
      // An address that makes no URL (a bad Host) is answered by Express's error handler: 400.
      if (!url) return next(incoming, outgoing);
      const apiCall = findApiCall(url, method);
      if (!apiCall || (!isRead && !passesGuards(incoming, request, url.pathname, isSameSite, bodyLimits))) return next(incoming, outgoing);
      logRequest?.(incoming as ExpressRequest, outgoing as ExpressResponse, () => {});
      const nonce = createCspNonce();
      const context = loadContextFor(request, nonce);
      // No abort signal: no /api route watches one; a read changes nothing if the client leaves, and
      // a write whose body has arrived is carried through (as a payment or an order must be).
      (isRead ? Promise.resolve(undefined) : readBody(incoming))
        .then((body) => readAnswer(apiCall, new Request(url, { method, headers: fetchHeaders(incoming.headers), body }), context))
        .then((answered) => {
          sendAnswer(incoming, outgoing, securityHeaders(nonce), answered);
        })
        .catch((error: unknown) => {
          if (error === clientLeft) return;
          const express = asExpressSees(app, incoming, outgoing);
          handleError(error, express.request, express.response);
        });
    };
}

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * What Express's guards check of a write (rejectCrossSiteWrites, bodyGuards in server/body-limits.ts),
 * as a yes: a no goes to Express, which answers it as before.
 */
function passesGuards(incoming: IncomingMessage, request: ExpressRequest, pathname: string, isSameSite: (request: ExpressRequest) => boolean, bodyLimits: BodyLimits) {
  if (!isSameSite(request) || incoming.headers["transfer-encoding"] !== undefined) return false;
  const declaredLength = Number(incoming.headers["content-length"] ?? 0);
  if (!(declaredLength <= bodyLimitFor(pathname, bodyLimits))) return false;
  return declaredLength === 0 || incoming.headers["content-type"]?.split(";")[0].trim().toLowerCase() === "application/json";
}

/** Stands for a client that went away before its whole body arrived: there is no one to answer. */
const clientLeft = new Error("The client closed the connection before sending the whole body.");

/**
 * The whole body: no more than its declared length (Node's parser stops there), which passesGuards
 * held to the limit. A body cut short rejects with `clientLeft`.
 */
function readBody(incoming: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.once("end", () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      resolve(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength));
    });
    incoming.once("close", () => {
      if (!incoming.complete) reject(clientLeft);
    });
    incoming.once("error", () => reject(clientLeft));
  });
}

type Answer = { status: number; statusText: string; headers: Headers; body: Buffer | undefined };

/**
 * The route's answer with its body read whole: an API answer is small, and it goes out in one write.
 * A jsonResponse's body is its text, taken as it was made rather than read back through its stream.
 */
async function readAnswer(apiCall: ApiCall, request: Request, context: unknown): Promise<Answer> {
  const answered = await apiCall(request, context);
  const jsonText = unreadJsonText(answered);
  const body = jsonText !== undefined ? Buffer.from(jsonText) : answered.body ? Buffer.from(await answered.arrayBuffer()) : undefined;
  return { status: answered.status, statusText: answered.statusText, headers: answered.headers, body };
}

function sendAnswer(request: IncomingMessage, response: ServerResponse, defaults: [string, string][], answered: Answer) {
  setAnswerHeaders(response, defaults, answered.headers);
  response.statusCode = answered.status;
  if (answered.statusText) response.statusMessage = answered.statusText;
  endWhole(request, response, answered.body);
}

/**
 * An answer's headers as Express's route sets them: the security headers, then the route's own. A
 * route's value of a default header replaces it (as routeHeadersReplaceDefaults has it in Express),
 * and a Content-Type is completed with its charset, as Express's `res.set` does ("text/x-script;
 * charset=utf-8").
 */
export function setAnswerHeaders(response: ServerResponse, defaults: [string, string][], headers: Headers) {
  for (const [name, value] of defaults) response.setHeader(name, value);
  for (const [name, value] of headers) {
    if (name === "content-type") response.setHeader(name, contentType(value) || value);
    else if (overridableHeaders.has(name)) response.setHeader(name, value);
    else response.appendHeader(name, value);
  }
}

/**
 * The request and response as Express's handlers get them, for its error handler, which answers with
 * Express's response methods: Express's prototypes, each linked to the other (`response.send` reads
 * `request.res`), as Express's app.handle sets them.
 */
export function asExpressSees(app: Express, incoming: IncomingMessage, outgoing: ServerResponse) {
  const request = Object.setPrototypeOf(incoming, app.request) as ExpressRequest;
  const response = Object.setPrototypeOf(outgoing, app.response) as ExpressResponse;
  request.res = response;
  response.req = request;
  response.locals ??= Object.create(null);
  return { request, response };
}

/** The request as Express's request methods see it, without changing the request's own prototype. */
export function expressView(app: Express, incoming: IncomingMessage): ExpressRequest {
  const view = Object.create(app.request) as ExpressRequest & { connection: unknown };
  Object.assign(view, { headers: incoming.headers, socket: incoming.socket, connection: incoming.socket, method: incoming.method, url: incoming.url, originalUrl: incoming.url });
  return view;
}
