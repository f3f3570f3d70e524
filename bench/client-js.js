// The JavaScript a page loads, measured as a browser fetches it: used by `npm run bench` and by the
// budget test in server/client-js-budget.db.test.ts.
import http from "node:http";
import zlib from "node:zlib";

export async function measureClientJs(pageUrl) {
  const page = await fetch(pageUrl, { signal: AbortSignal.timeout(10_000) });
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
  const html = await page.text();
  const scriptUrls = findScriptUrls(html, pageUrl);
  if (scriptUrls.length === 0) throw new Error("GET / references no JavaScript: the page parser found nothing");
  const files = [];
  for (const url of scriptUrls) {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    files.push({
      path: new URL(url).pathname,
      bytes: bytes.length,
      gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length,
      servedBytes: await servedSize(url),
    });
  }
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  return {
    gzipLevel: 9,
    htmlBytes: Buffer.byteLength(html),
    files,
    bytes: sum("bytes"),
    gzipBytes: sum("gzipBytes"),
    servedBytes: sum("servedBytes"),
  };
}

/**
 * Same-origin JavaScript the page loads: modulepreload links, script src, and the imports of inline
 * module scripts (React Router's <Scripts> imports the manifest, route modules and the entry there).
 * The links and the module script arrive inert and are turned on after the first paint
 * (app/lib/paint-first.tsx): they count the same.
 */
function findScriptUrls(html, pageUrl) {
  const found = new Set();
  const add = (reference) => {
    const url = new URL(reference.replaceAll("&amp;", "&"), pageUrl);
    if (url.origin === new URL(pageUrl).origin) found.add(url.href);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\b(?:rel|data-after-paint)=["']?modulepreload\b/i.test(tag)) add(attribute(tag, "href"));
  }
  for (const [whole, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const source = attribute(`<script${attributes}>`, "src");
    if (source) add(source);
    else if (/\btype=["']?(?:module|text\/x-after-paint)\b/i.test(whole)) {
      for (const [, reference] of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?\(?\s*["']([^"']+)["']/g)) add(reference);
    }
  }
  return [...found].filter(Boolean);
}

function attribute(tag, name) {
  const match = tag.match(new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Bytes on the wire when a browser asks for gzip (the server's compression middleware, default level). */
function servedSize(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip" }, agent: false, timeout: 10_000 }, (response) => {
      let total = 0;
      response.on("data", (chunk) => (total += chunk.length));
      response.on("end", () => resolve(total));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${url} timed out`)));
    request.on("error", reject);
  });
}

