import { writeReadableStreamToWritable } from "@react-router/node";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext } from "react-router";
import { wasDatabaseUnavailable } from "~/lib/database/database-unavailable";
import { BodyTooLargeError, bodyTooLargeMessage } from "~/lib/request-body.server";
import { closeAfterDraining } from "./body-limits";
import type { Link } from "./chain";
import { pathOf, refusalResponse, unavailableResponse } from "./refusal";
import { type ProxyTrust, requestAddress } from "./request-address";
import { overridableHeaders } from "./security";

/** React Router's request handler (or the page cache in front of it): a fetch Request and its load context in, a Response out. */
export type FetchHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

/**
 * The last link of the chain: the request handed to React Router as a fetch Request, with one
 * addition: the body a route reads is cut at the request's limit (`response.locals.bodyLimitBytes`,
 * set by bodyGuards) while it streams, whether or not a Content-Length was declared. Past the limit
 * the route's read fails with BodyTooLargeError (its reader answers 413), and the connection is
 * closed after the answer (closeAfterDraining).
 */
export function reactRouterHandler({ handle, trust }: { handle: FetchHandler; trust: ProxyTrust }): Link {
  return async (request, response, next) => {
    try {
      const { url, clientAddress, viaTrustedProxy, peerAddress } = requestAddress(request, trust);
      // A Host that makes no URL ("a b") is the client's error.
      if (!URL.canParse(url)) return next(Object.assign(new Error("The request's Host makes no valid URL."), { status: 400 }));
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : limitedBody(request, response.locals.bodyLimitBytes ?? Infinity);
      const context: AppLoadContext = { cspNonce: response.locals.cspNonce, clientAddress, viaTrustedProxy, peerAddress };
      const answer = await handle(toFetchRequest(request, url, body?.stream), context);
      let sent = answer;
      if (body?.isOverLimit() && answer.status !== 413) sent = replaced(answer, refusalResponse(pathOf(request), 413, bodyTooLargeMessage));
      // A resource route outside /api (POST /logout) that failed on an unavailable database: 503, as pages and /api answer.
      else if (answer.status === 500 && wasDatabaseUnavailable(context)) sent = replaced(answer, unavailableResponse(pathOf(request)));
      response.once("finish", () => closeAfterDraining(request));
      await send(response, sent);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The request as React Router takes it. Its signal never aborts: a read changes nothing if the
 * client leaves, and a write whose body has arrived is carried through, as a payment or an order must be.
 */
function toFetchRequest(request: IncomingMessage, url: string, body?: ReadableStream<Uint8Array>) {
  const headers = request.headers as Record<string, string>;
  return new Request(url, { method: request.method, headers, body, ...(body ? { duplex: "half" } : {}) });
}

/**
 * The request body as a web stream that errors (and stops reading) once more than `limitBytes`
 * arrived. It reads only what the route asks for: a route that never reads the body is never
 * refused for its size.
 */
function limitedBody(request: IncomingMessage, limitBytes: number) {
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
            return controller.error(new BodyTooLargeError());
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
          request.off("data", onData).off("end", onEnd).off("error", onClose).off("close", onClose);
        };
        request.on("data", onData).once("end", onEnd).once("error", onClose).once("close", onClose).pause();
      },
      pull: () => void request.resume(),
      // Not request.destroy(): that would destroy the socket, and the answer could not be sent.
      cancel: () => stopListening(),
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return { stream, isOverLimit: () => isOverLimit };
}

function replaced(answer: Response, replacement: Response) {
  void answer.body?.cancel();
  return replacement;
}

/** An answer's headers (lower-case names) on the response: a route's own value of a security header replaces the chain's. */
export function setAnswerHeaders(response: ServerResponse, headers: Iterable<[string, string]>) {
  for (const [name, value] of headers) {
    if (overridableHeaders.has(name)) response.setHeader(name, value);
    else response.appendHeader(name, value);
  }
}

/** Sends the answer. */
async function send(response: ServerResponse, answer: Response) {
  if (response.destroyed || response.writableEnded) return void (await answer.body?.cancel());
  response.statusCode = answer.status;
  if (answer.statusText) response.statusMessage = answer.statusText;
  setAnswerHeaders(response, answer.headers);
  if (!answer.body) return void response.end();
  try {
    await writeReadableStreamToWritable(answer.body, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}
