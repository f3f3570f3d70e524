// `npm run bench -- public-pages`: every page an anonymous visitor can open, under autocannon (the
// main bench's --connections, default 50) against the production build on PGlite, each as a share
// of the node:http hello world measured in the same run. Pages the app keeps in its anonymous page
// cache (server/page-cache.ts) are measured as an anonymous visitor gets them (target ≥ 25 % of
// hello world); GET / and /packages are measured again with a signed-in client's session cookie,
// which the cache never serves, i.e. a full server render (target ≥ 3 %). /join-network depends on
// the visitor's country; it is measured for Ghana and the United States (the X-Country-Code header,
// honoured because the app runs with TRUST_PROXY=1 here, as behind the production proxy) and
// without a header (127.0.0.1: no country, the Global/USD page). Whether a page came from the cache
// is read from the answer (X-Cache: HIT), and the target applied follows: 25 % if cached, else 3 %.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { apiClient } from "./completions.js";

export const publicPagesTargets = { cachedPercent: 25, uncachedPercent: 3 };
const password = "bench-password";
const appSettings = { TRUST_PROXY: "1", REGISTER_LIMIT_PER_HOUR: "1000" };

/** Anonymous pages (app/routes.ts); `cached`: the route opts in to the page cache (null: it depends on the country). */
const anonymousPages = [
  { path: "/", cached: true },
  { path: "/packages", cached: true },
  { path: "/how-it-works", cached: true },
  { path: "/about", cached: true },
  { path: "/terms", cached: true },
  { path: "/privacy", cached: true },
  { path: "/cookies", cached: true },
  { path: "/support", cached: true },
  { path: "/join-network", title: "/join-network (Ghana)", headers: { "x-country-code": "GH" }, cached: null },
  { path: "/join-network", title: "/join-network (United States)", headers: { "x-country-code": "US" }, cached: null },
  { path: "/join-network", title: "/join-network (no country)", cached: null },
];
const signedInPages = ["/", "/packages"];

export async function measurePublicPages({ startApp, stopApp, startHello, stopHello, load }, { connections }) {
  const hello = await startHello();
  let helloResult;
  try {
    helloResult = await load(`http://127.0.0.1:${hello.port}/`, `node:http hello (-c ${connections})`, {}, { serverPid: hello.child.pid });
  } finally {
    await stopHello(hello);
  }

  const app = await startApp(appSettings, { deadlineMs: 120_000 });
  const pages = [];
  const bodies = new Map();
  try {
    const base = `http://127.0.0.1:${app.port}`;
    for (const page of anonymousPages) {
      const title = page.title ?? page.path;
      const result = await load(base + page.path, `app GET ${title}`, page.headers ?? {}, { serverPid: app.child.pid });
      // After the load: did this visitor's request come from the cache (X-Cache: HIT)?
      const { body, ...probe } = await probePage(base + page.path, page.headers ?? {});
      bodies.set(title, body);
      pages.push({ title, visitor: "anonymous", expectedCached: page.cached, ...probe, ...result });
    }
    const cookie = await signInCookie(base);
    for (const path of signedInPages) {
      const result = await load(base + path, `app GET ${path} (signed-in client)`, { cookie }, { serverPid: app.child.pid });
      // Its body stays out: only the cached pages are measured again as plain bytes.
      const { status, cacheHit, cacheControl, bytes } = await probePage(base + path, { cookie });
      pages.push({ title: `${path} (signed-in client, rendered)`, visitor: "signed-in client", expectedCached: false, status, cacheHit, cacheControl, bytes, ...result });
    }
  } finally {
    await stopApp(app);
  }
  await measureSameBytes(pages, bodies, { startHello, stopHello, load });

  for (const page of pages) {
    page.percentOfHello = round((page.requestsPerSecond / helloResult.requestsPerSecond) * 100, 2);
    // The same ratio in CPU time per request (server process only), which other load on the machine moves far less.
    page.cpuPercentOfHello = round((helloResult.serverCpuMsPerRequest / page.serverCpuMsPerRequest) * 100, 1);
    const target = page.cacheHit ? publicPagesTargets.cachedPercent : publicPagesTargets.uncachedPercent;
    page.target = target;
    page.targetMet = page.percentOfHello >= target;
  }
  return {
    settings: {
      database: "PGlite (embedded), fresh DATA_DIR",
      appEnv: `NODE_ENV=production REQUEST_LOGS=false LOG_LEVEL=warn ${Object.entries(appSettings).map(([name, value]) => `${name}=${value}`).join(" ")}`,
      connections,
    },
    targets: publicPagesTargets,
    hello: helloResult,
    pages,
    targetsMet: pages.every((page) => page.targetMet),
  };
}

/** One request: the cache's answer header, the page size and its cache policy. */
async function probePage(url, headers) {
  const response = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  return { status: response.status, cacheHit: response.headers.get("x-cache") === "HIT", cacheControl: response.headers.get("cache-control"), bytes: Buffer.byteLength(body), body };
}

/*
 * The ceiling for each anonymous page: a plain node:http server sending that page's exact bytes,
 * measured the same way. autocannon turns every response body into a string, and its cost per
 * response (on the CPUs the server also uses) grows with the body and is far higher when the page
 * holds a character outside Latin-1 (₵, –, …: the string becomes two-byte). The app's share of this
 * ceiling shows what the server itself adds; the share of hello world mixes in the client's cost.
 */
async function measureSameBytes(pages, bodies, { startHello, stopHello, load }) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "smb-bench-pages-"));
  try {
    for (const [index, page] of pages.entries()) {
      const body = bodies.get(page.title);
      if (body === undefined) continue; // a signed-in page: rendered, not a cached page's bytes
      const file = path.join(directory, `${index}.html`);
      fs.writeFileSync(file, body);
      const server = await startHello({ BODY_FILE: file });
      try {
        const result = await load(`http://127.0.0.1:${server.port}/`, `node:http sending the bytes of GET ${page.title}`, {}, { serverPid: server.child.pid });
        page.sameBytes = { requestsPerSecond: result.requestsPerSecond, serverCpuMsPerRequest: result.serverCpuMsPerRequest, isLatin1: Buffer.from(body, "latin1").toString("latin1") === body };
        page.percentOfSameBytes = round((page.requestsPerSecond / result.requestsPerSecond) * 100, 1);
      } finally {
        await stopHello(server);
      }
    }
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

/** A client registered through the API, signed in through the page form: its session cookie. */
async function signInCookie(base) {
  const email = "bench-pages-client@example.com";
  await apiClient(base)("POST", "/api/auth/register", { body: { email, username: "bench_pages_client", fullName: "Bench Pages Client", password, role: "client" } });
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email, password, redirectTo: "/" }),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("smb_session="));
  if (!cookie) throw new Error(`signing in through POST /auth answered ${response.status} without a session cookie`);
  return cookie.split(";")[0];
}

/** The public pages figures as a Markdown table (also printed to the terminal). */
export function publicPagesRows({ hello, pages, settings }) {
  const rows = [
    "| page | served | result | server CPU per request (hello CPU ÷ this) | bytes | share of hello world (req/s) | target | | the same bytes from node:http | app ÷ that |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| node:http hello world, autocannon -c ${settings.connections} | | ${formatNumber(hello.requestsPerSecond)} req/s, p50 ${hello.latencyMs.p50} ms, p99 ${hello.latencyMs.p99} ms | ${hello.serverCpuMsPerRequest} ms | | 100 % | | | | |`,
  ];
  for (const page of pages) {
    const served = page.cacheHit ? "page cache (HIT)" : page.expectedCached ? "**rendered (the route opts in to the cache)**" : "rendered";
    const sameBytes = page.sameBytes ? `${formatNumber(page.sameBytes.requestsPerSecond)} req/s (${page.sameBytes.isLatin1 ? "Latin-1 only" : "characters beyond Latin-1"})` : "";
    rows.push(
      `| GET ${page.title} | ${served} | ${formatNumber(page.requestsPerSecond)} req/s, p50 ${page.latencyMs.p50} ms, p99 ${page.latencyMs.p99} ms | ${page.serverCpuMsPerRequest} ms (${page.cpuPercentOfHello} %) | ${formatNumber(page.bytes)} | **${page.percentOfHello} %** | ≥ ${page.target} % | ${page.targetMet ? "met" : "**missed**"} | ${sameBytes} | ${page.sameBytes ? `${page.percentOfSameBytes} %` : ""} |`,
    );
  }
  return rows;
}

function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const formatNumber = (value) => Math.round(value).toLocaleString("en-US");
