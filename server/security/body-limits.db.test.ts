import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../testing/in-process-server";
import { type Account, Api, admin, createOrder, signIn, signUp, startSecurityServer } from "./helpers";
import { appRoutes } from "./route-inventory";

/*
 * Every body is cut at its limit while it streams (decision 0005): a client that sends 50 MB without
 * a Content-Length to any form route gets 413 long before it has sent it all, the connection is
 * closed soon after (the answer's "close" event ends each post here), and the server's memory stays flat.
 */

const fiftyMegabytes = 50 * 1024 * 1024;
const formLimitBytes = 100 * 1024; // FORM_BODY_LIMIT_BYTES' default
let server: TestServer;
let api: Api;
let client: Account;
let worker: Account;
/** Signs out in the test: the others' sessions must stay valid. */
let leaver: Account;
let adminCookie: string;
let orderId: number;
let topUpId: number;

beforeAll(async () => {
  server = await startSecurityServer();
  api = Api.of(server);
  [client, worker, leaver] = await Promise.all([signUp(api, "client"), signUp(api, "worker"), signUp(api, "client")]);
  adminCookie = (await signIn(api, admin)).cookie;
  orderId = (await createOrder(api, client)).id;
  topUpId = (await api.post("/api/wallet/top-ups", { amount: 20 }, { token: client.token })).json.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Every page route with an action, posted as the role its form is for (the body is only read once the role is checked). */
function formPosts(): { pattern: string; path: string; cookie: () => string; expected: number }[] {
  const rows: Record<string, { path?: string; cookie: () => string; expected?: number }> = {
    "/auth": { cookie: () => "" },
    "/auth/forgot": { cookie: () => "" },
    "/auth/reset/:token": { path: "/auth/reset/not-a-real-link-token", cookie: () => "" },
    // Confirming needs no body: the link is the whole request (an unknown one answers 400), the body unread.
    "/auth/verify/:token": { path: "/auth/verify/not-a-real-link-token", cookie: () => "", expected: 400 },
    "/join-network": { cookie: () => "" },
    "/support": { cookie: () => "" },
    "/packages": { cookie: () => client.cookie },
    "/checkout": { path: `/checkout?orderId=${orderId}`, cookie: () => client.cookie },
    "/dashboard": { cookie: () => client.cookie },
    "/profile": { cookie: () => worker.cookie },
    "/payouts": { cookie: () => worker.cookie },
    // Confirming a payout number needs no body either (issue #49): an unknown link answers 400, the body unread.
    "/payouts/confirm-number/:token": { path: "/payouts/confirm-number/not-a-real-link-token", cookie: () => "", expected: 400 },
    "/wallet": { cookie: () => client.cookie },
    "/wallet/top-ups/:id": { path: `/wallet/top-ups/${topUpId}`, cookie: () => client.cookie },
    "/mass-order": { cookie: () => client.cookie },
    "/order-success": { path: `/order-success?orderId=${orderId}`, cookie: () => client.cookie },
    "/orders/:id": { path: `/orders/${orderId}`, cookie: () => client.cookie },
    "/payment-status/:reference?": { path: "/payment-status/smb-1-0123456789abcdef", cookie: () => client.cookie },
    "/admin/users": { cookie: () => adminCookie },
    "/admin/users/:id": { path: `/admin/users/${client.id}`, cookie: () => adminCookie },
    "/admin/orders/:id": { path: `/admin/orders/${orderId}`, cookie: () => adminCookie },
    "/admin/completions": { cookie: () => adminCookie },
    "/admin/flags": { cookie: () => adminCookie },
    "/admin/payments": { cookie: () => adminCookie },
    "/admin/payouts": { cookie: () => adminCookie },
    "/admin/tickets": { cookie: () => adminCookie },
    "/admin/services": { cookie: () => adminCookie },
    // Signing out needs no body: it is answered without reading one, and the connection closed.
    "/logout": { cookie: () => leaver.cookie, expected: 302 },
    // No page here: 404, the body unread.
    "/*": { path: "/no-such-page", cookie: () => "", expected: 404 },
  };
  const withActions = appRoutes.filter((route) => !route.pattern.startsWith("/api/") && /export (async )?function action\b|export const action\b/.test(fs.readFileSync(path.resolve(route.file), "utf8")));
  expect(withActions.map((route) => route.pattern).filter((pattern) => !rows[pattern]), "every page route with an action has a row here").toEqual([]);
  return withActions.map(({ pattern }) => ({ pattern, path: rows[pattern].path ?? pattern, cookie: rows[pattern].cookie, expected: rows[pattern].expected ?? 413 }));
}

interface StreamedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** How much of the body the client had written when the answer came. */
  sentBytes: number;
}

/** POSTs up to `totalBytes` without a Content-Length (chunked), stopping as soon as the server answers. */
function postChunked(url: string, totalBytes: number, headers: Record<string, string>): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sentBytes = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("close", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sentBytes }));
    });
    // Once answered, the server closes the connection under a client still writing: that reset is expected.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        sentBytes += chunk.byteLength;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** This process's resident memory in bytes (Linux /proc): the server runs in it, and the client streams its bodies. */
function residentBytes(): number {
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1];
  return Number(kilobytes) * 1024;
}

describe("request bodies sent without a length", () => {
  it("are cut at the limit on every form route: 413 with the store's page, the connection closed, memory flat", async () => {
    const before = residentBytes();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes())), 20);
    try {
      for (const post of formPosts()) {
        const isUpload = post.pattern === "/packages";
        const answer = await postChunked(`${server.url}${post.path}`, fiftyMegabytes, {
          "content-type": isUpload ? "multipart/form-data; boundary=x" : "application/x-www-form-urlencoded",
          ...(post.cookie() ? { cookie: post.cookie() } : {}),
        });
        const label = `POST ${post.path}`;
        expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBe(post.expected);
        expect(answer.sentBytes, `${label}: answered before the client had sent it all`).toBeLessThan(fiftyMegabytes);
        if (post.expected === 413) {
          expect(answer.headers["content-type"], label).toContain("text/html");
          expect(answer.body, label).toContain("The request body is too large.");
        }
      }
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before, `resident memory grew from ${before} to a peak of ${peak} bytes`).toBeLessThan(64 * 1024 * 1024);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 180_000);

  it("are cut on /api calls too, with the JSON message", async () => {
    const answer = await postChunked(`${server.url}/api/auth/login`, fiftyMegabytes, { "content-type": "application/json" });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request body is too large." });
  });

  it("reach a client that sends far past the limit before it reads its answer: no reset drops it", async () => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    socket.pause(); // nothing is read until the client has sent 40 MiB (or as much as the server lets it)
    const closed = new Promise<string>((resolve) => {
      let received = "";
      socket.on("data", (data) => (received += data.toString("latin1")));
      socket.on("error", (error) => resolve(`${received}\n[${error.message}]`));
      socket.on("close", () => resolve(received));
    });
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, "a");
    for (let sent = 0; sent < 40 * 1024 * 1024; sent += chunk.byteLength) socket.write(`${chunk.byteLength.toString(16)}\r\n${chunk}\r\n`);
    // Long enough for the server to answer and discard its allowance (16 MiB), within its 2 s deadline.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    socket.resume();
    const received = await closed;
    expect(received.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(received).toContain('{"message":"The request body is too large."}');
  });

  it("are read as usual under the limit", async () => {
    const fields = new URLSearchParams({ intent: "login", email: client.email, password: client.password, filler: "x".repeat(formLimitBytes / 2) });
    const answer = await new Promise<StreamedAnswer>((resolve, reject) => {
      const request = http.request(`${server.url}/auth`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } }, (response) => {
        let body = "";
        response.on("data", (text) => (body += text));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sentBytes: 0 }));
      });
      request.on("error", reject);
      for (const part of fields.toString().match(/[\s\S]{1,8192}/g)!) request.write(part); // chunked: no Content-Length
      request.end();
    });
    expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(400);
    expect(String(answer.headers["set-cookie"] ?? "")).toContain("smb_session=");
  });

  it("a declared length over the limit is refused before any of the body is read", async () => {
    const answer = await postChunked(`${server.url}/support`, fiftyMegabytes, {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(fiftyMegabytes),
    });
    expect(answer.status).toBe(413);
    expect(answer.sentBytes).toBeLessThan(fiftyMegabytes);
  });
});
