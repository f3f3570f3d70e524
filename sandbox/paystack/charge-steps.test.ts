import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChargeRequest, createPaystackClient, type PaystackClient, type PaystackResult } from "~/features/paystack/paystack-client.server";
import { newReference, type RunningSandbox, sandboxSecretKey, sleep, startSandbox, startWebhookReceiver, type WebhookReceiver } from "./testing";

/*
 * The sandbox's cards for the charge steps beyond PIN and OTP (Paystack's send_phone, send_birthday,
 * send_address, open_url) over HTTP with the real client, and its 3-D Secure page as a browser visits it.
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

const cardCharge = (number: string, cvv: string): ChargeRequest => ({
  email: "ama@example.com",
  amount: 15_255,
  currency: "GHS",
  reference: newReference("step"),
  card: { number, cvv, expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) },
  metadata: { orderId: 7 },
});

function dataOf<T>(result: PaystackResult<T>): T {
  if (!result.ok) throw new Error(`expected an answer with data, got ${result.kind}: ${result.message}`);
  return result.data;
}

const successWebhooks = (reference: string) => receiver.received.filter((webhook) => webhook.body.event === "charge.success" && webhook.body.data.reference === reference);

describe("cards that ask for a phone number, a date of birth or an address", () => {
  it("asks 5078 5078 5078 5078 04 for the phone number and approves 0551234987 (also as +233)", async () => {
    const payload = cardCharge("507850785078507804", "884");
    expect(dataOf(await client.charge(payload))).toMatchObject({ status: "send_phone", display_text: "Please enter your phone number" });
    expect(dataOf(await client.verifyTransaction(payload.reference))).toMatchObject({ status: "ongoing", gateway_response: "Awaiting phone number" });
    expect(dataOf(await client.submitPhone(payload.reference, "+233 55 123 4987"))).toMatchObject({ status: "success", reference: payload.reference });
    await receiver.waitFor(() => successWebhooks(payload.reference).length === 1);

    const wrong = cardCharge("507850785078507804", "884");
    await client.charge(wrong);
    expect(dataOf(await client.submitPhone(wrong.reference, "0241234567"))).toMatchObject({ status: "failed", gateway_response: "Phone number could not be verified" });
  });

  it("asks 4084 0800 0000 1214 for a date of birth (YYYY-MM-DD) and approves 1990-01-01", async () => {
    const payload = cardCharge("4084080000001214", "121");
    expect(dataOf(await client.charge(payload))).toMatchObject({ status: "send_birthday", display_text: "Please enter your date of birth" });
    expect(await client.submitBirthday(payload.reference, "01/01/1990")).toMatchObject({ ok: false, kind: "rejected", message: "Invalid birthday: use the format YYYY-MM-DD" });
    expect(await client.submitPhone(payload.reference, "0551234987")).toMatchObject({ ok: false, message: "Charge is not awaiting a phone number: its status is send_birthday" });
    expect(dataOf(await client.submitBirthday(payload.reference, "1990-01-01"))).toMatchObject({ status: "success" });
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("success");

    const wrong = cardCharge("4084080000001214", "121");
    await client.charge(wrong);
    expect(dataOf(await client.submitBirthday(wrong.reference, "1991-02-03"))).toMatchObject({ status: "failed", gateway_response: "Date of birth could not be verified" });
  });

  it("asks 4084 0800 0000 3319 for a billing address and approves one with zip code 00233", async () => {
    const payload = cardCharge("4084080000003319", "331");
    expect(dataOf(await client.charge(payload))).toMatchObject({ status: "send_address", display_text: "Please enter your billing address" });
    const address = { address: "12 Oxford Street", city: "Accra", state: "Greater Accra", zip_code: "00233" };
    expect(await client.submitAddress(payload.reference, { ...address, city: "" })).toMatchObject({ ok: false, message: "City is required" });
    expect(dataOf(await client.submitAddress(payload.reference, address))).toMatchObject({ status: "success" });
    await receiver.waitFor(() => successWebhooks(payload.reference).length === 1);

    const wrong = cardCharge("4084080000003319", "331");
    await client.charge(wrong);
    expect(dataOf(await client.submitAddress(wrong.reference, { ...address, zip_code: "99999" }))).toMatchObject({ status: "failed", gateway_response: "Address could not be verified" });
  });
});

describe("the 3-D Secure card (open_url) and its page", () => {
  it("sends the payer to the page, reads abandoned until it is visited, then succeeds once", async () => {
    const payload = cardCharge("4084080000000409", "000");
    const charged = dataOf(await client.charge(payload));
    const url = `${running.baseUrl}/3ds/${payload.reference}`;
    expect(charged).toMatchObject({ status: "open_url", url });
    expect(dataOf(await client.checkPendingCharge(payload.reference))).toMatchObject({ status: "open_url", url });
    // Paystack's "the customer has not completed the transaction": not an end, as the visit shows.
    expect(dataOf(await client.verifyTransaction(payload.reference))).toMatchObject({ status: "abandoned", gateway_response: "Awaiting 3-D Secure authentication" });
    expect(await client.submitOtp(payload.reference, "123456")).toMatchObject({ ok: false, httpStatus: 400 });

    // A browser page: no secret key.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Authentication complete, return to the store");
    expect(html).toContain(`href="/payment-status/${payload.reference}?orderId=7&#38;amount=152.55&#38;currency=GHS"`);
    expect(dataOf(await client.verifyTransaction(payload.reference))).toMatchObject({ status: "success", gateway_response: "Approved" });
    await receiver.waitFor(() => successWebhooks(payload.reference).length === 1);

    // Visiting again (a reload, the back button) changes nothing.
    expect(await (await fetch(url)).text()).toContain("Authentication complete");
    await sleep(100);
    expect(successWebhooks(payload.reference)).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed reference, and says so for a charge not waiting on it", async () => {
    expect((await fetch(`${running.baseUrl}/3ds/no-such-charge-123`)).status).toBe(404);
    expect((await fetch(`${running.baseUrl}/3ds/..%2F..%2Fetc`)).status).toBe(404);
    const pin = cardCharge("507850785078507812", "081");
    await client.charge(pin);
    const page = await fetch(`${running.baseUrl}/3ds/${pin.reference}`);
    expect(await page.text()).toContain("This payment is not waiting for authentication.");
    expect(dataOf(await client.checkPendingCharge(pin.reference)).status).toBe("send_pin");
  });

  it("puts the page on pagesOrigin when set (the store's public address)", async () => {
    const elsewhere = await startSandbox({ webhookUrl: () => receiver.url, pagesOrigin: () => "https://shop.example" });
    try {
      const other = createPaystackClient({ baseUrl: elsewhere.baseUrl, secretKey: sandboxSecretKey });
      const payload = cardCharge("4084080000000409", "000");
      expect(dataOf(await other.charge(payload)).url).toBe(`https://shop.example/sandbox/paystack/3ds/${payload.reference}`);
    } finally {
      await elsewhere.close();
    }
  });
});

describe("the client's charge steps", () => {
  it("sends submit_birthday and submit_address with Paystack's fields, and reads an answer without a reference as the step's", async () => {
    const sent: { url: string; body: unknown }[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      // Paystack's reference shows submit_birthday's data as only status and display_text.
      return new Response(JSON.stringify({ status: true, message: "Charge attempted", data: { status: "send_otp", display_text: "Enter the OTP" } }));
    };
    const stub = createPaystackClient({ baseUrl: "https://api.example", secretKey: "sk_test_x", fetchImpl });
    expect(dataOf(await stub.submitBirthday("ref_123456", "1961-09-21"))).toMatchObject({ status: "send_otp", reference: "ref_123456", display_text: "Enter the OTP" });
    await stub.submitAddress("ref_123456", { address: "140 N 2ND ST", city: "Stroudsburg", state: "PA", zip_code: "18360" });
    expect(sent).toEqual([
      { url: "https://api.example/charge/submit_birthday", body: { reference: "ref_123456", birthday: "1961-09-21" } },
      { url: "https://api.example/charge/submit_address", body: { reference: "ref_123456", address: "140 N 2ND ST", city: "Stroudsburg", state: "PA", zip_code: "18360" } },
    ]);
  });
});
