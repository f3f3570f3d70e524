/** The header a route answers to let the server cache its HTML for anonymous visitors (server/page-cache.ts). */
export const pageCacheHeader = "X-Page-Cache";

/**
 * A route `headers` export for pages that look the same to every signed-out visitor: the server
 * keeps their HTML for `seconds` and serves it without rendering again.
 */
export function cacheForAnonymousVisitors(seconds: number) {
  return () => ({ [pageCacheHeader]: String(seconds) });
}
