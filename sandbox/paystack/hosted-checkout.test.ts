import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaystackClient, type PaystackClient, type PaystackResult } from "~/features/paystack/paystack-client.server";
import { newReference, type RunningSandbox, sandboxSecretKey, startSandbox, startWebhookReceiver, type WebhookReceiver } from "./testing";

/*
 * The sandbox's hosted checkout over HTTP, as a browser without JavaScript uses it: initialize with
 * the real client, then GET and POST the checkout page, following Paystack's return to callback_url.
 */
let receiver: WebhookReceiver;
let running: RunningSandbox;
let client: PaystackClient;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  running = await startSandbox({ webhookUrl: () => receiver.url });
  client = createPaystackClient({ baseUrl: running.baseUrl, secretKey: sandboxSecretKey, retryBaseDelayMs: 10 });
});

afterAll(async () => {
  await running?.close();
  await receiver?.close();
});

function dataOf<T>(result: PaystackResult<T>): T {
  if (!result.ok) throw new Error(`expected data, got ${result.kind}: ${result.message}`);
  return result.data;
}

const callbackUrl = "http://127.0.0.1:9/payment-status/x?orderId=7&amount=152.55&currency=GHS";

async function initialize(reference = newReference("hosted")) {
  const data = dataOf(await client.initializeTransaction({ email: "ama@example.com", amount: 15_255, currency: "GHS", reference, callback_url: callbackUrl, channels: ["card"], metadata: { orderId: 7 } }));
  return data; // its reference is ours
}

/** Posts a form of the checkout page; answers the redirect's target (the page itself, or the callback). */
async function post(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

async function page(url: string) {
  const response = await fetch(url, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

const year = String(new Date().getFullYear() + 2);
const card = (number: string, cvv: string) => ({ step: "card", number, cvv, expiry_month: "12", expiry_year: year });

describe("POST /transaction/initialize", () => {
  it("answers Paystack's shape: authorization_url on this server's checkout page (the callback's origin), access_code, our reference", async () => {
    const { reference, authorization_url, access_code } = await initialize();
    expect(authorization_url).toBe(`http://127.0.0.1:9/sandbox/paystack/checkout/${access_code}`);
    expect(access_code).toMatch(/^[a-z0-9]+$/);
    const verified = dataOf(await client.verifyTransaction(reference));
    expect(verified).toMatchObject({ reference, status: "abandoned", amount: 15_255, currency: "GHS", gateway_response: "The transaction was not completed" });
  });

  it("refuses what Paystack refuses: no email, a fractional amount, a duplicate reference, a non-card channel list", async () => {
    const base = { email: "ama@example.com", amount: 100, currency: "GHS", reference: newReference("bad"), callback_url: callbackUrl, channels: ["card"] as const };
    const call = (body: unknown) => fetch(`${running.baseUrl}/transaction/initialize`, { method: "POST", headers: { Authorization: `Bearer ${sandboxSecretKey}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await call({ ...base, email: undefined })).status).toBe(400);
    expect((await call({ ...base, amount: 10.5 })).status).toBe(400);
    expect((await call({ ...base, channels: ["mobile_money"] })).status).toBe(400);
    expect((await call(base)).status).toBe(200);
    const duplicate = await call(base);
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toMatchObject({ status: false, message: "Duplicate Transaction Reference" });
  });

  it("takes callback_urls only on the store's address when it has one (pagesOrigin), so its checkout redirects nowhere else", async () => {
    const store = await startSandbox({ webhookUrl: () => receiver.url, pagesOrigin: () => "https://shop.example" });
    try {
      const storeClient = createPaystackClient({ baseUrl: store.baseUrl, secretKey: sandboxSecretKey, retryBaseDelayMs: 10 });
      const start = (callback: string) => storeClient.initializeTransaction({ email: "ama@example.com", amount: 100, currency: "GHS", reference: newReference("origin"), callback_url: callback, channels: ["card"] });
      for (const elsewhere of ["https://evil.example/payment-status/x", "https://shop.example.evil.example/x", "http://shop.example/x", "https://shop.example:8443/x"]) {
        const refused = await start(elsewhere);
        expect(refused, elsewhere).toMatchObject({ ok: false, kind: "rejected", message: "Invalid callback_url: send an address on https://shop.example" });
      }
      expect(dataOf(await start("https://shop.example/payment-status/x?orderId=7")).authorization_url).toMatch(/^https:\/\/shop\.example\/sandbox\/paystack\/checkout\//);
    } finally {
      await store.close();
    }
  });

  it("needs the secret key, while the checkout page does not", async () => {
    const { authorization_url } = await initialize();
    const unkeyed = await fetch(`${running.baseUrl}/transaction/initialize`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(unkeyed.status).toBe(401);
    const local = authorization_url.replace("http://127.0.0.1:9", running.baseUrl.replace("/sandbox/paystack", ""));
    const shown = await page(local);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Pay GHS 152.55");
  });
});

describe("the checkout page", () => {
  const localUrl = (authorizationUrl: string) => authorizationUrl.replace("http://127.0.0.1:9", running.baseUrl.replace("/sandbox/paystack", ""));

  it("pays with the success card and returns to callback_url with trxref and reference, then sends charge.success", async () => {
    const { reference, authorization_url } = await initialize();
    const paid = await post(localUrl(authorization_url), card("4084084084084081", "408"));
    expect(paid.status).toBe(303);
    const back = new URL(paid.location!);
    expect(`${back.origin}${back.pathname}`).toBe("http://127.0.0.1:9/payment-status/x");
    expect(Object.fromEntries(back.searchParams)).toEqual({ orderId: "7", amount: "152.55", currency: "GHS", trxref: reference, reference });
    expect(dataOf(await client.verifyTransaction(reference))).toMatchObject({ status: "success", amount: 15_255, channel: "card" });
    await receiver.waitFor((webhooks) => webhooks.some((webhook) => webhook.body.event === "charge.success" && webhook.body.data.reference === reference));
  });

  it("asks for the PIN, then the OTP, before returning", async () => {
    const { reference, authorization_url } = await initialize();
    const url = localUrl(authorization_url);
    const afterCard = await post(url, card("5060666666666666666", "123"));
    expect(afterCard.location).toBe(new URL(url).pathname);
    expect((await page(url)).html).toContain('name="pin"');
    const afterPin = await post(url, { step: "pin", pin: "1234" });
    expect(afterPin.location).toBe(new URL(url).pathname);
    expect((await page(url)).html).toContain('name="otp"');
    const afterOtp = await post(url, { step: "otp", otp: "123456" });
    expect(new URL(afterOtp.location!).searchParams.get("reference")).toBe(reference);
    expect(dataOf(await client.verifyTransaction(reference)).status).toBe("success");
  });

  it("shows a declined card's reason and lets the payer try another card", async () => {
    const { reference, authorization_url } = await initialize();
    const url = localUrl(authorization_url);
    await post(url, card("4084080000005408", "001"));
    const declined = await page(url);
    expect(declined.html).toContain("Declined. Try another card.");
    expect(declined.html).toContain('name="number"');
    expect(dataOf(await client.verifyTransaction(reference))).toMatchObject({ status: "failed", gateway_response: "Declined" });
    const paid = await post(url, card("507850785078507812", "081"));
    expect(paid.location).toBe(new URL(url).pathname);
    const afterPin = await post(url, { step: "pin", pin: "1111" });
    expect(new URL(afterPin.location!).searchParams.get("trxref")).toBe(reference);
    expect(dataOf(await client.verifyTransaction(reference)).status).toBe("success");
  });

  it("answers bad card input with the problem, and cancel returns unpaid", async () => {
    const { reference, authorization_url } = await initialize();
    const url = localUrl(authorization_url);
    const bad = await post(url, card("12", "1"));
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Invalid card number");
    const cancelled = await post(url, { step: "cancel" });
    expect(new URL(cancelled.location!).searchParams.get("reference")).toBe(reference);
    expect(dataOf(await client.verifyTransaction(reference)).status).toBe("abandoned");
  });

  it("answers 404 for an unknown access code", async () => {
    expect((await page(`${running.baseUrl}/checkout/nosuchcode`)).status).toBe(404);
  });
});
