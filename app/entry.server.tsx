import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction, ServerRouter } from "react-router";
import { databaseUnavailableRetryAfterSeconds, isDatabaseUnavailable, markDatabaseUnavailable, wasDatabaseUnavailable } from "~/lib/database/database-unavailable";
import { getLogger } from "~/lib/logger.server";
import { NonceProvider } from "~/lib/nonce";
import { PaintFirstScriptProvider } from "~/lib/paint-first";
import { paintFirstScript, paintFirstTransform } from "~/lib/paint-first.server";

/**
 * A loader or action failed because the database was unreachable or every connection stayed busy
 * past its bound. React Router hands handleError the original error but the renderer only a
 * sanitised copy, so handleError marks the request's load context (database-unavailable.ts) and the
 * response is then sent as 503 with Retry-After (the root ErrorBoundary is the error page) instead
 * of 500.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    markDatabaseUnavailable(context);
    getLogger().warn({ err: error, path: new URL(request.url).pathname }, "database unavailable: answered 503");
    return;
  }
  // React Router's default: log, except for requests the client aborted.
  if (!request.signal.aborted) console.error(error);
};

function markUnavailable(status: number, headers: Headers, context: unknown): number {
  if (!wasDatabaseUnavailable(context) || status < 500) return status;
  headers.set("Retry-After", String(databaseUnavailableRetryAfterSeconds));
  headers.set("Cache-Control", "no-store");
  return 503;
}

/** Client-side navigations (`.data` requests) answer 503 in the same case. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const status = markUnavailable(response.status, response.headers, context);
  return status === response.status ? response : new Response(response.body, { status, headers: response.headers });
};

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  responseStatusCode = markUnavailable(responseStatusCode, responseHeaders, loadContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PaintFirstScriptProvider value={paintFirstScript}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PaintFirstScriptProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = paintFirstTransform(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
