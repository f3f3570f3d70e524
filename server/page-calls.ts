import compression from "compression";
import type { Express, Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { wasDatabaseUnavailable } from "~/lib/database/database-unavailable";
import { asExpressSees, expressView, setAnswerHeaders } from "./api-calls";
import { isApiPath } from "./page-build";
import { isCacheableRequest, keepPagePrivate } from "./page-cache";
import { type PageRouter, sendPageBody, toFetchRequest, unavailableAnswer, validRequestUrl } from "./request-handler";
import { createCspNonce } from "./security";

/**
 * Answers the page requests no cache may keep before Express (issue #22): a signed-in visitor's
 * pages (sent with the session cookie) and React Router's data requests (client-side navigations,
 * `.data`). Express's two routers, the middleware every request passes and the prototypes Express
 * gives the request and response cost an eighth to a sixth of such a page's CPU. The answer is the one
 * Express's route gives: the same React Router, security headers, page-cache policy (a page that
 * opted in to the cache is kept private), Content-Type, compression and request log.
 *
 * Only GET and HEAD with no body. Everything Express does more for a request goes through it as
 * before: static files and the Paystack sandbox (`servedBeforePages`), /api (answered before
 * Express where it can be: server/api-calls.ts), a URL with a NUL or a Host that makes no URL
 * (refused there), and pages a cache may keep (an anonymous visit: rendered once through Express,
 * which stores it in the page cache, then served from it).
 */
export function answerPagesBeforeExpress({
  app,
  pageRouterAt,
  servedBeforePages,
  securityHeaders,
  logRequest,
  loadContextFor,
  handleError,
}: {
  app: Express;
  /** server/request-handler.ts's createPageRouters for this build. */
  pageRouterAt: (pathname: string) => PageRouter;
  /** Whether Express may serve the path before its pages (a static file, the Paystack sandbox). */
  servedBeforePages: (pathname: string) => boolean;
  securityHeaders: (nonce: string) => [string, string][];
  logRequest: RequestHandler | undefined;
  loadContextFor: (request: ExpressRequest, cspNonce: string) => Parameters<PageRouter>[1];
  handleError: (error: unknown, request: ExpressRequest, response: ExpressResponse) => void;
}) {
  const compressStream = compression();
  return (next: RequestListener): RequestListener =>
    (incoming, outgoing) => {
      const path = incoming.url ?? "";
      const pathname = path.split("?", 1)[0];
      if ((incoming.method !== "GET" && incoming.method !== "HEAD") || hasBody(incoming) || isCacheableRequest(incoming)) return next(incoming, outgoing);
      if (/%00/i.test(path) || isApiPath(pathname) || servedBeforePages(pathname)) return next(incoming, outgoing);
      // Express's request properties (protocol, host, client address behind a trusted proxy), read
      // through a view, as server/api-calls.ts does.
      const request = expressView(app, incoming);
      const url = validRequestUrl(request);
      if (!url) return next(incoming, outgoing);
      logRequest?.(incoming as ExpressRequest, outgoing as ExpressResponse, () => {});
      const nonce = createCspNonce();
      const context = loadContextFor(request, nonce);
      pageRouterAt(url.pathname)(toFetchRequest(incoming, url, outgoing), context)
        .then((answer) => {
          const sent = answer.status === 500 && wasDatabaseUnavailable(context) ? unavailableAnswer(url.pathname, answer) : answer;
          const compressAsItStreams = () => compressStream(incoming as ExpressRequest, outgoing as ExpressResponse, () => {});
          return sendPage(incoming, outgoing, securityHeaders(nonce), sent, compressAsItStreams);
        })
        .catch((error: unknown) => {
          if (outgoing.headersSent) return void outgoing.destroy();
          const express = asExpressSees(app, incoming, outgoing);
          handleError(error, express.request, express.response);
        });
    };
}

function hasBody(incoming: IncomingMessage) {
  return incoming.headers["transfer-encoding"] !== undefined || Number(incoming.headers["content-length"] ?? 0) !== 0;
}

async function sendPage(request: IncomingMessage, response: ServerResponse, defaults: [string, string][], answer: Response, compressAsItStreams: () => void) {
  if (response.destroyed || response.writableEnded) return void (await answer.body?.cancel());
  setAnswerHeaders(response, defaults, answer.headers);
  keepPagePrivate(response);
  response.statusCode = answer.status;
  if (answer.statusText) response.statusMessage = answer.statusText;
  // Whole, a page is compressed as it goes out (sendPageBody, endWhole); streamed or with no body
  // (HEAD, a redirect), compression() sees it, as in Express.
  if (!answer.body) {
    compressAsItStreams();
    return void response.end();
  }
  try {
    await sendPageBody(answer.body, request, response, compressAsItStreams);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}
