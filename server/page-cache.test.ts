import compression from "compression";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";
import { createCspNonce, securityHeaders, securityHeaderTemplate } from "./security";
import { comparableBody, comparableHeaders, cspNonceOf, type RawAnswer, rawRequest } from "./testing/raw-http";

/*
 * The page cache on its own, in a real HTTP server assembled as server/start.js and server/app.ts
 * assemble it (compression outside, security headers, the store middleware, the cache wrapping the
 * listener), with pages that count their renders: a page served from memory keeps its count.
 * The app's own pages are checked against the built server in page-cache-pages.db.test.ts.
 */

let baseUrl: string;
let httpServer: http.Server;
let renders = 0;

beforeAll(async () => {
  const cache = createPageCache({
    createNonce: createCspNonce,
    // A real variation read from a request header, so tests can be any "market" they like.
    variations: { market: { valueOf: (request) => String(request.headers["x-test-market"] ?? "none"), sharedCacheVary: () => ["X-Test-Market"] } },
  });
  const app = express();
  app.use(...securityHeaders(securityHeaderTemplate({ isDevelopment: false, isHttps: false })));
  app.use(cache.storeRenderedPages);
  const page = (marker: string | null, extra: (response: express.Response) => void = () => {}) =>
    ((request, response) => {
      renders += 1;
      if (marker) response.set("X-Page-Cache", marker);
      extra(response);
      const nonce = response.locals.cspNonce as string;
      // Big enough for compression (1 kB threshold); the nonce twice, as pages carry it several times.
      response.type("html").send(
        `<!doctype html><html><head><script nonce="${nonce}">1</script></head><body><p>${request.originalUrl} render ${renders} market ${String(request.headers["x-test-market"] ?? "none")}</p>${"<p>filler</p>".repeat(200)}<script nonce="${nonce}">2</script></body></html>`,
      );
    }) satisfies express.RequestHandler;
  app.get("/page", page("60"));
  app.get("/short", page("1"));
  app.get("/not-opted-in", page(null));
  app.get("/sets-cookie", page("60", (response) => response.cookie("flash", "hello")));
  app.get("/missing", page("60", (response) => response.status(404)));
  app.get("/by-market", page("60; vary=market"));
  app.get("/page.data", page("60"));
  app.post("/page", page("60"));
  const server = express();
  server.use(compression());
  server.use(app);
  httpServer = http.createServer(cache.serveCachedPages(server));
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => httpServer?.close(resolve));
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(`${baseUrl}${path}`, { headers, method });
const renderOf = (answer: RawAnswer) => Number(/render (\d+)/.exec(answer.body.toString())?.[1]);

describe("the page cache", () => {
  it("answers a hit exactly as the rendered page except for the nonce, with the same headers", async () => {
    const miss = await get("/page?hit-test");
    const hit = await get("/page?hit-test");
    expect(miss.headers["x-cache"]).toBeUndefined();
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(renderOf(hit)).toBe(renderOf(miss));
    expect(comparableBody(hit)).toBe(comparableBody(miss));
    expect(comparableHeaders(hit)).toEqual(comparableHeaders(miss));
    expect(hit.headers["content-length"]).toBe(String(hit.body.length));
    expect(hit.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=(59|60)$/);
    expect(hit.headers.vary).toBe("Cookie, Authorization, Accept-Encoding");
    expect(hit.headers["x-page-cache"]).toBeUndefined();
    // The nonce is a new one, in the header and in every place of the HTML.
    expect(cspNonceOf(hit)).not.toBe(cspNonceOf(miss));
    expect(hit.body.toString()).not.toContain(cspNonceOf(miss));
    expect(hit.body.toString().split(`nonce="${cspNonceOf(hit)}"`)).toHaveLength(3);
  });

  it("gives every visitor its own nonce, also when many hits are served at once", async () => {
    await get("/page?many");
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => get("/page?many", index % 2 ? { "accept-encoding": "gzip" } : {})));
    const nonces = answers.map((answer) => {
      expect(answer.headers["x-cache"]).toBe("HIT");
      const html = answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body).toString() : answer.body.toString();
      const nonce = cspNonceOf(answer)!;
      expect(html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      return nonce;
    });
    expect(new Set(nonces).size).toBe(answers.length);
  });

  it("serves gzip from memory when accepted: a valid gzip body of the same page", async () => {
    const identity = await get("/page?gzip");
    const hit = await get("/page?gzip", { "accept-encoding": "gzip, deflate, br" });
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["content-encoding"]).toBe("gzip");
    expect(hit.headers["content-length"]).toBe(String(hit.body.length));
    expect(hit.body.length).toBeLessThan(identity.body.length / 2);
    // gunzip checks the CRC-32 and length in the trailer, which the cache writes per response.
    expect(comparableBody(hit, gunzipSync(hit.body).toString())).toBe(comparableBody(identity));
    expect(comparableHeaders({ ...hit, headers: { ...hit.headers, "content-encoding": undefined } })).toEqual(comparableHeaders(identity));
    const refused = await get("/page?gzip", { "accept-encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(comparableBody(refused)).toBe(comparableBody(identity));
  });

  it("answers HEAD from memory with the GET's length, and never stores a HEAD's empty body", async () => {
    const head = await get("/page?head", {}, "HEAD");
    expect(head.headers["x-cache"]).toBeUndefined();
    const first = await get("/page?head");
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(first.body.length).toBeGreaterThan(1000);
    const headHit = await get("/page?head", {}, "HEAD");
    expect(headHit.headers["x-cache"]).toBe("HIT");
    expect(headHit.body.length).toBe(0);
    expect(headHit.headers["content-length"]).toBe(String(first.body.length));
  });

  it("neither serves nor stores for a visitor who sends a cookie (any) or an Authorization header", async () => {
    for (const headers of [{ cookie: "__session=abc" }, { cookie: "something-else=1" }, { authorization: "Bearer abc" }] as Record<string, string>[]) {
      const path = `/page?visitor=${encodeURIComponent(JSON.stringify(headers))}`;
      await get(path);
      const warm = await get(path);
      expect(warm.headers["x-cache"]).toBe("HIT");
      const identified = await get(path, headers);
      expect(identified.headers["x-cache"]).toBeUndefined();
      expect(renderOf(identified)).toBeGreaterThan(renderOf(warm));
      expect(identified.headers["cache-control"]).toBe("private, no-cache");
      expect(identified.headers["x-page-cache"]).toBeUndefined();
      // And what it was shown was not kept for anyone else.
      const fresh = `${path}&fresh`;
      await get(fresh, headers);
      expect((await get(fresh)).headers["x-cache"]).toBeUndefined();
    }
  });

  it("never stores a response that sets a cookie, is not 200, or did not opt in", async () => {
    for (const path of ["/sets-cookie", "/missing", "/not-opted-in"]) {
      const first = await get(path);
      const second = await get(path);
      expect(second.headers["x-cache"], path).toBeUndefined();
      expect(renderOf(second), path).toBe(renderOf(first) + 1);
    }
    expect((await get("/sets-cookie")).headers["set-cookie"]).toBeDefined();
    expect((await get("/not-opted-in")).headers["cache-control"]).toBeUndefined();
    expect((await get("/missing")).headers["cache-control"]).toBe("private, no-cache");
  });

  it("never answers a POST or a data request from memory", async () => {
    await get("/page");
    expect((await get("/page")).headers["x-cache"]).toBe("HIT");
    const posted = await get("/page", { "content-length": "0" }, "POST");
    expect(posted.headers["x-cache"]).toBeUndefined();
    expect(posted.headers["cache-control"]).toBe("private, no-cache");
    await get("/page.data");
    expect((await get("/page.data")).headers["x-cache"]).toBeUndefined();
  });

  it("keys by query string and by host", async () => {
    const one = await get("/page?platform=tiktok");
    const two = await get("/page?platform=youtube");
    expect(two.body.toString()).toContain("/page?platform=youtube");
    const oneAgain = await get("/page?platform=tiktok");
    const twoAgain = await get("/page?platform=youtube");
    expect([oneAgain.headers["x-cache"], twoAgain.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    expect(comparableBody(oneAgain)).toBe(comparableBody(one));
    expect(comparableBody(twoAgain)).toBe(comparableBody(two));
    const otherHost = await get("/page?platform=tiktok", { host: "other.example" });
    expect(otherHost.headers["x-cache"]).toBeUndefined();
    const forwarded = await get("/page?platform=tiktok", { "x-forwarded-host": "proxy.example" });
    expect(forwarded.headers["x-cache"]).toBeUndefined();
  });

  it("keeps one copy per value of a declared variation, worked out for each visitor", async () => {
    const ghana = await get("/by-market", { "x-test-market": "GH" });
    const global = await get("/by-market", { "x-test-market": "US" });
    expect(global.headers["x-cache"]).toBeUndefined();
    const ghanaHit = await get("/by-market", { "x-test-market": "GH" });
    const globalHit = await get("/by-market", { "x-test-market": "US" });
    expect([ghanaHit.headers["x-cache"], globalHit.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    expect(ghanaHit.body.toString()).toContain("market GH");
    expect(globalHit.body.toString()).toContain("market US");
    expect(comparableBody(ghanaHit)).toBe(comparableBody(ghana));
    expect(comparableBody(globalHit)).toBe(comparableBody(global));
    // Shared caches are told to key on the header the variation comes from.
    expect(ghanaHit.headers.vary).toBe("Cookie, Authorization, X-Test-Market, Accept-Encoding");
    expect(comparableHeaders(ghanaHit)).toEqual(comparableHeaders(ghana));
  });

  it("forgets a page when its lifetime is over", async () => {
    const first = await get("/short");
    expect((await get("/short")).headers["x-cache"]).toBe("HIT");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await get("/short");
    expect(later.headers["x-cache"]).toBeUndefined();
    expect(renderOf(later)).toBeGreaterThan(renderOf(first));
  });
});
