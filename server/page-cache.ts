import type { RequestHandler } from "express";
import { pageCacheHeader } from "~/lib/page-cache";

/**
 * A short-lived cache of anonymous pages' HTML: rendering a page costs ~2.6 ms of CPU, serving it
 * from memory a few microseconds. Routes opt in by answering the header `X-Page-Cache: <seconds>`
 * (their `headers` export); it is removed before the response leaves. Only requests that carry no
 * session cookie and no Authorization header are served from or stored in the cache, and only
 * 200 responses that set no cookie are stored, so no one ever receives another person's page.
 * A route whose HTML depends on anything else in the request (location, query) must not opt in
 * unless that is part of the URL. The stored page's CSP nonce is replaced by the current one.
 * Opted-in pages also tell shared caches (a CDN) they may keep the anonymous copy just as long.
 */

interface CachedPage {
  body: string;
  contentType: string;
  nonce: string;
  expiresAt: number;
}

export function anonymousPageCache({ sessionCookieName, maxEntries = 500 }: { sessionCookieName: string; maxEntries?: number }): RequestHandler {
  const pages = new Map<string, CachedPage>();

  return (request, response, next) => {
    if ((request.method !== "GET" && request.method !== "HEAD") || request.path.endsWith(".data")) return next();
    const isAnonymous = !request.headers.authorization && !request.headers.cookie?.includes(`${sessionCookieName}=`);
    if (!isAnonymous) {
      // A signed-in visitor's copy of an opted-in page: only their browser may keep it.
      onMarker(response, (seconds) => seconds > 0 && setCachePolicy(response, "private, no-cache"));
      return next();
    }

    const key = request.originalUrl;
    const nonce: string = response.locals.cspNonce;
    const cached = pages.get(key);
    if (cached && cached.expiresAt > Date.now()) {
      setCachePolicy(response, sharedCachePolicy(Math.ceil((cached.expiresAt - Date.now()) / 1000)));
      response.status(200).type(cached.contentType).set("X-Cache", "HIT");
      response.end(request.method === "HEAD" ? undefined : cached.body.replaceAll(cached.nonce, nonce));
      return;
    }
    if (cached) pages.delete(key);
    capture(response, (page) => {
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
      pages.set(key, { ...page, nonce });
    });
    next();
  };
}

/**
 * Signed-out visitors all get the same page for a while: a CDN may keep it as long as this process
 * does (`s-maxage`); browsers revalidate. It varies by the session cookie and Authorization, so a
 * shared cache never hands it to a signed-in visitor or the other way round.
 */
const sharedCachePolicy = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;

function setCachePolicy(response: Parameters<RequestHandler>[1], policy: string) {
  response.setHeader("Cache-Control", policy);
  response.vary("Cookie");
  response.vary("Authorization");
}

/** Calls `use` with the route's page-cache marker (removed from the response) just before the headers go out. */
function onMarker(response: Parameters<RequestHandler>[1], use: (seconds: number) => void) {
  const originalWriteHead = response.writeHead.bind(response) as (...args: unknown[]) => typeof response;
  response.writeHead = ((...args: unknown[]) => {
    const seconds = Number(response.getHeader(pageCacheHeader)) || 0;
    response.removeHeader(pageCacheHeader);
    use(seconds);
    return originalWriteHead(...args);
  }) as typeof response.writeHead;
}

/** Watches what is written to `response`; hands a cacheable page to `store` when it ends. */
function capture(response: Parameters<RequestHandler>[1], store: (page: Omit<CachedPage, "nonce">) => void) {
  const chunks: Buffer[] = [];
  let lifetimeSeconds = 0;
  onMarker(response, (seconds) => {
    lifetimeSeconds = seconds;
    if (seconds > 0) setCachePolicy(response, sharedCachePolicy(seconds));
  });
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
  };

  const originalWrite = response.write.bind(response) as (...args: unknown[]) => boolean;
  const originalEnd = response.end.bind(response) as (...args: unknown[]) => typeof response;
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    return originalWrite(chunk, ...rest);
  }) as typeof response.write;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    const result = originalEnd(chunk, ...rest);
    // end() has sent the headers by now, so the marker has been read.
    const isStorable = lifetimeSeconds > 0 && response.statusCode === 200 && !response.hasHeader("set-cookie");
    if (isStorable) {
      store({
        body: Buffer.concat(chunks).toString("utf8"),
        contentType: String(response.getHeader("content-type") ?? "text/html; charset=utf-8"),
        expiresAt: Date.now() + lifetimeSeconds * 1000,
      });
    }
    return result;
  }) as typeof response.end;
}
