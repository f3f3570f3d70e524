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
    const isCacheable =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.path.endsWith(".data") &&
      !request.headers.authorization &&
      !request.headers.cookie?.includes(`${sessionCookieName}=`);
    if (!isCacheable) return next();

    const key = request.originalUrl;
    const nonce: string = response.locals.cspNonce;
    const cached = pages.get(key);
    if (cached && cached.expiresAt > Date.now()) {
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

/** Watches what is written to `response`; hands a cacheable page to `store` when it ends. */
function capture(response: Parameters<RequestHandler>[1], store: (page: Omit<CachedPage, "nonce">) => void) {
  const chunks: Buffer[] = [];
  let lifetimeSeconds: number | undefined;
  const takeMarker = () => {
    if (lifetimeSeconds !== undefined || response.headersSent) return;
    lifetimeSeconds = Number(response.getHeader(pageCacheHeader)) || 0;
    response.removeHeader(pageCacheHeader);
  };
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (lifetimeSeconds && chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
  };

  const originalWrite = response.write.bind(response) as (...args: unknown[]) => boolean;
  const originalEnd = response.end.bind(response) as (...args: unknown[]) => typeof response;
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    takeMarker();
    collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    return originalWrite(chunk, ...rest);
  }) as typeof response.write;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    takeMarker();
    if (typeof chunk !== "function") collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    const isStorable = lifetimeSeconds && response.statusCode === 200 && !response.hasHeader("set-cookie");
    if (isStorable) {
      store({
        body: Buffer.concat(chunks).toString("utf8"),
        contentType: String(response.getHeader("content-type") ?? "text/html; charset=utf-8"),
        expiresAt: Date.now() + lifetimeSeconds! * 1000,
      });
    }
    return originalEnd(chunk, ...rest);
  }) as typeof response.end;
}
