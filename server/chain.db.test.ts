import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InProcessServer, startInProcessServer } from "./testing/in-process-server";
import { type Account, type Answer, Api, securityServerEnv, signUp } from "./security/helpers";

/*
 * Proof that the server is one chain: every kind of request — whatever answers it (a static file,
 * the page cache, React Router's page, data and resource routes, the guards' refusals, the error
 * handler) — leaves with the same security headers, and a header added in the one place that sets
 * them (server/security.ts's securityHeaders, given `extraHeaders`) is on every answer too.
 */
const chainHeader: [string, string] = ["X-Chain-Test", "one chain"];
/** Headers every answer carries, whatever its kind, with the value every answer gives them. */
const everyAnswersHeaders = ["x-chain-test", "x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy", "origin-agent-cluster"];

let server: InProcessServer;
let api: Api;
let client: Account;

beforeAll(async () => {
  server = await startInProcessServer(securityServerEnv(), { extraHeaders: [chainHeader] });
  api = Api.of(server);
  client = await signUp(api, "client");
});

afterAll(async () => {
  await server?.stop();
});

describe("every request passes one chain", () => {
  it("sends the same security headers on every kind of answer, and the header added in the one place on all of them", async () => {
    const form = (body: string) => ({ rawBody: body, headers: { "content-type": "application/x-www-form-urlencoded" } });
    const answers: Record<string, Answer> = {};
    answers["static file"] = await api.get("/favicon.svg");
    answers["anonymous page"] = await api.get("/about");
    answers["cached page"] = await api.get("/about");
    answers["signed-in page"] = await api.get("/", { cookie: client.cookie });
    answers[".data request"] = await api.get("/packages.data", { cookie: client.cookie });
    answers["/api GET"] = await api.get("/api/auth/me", { token: client.token });
    answers["/api POST JSON"] = await api.post("/api/auth/login", { email: client.email, password: "not the password" });
    answers["/api/v2 form post"] = await api.call("/api/v2", { method: "POST", ...form("key=not-a-key&action=balance") });
    answers["webhook"] = await api.call("/api/paystack/webhook", { method: "POST", rawBody: "{}", headers: { "content-type": "application/json", "x-paystack-signature": "forged" } });
    answers["/healthz"] = await api.get("/healthz");
    answers["404 page"] = await api.get("/no-such-page");
    answers["404 /api"] = await api.get("/api/no-such-call");
    answers["413"] = await api.call("/api/auth/login", { method: "POST", rawBody: JSON.stringify({ email: "x".repeat(200_000) }), headers: { "content-type": "application/json" } });
    answers["403 cross-site write"] = await api.call("/api/auth/login", { method: "POST", body: {}, headers: { origin: "https://elsewhere.example" } });
    answers["400 NUL in the address"] = await api.get("/orders%00");

    // A 500 is a failure the app does not expect: its orders table gone.
    await server.runSql(`ALTER TABLE orders RENAME TO orders_gone`);
    try {
      answers["500 /api"] = await api.get("/api/orders", { token: client.token });
      answers["500 page"] = await api.get("/orders", { cookie: client.cookie });
    } finally {
      await server.runSql(`ALTER TABLE orders_gone RENAME TO orders`);
    }

    const statuses = Object.fromEntries(Object.entries(answers).map(([kind, answer]) => [kind, answer.status]));
    expect(statuses).toEqual({
      "static file": 200,
      "anonymous page": 200,
      "cached page": 200,
      "signed-in page": 200,
      ".data request": 200,
      "/api GET": 200,
      "/api POST JSON": 401,
      "/api/v2 form post": 200,
      webhook: 401,
      "/healthz": 200,
      "404 page": 404,
      "404 /api": 404,
      "413": 413,
      "403 cross-site write": 403,
      "400 NUL in the address": 400,
      "500 /api": 500,
      "500 page": 500,
    });
    expect(answers["cached page"]!.headers.get("x-cache")).toBe("HIT");
    expect(answers["/api/v2 form post"]!.json).toEqual({ error: expect.any(String) });

    const reference = answers["anonymous page"]!.headers;
    for (const [kind, answer] of Object.entries(answers)) {
      for (const name of everyAnswersHeaders) expect(answer.headers.get(name), `${kind}: ${name}`).toBe(reference.get(name));
      expect(answer.headers.get("content-security-policy"), `${kind}: its own nonce`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
    }
    expect(reference.get("x-chain-test")).toBe("one chain");
    const nonces = Object.values(answers).map((answer) => /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy")!)![1]);
    expect(new Set(nonces).size, "a fresh nonce on every answer").toBe(nonces.length);
  });

  it("lets a route's own value of a security header replace the chain's, never sending both", async () => {
    const page = await api.get("/about");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const robots = await api.get("/robots.txt");
    expect(robots.status).toBe(200);
    for (const answer of [page, robots]) expect(answer.headers.get("content-security-policy")).not.toContain(",");
  });

  it("refuses a Host that makes no URL with 400, with the chain's headers, and goes on serving", async () => {
    for (const path of ["/api/auth/me", "/about", "/orders"]) {
      const answer = await rawHttp(server.url, `GET ${path} HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`);
      expect(answer.split("\r\n", 1)[0], path).toBe("HTTP/1.1 400 Bad Request");
      expect(answer, path).toContain("X-Chain-Test: one chain");
    }
    expect((await api.get("/healthz")).status).toBe(200);
  });

  it("refuses TRACE, which no route can take, with 405 and the chain's headers (not a 500)", async () => {
    // The reseller API answers in its panels' shape: HTTP 200, { "error" } with its contract's words.
    for (const [path, status, body] of [["/", "405 Method Not Allowed", "This method is not allowed."], ["/api/orders", "405 Method Not Allowed", '{"message":"This method is not allowed."}'], ["/api/v2", "200 OK", '{"error":"Incorrect request: send it as GET or POST"}']]) {
      const answer = await rawHttp(server.url, `TRACE ${path} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nConnection: close\r\n\r\n`);
      expect(answer.split("\r\n", 1)[0], path).toBe(`HTTP/1.1 ${status}`);
      expect(answer.endsWith(`\r\n\r\n${body}`), path).toBe(true);
      expect(answer).toContain("Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(answer).toContain("X-Chain-Test: one chain");
      expect(answer).toMatch(/Content-Security-Policy: .*'nonce-/);
    }
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
