import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpCall } from "./http-call.server";

/** httpCall against a real HTTP server: what it sends, what it answers, and that it fails as fetch does. */
describe("httpCall", () => {
  const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string; socketId: number }[] = [];
  const sockets = new WeakMap<object, number>();
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => (body += chunk));
      request.on("end", () => {
        if (!sockets.has(request.socket)) sockets.set(request.socket, seen.length + 1);
        seen.push({ method: request.method, url: request.url, headers: request.headers, body, socketId: sockets.get(request.socket)! });
        if (request.url === "/slow") return; // never answers
        if (request.url === "/cut") {
          response.writeHead(200, { "Content-Type": "application/json", "Content-Length": "100" });
          response.write('{"status":');
          setTimeout(() => request.socket.destroy(), 20);
          return;
        }
        response.writeHead(request.url === "/missing" ? 404 : 200, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ status: true, message: "Gyê Nyame ✓", echo: body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends the method, headers and body with its length, and answers the status and the whole text (UTF-8)", async () => {
    const body = JSON.stringify({ email: "ama@example.com", amount: 15255 });
    const answer = await httpCall(`${base}/transaction/initialize`, { method: "POST", headers: { Authorization: "Bearer sk_test_x", "Content-Type": "application/json" }, body });
    expect(answer.status).toBe(200);
    expect(JSON.parse(await answer.text())).toEqual({ status: true, message: "Gyê Nyame ✓", echo: body });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: "POST", url: "/transaction/initialize", body });
    expect(request.headers).toMatchObject({ authorization: "Bearer sk_test_x", "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
    // No compression asked for: a Paystack answer is a few KB, and decoding it costs more than it saves.
    expect(request.headers["accept-encoding"]).toBeUndefined();
  });

  it("answers an HTTP error as an answer, not a failure, and keeps the connection for the next call", async () => {
    const before = seen.length;
    const missing = await httpCall(`${base}/missing`, { method: "GET", headers: {} });
    expect(missing.status).toBe(404);
    await httpCall(`${base}/again`, { method: "GET", headers: {} });
    expect(seen[before + 1].socketId).toBe(seen[before].socketId);
  });

  it("fails as fetch does when nothing listens: TypeError with the system error's code as its cause", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await httpCall(`http://127.0.0.1:${port}/`, { method: "GET", headers: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).message).toBe("fetch failed");
    expect(((failure as Error).cause as { code: string }).code).toBe("ECONNREFUSED");
  });

  it("fails with an AbortError when its signal times out, and when an answer is cut off, as a reset connection", async () => {
    const timedOut = await httpCall(`${base}/slow`, { method: "POST", headers: {}, body: "{}", signal: AbortSignal.timeout(50) }).catch((error: unknown) => error);
    expect((timedOut as Error).name).toBe("AbortError");
    const cut = await httpCall(`${base}/cut`, { method: "GET", headers: {} }).catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(TypeError);
    expect(((cut as Error).cause as { code: string }).code).toBe("ECONNRESET");
  });
});
