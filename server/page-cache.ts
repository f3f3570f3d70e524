import type { IncomingMessage } from "node:http";
import { type PageVariation, type Variation, type Visitor, pageCacheHeader, parsePageCacheHeader } from "~/lib/page-cache";
import type { Link } from "./chain";
import { setAnswerHeaders, type FetchHandler } from "./react-router-handler";
import { pathOf } from "./refusal";
import { type ProxyTrust, requestAddress } from "./request-address";

/** `pieces`: the HTML's bytes cut where the nonce of its render went. */
type StoredPage = { expiresAt: number; isShareable: boolean; headers: [string, string][]; pieces: Buffer[] };

/** Cache-Control for a page that shared caches may keep as long as this process still does. */
const sharedCachePolicy = (seconds: number) => `public, max-age=0, s-maxage=${seconds}`;
/** Cache-Control for pages only the visitor's browser may keep (it revalidates). */
const privateCachePolicy = "private, no-cache";

/**
 * A short-lived cache of anonymous pages' HTML (decision 0007). Routes opt in with the header
 * `X-Page-Cache` (their `headers` export, app/lib/page-cache.ts); it never leaves the server.
 * `keepAnswers` wraps React Router's handler and stores what it renders; `serveStored` is the link
 * before React Router that answers from memory, so a stored page costs no fetch Request or Response.
 *
 * No visitor ever receives another's page: only GET/HEAD requests with no Cookie header at all and
 * no Authorization header are served from it, only GET answers to such requests are stored, and
 * only when they are `200`, opted in and set no cookie. The key is the address as React Router sees
 * it plus the value of each variation the page declared (`varyBy`, e.g. the visitor's market),
 * worked out for every request before looking. Each answer carries its own request's CSP nonce.
 */
export function createPageCache({ variations, trust, maxEntries = 500 }: { variations: Record<PageVariation, Variation>; trust: ProxyTrust; maxEntries?: number }) {
  const pages = new Map<string, StoredPage>();
  /** What each stored address varies by, learnt when it was stored: tells a lookup which values to work out. */
  const variationsAt = new Map<string, PageVariation[]>();

  const keyOf = async (url: string, headers: Pick<Headers, "get">, visitor: Visitor, varyBy: PageVariation[]) => {
    const values = await Promise.all(varyBy.map((name) => variations[name].valueOf(headers, visitor)));
    return [url, ...values].join("\n");
  };

  const store = (key: string, url: string, varyBy: PageVariation[], page: StoredPage) => {
    pages.delete(key); // re-inserted as the newest
    while (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    variationsAt.set(url, varyBy);
    if (variationsAt.size > maxEntries * 2) variationsAt.delete(variationsAt.keys().next().value!);
  };

  const freshPage = (key: string | undefined) => {
    const page = key === undefined ? undefined : pages.get(key);
    if (!page || page.expiresAt > Date.now()) return page;
    pages.delete(key!);
  };

  const serveStored: Link = (request, response, next) => {
    if (!isCacheableRequest(request.method, pathOf(request), (name) => request.headers[name] !== undefined)) return next();
    const address = requestAddress(request, trust);
    const varyBy = variationsAt.get(address.url);
    if (!varyBy) return next();
    keyOf(address.url, headersOf(request), address, varyBy)
      .catch(() => undefined) // a variation that cannot be worked out: render
      .then((key) => {
        const page = freshPage(key);
        if (!page) return next();
        const nonce = Buffer.from(response.locals.cspNonce);
        const html = Buffer.concat(page.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [nonce, piece])));
        response.statusCode = 200;
        setAnswerHeaders(response, page.headers);
        response.setHeader("Cache-Control", page.isShareable ? sharedCachePolicy(Math.max(1, Math.ceil((page.expiresAt - Date.now()) / 1000))) : privateCachePolicy);
        response.setHeader("Content-Length", html.byteLength);
        response.setHeader("X-Cache", "HIT");
        response.end(request.method === "HEAD" ? undefined : html);
      })
      .catch(next);
  };

  const keepAnswers =
    (render: FetchHandler): FetchHandler =>
    async (request, context) => {
      const answer = await render(request, context);
      const { seconds, varyBy } = parsePageCacheHeader(answer.headers.get(pageCacheHeader));
      answer.headers.delete(pageCacheHeader);
      if (seconds === 0) return answer;
      if (!isCacheableRequest(request.method, new URL(request.url).pathname, (name) => request.headers.has(name))) return withCachePolicy(answer, privateCachePolicy, []);
      if (answer.status !== 200 || answer.headers.has("set-cookie")) {
        // An opted-in page's error (404, 503…) is never shared; a policy it chose itself (no-store) stays.
        if (!answer.headers.has("cache-control")) answer.headers.set("Cache-Control", privateCachePolicy);
        return answer;
      }
      const varyLists = varyBy.map((name) => variations[name].sharedCacheVary(request.headers, context));
      const sharedVary = varyLists.includes(null) ? null : (varyLists.flat() as string[]);
      withCachePolicy(answer, sharedVary ? sharedCachePolicy(seconds) : privateCachePolicy, sharedVary ?? []);
      if (request.method !== "GET") return answer; // a HEAD answer has no body to keep
      const html = await answer.text();
      const pieces = html.split(context.cspNonce).map((piece) => Buffer.from(piece));
      const page = { expiresAt: Date.now() + seconds * 1000, isShareable: sharedVary !== null, headers: [...answer.headers], pieces };
      store(await keyOf(request.url, request.headers, context, varyBy), request.url, varyBy, page);
      return new Response(html, { status: 200, statusText: answer.statusText, headers: answer.headers });
    };

  return { serveStored, keepAnswers };
}

/**
 * GET or HEAD for a document, with nothing that identifies the visitor (any cookie counts, not only
 * the session). Any other answer of an opted-in page may be kept only by the visitor's browser.
 */
function isCacheableRequest(method: string | undefined, pathname: string, hasHeader: (lowerCaseName: string) => boolean): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (hasHeader("cookie") || hasHeader("authorization")) return false;
  return !pathname.endsWith(".data"); // React Router's data requests
}

/** A Node request's headers read as a fetch Headers is (a header sent empty reads as absent). */
const headersOf = (request: IncomingMessage): Pick<Headers, "get"> => ({ get: (name) => [request.headers[name.toLowerCase()] ?? []].flat().join(", ") || null });

/** Every opted-in page varies by Cookie and Authorization; shared caches must also key on the headers its variations come from. */
function withCachePolicy(answer: Response, policy: string, varyHeaders: string[]) {
  answer.headers.set("Cache-Control", policy);
  const vary = new Set((answer.headers.get("vary") ?? "").split(",").map((field) => field.trim()).filter(Boolean));
  for (const field of ["Cookie", "Authorization", ...varyHeaders]) vary.add(field);
  answer.headers.set("Vary", [...vary].join(", "));
  return answer;
}
