import compression from "compression";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endWhole, leaveCompressionToMiddleware } from "./whole-body";

/*
 * endWhole must answer as compression() (server/start.js's, with its defaults) answers the same body
 * sent through it, in one write with its length: both run in one real HTTP server here, and each case
 * is asked of both.
 */

const html = (bytes: number) => `<!DOCTYPE html><p>${"Ghana’s growth packages, paid in cedis. ".repeat(Math.ceil(bytes / 40))}</p>`.slice(0, bytes);
const compress = compression();

let base = "";
const server = http.createServer((request, response) => {
  const url = new URL(request.url!, "http://localhost");
  const body = Buffer.from(html(Number(url.searchParams.get("bytes"))));
  response.setHeader("Content-Type", url.searchParams.get("type") ?? "text/html; charset=utf-8");
  if (url.searchParams.has("cache-control")) response.setHeader("Cache-Control", url.searchParams.get("cache-control")!);
  if (url.searchParams.has("vary")) response.setHeader("Vary", url.searchParams.get("vary")!);
  // Both behind compression(), as every answer of the server is.
  compress(request as never, response as never, () => {
    if (url.pathname === "/middleware") return void response.end(body);
    if (url.pathname === "/kept") leaveCompressionToMiddleware(response);
    endWhole(request, response, body);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

type Answer = { headers: http.IncomingHttpHeaders; text: string; rawBytes: number };

function get(path: string, acceptEncoding: string | undefined, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    http
      .request(`${base}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const decoded = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : encoding === "deflate" ? zlib.inflateSync(raw) : raw;
          resolve({ headers: response.headers, text: decoded.toString(), rawBytes: raw.byteLength });
        });
        response.on("error", reject);
      })
      .on("error", reject)
      .end();
  });
}

const acceptEncodings = [undefined, "gzip, deflate, br, zstd", "gzip, deflate", "gzip", "deflate", "br", "br;q=0, gzip", "gzip;q=0.5, deflate", "identity", "*", "zstd", "gzip;q=0"];
const responses = ["bytes=5000", "bytes=1024", "bytes=1023", "bytes=0", "bytes=5000&type=image/png", "bytes=5000&cache-control=no-transform", "bytes=5000&vary=Cookie", "bytes=5000&vary=Accept-Encoding"];

describe("a whole answer", () => {
  it("is encoded as compression() encodes it, with the same Vary, for every Accept-Encoding", async () => {
    for (const query of responses) {
      for (const acceptEncoding of acceptEncodings) {
        for (const method of ["GET", "HEAD"]) {
          const [viaMiddleware, whole] = await Promise.all([get(`/middleware?${query}`, acceptEncoding, method), get(`/whole?${query}`, acceptEncoding, method)]);
          const label = `${method} ${query}, Accept-Encoding: ${acceptEncoding}`;
          expect(whole.headers["content-encoding"], label).toBe(viaMiddleware.headers["content-encoding"]);
          expect(whole.headers.vary, label).toBe(viaMiddleware.headers.vary);
          expect(whole.text, label).toBe(viaMiddleware.text);
        }
      }
    }
  });

  it("goes out with its length, compressed or not, never chunked", async () => {
    const compressed = await get("/whole?bytes=5000", "gzip, deflate, br");
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(compressed.headers["content-length"])).toBe(compressed.rawBytes);
    expect(compressed.rawBytes).toBeLessThan(1000);
    expect(compressed.text).toBe(html(5000));
    // compression() streams the same answer chunked, without its length.
    expect((await get("/middleware?bytes=5000", "gzip, deflate, br")).headers["transfer-encoding"]).toBe("chunked");
    const plain = await get("/whole?bytes=5000", undefined);
    expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(html(5000))));
  });

  it("is left to compression() when something keeps the body as it is sent (the page cache)", async () => {
    const kept = await get("/kept?bytes=5000", "gzip");
    expect(kept.headers["content-encoding"]).toBe("gzip");
    expect(kept.headers["transfer-encoding"]).toBe("chunked");
    expect(kept.text).toBe(html(5000));
  });
});
