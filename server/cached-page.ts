import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { NonceTemplate } from "./nonce-template";

/**
 * One stored page: the bytes and the headers a rendered response sent, prepared so that serving it
 * again costs one copy. Every header the rendered response carried is repeated as it was, except
 * those that belong to one response: its CSP gets the new nonce, Cache-Control its remaining
 * lifetime, Content-Length/-Encoding describe the body sent; Date and Connection come from Node.
 */
export interface CachedPage {
  expiresAt: number;
  /** Whether shared caches (a CDN) may keep it too, or only the visitor's browser. */
  isShareable: boolean;
  body: NonceTemplate;
  /** Name/value pairs, flat, as `writeHead` takes them. */
  fixedHeaders: string[];
  /** The CSP around its nonce, or null when the page had no nonce in its CSP. */
  policyAroundNonce: [string, string] | null;
}

/** Headers that describe one response, not the page. */
const perResponseHeaders = new Set([
  "cache-control",
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "x-cache",
]);

export function preparePage({ headers, body, nonce, expiresAt, isShareable }: { headers: OutgoingHttpHeaders; body: Buffer; nonce: string; expiresAt: number; isShareable: boolean }): CachedPage {
  const fixedHeaders: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || perResponseHeaders.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) fixedHeaders.push(name, String(item));
  }
  const policy = headers["content-security-policy"];
  const policyParts = typeof policy === "string" ? policy.split(`'nonce-${nonce}'`) : null;
  return {
    expiresAt,
    isShareable,
    body: new NonceTemplate(body, nonce),
    fixedHeaders,
    policyAroundNonce: policyParts?.length === 2 ? [policyParts[0], policyParts[1]] : null,
  };
}

/** Cache-Control for a page that shared caches may keep as long as this process still does. */
export const sharedCachePolicy = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;
/** Cache-Control for pages only the visitor's browser may keep (it revalidates). */
export const privateCachePolicy = "private, no-cache";

/** Sends `page` with `nonce` in its CSP and HTML, gzipped when the visitor accepts it. */
export function sendPage(page: CachedPage, { method, acceptEncoding, nonce, now }: { method: string; acceptEncoding: string | undefined; nonce: string; now: number }, response: ServerResponse) {
  const isGzip = acceptsGzip(acceptEncoding);
  const cacheControl = page.isShareable ? sharedCachePolicy(Math.max(1, Math.ceil((page.expiresAt - now) / 1000))) : privateCachePolicy;
  const headers = [...page.fixedHeaders, "cache-control", cacheControl, "content-length", String(isGzip ? page.body.gzipLength : page.body.length), "x-cache", "HIT"];
  if (page.policyAroundNonce) headers.push("content-security-policy", `${page.policyAroundNonce[0]}'nonce-${nonce}'${page.policyAroundNonce[1]}`);
  if (isGzip) headers.push("content-encoding", "gzip");
  response.writeHead(200, headers);
  // Headers and body leave in one write.
  response.end(method === "HEAD" ? undefined : isGzip ? page.body.fillGzip(nonce) : page.body.fill(nonce));
}

/**
 * Whether Accept-Encoding allows gzip: listed (or `*`) without `q=0`. A visitor that prefers
 * `br` gets gzip from the cache (also acceptable to it); one that allows neither gets identity.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let wildcard = false;
  for (const entry of acceptEncoding.split(",")) {
    const [coding, ...parameters] = entry.split(";");
    const name = coding.trim().toLowerCase();
    if (name !== "gzip" && name !== "*") continue;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const isAllowed = !quality || Number(quality.slice(2)) > 0;
    if (name === "gzip") return isAllowed;
    wildcard = isAllowed;
  }
  return wildcard;
}
