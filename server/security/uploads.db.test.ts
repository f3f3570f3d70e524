import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegStart, tinyGif, tinyPng } from "~/features/uploads/test-images";
import type { TestServer } from "../testing/in-process-server";
import { type Account, Api, adminToken, signUp, startSecurityServer, uniqueName } from "./helpers";

/*
 * Uploads that lie about what they are (the account screenshot of POST /api/orders, a data URL):
 * the bytes decide, never the declared type or a name. Polyglots, SVG, HTML posing as a PNG and
 * oversized images are refused with SPEC's messages (400 / 413) and leave nothing behind; what is
 * stored is served so a browser can only ever show it as an image.
 */

let server: TestServer;
let api: Api;
let client: Account;
let adminBearer: string;

beforeAll(async () => {
  server = await startSecurityServer();
  api = Api.of(server);
  client = await signUp(api, "client");
  adminBearer = await adminToken(api);
});
afterAll(async () => {
  await server?.stop();
});

const invalidType = "Please upload an image file (PNG, JPG, etc.)";
const tooLarge = "Please upload an image smaller than 5MB";
const ascii = (text: string) => Buffer.from(text, "latin1");
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const html = "<html><body><script>fetch('/api/auth/me').then(r=>r.text()).then(alert)</script></body></html>";
const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>';

const dataUrl = (bytes: Uint8Array, type = "image/png") => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

function order(accountScreenshot: string) {
  return api.post("/api/orders", { packageId: "custom-instagram", quantity: 50, targetUsername: uniqueName("t"), accountScreenshot }, { token: client.token });
}

/**
 * A POST whose answer may come before the body is sent: the server refuses an oversized body by its
 * Content-Length and closes, which fetch reports as a failed write. So the headers go first, and the
 * body only if no answer came within a few seconds.
 */
function postEarlyAnswered(path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: `Bearer ${client.token}` },
    });
    let answered = false;
    const sendBody = setTimeout(() => request.end(body), 3_000);
    request.on("response", (response) => {
      answered = true;
      clearTimeout(sendBody);
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, text });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.flushHeaders();
  });
}

async function ordersCount() {
  return ((await api.get("/api/orders?limit=50", { token: client.token })).json as unknown[]).length;
}

describe("uploads that lie about their type", () => {
  const lies: [label: string, screenshot: string][] = [
    ["a PNG signature followed by HTML and script (polyglot)", dataUrl(Buffer.concat([pngSignature, ascii(html)]))],
    ["a real PNG with an HTML page appended (polyglot)", dataUrl(Buffer.concat([tinyPng(), ascii(html)]))],
    ["a JPEG start followed by HTML (polyglot)", dataUrl(Buffer.concat([jpegStart.subarray(0, 3), ascii(html)]), "image/jpeg")],
    ["a GIF header followed by script (polyglot)", dataUrl(Buffer.concat([ascii("GIF89a"), ascii(html)]), "image/gif")],
    ["a real GIF with a script appended (polyglot)", dataUrl(Buffer.concat([tinyGif, ascii(`<script>alert(1)</script>`)]), "image/gif")],
    ["SVG with a script, declared as SVG", dataUrl(ascii(svg), "image/svg+xml")],
    ["SVG with a script, declared as PNG", dataUrl(ascii(svg))],
    ["an HTML page named .png", dataUrl(ascii(`<!DOCTYPE html>${html}`))],
    ["an HTML page declared as text/html", dataUrl(ascii(html), "text/html")],
    ["a PDF declared as PNG", dataUrl(ascii("%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\n"))],
    ["not base64", "data:image/png;base64,<script>alert(1)</script>"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a remote URL", "https://evil.example.com/x.png"],
  ];

  it.each(lies)("refuses %s with 400 and stores no order", async (_label, screenshot) => {
    const before = await ordersCount();
    const answer = await order(screenshot);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json).toEqual({ message: expect.stringContaining(invalidType) });
    expect(await ordersCount()).toBe(before);
  });

  it("refuses a 6 MB image with 413 (over the body limit), and one byte over 5 MB with SPEC's message", async () => {
    const before = await ordersCount();
    const sixMegabytes = Buffer.alloc(6 * 1024 * 1024);
    Buffer.from(tinyPng()).copy(sixMegabytes);
    const huge = await postEarlyAnswered("/api/orders", JSON.stringify({ packageId: "custom-instagram", quantity: 50, targetUsername: uniqueName("t"), accountScreenshot: dataUrl(sixMegabytes) }));
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text)).toEqual({ message: "The request body is too large." });

    const justOver = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from(tinyPng()).copy(justOver);
    const over = await order(dataUrl(justOver));
    expect(over.status).toBe(413);
    expect(over.json).toEqual({ message: tooLarge });
    expect(await ordersCount()).toBe(before);
  });
});

describe("serving an upload", () => {
  it("serves the stored bytes as the image they are, with nosniff, a CSP allowing nothing and no caching by others", async () => {
    const png = tinyPng();
    // The declared type is not what it is served as: the bytes are a PNG.
    const created = await order(dataUrl(png, "text/html"));
    expect(created.status, created.text).toBe(201);
    const detail = await api.get(`/api/admin/orders/${created.json.id}`, { token: adminBearer });
    const url = detail.json.screenshot.url as string;

    for (const token of [client.token, adminBearer]) {
      const served = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-security-policy")).toBe("default-src 'none'");
      expect(served.headers.get("content-disposition")).toBe("inline");
      expect(served.headers.get("cache-control")).toMatch(/^private\b/);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    }
  });
});
