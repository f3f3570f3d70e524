import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainOf } from "./chain";
import { createPageCache } from "./page-cache";
import { reactRouterHandler } from "./react-router-handler";
import { compileProxyTrust } from "./request-address";
import { createCspNonce } from "./security";
import { cspNonceOf, rawRequest } from "./testing/raw-http";

/*
 * The page cache on its own, over HTTP: its two links in a chain in front of a render that counts
 * its calls, so a page served from memory keeps its count. The app's own pages, through the whole
 * chain, are checked against the built server in page-cache-pages.db.test.ts.
 */
let renders = 0;
const render = async (request: Request, context: AppLoadContext) => {
  renders += 1;
  const url = new URL(request.url);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  const marker = { "/page": "60", "/short": "1", "/sets-cookie": "60", "/missing": "60", "/by-market": "60; vary=market", "/page.data": "60" }[url.pathname];
  if (marker) headers.set("X-Page-Cache", marker);
  if (url.pathname === "/sets-cookie") headers.set("Set-Cookie", "flash=hello");
  const market = request.headers.get("x-test-market") ?? "none";
  const body = `<script nonce="${context.cspNonce}">1</script><p>${url.pathname}${url.search} render ${renders} market ${market} ₵</p><script nonce="${context.cspNonce}">2</script>`;
  return new Response(request.method === "HEAD" ? null : body, { status: url.pathname === "/missing" ? 404 : 200, headers });
};

const trust = compileProxyTrust(false);
const cache = createPageCache({
  // A variation read from a request header, so tests can be any "market" they like.
  variations: { market: { valueOf: (headers) => headers.get("x-test-market") ?? "none", sharedCacheVary: () => ["X-Test-Market"] } },
  trust,
});
const server = http.createServer(
  chainOf([
    (_request, response, next) => {
      response.locals = { cspNonce: createCspNonce() };
      response.setHeader("Content-Security-Policy", `script-src 'nonce-${response.locals.cspNonce}'`);
      next();
    },
    cache.serveStored,
    reactRouterHandler({ handle: cache.keepAnswers(render), trust }),
  ]),
);
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A request over HTTP; the answer's headers read as a fetch Headers is. */
async function get(path: string, requestHeaders: Record<string, string> = {}, method = "GET") {
  const answer = await rawRequest(`${origin}${path}`, { method, headers: requestHeaders });
  const body = answer.body.toString();
  const headers = new Headers(Object.entries(answer.headers).map(([name, value]): [string, string] => [name, String(value)]));
  return { answer: { headers }, body, nonce: cspNonceOf(answer)!, render: Number(/render (\d+)/.exec(body)?.[1]) };
}

describe("the page cache", () => {
  it("answers a hit as the rendered page, with this request's nonce and the same headers", async () => {
    const first = await get("/page?hit");
    const hit = await get("/page?hit");
    expect(first.answer.headers.get("x-cache")).toBeNull();
    expect(hit.answer.headers.get("x-cache")).toBe("HIT");
    expect(hit.render).toBe(first.render);
    expect(hit.body).toBe(first.body.replaceAll(first.nonce, hit.nonce));
    expect(hit.body.split(`nonce="${hit.nonce}"`)).toHaveLength(3);
    expect(hit.answer.headers.get("content-length")).toBe(String(Buffer.byteLength(hit.body)));
    for (const answer of [first.answer, hit.answer]) {
      expect(answer.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=(60|59)$/);
      expect(answer.headers.get("vary")).toBe("Cookie, Authorization");
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(answer.headers.has("x-page-cache")).toBe(false);
    }
  });

  it("answers HEAD from memory with the GET's length, and never stores a HEAD's empty body", async () => {
    const head = await get("/page?head", {}, "HEAD");
    expect(head.answer.headers.get("x-cache")).toBeNull();
    const first = await get("/page?head");
    expect(first.answer.headers.get("x-cache")).toBeNull();
    const headHit = await get("/page?head", {}, "HEAD");
    expect(headHit.answer.headers.get("x-cache")).toBe("HIT");
    expect(headHit.body).toBe("");
    expect(headHit.answer.headers.get("content-length")).toBe(String(Buffer.byteLength(first.body)));
  });

  it("neither serves nor stores for a visitor who sends a cookie (any) or an Authorization header", async () => {
    for (const headers of [{ cookie: "__session=abc" }, { cookie: "something-else=1" }, { authorization: "Bearer abc" }] as Record<string, string>[]) {
      const path = `/page?visitor=${encodeURIComponent(JSON.stringify(headers))}`;
      await get(path);
      const warm = await get(path);
      expect(warm.answer.headers.get("x-cache")).toBe("HIT");
      const identified = await get(path, headers);
      expect(identified.answer.headers.get("x-cache")).toBeNull();
      expect(identified.render).toBeGreaterThan(warm.render);
      expect(identified.answer.headers.get("cache-control")).toBe("private, no-cache");
      expect(identified.answer.headers.has("x-page-cache")).toBe(false);
      // And what it was shown was not kept for anyone else.
      const fresh = `${path}&fresh`;
      await get(fresh, headers);
      expect((await get(fresh)).answer.headers.get("x-cache")).toBeNull();
    }
  });

  it("never stores an answer that sets a cookie, is not 200, or did not opt in", async () => {
    for (const path of ["/sets-cookie", "/missing", "/not-opted-in"]) {
      const first = await get(path);
      const second = await get(path);
      expect(second.answer.headers.get("x-cache"), path).toBeNull();
      expect(second.render, path).toBe(first.render + 1);
    }
    expect((await get("/sets-cookie")).answer.headers.get("set-cookie")).toBe("flash=hello");
    expect((await get("/not-opted-in")).answer.headers.get("cache-control")).toBeNull();
    expect((await get("/missing")).answer.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("never answers a POST or a data request from memory", async () => {
    await get("/page");
    expect((await get("/page")).answer.headers.get("x-cache")).toBe("HIT");
    const posted = await get("/page", {}, "POST");
    expect(posted.answer.headers.get("x-cache")).toBeNull();
    expect(posted.answer.headers.get("cache-control")).toBe("private, no-cache");
    await get("/page.data");
    expect((await get("/page.data")).answer.headers.get("x-cache")).toBeNull();
  });

  it("keys by the address as the app sees it: query string and host", async () => {
    const one = await get("/page?platform=tiktok");
    const two = await get("/page?platform=youtube");
    expect(two.body).toContain("/page?platform=youtube");
    const [oneAgain, twoAgain] = [await get("/page?platform=tiktok"), await get("/page?platform=youtube")];
    expect([oneAgain.render, twoAgain.render]).toEqual([one.render, two.render]);
    expect((await get("/page?platform=tiktok", { host: "other.example" })).answer.headers.get("x-cache")).toBeNull();
  });

  it("keeps one copy per value of a declared variation, worked out for each visitor", async () => {
    const ghana = await get("/by-market", { "x-test-market": "GH" });
    const global = await get("/by-market", { "x-test-market": "US" });
    expect(global.answer.headers.get("x-cache")).toBeNull();
    const ghanaHit = await get("/by-market", { "x-test-market": "GH" });
    const globalHit = await get("/by-market", { "x-test-market": "US" });
    expect([ghanaHit.render, globalHit.render]).toEqual([ghana.render, global.render]);
    expect(ghanaHit.body).toContain("market GH");
    expect(globalHit.body).toContain("market US");
    // Shared caches are told to key on the header the variation comes from.
    expect(ghanaHit.answer.headers.get("vary")).toBe("Cookie, Authorization, X-Test-Market");
  });

  it("forgets a page when its lifetime is over", async () => {
    const first = await get("/short");
    expect((await get("/short")).answer.headers.get("x-cache")).toBe("HIT");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await get("/short");
    expect(later.answer.headers.get("x-cache")).toBeNull();
    expect(later.render).toBeGreaterThan(first.render);
  });
});
