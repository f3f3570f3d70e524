import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "./testing/in-process-server";

describe("the running server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startInProcessServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers /healthz with 200 when the database answers", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: "up", payments: "sandbox" });
  });

  it("renders the home page with a CSP whose nonce matches the inline scripts", async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-powered-by")).toBeNull();
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'self'");
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends a signed-out client navigation to sign in with the page's address, not its data request's", async () => {
    // Loaders get the request as it came (v8_passThroughRequests): a navigation's ends in `.data` and
    // carries `_routes`; the sign-in page must bring the visitor back to the page itself.
    const response = await fetch(`${server.url}/orders.data?page=2&_routes=routes%2Forders`, { redirect: "manual" });
    const body = await response.text();
    expect(body).toContain(`"/auth?redirectTo=${encodeURIComponent("/orders?page=2")}"`);
    expect(body).not.toContain(".data");
    expect(body).not.toContain("_routes");
  });

  it("sends a signed-in page compressed for a browser that asks, and as it is for one that does not", async () => {
    const account = { email: "whole-page@example.com", username: "whole_page", fullName: "Whole Page", password: "a-long-password", role: "client" };
    const registered = await fetch(`${server.url}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0];
    const response = await fetch(`${server.url}/packages`, { headers: { cookie, "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).toBeNull();
    expect(response.headers.get("content-encoding")).toBeNull();
    const html = Buffer.from(await response.arrayBuffer());
    expect(html.toString()).toContain("Logout");
    const compressed = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${server.url}/packages`, { headers: { cookie, "accept-encoding": "gzip, deflate, br, zstd" } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toContain("Accept-Encoding");
    expect(compressed.body.byteLength).toBeLessThan(html.byteLength / 3);
    expect(brotliDecompressSync(compressed.body).toString()).toContain("Logout");
  });

  it("uses a fresh nonce for every response", async () => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await fetch(server.url)).headers.get("content-security-policy") ?? "")?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("answers unknown pages with the not-found page and HTTP 404", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  it("answers unknown /api paths with JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await fetch(`${server.url}/api/no-such-call`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "Not found" });
    }
  });

  it("refuses an /api body over the limit with 413 JSON before reading it", async () => {
    const response = await postDeclaringLength(`${server.url}/api/auth/login`, 200 * 1024, "application/json");
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ message: "The request body is too large." });
  });

  it("refuses an /api body that is not JSON with 415 JSON", async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "email=a@b.c",
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: "Send the request body as application/json." });
  });

  it("refuses an oversized page form post with 413", async () => {
    const response = await postDeclaringLength(`${server.url}/`, 9 * 1024 * 1024, "application/x-www-form-urlencoded");
    expect(response.status).toBe(413);
  });

  it("stays up after bad requests", async () => {
    // The server runs in this process: had it crashed, so would this test.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("serves fingerprinted assets with a long cache lifetime", async () => {
    const html = await (await fetch(server.url)).text();
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });
});

describe("request logs", () => {
  it("never contain tokens, cookies, query strings or the tokens of account links", async () => {
    const server = await startInProcessServer({ REQUEST_LOGS: "true" });
    try {
      const page = await fetch(`${server.url}/?token=query-secret-123`, {
        headers: { authorization: "Bearer header-secret-456", cookie: "__session=cookie-secret-789" },
      });
      await page.text(); // a request is logged when its response has been sent in full
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "a@b.c", password: "body-secret-000" }),
      });
      await login.text();
      // An account link's token stays valid after it is logged; an API key in a query string for good.
      for (const path of ["/auth/reset/reset-secret-111", "/auth/verify/verify-secret-222.data", "/api/v2?key=key-secret-333&action=balance"]) {
        await (await fetch(`${server.url}${path}`)).text();
      }
      // pino writes asynchronously: wait for every line.
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"path":"/api/auth/login"');
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"path":"/"');
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"path":"/auth/reset/[redacted]"');
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"path":"/auth/verify/[redacted]"');
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"path":"/api/v2"');
      const logs = server.output();
      for (const secret of ["query-secret-123", "header-secret-456", "cookie-secret-789", "body-secret-000", "reset-secret-111", "verify-secret-222", "key-secret-333"]) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      await server.stop();
    }
  });
});

describe("cross-site writes", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startInProcessServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const postLogout = (headers: Record<string, string>) => fetch(`${server.url}/logout`, { method: "POST", redirect: "manual", headers });

  it("refuses a page form post from another origin with 403", async () => {
    expect((await postLogout({ origin: "https://evil.example" })).status).toBe(403);
    expect((await postLogout({ origin: "null" })).status).toBe(403);
  });

  it("refuses a cross-site post that sends no Origin", async () => {
    expect((await postLogout({ "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("refuses cross-site /api writes with JSON", async () => {
    const response = await fetch(`${server.url}/api/auth/logout`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed." });
  });

  it("lets same-origin posts and server-to-server calls through", async () => {
    expect((await postLogout({ origin: server.url })).status).toBe(302);
    expect((await postLogout({ "sec-fetch-site": "same-origin" })).status).toBe(302);
    expect((await postLogout({})).status).toBe(302);
  });
});

/**
 * Sends only the headers of a POST that declares `length` bytes of body, and reads the answer. The
 * server must refuse by Content-Length without waiting for the body (a client writing a large body
 * into a refused request would otherwise race the server's close).
 */
function postDeclaringLength(url: string, length: number, contentType: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: { "content-type": contentType, "content-length": String(length) } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on("error", reject);
    request.flushHeaders();
  });
}
