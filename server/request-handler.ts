import { writeReadableStreamToWritable } from "@react-router/node";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { databaseUnavailableMessage, databaseUnavailableRetryAfterSeconds, wasDatabaseUnavailable } from "~/lib/database/database-unavailable";
import { BodyTooLargeError, bodyTooLargeMessage } from "~/lib/request-body.server";
import type { ApiCall } from "./api-routes";
import { closeAfterDraining } from "./body-limits";
import { refusalResponse } from "./refusal";
import { isApiPath, pageBuildsByFirstSegment, withoutApiRoutes } from "./page-build";
import { endWhole } from "./whole-body";

type LoadContext = Parameters<ReturnType<typeof createReactRouterHandler>>[1];

/**
 * React Router behind Express, as `@react-router/express` does it, with one difference: the body a
 * route reads is cut at the request's limit (`response.locals.bodyLimitBytes`, set by bodyGuards)
 * while it streams, whether or not a Content-Length was declared. Past the limit the route's read
 * fails with BodyTooLargeError (its reader answers 413), and the connection is closed after the
 * answer (closeAfterDraining). And /api calls go to their route's loader or action directly
 * (server/api-routes.ts), past React Router's request pipeline; pages go to a React Router that knows
 * only the page routes this path can match (server/page-build.ts).
 */
export function createRequestHandler({
  build,
  mode,
  getLoadContext,
  findApiCall,
  pageRouterAt,
}: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (request: ExpressRequest, response: ExpressResponse) => LoadContext;
  /** server/api-routes.ts's createApiRouteFinder for this build. */
  findApiCall: (url: URL, method: string) => ApiCall | undefined;
  /** createPageRouters for this build. */
  pageRouterAt: (pathname: string) => PageRouter;
}): RequestHandler {
  const handleApiRequest = createReactRouterHandler(build, mode);
  return async (request, response, next) => {
    try {
      const body = hasBody(request) ? limitedBody(request, response.locals.bodyLimitBytes ?? Infinity) : undefined;
      const context = getLoadContext(request, response);
      const url = requestUrl(request);
      const fetchRequest = toFetchRequest(request, url, response, body?.stream);
      const apiCall = findApiCall(url, request.method);
      const isApi = apiCall !== undefined || isApiPath(url.pathname);
      const handleRequest = apiCall ?? (isApi ? handleApiRequest : pageRouterAt(url.pathname));
      const answer = await handleRequest(fetchRequest, context);
      let sent = answer;
      if (body?.isOverLimit()) sent = tooLargeAnswer(request, answer);
      else if (answer.status === 500 && wasDatabaseUnavailable(context)) sent = unavailableAnswer(request.path, answer);
      await send(response, sent, request, { whole: isApi });
    } catch (error) {
      next(error);
    }
  };
}

export type PageRouter = ReturnType<typeof createReactRouterHandler>;

/** For a page path, the React Router that knows just the page routes it can match (server/page-build.ts). */
export function createPageRouters(build: ServerBuild, mode: string): (pathname: string) => PageRouter {
  const pageBuild = withoutApiRoutes(build);
  const handlePage = createReactRouterHandler(pageBuild, mode);
  const pageHandlerAt = pageBuildsByFirstSegment(pageBuild, (cut) => createReactRouterHandler(cut, mode));
  return (pathname) => pageHandlerAt(pathname) ?? handlePage;
}

function hasBody(request: ExpressRequest) {
  return request.method !== "GET" && request.method !== "HEAD";
}

/** The request body as a web stream that errors (and stops reading) once more than `limitBytes` arrived. */
function limitedBody(request: ExpressRequest, limitBytes: number) {
  let received = 0;
  let isOverLimit = false;
  let stopListening = () => {};
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > limitBytes) {
            isOverLimit = true;
            stopListening();
            controller.error(new BodyTooLargeError());
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        };
        const onEnd = () => {
          stopListening();
          controller.close();
        };
        // A client that goes away mid-body must not look like a complete (shorter) body.
        const onClose = () => {
          stopListening();
          controller.error(new Error("The client closed the connection before sending the whole body."));
        };
        stopListening = () => {
          request.pause();
          request.off("data", onData);
          request.off("end", onEnd);
          request.off("error", onClose);
          request.off("close", onClose);
        };
        request.on("data", onData);
        request.once("end", onEnd);
        request.once("error", onClose);
        request.once("close", onClose);
        request.pause();
      },
      pull() {
        request.resume();
      },
      // Not request.destroy(): that would destroy the socket, and the answer could not be sent.
      cancel() {
        stopListening();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return { stream, isOverLimit: () => isOverLimit };
}

/**
 * The request's address as the app sees it (its own host and protocol, or a trusted proxy's). A Host
 * that makes no URL ("a b") is the client's error: it throws one with status 400, which the error
 * handler answers as such.
 */
export function requestUrl(request: ExpressRequest) {
  const url = validRequestUrl(request);
  if (!url) throw Object.assign(new Error("The request's Host makes no valid URL."), { status: 400 });
  return url;
}

/** requestUrl, or undefined when the address makes no URL. */
export function validRequestUrl(request: ExpressRequest): URL | undefined {
  const address = `${request.protocol}://${hostOf(request)}${request.originalUrl}`;
  return URL.canParse(address) ? new URL(address) : undefined;
}

/** The request as React Router takes it; its signal aborts when the client leaves before the answer is sent. */
export function toFetchRequest(request: IncomingMessage, url: URL, response: ServerResponse, body?: ReadableStream<Uint8Array>) {
  const headers = fetchHeaders(request.headers);
  let controller: AbortController | undefined = new AbortController();
  response.on("finish", () => (controller = undefined));
  response.on("close", () => controller?.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal, body, ...(body ? { duplex: "half" } : {}) });
}

export function fetchHeaders(incoming: IncomingHttpHeaders) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** Host and port as @react-router/express resolves them (X-Forwarded-Host only behind a trusted proxy). */
function hostOf(request: ExpressRequest) {
  const forwardedPort = request.app.enabled("trust proxy") ? request.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const hostPort = request.get("host")?.split(":")[1];
  const port = [forwardedPort, hostPort].map((text) => Number.parseInt(text ?? "", 10)).find((number) => Number.isSafeInteger(number));
  const hostname = request.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return `${hostname}${port ? `:${port}` : ""}`;
}

/** A route that read past the limit: its reader's 413 stands; any other answer becomes the guards' refusal (server/refusal.ts). */
function tooLargeAnswer(request: ExpressRequest, answer: Response) {
  if (answer.status === 413) return answer;
  void answer.body?.cancel();
  return refusalResponse(request.path, 413, bodyTooLargeMessage);
}

/**
 * A resource route (no page, e.g. POST /logout) whose loader or action failed on an unavailable or
 * saturated database: React Router answered 500; it is 503 with Retry-After, as for pages and /api.
 */
export function unavailableAnswer(pathname: string, answer: Response) {
  void answer.body?.cancel();
  const headers = { "Retry-After": String(databaseUnavailableRetryAfterSeconds), "Cache-Control": "no-store" };
  return pathname.startsWith("/api/")
    ? Response.json({ message: databaseUnavailableMessage }, { status: 503, headers })
    : new Response(databaseUnavailableMessage, { status: 503, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * `whole`: an /api answer, a small JSON body (or an upload's bytes) made whole by its route. It goes
 * out in one write with its Content-Length, so compression() sees its size and leaves the many under
 * its threshold alone; streamed, each was gzipped, whatever its size (issue #22). A page is sent
 * whole too when it is whole soon enough (sentWholeIfSoon), else it streams.
 */
async function send(response: ExpressResponse, answer: Response, request: ExpressRequest, { whole }: { whole: boolean }) {
  if (response.destroyed || response.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  response.once("finish", () => closeAfterDraining(request));
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [name, value] of answer.headers.entries()) response.append(name, value);
  if (!answer.body) return void response.end();
  if (whole) return void endWhole(request, response, Buffer.from(await answer.arrayBuffer()));
  try {
    await sendPageBody(answer.body, request, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}

/** A page's body: whole when it is whole soon enough (sentWholeIfSoon), else streamed as it comes. */
export async function sendPageBody(
  body: ReadableStream<Uint8Array>,
  request: IncomingMessage,
  response: ServerResponse,
  /** Runs once it is known the page streams, before anything is written (a page answered before Express compresses it here). */
  beforeStreaming?: () => void,
) {
  const rest = await sentWholeIfSoon(body, request, response);
  if (!rest) return;
  beforeStreaming?.();
  await writeReadableStreamToWritable(rest, response);
}

/** How long a page's body is gathered before it is streamed as it comes. */
export const pageGatherLimitMs = 50;

/**
 * A page's HTML is whole within a millisecond or two, but its stream ends some turns of the event
 * loop later (React Router streams the loader data). Gathered until its end, the page goes out as
 * one write with its Content-Length (as an /api answer does) instead of its HTML and then the
 * chunked body's terminator: each write to a socket wakes its reader, the costliest part of sending
 * a page (issue #22). A page still streaming after `pageGatherLimitMs` (deferred data) is not sent:
 * the answer is the stream to send as it comes, what was gathered and the rest.
 */
async function sentWholeIfSoon(body: ReadableStream<Uint8Array>, request: IncomingMessage, response: ServerResponse): Promise<ReadableStream<Uint8Array> | undefined> {
  const reader = body.getReader();
  const gathered: Uint8Array[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<"time up">((resolve) => (timer = setTimeout(resolve, pageGatherLimitMs, "time up")));
  let next = reader.read();
  try {
    for (;;) {
      const read = await Promise.race([next, timeUp]);
      if (read === "time up") break;
      if (read.done) {
        if (!response.destroyed) endWhole(request, response, Buffer.concat(gathered));
        return undefined;
      }
      gathered.push(read.value);
      next = reader.read();
    }
  } finally {
    clearTimeout(timer);
  }
  // The read under way when time was up is awaited first; later reads are made only when asked for:
  // one made ahead, while the writer waits for a slow client to drain, could fail with no one
  // awaiting it, an unhandled rejection, which stops the process.
  let underWay: typeof next | undefined = next;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of gathered) controller.enqueue(chunk);
    },
    async pull(controller) {
      const read = await (underWay ?? reader.read());
      underWay = undefined;
      if (read.done) return controller.close();
      controller.enqueue(read.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
