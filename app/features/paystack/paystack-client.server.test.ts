import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeServer, listen, newReference, type RunningSandbox, sandboxSecretKey, startSandbox, startWebhookReceiver, urlOf, type WebhookReceiver } from "../../../sandbox/paystack/testing";
import { setSelfBaseUrl } from "~/lib/self-url.server";
import { createPaystackClient, parsePaystackEvent, paystackCheckoutOrigins, paystackConfig, signWebhookBody, verifyWebhookSignature } from "./paystack-client.server";

const successCard = { number: "4084084084084081", cvv: "408", expiry_month: "12", expiry_year: String(new Date().getFullYear() + 1) };
const chargePayload = () => ({ email: "ama@example.com", amount: 10_170, currency: "GHS", reference: newReference("client"), card: successCard });

/** A port nothing listens on: connections are refused, the request never leaves. */
async function closedPortUrl() {
  const server = await listen(() => {});
  const url = urlOf(server);
  await closeServer(server);
  return url;
}

/** A fake Paystack that counts requests and answers each with `respond(n)` (1-based). */
async function startFakePaystack(respond: (attempt: number, request: http.IncomingMessage, response: http.ServerResponse) => void) {
  let requests = 0;
  const server = await listen((request, response) => {
    request.resume();
    request.on("end", () => respond(++requests, request, response));
  });
  return { url: urlOf(server), requests: () => requests, close: () => closeServer(server) };
}

const json = (response: http.ServerResponse, status: number, body: unknown) => response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

describe("network errors and timeouts", () => {
  it("retries a refused connection with backoff, then reports the outcome as unknown", async () => {
    const warnings: Record<string, unknown>[] = [];
    const client = createPaystackClient({
      baseUrl: await closedPortUrl(),
      secretKey: "sk_test_x",
      retries: 2,
      retryBaseDelayMs: 40,
      logger: { warn: (details) => warnings.push(details) },
    });
    const startedAt = Date.now();
    const result = await client.charge({ ...chargePayload(), pin: "1111" });
    expect(result).toMatchObject({ ok: false, kind: "unreachable", attempts: 3 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(40 + 80);
    expect(warnings.map((warning) => warning.willRetry)).toEqual([true, true, false]);
    const logged = JSON.stringify(warnings);
    for (const secret of [successCard.number, `"${successCard.cvv}"`, "1111", "sk_test_x"]) expect(logged).not.toContain(secret);
  });

  it("retries after a dropped connection and returns the next answer", async () => {
    const fake = await startFakePaystack((attempt, request, response) => {
      if (attempt === 1) return request.socket.destroy();
      json(response, 200, { status: true, message: "Verification successful", data: { id: 1, reference: "r1", status: "success", amount: 100, currency: "GHS" } });
    });
    try {
      const client = createPaystackClient({ baseUrl: fake.url, secretKey: "sk_test_x", retryBaseDelayMs: 5 });
      expect(await client.verifyTransaction("r1")).toMatchObject({ ok: true, data: { status: "success", amount: 100 } });
      expect(fake.requests()).toBe(2);
    } finally {
      await fake.close();
    }
  });

  it("never retries an HTTP answer: a 500 comes back once, with Paystack's message", async () => {
    const fake = await startFakePaystack((_attempt, _request, response) => json(response, 500, { status: false, message: "An error occurred" }));
    try {
      const client = createPaystackClient({ baseUrl: fake.url, secretKey: "sk_test_x", retryBaseDelayMs: 5 });
      expect(await client.charge(chargePayload())).toEqual({ ok: false, kind: "rejected", httpStatus: 500, message: "An error occurred" });
      expect(fake.requests()).toBe(1);
    } finally {
      await fake.close();
    }
  });

  it("reports a non-JSON answer as invalid_response without retrying", async () => {
    const fake = await startFakePaystack((_attempt, _request, response) => response.writeHead(502, { "Content-Type": "text/html" }).end("<h1>Bad gateway</h1>"));
    try {
      const client = createPaystackClient({ baseUrl: fake.url, secretKey: "sk_test_x", retryBaseDelayMs: 5 });
      expect(await client.verifyTransaction("r1")).toMatchObject({ ok: false, kind: "invalid_response", httpStatus: 502 });
      expect(fake.requests()).toBe(1);
    } finally {
      await fake.close();
    }
  });

  it("times out a silent server after timeoutMs per attempt and retries", async () => {
    const fake = await startFakePaystack(() => {}); // never answers
    try {
      const client = createPaystackClient({ baseUrl: fake.url, secretKey: "sk_test_x", timeoutMs: 150, retries: 1, retryBaseDelayMs: 5 });
      const startedAt = Date.now();
      const result = await client.verifyTransaction("r1");
      expect(result).toMatchObject({ ok: false, kind: "unreachable", attempts: 2, message: expect.stringContaining("timed out") });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
      expect(fake.requests()).toBe(2);
    } finally {
      await fake.close();
    }
  });

  it("retries a refund only when the request surely never left", async () => {
    const refused = createPaystackClient({ baseUrl: await closedPortUrl(), secretKey: "sk_test_x", retries: 2, retryBaseDelayMs: 5 });
    expect(await refused.refund({ transaction: "r1" })).toMatchObject({ kind: "unreachable", attempts: 3 });

    const fake = await startFakePaystack((_attempt, request) => request.socket.destroy());
    try {
      const dropped = createPaystackClient({ baseUrl: fake.url, secretKey: "sk_test_x", retries: 2, retryBaseDelayMs: 5 });
      expect(await dropped.refund({ transaction: "r1" })).toMatchObject({ kind: "unreachable", attempts: 1 });
      expect(fake.requests()).toBe(1);
    } finally {
      await fake.close();
    }
  });

  it("refuses amounts that are not positive integers in minor units", () => {
    const client = createPaystackClient({ baseUrl: "http://127.0.0.1:1", secretKey: "sk_test_x" });
    expect(() => client.charge({ ...chargePayload(), amount: 101.7 })).toThrow(RangeError);
    expect(() => client.refund({ transaction: "r", amount: 0 })).toThrow(RangeError);
  });
});

describe("a charge retried after its answer was lost", () => {
  let receiver: WebhookReceiver;
  let running: RunningSandbox;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    running = await startSandbox({ webhookUrl: () => receiver.url });
  });
  afterAll(async () => {
    await running?.close();
    await receiver?.close();
  });

  it("charges once: the retry meets the duplicate reference and returns the charge's state", async () => {
    // A proxy that forwards the first charge to the sandbox but drops the connection instead of answering.
    let forwarded = 0;
    const proxy = await listen(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const target = `${running.baseUrl}${request.url!.replace(/^\/sandbox\/paystack/, "")}`;
      const answer = await fetch(target, { method: request.method, headers: { Authorization: request.headers.authorization!, "Content-Type": "application/json" }, body: request.method === "POST" ? Buffer.concat(chunks) : undefined });
      const text = await answer.text();
      if (++forwarded === 1) return request.socket.destroy();
      response.writeHead(answer.status, { "Content-Type": "application/json" }).end(text);
    });
    try {
      const client = createPaystackClient({ baseUrl: `${urlOf(proxy)}/sandbox/paystack`, secretKey: sandboxSecretKey, retryBaseDelayMs: 5 });
      const payload = chargePayload();
      const result = await client.charge(payload);
      expect(result).toMatchObject({ ok: true, message: "Reference check successful", data: { status: "success", reference: payload.reference } });
      expect(forwarded).toBe(3); // the charge, its duplicate, the status check
      await receiver.waitFor((webhooks) => webhooks.some((webhook) => webhook.body.data.reference === payload.reference));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.received.filter((webhook) => webhook.body.data.reference === payload.reference)).toHaveLength(1);
    } finally {
      await closeServer(proxy);
    }
  });

  it("still reports a genuine duplicate reference (first attempt) as rejected", async () => {
    const client = createPaystackClient({ baseUrl: running.baseUrl, secretKey: sandboxSecretKey });
    const payload = chargePayload();
    await client.charge(payload);
    expect(await client.charge(payload)).toMatchObject({ ok: false, kind: "rejected", message: "Duplicate Transaction Reference" });
  });
});

describe("response parsing", () => {
  it("types a status Paystack adds later as unknown instead of failing", async () => {
    const fake = await startFakePaystack((_attempt, _request, response) =>
      json(response, 200, { status: true, message: "Charge attempted", data: { reference: "r1", status: "send_birthday_v2", display_text: "Enter your birthday" } }),
    );
    try {
      const client = createPaystackClient({ baseUrl: fake.url, secretKey: "sk_test_x" });
      expect(await client.submitOtp("r1", "123456")).toMatchObject({ ok: true, data: { status: "unknown", reference: "r1", display_text: "Enter your birthday" } });
    } finally {
      await fake.close();
    }
  });

  it("keeps data on a refusal that carries it, and reports a missing data field as invalid", async () => {
    const fake = await startFakePaystack((attempt, _request, response) =>
      attempt === 1
        ? json(response, 400, { status: false, message: "Declined", data: { reference: "r1", status: "failed", gateway_response: "Declined" } })
        : json(response, 200, { status: true, message: "Verification successful", data: { reference: "r1" } }),
    );
    try {
      const client = createPaystackClient({ baseUrl: fake.url, secretKey: "sk_test_x" });
      expect(await client.submitPin("r1", "1111")).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400, message: "Declined", data: { status: "failed" } });
      expect(await client.verifyTransaction("r1")).toMatchObject({ ok: false, kind: "invalid_response", httpStatus: 200 });
    } finally {
      await fake.close();
    }
  });
});

describe("verifyWebhookSignature", () => {
  const body = JSON.stringify({ event: "charge.success", data: { reference: "r1" } });
  const signature = signWebhookBody(body, "sk_test_secret");

  it("accepts the hex HMAC-SHA512 of the exact raw body", () => {
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyWebhookSignature(body, signature, "sk_test_secret")).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), signature, "sk_test_secret")).toBe(true);
  });

  it("refuses a missing, short, altered or foreign signature", () => {
    expect(verifyWebhookSignature(body, null, "sk_test_secret")).toBe(false);
    expect(verifyWebhookSignature(body, "", "sk_test_secret")).toBe(false);
    expect(verifyWebhookSignature(body, signature.slice(0, 64), "sk_test_secret")).toBe(false);
    expect(verifyWebhookSignature(body, `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`, "sk_test_secret")).toBe(false);
    expect(verifyWebhookSignature(`${body} `, signature, "sk_test_secret")).toBe(false);
    expect(verifyWebhookSignature(body, signature, "sk_test_other")).toBe(false);
  });
});

describe("parsePaystackEvent", () => {
  it("parses charge.success, refund and transfer events, and names others as unhandled", () => {
    const charge = parsePaystackEvent(JSON.stringify({ event: "charge.success", data: { id: 7, reference: "r1", status: "success", amount: 100, currency: "GHS" } }));
    expect(charge).toMatchObject({ event: "charge.success", data: { reference: "r1", amount: 100 } });
    expect(parsePaystackEvent(JSON.stringify({ event: "refund.processed", data: { status: "processed", transaction_reference: "r1", amount: 100, currency: "GHS" } }))).toMatchObject({
      event: "refund.processed",
    });
    expect(parsePaystackEvent(JSON.stringify({ event: "subscription.create", data: {} }))).toEqual({ event: "unhandled", name: "subscription.create" });
  });

  it("returns undefined for non-JSON or a known event without the fields we rely on", () => {
    expect(parsePaystackEvent("{nope")).toBeUndefined();
    expect(parsePaystackEvent(JSON.stringify({ event: "charge.success", data: { reference: "r1" } }))).toBeUndefined();
  });
});

describe("paystackConfig", () => {
  it("uses Paystack itself when PAYSTACK_SECRET_KEY is set", () => {
    expect(paystackConfig({ PAYSTACK_SECRET_KEY: "sk_live_abc" })).toEqual({ baseUrl: "https://api.paystack.co", secretKey: "sk_live_abc", isSandbox: false, mode: "live" });
  });

  it("says test mode for an sk_test_ key and goes where PAYSTACK_BASE_URL points", () => {
    expect(paystackConfig({ PAYSTACK_SECRET_KEY: "sk_test_abc", PAYSTACK_BASE_URL: "http://127.0.0.1:9000/mock" })).toEqual({
      baseUrl: "http://127.0.0.1:9000/mock",
      secretKey: "sk_test_abc",
      isSandbox: false,
      mode: "test",
    });
  });

  it("lets a card form's redirect reach exactly Paystack's checkout page (and a mock's own origin), none on the sandbox", () => {
    expect(paystackCheckoutOrigins({})).toEqual([]);
    expect(paystackCheckoutOrigins({ PAYSTACK_SECRET_KEY: "sk_live_abc", PAYSTACK_BASE_URL: "https://api.paystack.co" })).toEqual(["https://checkout.paystack.com"]);
    expect(paystackCheckoutOrigins({ PAYSTACK_SECRET_KEY: "sk_test_abc", PAYSTACK_BASE_URL: "https://paystack-mock.staging.example/v1" })).toEqual([
      "https://checkout.paystack.com",
      "https://paystack-mock.staging.example",
    ]);
  });

  it("uses this server's sandbox with sk_test_sandbox otherwise", () => {
    setSelfBaseUrl("http://127.0.0.1:43210/");
    expect(paystackConfig({})).toEqual({ baseUrl: "http://127.0.0.1:43210/sandbox/paystack", secretKey: "sk_test_sandbox", isSandbox: true, mode: "sandbox" });
  });
});
