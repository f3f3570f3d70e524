import type { AppLoadContext } from "react-router";
import { type PageVariation, type Variation, pageCacheHeader, parsePageCacheHeader } from "~/lib/page-cache";
import type { FetchHandler } from "./react-router-handler";

/** `pieces`: the HTML cut where the nonce of its render went. */
type StoredPage = { expiresAt: number; isShareable: boolean; headers: Headers; pieces: string[] };

/** Cache-Control for a page that shared caches may keep as long as this process still does. */
const sharedCachePolicy = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;
/** Cache-Control for pages only the visitor's browser may keep (it revalidates). */
const privateCachePolicy = "private, no-cache";

/**
 * A short-lived cache of anonymous pages' HTML (decision 0007), in front of React Router. Routes opt
 * in with the header `X-Page-Cache` (their `headers` export, app/lib/page-cache.ts); it never
 * leaves the server.
 *
 * No visitor ever receives another's page: only GET/HEAD requests with no Cookie header at all and
 * no Authorization header are served from it, only GET answers to such requests are stored, and
 * only when they are `200`, opted in and set no cookie. The key is the address as React Router sees
 * it plus the value of each variation the page declared (`varyBy`, e.g. the visitor's market),
 * worked out for every request before looking. Each answer carries its own request's CSP nonce.
 */
export function createPageCache({ variations, maxEntries = 500 }: { variations: Record<PageVariation, Variation>; maxEntries?: number }) {
  const pages = new Map<string, StoredPage>();
  /** What each stored address varies by, learnt when it was stored: tells a lookup which values to work out. */
  const variationsAt = new Map<string, PageVariation[]>();

  const keyOf = async (request: Request, context: AppLoadContext, varyBy: PageVariation[]) => {
    const values = await Promise.all(varyBy.map((name) => variations[name].valueOf(request, context)));
    return [request.url, ...values].join("\n");
  };

  const store = (key: string, varyBy: PageVariation[], request: Request, page: StoredPage) => {
    pages.delete(key); // re-inserted as the newest
    while (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    variationsAt.set(request.url, varyBy);
    if (variationsAt.size > maxEntries * 2) variationsAt.delete(variationsAt.keys().next().value!);
  };

  const storedAnswer = async (request: Request, context: AppLoadContext): Promise<Response | undefined> => {
    const varyBy = variationsAt.get(request.url);
    if (!varyBy) return undefined;
    const key = await keyOf(request, context, varyBy);
    const page = pages.get(key);
    if (!page) return undefined;
    const now = Date.now();
    if (page.expiresAt <= now) return void pages.delete(key);
    const html = page.pieces.join(context.cspNonce);
    const headers = new Headers(page.headers);
    headers.set("Cache-Control", page.isShareable ? sharedCachePolicy(Math.max(1, Math.ceil((page.expiresAt - now) / 1000))) : privateCachePolicy);
    headers.set("Content-Length", String(Buffer.byteLength(html)));
    headers.set("X-Cache", "HIT");
    return new Response(request.method === "HEAD" ? null : html, { status: 200, headers });
  };

  const sharedCacheVaryOf = (varyBy: PageVariation[], request: Request, context: AppLoadContext) => {
    const lists = varyBy.map((name) => variations[name].sharedCacheVary(request, context));
    return lists.includes(null) ? null : (lists.flat() as string[]);
  };

  /** `render` with the cache in front. */
  return (render: FetchHandler): FetchHandler =>
    async (request, context) => {
      if (!isCacheableRequest(request)) return keptPrivate(await render(request, context));
      const stored = await storedAnswer(request, context).catch(() => undefined); // a variation that cannot be worked out: render
      if (stored) return stored;
      const answer = await render(request, context);
      const { seconds, varyBy } = parsePageCacheHeader(answer.headers.get(pageCacheHeader));
      answer.headers.delete(pageCacheHeader);
      if (seconds === 0) return answer;
      if (answer.status !== 200 || answer.headers.has("set-cookie")) {
        // An opted-in page's error (404, 503…) is never shared; a policy it chose itself (no-store) stays.
        if (!answer.headers.has("cache-control")) answer.headers.set("Cache-Control", privateCachePolicy);
        return answer;
      }
      const sharedVary = sharedCacheVaryOf(varyBy, request, context);
      setCachePolicy(answer.headers, sharedVary ? sharedCachePolicy(seconds) : privateCachePolicy, sharedVary ?? []);
      if (request.method !== "GET") return answer; // a HEAD answer has no body to keep
      const html = await answer.text();
      const page = { expiresAt: Date.now() + seconds * 1000, isShareable: sharedVary !== null, headers: new Headers(answer.headers), pieces: html.split(context.cspNonce) };
      store(await keyOf(request, context, varyBy), varyBy, request, page);
      return new Response(html, { status: 200, statusText: answer.statusText, headers: answer.headers });
    };
}

/**
 * GET or HEAD for a document, with nothing that identifies the visitor. Any cookie counts, not only
 * the session: a page that some day reads another cookie stays correct without touching the cache.
 */
function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.has("cookie") || request.headers.has("authorization")) return false;
  return !new URL(request.url).pathname.endsWith(".data"); // React Router's data requests
}

/**
 * A page no shared cache may keep (a signed-in visitor's copy, one sent with cookies, a post's
 * answer, a data request): if its route opted in to the cache, only the visitor's browser may keep it.
 */
function keptPrivate(answer: Response): Response {
  const { seconds } = parsePageCacheHeader(answer.headers.get(pageCacheHeader));
  answer.headers.delete(pageCacheHeader);
  if (seconds > 0) setCachePolicy(answer.headers, privateCachePolicy, []);
  return answer;
}

/** Every opted-in page varies by Cookie and Authorization; shared caches must also key on the headers its variations come from. */
function setCachePolicy(headers: Headers, policy: string, varyHeaders: string[]) {
  headers.set("Cache-Control", policy);
  const vary = new Set((headers.get("vary") ?? "").split(",").map((field) => field.trim()).filter(Boolean));
  for (const field of ["Cookie", "Authorization", ...varyHeaders]) vary.add(field);
  headers.set("Vary", [...vary].join(", "));
}
