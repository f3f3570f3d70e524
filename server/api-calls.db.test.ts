import express from "express";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { answerApiCallsBeforeExpress } from "./api-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "./testing/in-process-server";

/** /api calls are answered before Express (server/api-calls.ts): the same answer as through it. */
describe("GET /api calls", () => {
  const admin = { email: "reads-admin@example.com", password: "reads-admin-password" };
  let server: TestServer;
  let clientToken: string;
  let adminToken: string;

  const call = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers } });
  const post = async (path: string, body: unknown) => {
    const response = await call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status, path).toBeLessThan(300);
    return (await response.json()) as { token: string };
  };

  beforeAll(async () => {
    server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password, REQUEST_LOGS: "true" });
    // Enough accounts for the admin's user list to pass compression's 1 KB threshold.
    for (let index = 0; index < 8; index += 1) {
      // The first name is not ASCII: the answer's length is its UTF-8 bytes, not its characters.
      const account = { email: `reads-${index}@example.com`, username: `reads_${index}`, fullName: index === 0 ? "Ɔkomfo Ama Sɛwaa" : "Kofi Boateng", password: "reads-password", role: "client" };
      const registered = await post("/api/auth/register", account);
      clientToken ??= registered.token;
    }
    adminToken = (await post("/api/auth/login", admin)).token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answer with the route's JSON, the security headers with a fresh nonce, and the length", async () => {
    const response = await call("/api/auth/me", { token: clientToken });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ email: "reads-0@example.com", role: "client" });
    expect(body).toContain("Ɔkomfo Ama Sɛwaa");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const again = await call("/api/auth/me", { token: clientToken });
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("answer HEAD with the status and headers and no body", async () => {
    const response = await call("/api/auth/me", { method: "HEAD", token: clientToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.text()).toBe("");
    expect((await call("/api/auth/me", { method: "HEAD" })).status).toBe(401);
  });

  it("answer refusals in the API's shape", async () => {
    const signedOut = await call("/api/auth/me");
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ message: "Authentication required" });
    const wrongRole = await call("/api/admin/users", { token: clientToken });
    expect(wrongRole.status).toBe(403);
    expect(await call("/api/no-such-call").then((response) => response.json())).toEqual({ message: "Not found" });
  });

  it("are compressed for a client that asks, from 1 KB", async () => {
    const plain = await call("/api/admin/users", { token: adminToken, headers: { "accept-encoding": "identity" } });
    const text = await plain.text();
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const gzipped = await call("/api/admin/users", { token: adminToken, headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(await gzipped.text()).toBe(text);
    const small = await call("/api/auth/me", { token: clientToken, headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
  });

  it("and like them, answers to writes are compressed from 1 KB and sent whole with their length below it", async () => {
    const { key } = (await (await call("/api/keys", { method: "POST", token: clientToken, headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Size check", password: "reads-password" }) })).json()) as { key: string };
    // The status of 50 orders the key does not know: an answer over the threshold.
    const orders = Array.from({ length: 50 }, (_, index) => index + 1).join(",");
    const statuses = (encoding: string) =>
      call("/api/v2", { method: "POST", headers: { "content-type": "application/json", "accept-encoding": encoding }, body: JSON.stringify({ key, action: "status", orders }) });
    const plain = await statuses("identity");
    const text = await plain.text();
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(plain.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    const gzipped = await statuses("gzip");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toBe(text);
    const small = await call("/api/v2", { method: "POST", headers: { "content-type": "application/json", "accept-encoding": "gzip" }, body: JSON.stringify({ key, action: "balance" }) });
    const smallText = await small.text();
    expect(small.status).toBe(200);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("content-length")).toBe(String(Buffer.byteLength(smallText)));
  });

  it("leave what has no loader, and what carries a NUL, to the server's other answers", async () => {
    // React Router's answer to a GET of a route with only an action, as before.
    const noLoader = await call("/api/auth/login");
    expect(noLoader.status).toBe(400);
    expect(noLoader.headers.get("content-type")).toContain("application/json");
    const withNul = await call("/api/orders/%00", { token: clientToken });
    expect(withNul.status).toBe(400);
    expect(await withNul.json()).toEqual({ message: "The address contains characters that are not allowed." });
  });

  it("are in the request log, without their query string", async () => {
    await (await call("/api/auth/me?email=query-secret-321", { token: clientToken })).text();
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"path":"/api/auth/me"');
    expect(server.output()).not.toContain("query-secret-321");
  });
});

/**
 * JSON writes are answered before Express too, when Express's guards would let them through; what
 * the guards refuse, and what they cut while it streams (a chunked body), still goes through them.
 */
describe("POST /api calls", () => {
  let server: TestServer;
  const jsonLimitBytes = 4096;
  const account = { email: "writes@example.com", username: "writes_client", fullName: "Ama Writes", password: "writes-password", role: "client" };
  const send = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { method: "POST", ...init });
  const json = (body: unknown, headers: Record<string, string> = {}) => ({ headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", JSON_BODY_LIMIT_BYTES: String(jsonLimitBytes), REQUEST_LOGS: "true" });
    expect((await send("/api/auth/register", json(account))).status).toBe(201);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answer with the route's JSON, the security headers and the length", async () => {
    const response = await send("/api/auth/login", json({ email: account.email, password: account.password }, { "content-type": "application/json; charset=utf-8" }));
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ user: { email: account.email } });
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    const wrongPassword = await send("/api/auth/login", json({ email: account.email, password: "not-the-password" }));
    expect(wrongPassword.status).toBe(401);
    const malformed = await send("/api/auth/login", { headers: { "content-type": "application/json" }, body: '{"email":' });
    expect(malformed.status).toBe(400);
    await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/"method":"POST","path":"\/api\/auth\/login"/);
  });

  it("refuse as Express's guards do: another site's write, a body over its limit, a body that is not JSON", async () => {
    const login = { email: account.email, password: account.password };
    const crossSite = await send("/api/auth/login", json(login, { origin: "https://elsewhere.example" }));
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ message: "Cross-site requests are not allowed." });
    const sameSite = await send("/api/auth/login", json(login, { origin: server.url }));
    expect(sameSite.status).toBe(200);
    const tooLarge = await send("/api/auth/login", json({ ...login, padding: "x".repeat(jsonLimitBytes) }));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: "The request body is too large." });
    const notJson = await send("/api/auth/login", { headers: { "content-type": "text/plain" }, body: JSON.stringify(login) });
    expect(notJson.status).toBe(415);
    expect(await notJson.json()).toEqual({ message: "Send the request body as application/json." });
  });

  it("take a chunked body through Express, which cuts it at the limit while it streams", async () => {
    const chunked = (text: string) =>
      send("/api/auth/login", {
        headers: { "content-type": "application/json" },
        body: new ReadableStream({ start: (controller) => (controller.enqueue(new TextEncoder().encode(text)), controller.close()) }),
        duplex: "half",
      } as RequestInit);
    expect((await chunked(JSON.stringify({ email: account.email, password: account.password }))).status).toBe(200);
    expect((await chunked(JSON.stringify({ email: account.email, password: "x".repeat(jsonLimitBytes) }))).status).toBe(413);
  });

  it("answer nothing to a client that leaves before its whole body arrived, and go on answering others", async () => {
    const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`);
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    expect(Buffer.concat(received).toString()).toBe("");
    expect((await send("/api/auth/login", json({ email: account.email, password: account.password }))).status).toBe(200);
  });
});

describe("an /api call whose route fails", () => {
  it("is answered by Express's error handler, whose response methods work on it", async () => {
    const app = express();
    const listener = answerApiCallsBeforeExpress({
      app,
      findApiCall: () => async () => {
        throw new Error("the route failed");
      },
      securityHeaders: () => [],
      logRequest: undefined,
      loadContextFor: () => ({}),
      // As server/app.ts's error handler answers /api: Express's json(), which reads request.res.
      handleError: (_error, _request, response) => void response.status(500).json({ message: "Something went wrong on our side. Please try again." }),
      isSameSite: () => true,
      bodyLimits: { jsonLimitBytes: 1024, formLimitBytes: 1024, uploadLimitBytes: 1024 },
    })((_request, response) => response.end("express"));
    const server = http.createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/orders`, { signal: AbortSignal.timeout(10_000) });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
