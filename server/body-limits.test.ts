import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { bodyLimitFor, closeAfterDraining } from "./body-limits";

const limits = { jsonLimitBytes: 1, formLimitBytes: 2, uploadLimitBytes: 3 };

describe("bodyLimitFor", () => {
  it("gives the screenshot's carriers the upload limit, with or without JavaScript (single fetch posts to <page>.data)", () => {
    for (const path of ["/api/orders", "/packages", "/packages.data"]) expect(bodyLimitFor(path, limits), path).toBe(3);
  });

  it("gives other /api calls the JSON limit and other page forms the form limit", () => {
    expect(bodyLimitFor("/api/auth/login", limits)).toBe(1);
    expect(bodyLimitFor("/api/orders/12", limits)).toBe(1);
    for (const path of ["/auth", "/auth.data", "/support", "/checkout.data", "/packages/other"]) expect(bodyLimitFor(path, limits), path).toBe(2);
  });
});

describe("closeAfterDraining", () => {
  it("leaves nothing on a kept-alive connection once an unread body has come in full", async () => {
    // Answers before reading the body, as a refusal or a route that never reads it does.
    let serverSocket: Socket | undefined;
    const server = http.createServer((request, response) => {
      serverSocket = request.socket;
      response.once("finish", () => closeAfterDraining(request));
      response.end("answered");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<void>((resolve, reject) => {
        const request = http.request({ agent, port: (server.address() as AddressInfo).port, host: "127.0.0.1", method: "POST", path: "/", headers: { "content-type": "application/json" } }, (response) => {
          response.resume().once("end", resolve);
        });
        request.once("error", reject).end(JSON.stringify({ unread: "x".repeat(100) }));
      });
    try {
      const closeListeners: number[] = [];
      for (let index = 0; index < 15; index++) {
        await post();
        await new Promise((resolve) => setImmediate(resolve));
        closeListeners.push(serverSocket!.listenerCount("close"));
      }
      expect(new Set(closeListeners).size, `close listeners after each request: ${closeListeners.join(", ")}`).toBe(1);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
