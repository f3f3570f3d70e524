import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./testing/spawn-server";

// Found by the load test (npm run test:load): with Node's default 5 s keep-alive timeout, clients
// sending their next request on a connection the server was closing got ECONNRESET.
describe("kept-alive connections", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** GET /healthz on `agent`; resolves whether the request went out on a reused socket. */
  const get = (agent: http.Agent) =>
    new Promise<{ status: number; keepAlive: string; reusedSocket: boolean }>((resolve, reject) => {
      const request = http.get(`${server.url}/healthz`, { agent, timeout: 10_000 }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, keepAlive: String(response.headers["keep-alive"]), reusedSocket: request.reusedSocket }));
      });
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", reject);
    });

  it("announces a keep-alive timeout longer than the 60 s of common proxies", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await get(agent);
      expect(answer.status).toBe(200);
      expect(answer.keepAlive).toBe("timeout=65");
    } finally {
      agent.destroy();
    }
  });

  it("keeps an idle connection open longer than Node's default 5 s", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(agent)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const second = await get(agent);
      expect(second.status).toBe(200);
      // A socket the server had closed would have been dropped by the agent: a new one would be used.
      expect(second.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it("still stops at once on SIGTERM when a request in flight leaves its connection kept alive", async () => {
    const stopping = await startServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password" });
      const answered = new Promise<number>((resolve, reject) => {
        const request = http.request(`${stopping.url}/api/auth/login`, { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
        // Half the body now, the rest once SIGTERM has been sent: the request is in flight during the shutdown.
        request.write(body.slice(0, 10));
        setTimeout(() => stopping.process.kill("SIGTERM"), 300);
        setTimeout(() => request.end(body.slice(10)), 600);
      });
      const startedAt = Date.now();
      expect(await answered).toBe(401);
      const exitCode = await stopping.stop();
      expect(exitCode).toBe(0);
      expect(Date.now() - startedAt).toBeLessThan(5_000);
    } finally {
      agent.destroy();
      await stopping.stop();
    }
  });
});
