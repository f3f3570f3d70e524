import express from "express";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { answerPagesBeforeExpress } from "./page-calls";
import type { PageRouter } from "./request-handler";
import { type TestServer, startInProcessServer } from "./testing/in-process-server";
import { comparableBody, comparableHeaders, cspNonceOf, type RawAnswer, rawRequest } from "./testing/raw-http";

/** The pages no cache may keep are answered before Express (server/page-calls.ts): the same answer as through it. */
describe("a signed-in visitor's pages, on the production server", () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startInProcessServer();
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "pages-before-express@example.com", username: "pages_before", fullName: "Ama Pages", password: "secret-pass", role: "client" }),
    });
    expect(registered.status).toBe(201);
    cookie = registered.headers.get("set-cookie")!.split(";")[0];
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") => rawRequest(`${server.url}${path}`, { method, headers: { cookie, ...headers } });
  /** A GET whose (empty) body is chunked is not taken before Express: Express's route answers it. */
  const getThroughExpress = (path: string, headers: Record<string, string> = {}, method = "GET") => get(path, { ...headers, "transfer-encoding": "chunked" }, method);
  const decoded = (answer: RawAnswer) => {
    const encoding = answer.headers["content-encoding"];
    return encoding === "br" ? brotliDecompressSync(answer.body) : encoding === "gzip" ? gunzipSync(answer.body) : answer.body;
  };
  const text = (answer: RawAnswer) => comparableBody(answer, decoded(answer).toString());
  /** Vary names headers in no particular order (Express's own HEAD answers order them otherwise than its GET answers). */
  const headersOf = (answer: RawAnswer) => {
    const headers = comparableHeaders(answer);
    if (headers.vary) headers.vary = headers.vary.split(", ").sort().join(", ");
    return headers;
  };

  it.each(["/", "/packages", "/orders", "/dashboard", "/profile", "/packages.data", "/_root.data", "/no-such-page"])(
    "answers %s as Express's route does: status, headers, body (nonce aside)",
    async (path) => {
      for (const headers of [{}, { "accept-encoding": "gzip, deflate, br" }] as Record<string, string>[]) {
        const before = await get(path, headers);
        const through = await getThroughExpress(path, headers);
        expect(before.status).toBe(through.status);
        expect(headersOf(before)).toEqual(headersOf(through));
        expect(text(before)).toBe(text(through));
        expect(cspNonceOf(before)).not.toBe(cspNonceOf(through));
      }
      const head = await get(path, {}, "HEAD");
      expect(headersOf(head)).toEqual(headersOf(await getThroughExpress(path, {}, "HEAD")));
      expect(head.body.byteLength).toBe(0);
    },
  );

  it("renders the signed-in page, with the CSP nonce of its header on every inline script", async () => {
    const page = await get("/packages");
    expect(page.status).toBe(200);
    const html = page.body.toString();
    expect(html).toContain("Logout");
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${cspNonceOf(page)}"`);
    // /packages opts in to the page cache: a signed-in copy is the visitor's browser's only.
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(page.headers.vary).toBe("Accept-Encoding, Cookie, Authorization");
    expect(page.headers["x-page-cache"]).toBeUndefined();
    expect((await get("/packages.data")).headers["content-type"]).toBe("text/x-script; charset=utf-8");
  });

  it("still serves static files and the Paystack sandbox to a signed-in visitor", async () => {
    const favicon = await get("/favicon.svg");
    expect([favicon.status, favicon.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    expect(favicon.body.equals((await rawRequest(`${server.url}/favicon.svg`)).body)).toBe(true);
    // Express mounts the sandbox in any case; its own page, not the app's "page not found".
    for (const path of ["/sandbox/paystack/checkout/no-such-code", "/SANDBOX/paystack/checkout/no-such-code"]) {
      const checkout = await get(path);
      expect(checkout.status, path).toBe(404);
      expect(checkout.body.toString(), path).toContain("This checkout link is unknown or has expired.");
    }
  });

  it("refuses a Host that makes no URL with 400 and keeps serving", async () => {
    const requests: [path: string, withCookie: boolean][] = [["/api/auth/me", false], ["/", true], ["/packages", false], ["/orders", true]];
    for (const [path, withCookie] of requests) {
      const answer = await rawHttp(server.url, `GET ${path} HTTP/1.1\r\nHost: a b\r\n${withCookie ? `Cookie: ${cookie}\r\n` : ""}Connection: close\r\n\r\n`);
      expect(answer.split("\r\n", 1)[0], path).toBe("HTTP/1.1 400 Bad Request");
    }
    expect((await get("/orders")).status).toBe(200);
  });
});

/** The whole answer to one request written byte for byte (fetch and http.request refuse a Host like "a b"). */
function rawHttp(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("which requests are answered before Express", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** A server where the page router answers `answer()` and everything else (Express's share) says "express". */
  async function serve(answer: () => Response | Promise<Response>) {
    const app = express();
    const routed: string[] = [];
    const router: PageRouter = async (request) => {
      routed.push(new URL(request.url).pathname);
      return answer();
    };
    const listener = answerPagesBeforeExpress({
      app,
      pageRouterAt: () => router,
      servedBeforePages: (pathname) => pathname === "/favicon.svg",
      securityHeaders: (nonce) => [["Content-Security-Policy", `script-src 'nonce-${nonce}'`], ["X-Content-Type-Options", "nosniff"]],
      logRequest: undefined,
      loadContextFor: (_request, cspNonce) => ({ cspNonce, clientAddress: "127.0.0.1", viaTrustedProxy: false, peerAddress: "127.0.0.1" }),
      handleError: (_error, _request, response) => void response.status(500).type("text/plain").send("handled"),
    })((_request, response) => response.end("express"));
    const server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, routed };
  }

  const page = () => new Response("<p>page</p>", { headers: { "content-type": "text/html; charset=utf-8" } });

  it("takes GET and HEAD of pages sent with a cookie or a token, and data requests", async () => {
    const { url, routed } = await serve(page);
    expect((await rawRequest(`${url}/orders`, { headers: { cookie: "session=1" } })).body.toString()).toBe("<p>page</p>");
    expect((await rawRequest(`${url}/orders`, { headers: { authorization: "Bearer x" } })).body.toString()).toBe("<p>page</p>");
    expect((await rawRequest(`${url}/orders.data`)).body.toString()).toBe("<p>page</p>");
    const head = await rawRequest(`${url}/orders`, { method: "HEAD", headers: { cookie: "session=1" } });
    expect([head.status, head.body.byteLength]).toEqual([200, 0]);
    expect(routed).toEqual(["/orders", "/orders", "/orders.data", "/orders"]);
  });

  it("leaves to Express what a cache may keep, writes, bodies, /api, NULs, static files and bad Hosts", async () => {
    const { url, routed } = await serve(page);
    const signedIn = { cookie: "session=1" };
    const answers = await Promise.all([
      rawRequest(`${url}/orders`),
      rawRequest(`${url}/orders`, { method: "POST", headers: signedIn }),
      rawRequest(`${url}/orders`, { headers: { ...signedIn, "transfer-encoding": "chunked" } }),
      rawRequest(`${url}/api/orders`, { headers: signedIn }),
      rawRequest(`${url}/API.data`, { headers: signedIn }),
      rawRequest(`${url}/orders%00`, { headers: signedIn }),
      rawRequest(`${url}/favicon.svg`, { headers: signedIn }),
    ]);
    expect(answers.map((answer) => answer.body.toString())).toEqual(Array(answers.length).fill("express"));
    const badHost = await rawHttp(url, "GET /orders HTTP/1.1\r\nHost: a b\r\nCookie: s=1\r\nConnection: close\r\n\r\n");
    expect(badHost.endsWith("express")).toBe(true);
    expect(routed).toEqual([]);
  });

  it("sends the security headers with a fresh nonce; a route's own value of one replaces the default", async () => {
    const { url } = await serve(() => new Response("<p>upload</p>", { headers: { "content-type": "text/html", "x-content-type-options": "route's own", "set-cookie": "a=1" } }));
    const answer = await rawRequest(`${url}/orders`, { headers: { cookie: "session=1" } });
    expect(answer.headers["content-security-policy"]).toMatch(/^script-src 'nonce-[\w+/=]{20,}'$/);
    expect(answer.headers["x-content-type-options"]).toBe("route's own");
    expect(answer.headers["set-cookie"]).toEqual(["a=1"]);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    const again = await rawRequest(`${url}/orders`, { headers: { cookie: "session=1" } });
    expect(cspNonceOf(again)).not.toBe(cspNonceOf(answer));
  });

  it("compresses a page that is still streaming after the gather limit, as it streams", async () => {
    const html = ["<!DOCTYPE html><html><body>", "<p>deferred</p>".repeat(200), "</body></html>"];
    const { url } = await serve(() => {
      let index = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (index === html.length) return controller.close();
          if (index > 0) await new Promise((resolve) => setTimeout(resolve, 40));
          controller.enqueue(new TextEncoder().encode(html[index++]));
        },
      });
      return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    const answer = await rawRequest(`${url}/orders`, { headers: { cookie: "session=1", "accept-encoding": "gzip" } });
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(html.join(""));
  });

  it("hands a failure of the router to the error handler", async () => {
    const { url } = await serve(() => {
      throw new Error("the router failed");
    });
    const answer = await rawRequest(`${url}/orders`, { headers: { cookie: "session=1" } });
    expect([answer.status, answer.body.toString()]).toEqual([500, "handled"]);
  });
});
