import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ReceivedWebhook,
  type RunningSandbox,
  sandboxSecretKey,
  sleep,
  startSandbox,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../../sandbox/paystack/testing";
import { normaliseGhanaMobileNumber } from "~/features/payments/payment-schema";
import { createPaystackClient, type PaystackClient, type PaystackResult, parsePaystackEvent } from "../paystack-client.server";
import { type CoverageRules, expectShapeCovers, type RequestSchema, requestProblems } from "./shape-coverage";

/*
 * Paystack's contract, checked three ways against documented examples (fixtures/README.md says where
 * each comes from; the values are our own):
 *   a. every documented answer and webhook parses with the client's own schemas (through the client);
 *   b. every request body the client sends is made of documented fields, of the documented types;
 *   c. the sandbox answers (and webhooks) carry every documented field with a compatible type, so the
 *      sandbox — where every other test pays — cannot drift from what real Paystack sends.
 */

// --- Fixtures ----------------------------------------------------------------------------------------

interface Envelope {
  status: boolean;
  message: string;
  data?: Record<string, unknown>;
}

interface EndpointFixture {
  /** "POST /charge", "GET /charge/{reference}". */
  endpoint: string;
  source: string;
  request?: { schema: RequestSchema; example: Record<string, unknown> };
  /** Documented answers by name: "success", and the other documented outcomes of the call. */
  responses: Record<string, Envelope>;
  /** Paths Paystack documents as possibly null. */
  nullable: string[];
}

interface WebhookBody {
  event: string;
  data: Record<string, unknown>;
}

const fixturesDirectory = path.join(import.meta.dirname, "fixtures");
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(fixturesDirectory, file), "utf8"));
const endpointFixture = (file: string) => readJson(file) as EndpointFixture;
const endpointFixtureFiles = fs.readdirSync(fixturesDirectory).filter((file) => file.endsWith(".json") && !file.startsWith("webhook-"));
const webhookFixtureFiles = fs.readdirSync(fixturesDirectory).filter((file) => file.startsWith("webhook-") && file.endsWith(".json"));

// --- What the store sends ------------------------------------------------------------------------------
// Each payload is built the way its call site builds it (named beside it), so the request check is
// about the store's real bodies, not about what the client could send.

/** payments.server.ts newReference(). */
/** As payments.server.ts newReference makes them: Paystack's documented character set. */
const storeReference = (orderId = 1042) => `smb-${orderId}-${randomBytes(8).toString("hex")}`;
/** payouts.server.ts: every payout's reference. */
const payoutReference = () => `payout_${randomBytes(8).toString("hex")}`;
/** payout-transfers.server.ts transferReason. */
const transferReason = "Social Media Boost earnings";
const cardExpiryYear = String(new Date().getFullYear() + 2);
const card = (number: string, cvv: string) => ({ number, cvv, expiry_month: "12", expiry_year: cardExpiryYear });
/** The store sends the wallet number as payment-schema.ts normalises it (Paystack's examples: 0553241149). */
const wallet = (typed: string) => normaliseGhanaMobileNumber(typed) ?? typed;

/** payments.server.ts chargeCard (PAYSTACK_CARD_MODE=direct). */
const cardCharge = (number: string, cvv: string, reference = storeReference()) => ({ email: "ama.mensah@example.com", amount: 15_255, currency: "GHS", reference, card: card(number, cvv), metadata: { orderId: 1042 } });
/** payments.server.ts startMobileMoneyCharge: SPEC's `tgo` goes to Paystack as `atl`. */
const mobileMoneyCharge = (provider: "mtn" | "vod" | "atl", typedPhone: string, reference = storeReference(1043)) => ({
  email: "kofi.boateng@example.com",
  amount: 5_085,
  currency: "GHS",
  reference,
  mobile_money: { phone: wallet(typedPhone), provider },
  metadata: { orderId: 1043 },
});
/** hosted-checkout.server.ts. */
const hostedCheckout = (reference = storeReference()) => ({
  email: "ama.mensah@example.com",
  amount: 15_255,
  currency: "GHS",
  reference,
  callback_url: `http://127.0.0.1:9/payment-status/${reference}?orderId=1042`,
  channels: ["card" as const],
  metadata: { orderId: 1042 },
});
/** payout-transfers.server.ts: the recipient of a payout to a mobile-money wallet (payouts.server.ts bankCodes). */
const payoutRecipient = (accountNumber = "0551234987") => ({ type: "mobile_money", name: "Yaw Asante", account_number: accountNumber, bank_code: "MTN", currency: "GHS" });
const payoutTransfer = (recipient: string, reference = payoutReference()) => ({ amount: 12_000, recipient, reference, reason: transferReason, currency: "GHS" });

/** Request fields sent on purpose although Paystack's reference does not document them, with why. */
const requestExceptions: Record<string, Record<string, string>> = {
  "POST /charge": {
    card: "raw card details are left out of Paystack's public reference: only PCI-DSS-certified merchants may send them (DESIGN §9, PAYSTACK_CARD_MODE=direct); the shape {number, cvv, expiry_month, expiry_year} is Paystack's Charge API's",
  },
};

interface ClientCall {
  fixture: string;
  label: string;
  call: (client: PaystackClient) => Promise<PaystackResult<unknown>>;
}

/** Every call the store makes, as it makes it. */
const clientCalls: ClientCall[] = [
  { fixture: "transaction-initialize.json", label: "a hosted-checkout card payment", call: (client) => client.initializeTransaction(hostedCheckout()) },
  { fixture: "charge.json", label: "a direct card charge", call: (client) => client.charge(cardCharge("4084084084084081", "408")) },
  { fixture: "charge.json", label: "a direct card charge with its PIN", call: (client) => client.charge({ ...cardCharge("507850785078507812", "081"), pin: "1111" }) },
  { fixture: "charge.json", label: "an MTN mobile-money charge", call: (client) => client.charge(mobileMoneyCharge("mtn", "+233 55 123 4987")) },
  { fixture: "charge.json", label: "a Vodafone Cash charge", call: (client) => client.charge(mobileMoneyCharge("vod", "020 123 4567")) },
  { fixture: "charge.json", label: "an AirtelTigo charge (SPEC's tgo)", call: (client) => client.charge(mobileMoneyCharge("atl", "0271234567")) },
  { fixture: "charge-submit-pin.json", label: "a card PIN", call: (client) => client.submitPin(storeReference(), "1111") },
  { fixture: "charge-submit-otp.json", label: "an OTP or Vodafone voucher", call: (client) => client.submitOtp(storeReference(), "123456") },
  { fixture: "charge-submit-phone.json", label: "the card holder's phone", call: (client) => client.submitPhone(storeReference(), wallet("+233551234987")) },
  { fixture: "charge-submit-birthday.json", label: "the card holder's birthday", call: (client) => client.submitBirthday(storeReference(), "1990-01-01") },
  {
    fixture: "charge-submit-address.json",
    label: "the card's billing address",
    call: (client) => client.submitAddress(storeReference(), { address: "14 Ring Road East", city: "Accra", state: "Greater Accra", zip_code: "00233" }),
  },
  { fixture: "charge-check.json", label: "a pending charge's check", call: (client) => client.checkPendingCharge(storeReference()) },
  { fixture: "transaction-verify.json", label: "a transaction's verification", call: (client) => client.verifyTransaction(storeReference()) },
  { fixture: "refund-create.json", label: "a refund (refunds.server.ts)", call: (client) => client.refund({ transaction: storeReference(), amount: 15_255, merchant_note: "Order cancelled or paid twice" }) },
  { fixture: "refund-fetch.json", label: "a refund's progress", call: (client) => client.fetchRefund(3_020_417) },
  { fixture: "transferrecipient-create.json", label: "a payout's recipient", call: (client) => client.createTransferRecipient(payoutRecipient()) },
  { fixture: "transfer-initiate.json", label: "a payout's transfer", call: (client) => client.initiateTransfer(payoutTransfer("RCP_5tq1m8zk0w2xv7n")) },
  { fixture: "transfer-finalize.json", label: "a held transfer's OTP (payout-admin.server.ts)", call: (client) => client.finalizeTransfer({ transfer_code: "TRF_8kz3v0q1m7xw2ne", otp: "123456" }) },
  { fixture: "transfer-resend-otp.json", label: "a held transfer's OTP again", call: (client) => client.resendTransferOtp("TRF_8kz3v0q1m7xw2ne") },
  { fixture: "transfer-verify.json", label: "a transfer's verification", call: (client) => client.verifyTransfer(payoutReference()) },
];

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A client whose every request is recorded and answered with `answer` (no network). */
function clientAnswering(answer: unknown) {
  const sent: SentRequest[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    sent.push({ method: init?.method ?? "GET", path: url.pathname, body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body });
    return new Response(JSON.stringify(answer), { status: 200, headers: { "Content-Type": "application/json" } });
  };
  return { client: createPaystackClient({ baseUrl: "https://api.paystack.test", secretKey: "sk_test_contract", fetchImpl, retries: 0 }), sent };
}

/** "GET /charge/{reference}" matches "GET /charge/smb-1042-…". */
function matchesEndpoint(endpoint: string, request: SentRequest): boolean {
  const [method, template] = endpoint.split(" ");
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
  return request.method === method && pattern.test(request.path);
}

describe("the fixtures", () => {
  it("cover every call the store makes, and every call has its fixture", () => {
    expect(new Set(clientCalls.map((call) => call.fixture))).toEqual(new Set(endpointFixtureFiles));
  });

  it.each(endpointFixtureFiles.filter((file) => endpointFixture(file).request))("%s: the documented request example is itself documented-shaped", (file) => {
    const { request } = endpointFixture(file);
    expect(requestProblems(request!.schema, request!.example)).toEqual([]);
  });
});

// --- a. Documented answers parse with the client's schemas -------------------------------------------------

describe("a. the client reads every documented answer", () => {
  const answers = endpointFixtureFiles.flatMap((file) => Object.entries(endpointFixture(file).responses).map(([name, envelope]) => ({ file, name, envelope })));

  it.each(answers)("$file ($name)", async ({ file, envelope }) => {
    // The call runs for real (URL, `interpret`, the schema); only the answer is the fixture.
    const { client } = clientAnswering(envelope);
    const { call } = clientCalls.find((candidate) => candidate.fixture === file)!;
    const result = await call(client);
    if (!result.ok) throw new Error(`the client refused Paystack's documented answer: ${result.kind}: ${result.message}`);
    const documentedStatus = envelope.data?.status;
    if (typeof documentedStatus === "string") expect((result.data as { status: string }).status).toBe(documentedStatus);
  });

  it.each(webhookFixtureFiles)("%s parses with parsePaystackEvent as its own event", (file) => {
    const body = readJson(file) as WebhookBody;
    const parsed = parsePaystackEvent(JSON.stringify(body));
    expect(parsed, "parsePaystackEvent refused the documented event").toBeDefined();
    expect(parsed).toMatchObject({ event: body.event });
    if (parsed && "data" in parsed && typeof body.data.status === "string") expect(parsed.data.status).toBe(body.data.status);
  });
});

// --- b. Request bodies are documented -----------------------------------------------------------------------

describe("b. every request the client sends is Paystack's documented request", () => {
  it.each(clientCalls)("$fixture: $label", async ({ fixture, call }) => {
    const { endpoint, request, responses } = endpointFixture(fixture);
    const { client, sent } = clientAnswering(responses.success);
    await call(client);
    expect(sent).toHaveLength(1);
    const [only] = sent;
    expect(matchesEndpoint(endpoint, only), `${only.method} ${only.path} is not ${endpoint}`).toBe(true);
    if (!request) {
      expect(only.body, "a GET sends no body").toBeUndefined();
      return;
    }
    expect(requestProblems(request.schema, only.body, "", requestExceptions[endpoint])).toEqual([]);
  });
});

// --- c. The sandbox answers Paystack's documented shapes -----------------------------------------------------

const timing = { momoApproveMs: 200, refundProcessMs: 200, transferSettleMs: 200 };
let receiver: WebhookReceiver;
let running: RunningSandbox;
let sandboxClient: PaystackClient;
/** The sandbox's raw answers, in order: the last is the one a scenario compares. */
const rawAnswers: unknown[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  running = await startSandbox({ webhookUrl: () => receiver.url, ...timing });
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    rawAnswers.push(await response.clone().json());
    return response;
  };
  sandboxClient = createPaystackClient({ baseUrl: running.baseUrl, secretKey: sandboxSecretKey, fetchImpl: recordingFetch, retryBaseDelayMs: 10 });
});

afterAll(async () => {
  await running?.close();
  await receiver?.close();
});

/** The call's data, failing the scenario with Paystack's message when the call itself failed. */
async function dataOf<T>(call: Promise<PaystackResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(`the sandbox call failed: ${result.kind}: ${result.message}`);
  return result.data;
}

const afterSettling = (ms: number) => sleep(ms + 150);

/** Pays a hosted-checkout transaction on the sandbox's checkout page with the success card, as a browser does. */
async function payOnCheckoutPage(client: PaystackClient, reference: string) {
  const { authorization_url } = await dataOf(client.initializeTransaction(hostedCheckout(reference)));
  const pageUrl = authorization_url.replace("http://127.0.0.1:9", new URL(running.baseUrl).origin);
  const paid = await fetch(pageUrl, { method: "POST", body: new URLSearchParams({ step: "card", ...card("4084084084084081", "408") }), redirect: "manual" });
  expect(paid.status).toBe(303);
}

async function paidCardCharge(client: PaystackClient) {
  return dataOf(client.charge(cardCharge("4084084084084081", "408")));
}

async function transferAwaitingOtp(client: PaystackClient) {
  // The sandbox holds transfers to this wallet for an OTP, as Paystack does with transfer OTP on.
  const { recipient_code } = await dataOf(client.createTransferRecipient(payoutRecipient("0551234986")));
  return dataOf(client.initiateTransfer(payoutTransfer(recipient_code)));
}

interface SandboxScenario {
  fixture: string;
  /** Which documented answer of the fixture the sandbox's last answer is held to. */
  answer: string;
  label: string;
  /** Drives the sandbox; its last call's answer is the one compared. */
  run: (client: PaystackClient) => Promise<PaystackResult<unknown>>;
  /** Deliberate differences from the documented answer, with the reason. */
  exceptions?: Record<string, string>;
}

const sandboxScenarios: SandboxScenario[] = [
  { fixture: "transaction-initialize.json", answer: "success", label: "hosted checkout", run: (client) => client.initializeTransaction(hostedCheckout()) },
  { fixture: "charge.json", answer: "success", label: "card 4084 0840 8408 4081", run: (client) => client.charge(cardCharge("4084084084084081", "408")) },
  { fixture: "charge.json", answer: "send_pin", label: "card 5078 …12", run: (client) => client.charge(cardCharge("507850785078507812", "081")) },
  { fixture: "charge.json", answer: "send_otp", label: "Vodafone Cash", run: (client) => client.charge(mobileMoneyCharge("vod", "0201234567")) },
  { fixture: "charge.json", answer: "send_phone", label: "the phone card", run: (client) => client.charge(cardCharge("507850785078507804", "884")) },
  { fixture: "charge.json", answer: "send_birthday", label: "the birthday card", run: (client) => client.charge(cardCharge("4084080000001214", "121")) },
  { fixture: "charge.json", answer: "send_address", label: "the address card", run: (client) => client.charge(cardCharge("4084080000003319", "331")) },
  { fixture: "charge.json", answer: "open_url", label: "the 3-D Secure card", run: (client) => client.charge(cardCharge("4084080000000409", "000")) },
  { fixture: "charge.json", answer: "pay_offline", label: "MTN wallet 0551234987", run: (client) => client.charge(mobileMoneyCharge("mtn", "0551234987")) },
  { fixture: "charge.json", answer: "failed", label: "the declined card", run: (client) => client.charge(cardCharge("4084080000005408", "001")) },
  {
    fixture: "charge.json",
    answer: "mobile_money_success",
    // Paystack documents a wallet that approves at once answering POST /charge with the paid
    // transaction; the sandbox's wallets approve later, and GET /charge/:reference answers the same object.
    label: "MTN wallet 0551234987, once approved (read with GET /charge/:reference)",
    run: async (client) => {
      const { reference } = await dataOf(client.charge(mobileMoneyCharge("mtn", "0551234987")));
      await afterSettling(timing.momoApproveMs);
      return client.checkPendingCharge(reference);
    },
  },
  { fixture: "charge-check.json", answer: "success", label: "a paid card", run: async (client) => client.checkPendingCharge((await paidCardCharge(client)).reference) },
  {
    fixture: "charge-check.json",
    answer: "send_pin",
    label: "a card waiting for its PIN",
    run: async (client) => client.checkPendingCharge((await dataOf(client.charge(cardCharge("507850785078507812", "081")))).reference),
  },
  {
    fixture: "charge-check.json",
    answer: "send_otp",
    label: "Vodafone Cash waiting for its voucher",
    run: async (client) => client.checkPendingCharge((await dataOf(client.charge(mobileMoneyCharge("vod", "0201234567")))).reference),
  },
  {
    fixture: "charge-check.json",
    answer: "failed",
    label: "the declined card",
    run: async (client) => client.checkPendingCharge((await dataOf(client.charge(cardCharge("4084080000005408", "001")))).reference),
  },
  {
    fixture: "charge-check.json",
    answer: "open_url",
    label: "a card waiting for 3-D Secure",
    run: async (client) => client.checkPendingCharge((await dataOf(client.charge(cardCharge("4084080000000409", "000")))).reference),
  },
  {
    fixture: "charge-check.json",
    answer: "send_phone",
    label: "a card waiting for the holder's phone",
    run: async (client) => client.checkPendingCharge((await dataOf(client.charge(cardCharge("507850785078507804", "884")))).reference),
  },
  {
    fixture: "charge-check.json",
    answer: "send_birthday",
    label: "a card waiting for the holder's birthday",
    run: async (client) => client.checkPendingCharge((await dataOf(client.charge(cardCharge("4084080000001214", "121")))).reference),
  },
  {
    fixture: "charge-submit-pin.json",
    answer: "success",
    label: "PIN 1111",
    run: async (client) => client.submitPin((await dataOf(client.charge(cardCharge("507850785078507812", "081")))).reference, "1111"),
  },
  {
    fixture: "charge-submit-pin.json",
    answer: "send_otp",
    label: "PIN 1234, then an OTP",
    run: async (client) => client.submitPin((await dataOf(client.charge(cardCharge("5060666666666666666", "123")))).reference, "1234"),
  },
  {
    fixture: "charge-submit-pin.json",
    answer: "failed",
    label: "a wrong PIN",
    run: async (client) => client.submitPin((await dataOf(client.charge(cardCharge("507850785078507812", "081")))).reference, "0000"),
  },
  {
    fixture: "charge-submit-otp.json",
    answer: "success",
    label: "PIN 1234 then OTP 123456",
    run: async (client) => {
      const { reference } = await dataOf(client.charge(cardCharge("5060666666666666666", "123")));
      await dataOf(client.submitPin(reference, "1234"));
      return client.submitOtp(reference, "123456");
    },
  },
  {
    fixture: "charge-submit-otp.json",
    answer: "success",
    label: "the Vodafone Cash voucher",
    run: async (client) => client.submitOtp((await dataOf(client.charge(mobileMoneyCharge("vod", "0201234567")))).reference, "123456"),
  },
  {
    fixture: "charge-submit-otp.json",
    answer: "failed",
    label: "a wrong voucher",
    run: async (client) => client.submitOtp((await dataOf(client.charge(mobileMoneyCharge("vod", "0201234567")))).reference, "000000"),
  },
  {
    fixture: "charge-submit-phone.json",
    answer: "success",
    label: "the phone card's phone",
    run: async (client) => client.submitPhone((await dataOf(client.charge(cardCharge("507850785078507804", "884")))).reference, "0551234987"),
  },
  {
    fixture: "charge-submit-phone.json",
    answer: "failed",
    label: "a phone the bank does not know",
    run: async (client) => client.submitPhone((await dataOf(client.charge(cardCharge("507850785078507804", "884")))).reference, "0209999999"),
  },
  {
    fixture: "charge-submit-birthday.json",
    answer: "success",
    label: "the birthday card's birthday",
    run: async (client) => client.submitBirthday((await dataOf(client.charge(cardCharge("4084080000001214", "121")))).reference, "1990-01-01"),
  },
  {
    fixture: "charge-submit-birthday.json",
    answer: "failed",
    label: "a birthday the bank does not know",
    run: async (client) => client.submitBirthday((await dataOf(client.charge(cardCharge("4084080000001214", "121")))).reference, "2000-02-02"),
  },
  {
    fixture: "charge-submit-address.json",
    answer: "success",
    label: "the address card's address",
    run: async (client) =>
      client.submitAddress((await dataOf(client.charge(cardCharge("4084080000003319", "331")))).reference, { address: "14 Ring Road East", city: "Accra", state: "Greater Accra", zip_code: "00233" }),
  },
  { fixture: "transaction-verify.json", answer: "success", label: "a direct card charge", run: async (client) => client.verifyTransaction((await paidCardCharge(client)).reference) },
  {
    fixture: "transaction-verify.json",
    answer: "success",
    label: "a hosted checkout paid on the checkout page",
    run: async (client) => {
      const reference = storeReference();
      await payOnCheckoutPage(client, reference);
      return client.verifyTransaction(reference);
    },
  },
  {
    fixture: "transaction-verify.json",
    answer: "success",
    label: "an approved MTN wallet",
    run: async (client) => {
      const { reference } = await dataOf(client.charge(mobileMoneyCharge("mtn", "0551234987")));
      await afterSettling(timing.momoApproveMs);
      return client.verifyTransaction(reference);
    },
  },
  {
    fixture: "refund-create.json",
    answer: "success",
    label: "a whole refund",
    run: async (client) => client.refund({ transaction: (await paidCardCharge(client)).reference, amount: 15_255, merchant_note: "Order cancelled or paid twice" }),
  },
  {
    fixture: "refund-fetch.json",
    answer: "success",
    label: "a processed refund",
    run: async (client) => {
      const refund = await dataOf(client.refund({ transaction: (await paidCardCharge(client)).reference, amount: 15_255, merchant_note: "Order cancelled or paid twice" }));
      await afterSettling(timing.refundProcessMs);
      return client.fetchRefund(refund.id);
    },
    exceptions: {
      "data.fully_deducted":
        "documented both ways: a boolean in the API reference's example, an integer in the OpenAPI schema (RefundFetchResponse); the sandbox follows the schema and the client does not read it",
    },
  },
  { fixture: "transferrecipient-create.json", answer: "success", label: "an MTN wallet", run: (client) => client.createTransferRecipient(payoutRecipient()) },
  {
    fixture: "transfer-initiate.json",
    answer: "success",
    label: "a payout",
    run: async (client) => client.initiateTransfer(payoutTransfer((await dataOf(client.createTransferRecipient(payoutRecipient()))).recipient_code)),
  },
  {
    fixture: "transfer-initiate.json",
    answer: "otp",
    label: "a payout held for its OTP",
    run: async (client) => client.initiateTransfer(payoutTransfer((await dataOf(client.createTransferRecipient(payoutRecipient("0551234986")))).recipient_code)),
  },
  {
    fixture: "transfer-finalize.json",
    answer: "success",
    label: "the held payout's OTP",
    run: async (client) => client.finalizeTransfer({ transfer_code: (await transferAwaitingOtp(client)).transfer_code, otp: "123456" }),
  },
  { fixture: "transfer-resend-otp.json", answer: "success", label: "the held payout's OTP again", run: async (client) => client.resendTransferOtp((await transferAwaitingOtp(client)).transfer_code) },
  {
    fixture: "transfer-verify.json",
    answer: "success",
    label: "a settled payout",
    run: async (client) => {
      const transfer = await dataOf(client.initiateTransfer(payoutTransfer((await dataOf(client.createTransferRecipient(payoutRecipient()))).recipient_code)));
      await afterSettling(timing.transferSettleMs);
      return client.verifyTransfer(transfer.reference);
    },
  },
];

const neverPending = "the sandbox settles each step as it is asked, so it never answers Paystack's `pending` (still being processed; part a covers the client's reading of it)";
/** Documented answers the sandbox's instruments cannot produce, with why ("fixture answer"). */
const answersTheSandboxNeverGives: Record<string, string> = {
  "charge.json pending": neverPending,
  "charge-check.json pending": neverPending,
  "charge-submit-pin.json pending": neverPending,
  "charge-submit-otp.json pending": neverPending,
  "charge-submit-phone.json pending": neverPending,
  "charge-submit-birthday.json pending": neverPending,
  "charge-submit-otp.json open_url": "no sandbox instrument sends the payer to 3-D Secure after an OTP",
  "charge-submit-birthday.json send_otp": "the sandbox's birthday card succeeds once the birthday is right",
  "charge-submit-birthday.json open_url": "the sandbox's birthday card succeeds once the birthday is right",
};

describe("c. the sandbox answers Paystack's documented shapes", () => {
  it("has a scenario for every documented answer, or says why the sandbox never gives it", () => {
    const documented = endpointFixtureFiles.flatMap((file) => Object.keys(endpointFixture(file).responses).map((answer) => `${file} ${answer}`));
    const scenarios = new Set(sandboxScenarios.map(({ fixture, answer }) => `${fixture} ${answer}`));
    expect(documented.filter((answer) => !scenarios.has(answer) && !answersTheSandboxNeverGives[answer])).toEqual([]);
  });

  it.each(sandboxScenarios)("$fixture ($answer): $label", async ({ fixture, answer, run, exceptions }) => {
    const { responses, nullable } = endpointFixture(fixture);
    const result = await run(sandboxClient);
    // The same schemas as for real Paystack: an answer the client cannot read fails here first.
    if (!result.ok) throw new Error(`the client refused the sandbox's answer: ${result.kind}: ${result.message}`);
    expectShapeCovers(responses[answer], rawAnswers.at(-1), "", { nullable, exceptions });
  });
});

/** Where the sandbox's counterpart of each documented webhook comes from (every fixture must be listed). */
interface WebhookScenario {
  /** The sandbox's webhook held to the fixture, or why the sandbox sends none. */
  pick: ((webhook: ReceivedWebhook) => boolean) | { noSandboxCounterpart: string };
  /** Webhook data is the object the endpoint documents: its documented-nullable fields are these. */
  nullableLike?: string;
  /** Fields another documented example of the same event shows as null. */
  nullable?: string[];
  exceptions?: Record<string, string>;
}

const snakeCaseTimestamps = "Paystack's older transfer.failed/transfer.reversed examples spell timestamps snake_case, its newer transfer.success example and every transfer answer camelCase; the sandbox sends camelCase, the client reads neither";
const olderTransferEventExceptions = {
  "data.created_at": snakeCaseTimestamps,
  "data.updated_at": snakeCaseTimestamps,
  "data.recipient.created_at": snakeCaseTimestamps,
  "data.recipient.updated_at": snakeCaseTimestamps,
};
const isEvent = (event: string, test: (data: Record<string, unknown>) => boolean = () => true) => (webhook: ReceivedWebhook) => webhook.body.event === event && test(webhook.body.data);
/** refund.needs-attention's example gives the customer's names as null. */
const refundCustomerNames = ["data.customer.first_name", "data.customer.last_name"];
const noRefundFailure = { noSandboxCounterpart: "the sandbox processes every refund (it has no failing refund instrument)" };

const webhookScenarios: Record<string, WebhookScenario> = {
  "webhook-charge.success.json": { pick: isEvent("charge.success", (data) => data.channel === "card"), nullableLike: "transaction-verify.json" },
  "webhook-charge.success.mobile-money.json": { pick: isEvent("charge.success", (data) => data.channel === "mobile_money"), nullableLike: "transaction-verify.json" },
  "webhook-transfer.success.json": { pick: isEvent("transfer.success"), nullableLike: "transfer-verify.json" },
  "webhook-transfer.failed.json": { pick: isEvent("transfer.failed"), nullableLike: "transfer-verify.json", exceptions: olderTransferEventExceptions },
  "webhook-transfer.reversed.json": { pick: { noSandboxCounterpart: "the sandbox never reverses a transfer (no instrument for it); the client still reads the documented event (part a)" } },
  "webhook-refund.pending.json": { pick: isEvent("refund.pending"), nullable: refundCustomerNames },
  "webhook-refund.processing.json": { pick: isEvent("refund.processing"), nullable: refundCustomerNames },
  "webhook-refund.processed.json": { pick: isEvent("refund.processed"), nullable: refundCustomerNames },
  "webhook-refund.failed.json": { pick: noRefundFailure },
  "webhook-refund.needs-attention.json": { pick: noRefundFailure },
};

describe("c. the sandbox's webhooks carry Paystack's documented events", () => {
  beforeAll(async () => {
    // A failed payout, so that transfer.failed is sent too (every other event comes from the scenarios above).
    const { recipient_code } = await dataOf(sandboxClient.createTransferRecipient(payoutRecipient("0551234988")));
    await dataOf(sandboxClient.initiateTransfer(payoutTransfer(recipient_code)));
  });

  it.each(webhookFixtureFiles)("%s", async (file) => {
    const scenario = webhookScenarios[file];
    if (!scenario) throw new Error(`add ${file} to webhookScenarios`);
    const { pick } = scenario;
    if (typeof pick !== "function") {
      expect(pick.noSandboxCounterpart).toBeTruthy();
      return;
    }
    const [webhook] = await receiver.waitFor((webhooks) => webhooks.some(pick)).then((webhooks) => webhooks.filter(pick));
    const nullable = [...(scenario.nullableLike ? endpointFixture(scenario.nullableLike).nullable : []), ...(scenario.nullable ?? [])];
    const rules: CoverageRules = { nullable, exceptions: scenario.exceptions };
    expectShapeCovers(readJson(file), webhook.body, "", rules);
    expect(parsePaystackEvent(webhook.rawBody), "the client refused the sandbox's webhook").toMatchObject({ event: webhook.body.event });
  });
});
