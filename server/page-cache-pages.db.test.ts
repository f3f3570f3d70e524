import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "./testing/in-process-server";
import { comparableBody, comparableHeaders, cspNonceOf, rawRequest } from "./testing/raw-http";

/*
 * The app's public pages and the page cache, against the production build (server/page-cache.ts,
 * decision 0007): every page the issue lists is served from memory to signed-out visitors, exactly
 * as it was rendered except for the nonce; signed-in visitors are always rendered and never cached.
 */

const publicPages = ["/", "/packages", "/packages?platform=tiktok", "/how-it-works", "/join-network", "/terms", "/privacy", "/about", "/cookies", "/support", "/support?order=ORD-1"];

describe("the anonymous page cache", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startInProcessServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${path}`, { headers });

  it.each(publicPages)("serves %s from memory to a signed-out visitor: same page, same headers, its own nonce", async (path) => {
    const miss = await get(path);
    expect(miss.status).toBe(200);
    const hit = await get(path);
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["x-page-cache"]).toBeUndefined();
    expect(comparableHeaders(hit)).toEqual(comparableHeaders(miss));
    expect(comparableBody(hit)).toBe(comparableBody(miss));
    expect(cspNonceOf(hit)).not.toBe(cspNonceOf(miss));
    const html = hit.body.toString();
    expect(html).not.toContain(cspNonceOf(miss));
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${cspNonceOf(hit)}"`);
    // A CDN may keep it as long as this process does (join-network only behind a trusted proxy: below).
    const policy = path === "/join-network" ? /^private, no-cache$/ : /^public, max-age=0, s-maxage=\d+$/;
    expect(miss.headers["cache-control"]).toMatch(policy);
    expect(hit.headers["cache-control"]).toMatch(policy);
    expect(hit.headers.vary).toBe("Cookie, Authorization, Accept-Encoding");
  });

  it("compresses a page from memory as any other answer, decoding to the same HTML", async () => {
    const identity = await get("/about");
    const brotli = await get("/about", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get("/about", { "accept-encoding": "gzip" });
    for (const answer of [brotli, gzip]) expect(answer.headers["x-cache"]).toBe("HIT");
    expect([brotli.headers["content-encoding"], gzip.headers["content-encoding"]]).toEqual(["br", "gzip"]);
    expect(comparableBody(brotli, brotliDecompressSync(brotli.body).toString())).toBe(comparableBody(identity));
    expect(comparableBody(gzip, gunzipSync(gzip.body).toString())).toBe(comparableBody(identity));
  });

  it("never gives two visitors the same nonce", async () => {
    await get("/");
    const answers = await Promise.all(Array.from({ length: 30 }, () => get("/")));
    const nonces = answers.map((answer) => {
      expect(answer.headers["x-cache"]).toBe("HIT");
      expect(answer.body.toString()).toContain(`nonce="${cspNonceOf(answer)}"`);
      return cspNonceOf(answer);
    });
    expect(new Set(nonces).size).toBe(answers.length);
  });

  it("keeps each ?platform= of /packages apart", async () => {
    const tiktok = await get("/packages?platform=tiktok");
    const youtube = await get("/packages?platform=youtube");
    const [tiktokHit, youtubeHit] = [await get("/packages?platform=tiktok"), await get("/packages?platform=youtube")];
    expect([tiktokHit.headers["x-cache"], youtubeHit.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    expect(comparableBody(tiktokHit)).toBe(comparableBody(tiktok));
    expect(comparableBody(youtubeHit)).toBe(comparableBody(youtube));
    expect(comparableBody(tiktokHit)).not.toBe(comparableBody(youtubeHit));
  });

  it("never serves or stores pages for signed-in visitors", async () => {
    await get("/");
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `cache${Date.now()}@example.com`, username: `cache${Date.now()}`, fullName: "Esi Cache", password: "secret-pass", role: "client" }),
    });
    const cookie = registered.headers.get("set-cookie")!.split(";")[0];
    const { token } = (await registered.json()) as { token: string };
    for (const headers of [{ cookie }, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      for (const path of publicPages) {
        const page = await get(path, headers);
        expect(page.headers["x-cache"], path).toBeUndefined();
        expect(page.headers["cache-control"], path).toBe("private, no-cache");
        expect(page.headers["x-page-cache"], path).toBeUndefined();
        expect(page.body.toString(), path).toContain("Logout");
      }
    }
    // What they were shown was kept for no one.
    for (const path of publicPages) expect((await get(path)).body.toString(), path).not.toContain("Logout");
  });

  it("does not cache pages that did not opt in, such as the not-found page", async () => {
    await get("/missing-page");
    const again = await get("/missing-page");
    expect(again.status).toBe(404);
    expect(again.headers["x-cache"]).toBeUndefined();
    expect(again.headers["cache-control"] ?? "").not.toMatch(/public/);
  });
});

describe("/join-network from the page cache, per country", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a trusted proxy the country comes from its header, so a test can be anywhere.
    server = await startInProcessServer({ TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const get = (country: string) => rawRequest(`${server.url}/join-network`, { headers: { "x-country-code": country } });

  it("keeps one copy per market and gives each visitor the copy of theirs", async () => {
    const ghana = await get("GH");
    const us = await get("US");
    expect(us.headers["x-cache"]).toBeUndefined(); // not the Ghana copy
    const [ghanaHit, usHit, germanyHit] = [await get("GH"), await get("US"), await get("DE")];
    for (const hit of [ghanaHit, usHit, germanyHit]) expect(hit.headers["x-cache"]).toBe("HIT");
    // The market, as the page words it and as its loader data carries it (without a dollar rate both
    // markets' figures are in cedis, decision 0017).
    expect(ghanaHit.body.toString()).toMatch(/Rates for <strong[^>]*>Ghana</);
    expect(ghanaHit.body.toString()).toContain('\\"GHS\\"');
    for (const hit of [usHit, germanyHit]) {
      expect(hit.body.toString()).toMatch(/Rates for <strong[^>]*>Global</);
      expect(hit.body.toString()).toContain('\\"USD\\"');
    }
    expect(comparableBody(ghanaHit)).toBe(comparableBody(ghana));
    expect(comparableBody(usHit)).toBe(comparableBody(us));
    expect(comparableHeaders(ghanaHit)).toEqual(comparableHeaders(ghana));
    // A CDN may keep it when it keys on the country header the proxy adds.
    expect(ghanaHit.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(ghanaHit.headers.vary).toBe("Cookie, Authorization, CF-IPCountry, X-Country-Code, Accept-Encoding");
  });
});
