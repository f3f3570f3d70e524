import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pageGatherLimitMs, sendPageBody } from "./request-handler";

/** A page body sent by sendPageBody through a real HTTP server, read by a real HTTP client. */
async function serve(body: () => ReadableStream<Uint8Array>) {
  const server = http.createServer((request, response) => {
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    // As server/request-handler.ts's send does: a failed stream has destroyed the response by then.
    sendPageBody(body(), request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The answer's headers, and each piece of its body with the milliseconds after the request it arrived. */
function get(url: string): Promise<{ headers: http.IncomingHttpHeaders; pieces: { text: string; atMs: number }[] }> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const pieces: { text: string; atMs: number }[] = [];
        response.setEncoding("utf8");
        response.on("data", (text: string) => pieces.push({ text, atMs: performance.now() - startedAt }));
        response.on("end", () => resolve({ headers: response.headers, pieces }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a page's body", () => {
  it("goes out whole with its Content-Length when the stream ends soon, in pieces or not", async () => {
    const html = ["<!DOCTYPE html><html><body>", "<p>Ghana’s growth</p>", "</body></html>"];
    let pieceIndex = 0;
    const url = await serve(
      () =>
        new ReadableStream({
          async pull(controller) {
            const next = html[pieceIndex++];
            // The last piece comes a few turns of the event loop later, as React Router's loader data does.
            if (next === undefined) return controller.close();
            await new Promise((resolve) => setTimeout(resolve, 1));
            controller.enqueue(bytes(next));
          },
        }),
    );
    const answer = await get(url);
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(html.join(""))));
    expect(answer.pieces.map((piece) => piece.text).join("")).toBe(html.join(""));
  });

  it("streams as it comes when the stream is still going after the gathering limit (deferred data)", async () => {
    const laterMs = pageGatherLimitMs * 4;
    const url = await serve(
      () =>
        new ReadableStream({
          async start(controller) {
            controller.enqueue(bytes("<p>shell</p>"));
            await new Promise((resolve) => setTimeout(resolve, laterMs));
            controller.enqueue(bytes("<p>deferred</p>"));
            controller.close();
          },
        }),
    );
    const answer = await get(url);
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.headers["content-length"]).toBeUndefined();
    expect(answer.pieces.map((piece) => piece.text).join("")).toBe("<p>shell</p><p>deferred</p>");
    // The shell arrived at the gathering limit, not with the deferred part.
    const shell = answer.pieces.find((piece) => piece.text.includes("shell"))!;
    expect(shell.text).not.toContain("deferred");
    expect(shell.atMs).toBeLessThan(laterMs);
  });

  it("stops the answer when a page streaming past the gathering limit fails", async () => {
    const url = await serve(
      () =>
        new ReadableStream({
          async start(controller) {
            controller.enqueue(bytes("<p>shell</p>"));
            await new Promise((resolve) => setTimeout(resolve, pageGatherLimitMs * 3));
            controller.enqueue(bytes("<p>more</p>"));
            controller.error(new Error("a deferred loader failed"));
          },
        }),
    );
    const failed = await get(url).then(
      () => "ended",
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/aborted|socket hang up|ECONNRESET/);
  });

  it("is not sent when its stream fails before it is whole, so the error answer can still be sent", async () => {
    const server = http.createServer((request, response) => {
      const failing = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes("<p>half a page"));
          setTimeout(() => controller.error(new Error("render failed")), 1);
        },
      });
      sendPageBody(failing, request, response).catch(() => {
        response.statusCode = 500;
        response.end("error page");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe("error page");
  });
});
