import { describe, expect, it } from "vitest";
import { computeRecruitmentEarnings, presentRecruitmentEarnings } from "~/features/recruitment/earnings";
import { type TestServer, serverForTests } from "../../../server/testing/in-process-server";

/*
 * The country reaches the first HTML of /join-network (SPEC §2, DESIGN §6), through the real
 * server: from a trusted proxy (TRUST_PROXY names the peer: "loopback" here) from its country header
 * or the forwarded address; from any other peer, proxy headers are ignored, since any client could
 * send them (the second server trusts only 10.0.0.0/8, and the tests reach it from 127.0.0.1).
 */

// Both servers have a dollar rate, so visitors outside Ghana see dollars (decision 0017); the limits are the defaults.
const cedisPerDollar = 15;
// The seeded catalogue's lowest and highest rewards (views ₵0.03, YouTube subscribers ₵0.60; migration
// 20261129120100_services): the page's per-task range runs between them (no task is open here).
const seededExtremes = [
  { kind: "views", platform: "instagram", workerRewardMinor: 3 },
  { kind: "subscribers", platform: "youtube", workerRewardMinor: 60 },
] as const;
const earnings = computeRecruitmentEarnings({ minIntervalMs: 5_000, completionsPerDay: 300 }, seededExtremes, []);
const inCedis = presentRecruitmentEarnings(earnings, { currency: "GHS" });
const inDollars = presentRecruitmentEarnings(earnings, { currency: "USD", cedisPerDollar });

/** Which figures a /join-network page shows. */
function marketShown(html: string) {
  const label = /Rates for <strong[^>]*>([^<]+)<\/strong>/.exec(html)?.[1];
  const shows = ({ ratesFigure }: typeof inCedis) => html.includes(ratesFigure);
  const [hasCedis, hasDollars] = [shows(inCedis), shows(inDollars)];
  return { label, figures: hasCedis && !hasDollars ? "GHS" : hasDollars && !hasCedis ? "USD" : "mixed" };
}

const ghana = { label: "Ghana", figures: "GHS" };
const global = { label: "Global", figures: "USD" };

const rate = { CEDIS_PER_US_DOLLAR: String(cedisPerDollar) };

async function page(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/join-network`, { headers });
  expect(response.status).toBe(200);
  return { response, shown: marketShown(await response.text()) };
}

describe("/join-network's currency from the visitor's location, behind a trusted proxy", () => {
  const proxied = serverForTests({ TRUST_PROXY: "loopback", ...rate });

  it("shows a loopback visitor global figures in dollars", async () => {
    expect((await page(proxied.server)).shown).toEqual(global);
  });

  it("shows cedis when its country header says GH", async () => {
    expect((await page(proxied.server, { "CF-IPCountry": "GH" })).shown).toEqual(ghana);
    expect((await page(proxied.server, { "X-Country-Code": "GH" })).shown).toEqual(ghana);
    expect((await page(proxied.server, { "CF-IPCountry": "US" })).shown).toEqual(global);
  });

  it("looks up the forwarded client address in the bundled database", async () => {
    expect((await page(proxied.server, { "X-Forwarded-For": "154.160.0.1" })).shown).toEqual(ghana);
    expect((await page(proxied.server, { "X-Forwarded-For": "8.8.8.8" })).shown).toEqual(global);
  });

  it("is kept by the page cache per market, and by a shared cache only when the proxy's country header decides it", async () => {
    const behindProxy = proxied.server;
    const first = await page(behindProxy, { "CF-IPCountry": "GH" });
    const second = await page(behindProxy);
    expect(first.shown).toEqual(ghana);
    expect(second.shown).toEqual(global);
    // (`second` may come from the page cache: an earlier test stored the global copy. What it shows
    // is the point: the Ghana copy never reaches a visitor of another market.)
    // From the address, which a shared cache cannot see: private.
    expect(second.response.headers.get("cache-control")).toBe("private, no-cache");
    // From the header: a CDN may keep it, keyed on that header.
    expect(first.response.headers.get("cache-control")).toMatch(/^public, /);
    expect(first.response.headers.get("vary")).toContain("CF-IPCountry");
    const [ghanaAgain, globalAgain] = [await page(behindProxy, { "CF-IPCountry": "GH" }), await page(behindProxy)];
    expect(ghanaAgain.shown).toEqual(ghana);
    expect(globalAgain.shown).toEqual(global);
    expect(globalAgain.response.headers.get("x-cache")).toBe("HIT");
    expect(globalAgain.response.headers.get("cache-control")).toBe("private, no-cache");
  });
});

describe("/join-network's currency from the visitor's location, without a trusted proxy", () => {
  const unproxied = serverForTests({ TRUST_PROXY: "10.0.0.0/8", ...rate });

  it("shows a loopback visitor global figures in dollars", async () => {
    expect((await page(unproxied.server)).shown).toEqual(global);
  });

  it("ignores country and forwarding headers", async () => {
    expect((await page(unproxied.server, { "CF-IPCountry": "GH" })).shown).toEqual(global);
    expect((await page(unproxied.server, { "X-Country-Code": "GH", "X-Forwarded-For": "154.160.0.1" })).shown).toEqual(global);
  });
});
