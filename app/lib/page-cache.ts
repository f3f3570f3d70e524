/** The header a route answers to let the server cache its HTML for anonymous visitors (server/page-cache.ts). */
export const pageCacheHeader = "X-Page-Cache";

/**
 * What, besides the address, may change an opted-in page's HTML for a signed-out visitor. The cache
 * keeps one copy per value and works the value out for every request before it looks:
 * - `market`: the visitor's market (Ghana or global, from the country; app/features/geo).
 */
export type PageVariation = "market";

/** Who sent a request, as the load context says (`clientAddress`, `viaTrustedProxy`). */
export interface Visitor {
  clientAddress: string;
  viaTrustedProxy: boolean;
}

/**
 * How the cache works out a variation for a request (the market's is app/features/geo's
 * visitorMarketVariation), from its headers and who sent it.
 */
export interface Variation {
  /** The request's value (e.g. "GHS"): part of the key. */
  valueOf(headers: Pick<Headers, "get">, visitor: Visitor): string | Promise<string>;
  /**
   * Request headers a shared cache must key on to keep this request's page, or null when it cannot
   * (then the page is private). Its answer must follow from `valueOf`: both are part of one key.
   */
  sharedCacheVary(headers: Pick<Headers, "get">, visitor: Visitor): string[] | null;
}

/**
 * A route `headers` export for pages that look the same to every signed-out visitor (at the same
 * address, and with the same `varyBy` values): the server keeps their HTML for `seconds` and serves
 * it without rendering again. The header reads `60` or `60; vary=market`.
 */
export function cacheForAnonymousVisitors(seconds: number, { varyBy = [] }: { varyBy?: PageVariation[] } = {}) {
  const value = varyBy.length > 0 ? `${seconds}; vary=${varyBy.join(",")}` : String(seconds);
  return () => ({ [pageCacheHeader]: value });
}

/** Reads the header back: lifetime and variations (0 seconds when absent or malformed). */
export function parsePageCacheHeader(value: unknown): { seconds: number; varyBy: PageVariation[] } {
  const [lifetime, ...options] = String(value ?? "").split(";");
  const seconds = Number(lifetime);
  const vary = options.map((option) => option.trim()).find((option) => option.startsWith("vary="));
  const varyBy = vary ? (vary.slice("vary=".length).split(",").filter(Boolean) as PageVariation[]) : [];
  return { seconds: Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0, varyBy };
}
