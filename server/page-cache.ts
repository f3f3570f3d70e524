import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { type PageVariation, pageCacheHeader, parsePageCacheHeader } from "~/lib/page-cache";
import { type CachedPage, preparePage, privateCachePolicy, sendPage, sharedCachePolicy } from "./cached-page";
import { addVary, leaveCompressionToMiddleware } from "./whole-body";

/**
 * A short-lived cache of anonymous pages' HTML (decision 0007). Rendering a page costs milliseconds
 * of CPU; a hit costs one copy of its bytes. Routes opt in with the header `X-Page-Cache` (their
 * `headers` export, app/lib/page-cache.ts); it never leaves the server.
 *
 * No visitor ever receives another's page: only GET/HEAD requests with no Cookie header at all and
 * no Authorization header are served from it, only GET responses to such requests are stored, and
 * only when they are `200`, opted in and set no cookie. The key is everything that can change the
 * HTML: the address as the app sees it (Host, X-Forwarded-Host/-Proto, path and query) plus the
 * value of each variation the page declared (`varyBy`, e.g. the visitor's market), worked out for
 * every request before looking. Each response gets its own CSP nonce, in the header and the HTML.
 *
 * Two halves: `storeRenderedPages` (Express middleware, after the security headers) records what a
 * rendered page sent; `serveCachedPages` wraps the whole server's request listener, so a hit skips
 * Express, compression, static files, logging and React Router altogether.
 */

export interface Variation {
  /** The request's value (e.g. "GHS"): part of the key. */
  valueOf(request: IncomingMessage): string | Promise<string>;
  /**
   * Request headers a shared cache must key on to keep this request's page, or null when it cannot
   * (then the page is private). Its answer must follow from `valueOf`: both are part of one key.
   */
  sharedCacheVary(request: IncomingMessage): string[] | null;
}

export interface PageCacheOptions {
  variations: Record<PageVariation, Variation>;
  createNonce: () => string;
  maxEntries?: number;
}

export function createPageCache({ variations, createNonce, maxEntries = 500 }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  /** What each stored address varies by, learnt when it was stored: tells a lookup which values to work out. */
  const variationsAt = new Map<string, PageVariation[]>();

  /** The key of this request's copy; synchronous unless a variation has to look something up. */
  const keyOf = (address: string, varyBy: PageVariation[], request: IncomingMessage): string | Promise<string> => {
    if (varyBy.length === 0) return address;
    const values = varyBy.map((name) => variations[name].valueOf(request));
    const join = (resolved: string[]) => `${address}\n${resolved.join("\n")}`;
    return values.every((value) => typeof value === "string") ? join(values as string[]) : Promise.all(values).then(join);
  };

  const store = (key: string, address: string, varyBy: PageVariation[], page: CachedPage) => {
    pages.delete(key); // re-inserted as the newest
    while (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    variationsAt.set(address, varyBy);
    if (variationsAt.size > maxEntries * 2) variationsAt.delete(variationsAt.keys().next().value!);
  };

  /** Serves a fresh stored page; false when there is none. */
  const serveStored = (key: string, request: IncomingMessage, response: ServerResponse): boolean => {
    const page = pages.get(key);
    if (!page) return false;
    const now = Date.now();
    if (page.expiresAt <= now) {
      pages.delete(key);
      return false;
    }
    try {
      sendPage(page, { method: request.method!, acceptEncoding: request.headers["accept-encoding"], nonce: createNonce(), now }, response);
    } catch {
      // Never expected; a page that cannot be sent from memory is dropped and rendered instead.
      pages.delete(key);
      if (!response.headersSent) return false;
      response.destroy();
    }
    return true;
  };

  /** Wraps the server's request listener: hits are answered here, everything else goes to `next`. */
  const serveCachedPages = (next: RequestListener): RequestListener => (request, response) => {
    if (!isCacheableRequest(request)) return next(request, response);
    const address = addressOf(request);
    const varyBy = variationsAt.get(address);
    if (!varyBy) return next(request, response);
    let key: string | Promise<string>;
    try {
      key = keyOf(address, varyBy, request);
    } catch {
      return next(request, response); // a variation that cannot be worked out: render
    }
    if (typeof key === "string") {
      if (!serveStored(key, request, response)) next(request, response);
      return;
    }
    key.then(
      (resolved) => serveStored(resolved, request, response) || next(request, response),
      () => next(request, response),
    );
  };

  const storeRenderedPages: RequestHandler = (request, response, next) => {
    if (!isCacheableRequest(request)) {
      keepPagePrivate(response);
      return next();
    }
    const nonce: string = response.locals.cspNonce;
    const address = addressOf(request);
    capture(response, ({ seconds, varyBy }) => {
      const sharedVary = sharedCacheVaryOf(varyBy, request);
      setCachePolicy(response, sharedVary ? sharedCachePolicy(seconds) : privateCachePolicy, sharedVary ?? []);
      return sharedVary !== null;
    }, async ({ seconds, varyBy, isShareable, headers, body }) => {
      if (request.method !== "GET") return; // a HEAD response has no body to keep
      const key = await keyOf(address, varyBy, request);
      store(key, address, varyBy, preparePage({ headers, body, nonce, expiresAt: Date.now() + seconds * 1000, isShareable }));
    });
    next();
  };

  const sharedCacheVaryOf = (varyBy: PageVariation[], request: IncomingMessage): string[] | null => {
    const headers: string[] = [];
    for (const name of varyBy) {
      const vary = variations[name].sharedCacheVary(request);
      if (!vary) return null;
      headers.push(...vary);
    }
    return headers;
  };

  return { serveCachedPages, storeRenderedPages };
}

/**
 * GET or HEAD for a document, with nothing that identifies the visitor. Any cookie counts, not only
 * the session: a page that some day reads another cookie stays correct without touching the cache.
 */
export function isCacheableRequest(request: IncomingMessage): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.cookie !== undefined || request.headers.authorization !== undefined) return false;
  const url = request.url ?? "";
  const queryStart = url.indexOf("?");
  return !(queryStart === -1 ? url : url.slice(0, queryStart)).endsWith(".data"); // React Router's data requests
}

/**
 * For a page no shared cache may keep (a signed-in visitor's copy, one sent with cookies, a post's
 * answer, a data request): if its route opted in to the cache, only the visitor's browser may keep
 * it, as its headers go out. The route's marker never leaves the server.
 */
export function keepPagePrivate(response: ServerResponse) {
  beforeHeaders(response, () => {
    const { seconds } = parsePageCacheHeader(response.getHeader(pageCacheHeader));
    response.removeHeader(pageCacheHeader);
    if (seconds > 0) setCachePolicy(response, privateCachePolicy, []);
  });
}

/** Everything React Router builds the request's URL from (Express's `trust proxy` decides which it uses; keying on all is never wrong). */
function addressOf(request: IncomingMessage & { originalUrl?: string }): string {
  const headers = request.headers;
  return `${headers.host ?? ""} ${headers["x-forwarded-host"] ?? ""} ${headers["x-forwarded-proto"] ?? ""} ${request.originalUrl ?? request.url}`;
}

/**
 * Every opted-in page answers with Vary: Cookie, Authorization, as it differs by them; shared
 * caches must also key on the headers its variations come from.
 */
function setCachePolicy(response: ServerResponse, policy: string, varyHeaders: string[]) {
  response.setHeader("Cache-Control", policy);
  for (const header of ["Cookie", "Authorization", ...varyHeaders]) addVary(response, header);
}

type Marker = ReturnType<typeof parsePageCacheHeader>;

/** Calls `use` just before the headers go out. */
function beforeHeaders(response: ServerResponse, use: () => void) {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    use();
    return writeHead(...args);
  }) as typeof response.writeHead;
}

interface CapturedPage extends Marker {
  isShareable: boolean;
  /** Every header as sent, including those later middleware (compression's Vary) added. */
  headers: OutgoingHttpHeaders;
  /** The body before compression. */
  body: Buffer;
}

/**
 * Watches what is written to `response`. `decide` runs with the marker of an opted-in page before its
 * headers go out (and says whether shared caches may keep it); `store` gets the page when it ended as
 * a 200 that set no cookie.
 */
function capture(response: Response, decide: (marker: Marker) => boolean, store: (page: CapturedPage) => Promise<void>) {
  leaveCompressionToMiddleware(response);
  const chunks: Buffer[] = [];
  let marker: Marker = { seconds: 0, varyBy: [] };
  let isShareable = false;
  let status = 0;
  let sentHeaders: OutgoingHttpHeaders | undefined;
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => Response;
  response.writeHead = ((...args: unknown[]) => {
    marker = parsePageCacheHeader(response.getHeader(pageCacheHeader));
    response.removeHeader(pageCacheHeader);
    status = typeof args[0] === "number" ? args[0] : response.statusCode;
    if (marker.seconds > 0 && status === 200) isShareable = decide(marker);
    // An opted-in page's error (404, 503…) is never shared; a policy it chose itself (no-store) stays.
    else if (marker.seconds > 0 && !response.hasHeader("cache-control")) response.setHeader("Cache-Control", privateCachePolicy);
    const result = writeHead(...args);
    sentHeaders = response.getHeaders();
    return result;
  }) as typeof response.writeHead;

  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => Response;
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof response.write;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    const result = end(chunk, ...rest);
    // end() has sent the headers by now, so the marker has been read.
    const isStorable = marker.seconds > 0 && status === 200 && response.statusCode === 200 && sentHeaders !== undefined && !response.hasHeader("set-cookie");
    if (isStorable) {
      store({ ...marker, isShareable, headers: sentHeaders!, body: Buffer.concat(chunks) }).catch(() => {
        // Not storing only costs the next visitor a render.
      });
    }
    return result;
  }) as typeof response.end;
}
