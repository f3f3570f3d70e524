import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../testing/in-process-server";
import { rawRequest } from "../testing/raw-http";
import { Api, createOrder, sandboxSecretKey, signUp, startSecurityServer, totalMinorOf } from "./helpers";

/*
 * Issue #49: absolute URLs came from the request's Host header when PUBLIC_URL was unset, so a
 * request with `Host: evil.example` put that host in /api-docs, the publicly cacheable sitemap and
 * Paystack's callback_url. They are built from PUBLIC_URL now (production requires it; a test
 * server's is its own address).
 */
let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startSecurityServer({ PAYSTACK_CARD_MODE: "hosted" });
  api = Api.of(server);
});
afterAll(async () => {
  await server?.stop();
});

describe("a request's Host header", () => {
  it("is not in /sitemap.xml, /robots.txt or /api-docs: they name PUBLIC_URL", async () => {
    for (const path of ["/sitemap.xml", "/robots.txt", "/api-docs"]) {
      const answer = await rawRequest(`${server.url}${path}`, { headers: { host: "evil.example" } });
      expect(answer.status, path).toBe(200);
      expect(answer.body.toString(), path).not.toContain("evil.example");
      expect(answer.body.toString(), path).toContain(server.url);
    }
  });

  it("is not where Paystack sends the payer back: the checkout page and its callback are on PUBLIC_URL", async () => {
    const client = await signUp(api, "client");
    const order = await createOrder(api, client);
    const answer = await rawRequest(`${server.url}/api/payment/charge/card`, {
      method: "POST",
      headers: { host: "evil.example", "content-type": "application/json", authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ email: client.email, amount: totalMinorOf(order), orderId: order.id, currency: order.currency }),
    });
    expect(answer.status, answer.body.toString()).toBe(200);
    const { authorization_url: checkoutUrl } = JSON.parse(answer.body.toString()).data as { authorization_url: string };
    expect(checkoutUrl.startsWith(`${server.url}/sandbox/paystack/checkout/`)).toBe(true);
    // Cancelling on the checkout page goes back to the callback_url the store gave Paystack.
    const cancelled = await fetch(checkoutUrl, { method: "POST", body: new URLSearchParams({ step: "cancel" }), redirect: "manual" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")?.startsWith(`${server.url}/payment-status/`)).toBe(true);
  });

  it("cannot make the store's own sandbox checkout send a payer elsewhere: callback_urls off PUBLIC_URL are refused", async () => {
    const initialize = (callback: string) =>
      api.post("/sandbox/paystack/transaction/initialize", { email: "ama@example.com", amount: 100, currency: "GHS", callback_url: callback }, { headers: { authorization: `Bearer ${sandboxSecretKey}` } });
    const refused = await initialize("https://evil.example/phish");
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ status: false, message: `Invalid callback_url: send an address on ${server.url}` });
    expect((await initialize(`${server.url}/payment-status/x`)).status).toBe(200);
  });
});
