import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * POST /api/orders for the whole catalogue (issue #50): a post service takes its post's link (and a
 * comments service its lines) instead of SPEC's username and screenshot, checked per platform, priced
 * from the service.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000" });
});
afterAll(async () => {
  await server?.stop();
});

async function call(path: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let sequence = 0;
async function signUp(): Promise<string> {
  sequence += 1;
  const tag = `${process.pid}c${sequence}`;
  const result = await call("/api/auth/register", { body: { email: `catalogue${tag}@example.com`, username: `catalogue_${tag}`, fullName: "Ama Mensah", password: "secret-pass", role: "client" } });
  expect(result.status).toBe(201);
  return result.body.token;
}

const videoLink = "https://www.tiktok.com/@ama.grows/video/7412345678901234567";

describe("POST /api/orders for likes and comments", () => {
  it("creates a likes order on a TikTok video's link, priced from the service (201)", async () => {
    const token = await signUp();
    // What the checkout page sends for a post service: the service id, the quantity, the link.
    const result = await call("/api/orders", { body: { packageId: "tiktok-likes", platform: "tiktok", quantity: 100, targetUrl: `${videoLink}?is_from_webapp=1`, price: "0.01" }, token });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ id: expect.any(Number), package: { id: "tiktok-likes", name: "100 Likes", platform: "tiktok" }, targetUrl: videoLink, price: 25, fee: 0.43, amount: 25.43, status: "pending" });
    const read = await call(`/api/orders/${result.body.id}`, { token });
    expect(read.body).toMatchObject({ package: { name: "100 Likes" }, targetUrl: videoLink, quantity: 100 });
  });

  it("creates a comments order with the client's lines, one per comment, as a list or one per line", async () => {
    const token = await signUp();
    const lines = ["Love this 🔥", "Where was this taken?", "So clean", "Beautiful colours", "Yes!"];
    const post = "https://www.instagram.com/p/C8xYz12AbCd/";
    const asList = await call("/api/orders", { body: { packageId: "instagram-comments", quantity: 5, targetUrl: post, comments: lines }, token });
    expect(asList.status).toBe(201);
    expect(asList.body).toMatchObject({ package: { id: "instagram-comments", name: "5 Comments", platform: "instagram" }, targetUrl: post, price: 5, amount: 5.09 });
    const asText = await call("/api/orders", { body: { packageId: "instagram-comments", quantity: 5, targetUrl: post, comments: lines.join("\n") }, token });
    expect(asText.status).toBe(201);
  });

  it("refuses a profile's link for a likes service, with the sentence the page shows (400)", async () => {
    const token = await signUp();
    const result = await call("/api/orders", { body: { packageId: "tiktok-likes", quantity: 100, targetUrl: "https://www.tiktok.com/@ama.grows" }, token });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain("This is a link to a TikTok profile: paste the link of the video.");
    const elsewhere = await call("/api/orders", { body: { packageId: "tiktok-likes", quantity: 100, targetUrl: "https://www.instagram.com/p/C8xYz12AbCd/" }, token });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toContain("This is an Instagram link: this service is for TikTok videos.");
  });

  it("refuses comments that are not as many as the quantity, or carry a link (400)", async () => {
    const token = await signUp();
    const body = { packageId: "tiktok-comments", quantity: 5, targetUrl: videoLink };
    const few = await call("/api/orders", { body: { ...body, comments: "one\ntwo" }, token });
    expect(few.status).toBe(400);
    expect(few.body.message).toContain("You wrote 2 comments; this order needs 5, one per line.");
    const withLink = await call("/api/orders", { body: { ...body, comments: ["a", "b", "c", "d", "see www.example.com"] }, token });
    expect(withLink.status).toBe(400);
    expect(withLink.body.message).toContain("The comment on line 5 contains a link");
  });

  it("holds a likes order to the service's own bounds, in SPEC's words (400)", async () => {
    const token = await signUp();
    const result = await call("/api/orders", { body: { packageId: "tiktok-likes", quantity: 19, targetUrl: videoLink }, token });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain("The minimum you can buy is 20");
  });
});
