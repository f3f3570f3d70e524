import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ChargeRequest,
  createPaystackClient,
  type PaystackClient,
  type PaystackResult,
  parsePaystackEvent,
  verifyWebhookSignature,
} from "~/features/paystack/paystack-client.server";
import { unknownCardMessage, unknownWalletMessage } from "./instruments";
import { makeStateDir, newReference, type RunningSandbox, sandboxSecretKey, sleep, startSandbox, startWebhookReceiver, type WebhookReceiver } from "./testing";
import { readRecords } from "./store";

const approveMs = 300;
const abandonMs = 1_200;
const refundProcessMs = 150;
const transferSettleMs = 150;

let receiver: WebhookReceiver;
let running: RunningSandbox;
let client: PaystackClient;

const sandboxOptions = () => ({
  webhookUrl: () => receiver.url,
  momoApproveMs: approveMs,
  momoAbandonMs: abandonMs,
  refundProcessMs,
  transferSettleMs,
});

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  running = await startSandbox(sandboxOptions());
  client = createPaystackClient({ baseUrl: running.baseUrl, secretKey: sandboxSecretKey, retryBaseDelayMs: 10 });
});

afterAll(async () => {
  await running?.close();
  await receiver?.close();
});

afterEach(() => {
  receiver.respondWith = () => 200;
});

const card = (number: string, cvv: string) => ({ number, cvv, expiry_month: "12", expiry_year: String(new Date().getFullYear() + 2) });
const cardCharge = (number: string, cvv: string, extra: Partial<ChargeRequest> = {}): ChargeRequest =>
  ({ email: "ama@example.com", amount: 10_170, currency: "GHS", reference: newReference("card"), card: card(number, cvv), ...extra }) as ChargeRequest;
const momoCharge = (provider: "mtn" | "vod" | "atl", phone: string, extra: Partial<ChargeRequest> = {}): ChargeRequest =>
  ({ email: "kofi@example.com", amount: 5_085, currency: "GHS", reference: newReference(provider), mobile_money: { phone, provider }, ...extra }) as ChargeRequest;

/** The result's data, failing the test with Paystack's message when the call itself failed. */
function dataOf<T>(result: PaystackResult<T>): T {
  if (!result.ok) throw new Error(`expected an answer with data, got ${result.kind}: ${result.message}`);
  return result.data;
}

const webhooksFor = (reference: string, event = "charge.success") =>
  receiver.received.filter((webhook) => webhook.body.event === event && (webhook.body.data.reference ?? webhook.body.data.transaction_reference) === reference);

describe("card test instruments", () => {
  it("charges 4084 0840 8408 4081 at once and sends one signed charge.success webhook", async () => {
    const payload = cardCharge("4084084084084081", "408", { metadata: { orderId: 41 } });
    const charged = dataOf(await client.charge(payload));
    expect(charged).toMatchObject({ status: "success", reference: payload.reference, amount: 10_170, currency: "GHS", gateway_response: "Approved", channel: "card" });
    expect(charged.authorization).toMatchObject({ last4: "4081", brand: "visa", channel: "card" });

    const verified = dataOf(await client.verifyTransaction(payload.reference));
    expect(verified).toMatchObject({ status: "success", amount: 10_170, currency: "GHS", metadata: { orderId: 41 } });
    expect(verified.paid_at).toBeTruthy();

    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
    const [webhook] = webhooksFor(payload.reference);
    expect(verifyWebhookSignature(webhook.rawBody, webhook.signature, sandboxSecretKey)).toBe(true);
    expect(webhook.body).toMatchObject({
      event: "charge.success",
      data: {
        reference: payload.reference,
        amount: 10_170,
        currency: "GHS",
        status: "success",
        channel: "card",
        gateway_response: "Approved",
        customer: { email: "ama@example.com" },
        metadata: { orderId: 41 },
        authorization: { last4: "4081", brand: "visa", channel: "card" },
      },
    });
    expect(typeof webhook.body.data.id).toBe("number");
    expect(webhook.body.data.paid_at).toBe(verified.paid_at);
  });

  it("asks 5078 5078 5078 5078 12 for a PIN and approves it with 1111", async () => {
    const payload = cardCharge("507850785078507812", "081");
    const charged = dataOf(await client.charge(payload));
    expect(charged).toMatchObject({ status: "send_pin", reference: payload.reference });
    expect(charged.display_text).toMatch(/PIN/);
    expect(dataOf(await client.checkPendingCharge(payload.reference)).status).toBe("send_pin");
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("ongoing");

    expect(dataOf(await client.submitPin(payload.reference, "1111"))).toMatchObject({ status: "success", gateway_response: "Approved" });
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("success");
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
  });

  it("takes the PIN with the charge itself", async () => {
    const payload = cardCharge("507850785078507812", "081", { pin: "1111" });
    expect(dataOf(await client.charge(payload)).status).toBe("success");
  });

  it("fails the charge on a wrong PIN, with a clear gateway response and no webhook", async () => {
    const payload = cardCharge("507850785078507812", "081");
    await client.charge(payload);
    expect(dataOf(await client.submitPin(payload.reference, "0000"))).toMatchObject({ status: "failed", gateway_response: "Incorrect PIN" });
    expect(dataOf(await client.verifyTransaction(payload.reference))).toMatchObject({ status: "failed", gateway_response: "Incorrect PIN" });
    const again = await client.submitPin(payload.reference, "1111");
    expect(again).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400 });
    await sleep(100);
    expect(webhooksFor(payload.reference)).toHaveLength(0);
  });

  it("asks 5060 6666 6666 6666 666 for PIN 1234, then OTP 123456", async () => {
    const payload = cardCharge("5060666666666666666", "123");
    expect(dataOf(await client.charge(payload)).status).toBe("send_pin");
    const afterPin = dataOf(await client.submitPin(payload.reference, "1234"));
    expect(afterPin.status).toBe("send_otp");
    expect(afterPin.display_text).toMatch(/OTP/);
    expect(dataOf(await client.submitOtp(payload.reference, "123456"))).toMatchObject({ status: "success" });
    const verified = dataOf(await client.verifyTransaction(payload.reference));
    expect(verified).toMatchObject({ status: "success", authorization: { last4: "6666", brand: "verve" } });
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
  });

  it("fails on a wrong OTP", async () => {
    const payload = cardCharge("5060666666666666666", "123", { pin: "1234" });
    expect(dataOf(await client.charge(payload)).status).toBe("send_otp");
    expect(dataOf(await client.submitOtp(payload.reference, "654321"))).toMatchObject({ status: "failed", gateway_response: "Incorrect OTP" });
  });

  it("refuses a step the charge is not waiting for", async () => {
    const payload = cardCharge("5060666666666666666", "123");
    await client.charge(payload);
    const early = await client.submitOtp(payload.reference, "123456");
    expect(early).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400 });
    expect(early.message).toContain("not awaiting an OTP");
    expect(await client.submitPhone(payload.reference, "0241234567")).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400 });
    expect(dataOf(await client.checkPendingCharge(payload.reference)).status).toBe("send_pin");
  });

  it.each([
    ["4084080000005408", "001", "Declined"],
    ["4084080000670037", "787", "Insufficient Funds"],
    ["4111111111111111", "123", unknownCardMessage],
    ["4084084084084081", "999", unknownCardMessage],
  ])("fails card %s (cvv %s) with %s", async (number, cvv, gatewayResponse) => {
    const payload = cardCharge(number, cvv);
    const charged = await client.charge(payload);
    expect(dataOf(charged)).toMatchObject({ status: "failed", gateway_response: gatewayResponse });
    expect(dataOf(await client.verifyTransaction(payload.reference))).toMatchObject({ status: "failed", gateway_response: gatewayResponse });
  });

  it("fails an expired card", async () => {
    const payload = cardCharge("4084084084084081", "408");
    if (!payload.card) throw new Error("card payload expected");
    payload.card.expiry_year = "2020";
    expect(dataOf(await client.charge(payload))).toMatchObject({ status: "failed", gateway_response: "Expired Card" });
  });
});

describe("mobile money test instruments", () => {
  it("approves MTN 0551234987 after SANDBOX_MOMO_APPROVE_MS and only then sends charge.success", async () => {
    const payload = momoCharge("mtn", "0551234987");
    const startedAt = Date.now();
    const charged = dataOf(await client.charge(payload));
    expect(charged).toMatchObject({ status: "pay_offline", channel: "mobile_money" });
    expect(charged.display_text).toMatch(/mobile phone/);
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("ongoing");
    expect(dataOf(await client.checkPendingCharge(payload.reference)).status).toBe("pay_offline");

    const [webhook] = await receiver.waitFor(() => webhooksFor(payload.reference).length === 1).then(() => webhooksFor(payload.reference));
    expect(webhook.receivedAt - startedAt).toBeGreaterThanOrEqual(approveMs - 5);
    expect(webhook.body.data).toMatchObject({ status: "success", channel: "mobile_money", gateway_response: "Approved", authorization: { last4: "4987", channel: "mobile_money" } });
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("success");
  });

  it("accepts the number in international form", async () => {
    const payload = momoCharge("mtn", "+233551234987");
    expect(dataOf(await client.charge(payload)).status).toBe("pay_offline");
  });

  it("answers AirtelTigo (atl) with the same test wallets, also under AT's prefix 026", async () => {
    const payload = momoCharge("atl", "0551234987");
    expect(dataOf(await client.charge(payload)).status).toBe("pay_offline");
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
    const atPrefix = momoCharge("atl", "0261234987");
    expect(dataOf(await client.charge(atPrefix)).status).toBe("pay_offline");
    await receiver.waitFor(() => webhooksFor(atPrefix.reference).length === 1);
    // 026 is AT's: MTN's test wallets are not there.
    expect(dataOf(await client.charge(momoCharge("mtn", "0261234987")))).toMatchObject({ status: "failed", gateway_response: unknownWalletMessage });
  });

  it("fails MTN 0551234988 with Insufficient funds after the approval delay, with no webhook", async () => {
    const payload = momoCharge("mtn", "0551234988");
    expect(dataOf(await client.charge(payload)).status).toBe("pay_offline");
    await sleep(approveMs + 50);
    expect(dataOf(await client.verifyTransaction(payload.reference))).toMatchObject({ status: "failed", gateway_response: "Insufficient funds" });
    expect(dataOf(await client.checkPendingCharge(payload.reference)).status).toBe("failed");
    expect(webhooksFor(payload.reference)).toHaveLength(0);
  });

  it("abandons MTN 0551234989 after SANDBOX_MOMO_ABANDON_MS", async () => {
    const payload = momoCharge("mtn", "0551234989");
    expect(dataOf(await client.charge(payload)).status).toBe("pay_offline");
    await sleep(approveMs + 50);
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("ongoing");
    await sleep(abandonMs - approveMs);
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("abandoned");
    expect(webhooksFor(payload.reference)).toHaveLength(0);
  });

  it("asks Vodafone (any 10 digits) for a voucher and approves 123456", async () => {
    const payload = momoCharge("vod", "0201234567");
    const charged = dataOf(await client.charge(payload));
    expect(charged.status).toBe("send_otp");
    expect(charged.display_text).toMatch(/voucher/);
    expect(dataOf(await client.submitOtp(payload.reference, "123456")).status).toBe("success");
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
  });

  it("fails Vodafone on a wrong voucher", async () => {
    const payload = momoCharge("vod", "0201234567");
    await client.charge(payload);
    expect(dataOf(await client.submitOtp(payload.reference, "111111"))).toMatchObject({ status: "failed", gateway_response: "Incorrect voucher code" });
  });

  it.each([
    ["mtn", "0241234567"],
    ["atl", "0271234567"],
    ["vod", "020123456"],
  ] as const)("fails %s %s with Paystack's message", async (provider, phone) => {
    expect(dataOf(await client.charge(momoCharge(provider, phone)))).toMatchObject({ status: "failed", gateway_response: unknownWalletMessage });
  });

  it("refuses mobile money outside GHS and unknown providers", async () => {
    expect(await client.charge(momoCharge("mtn", "0551234987", { currency: "USD" }))).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400, message: "Mobile money charges must be in GHS" });
    const tgo = { ...momoCharge("mtn", "0551234987"), mobile_money: { phone: "0551234987", provider: "tgo" } } as unknown as ChargeRequest;
    expect(await client.charge(tgo)).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400, message: expect.stringContaining("provider") });
  });
});

describe("webhook controls and delivery", () => {
  it("sends N identical, validly signed copies when metadata.sandbox.webhookCopies = N", async () => {
    const payload = cardCharge("4084084084084081", "408", { metadata: { sandbox: { webhookCopies: 3 } } });
    await client.charge(payload);
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 3);
    const copies = webhooksFor(payload.reference);
    expect(new Set(copies.map((copy) => copy.rawBody)).size).toBe(1);
    for (const copy of copies) expect(verifyWebhookSignature(copy.rawBody, copy.signature, sandboxSecretKey)).toBe(true);
  });

  it("sends the webhook late when metadata.sandbox.webhookDelayMs is set", async () => {
    const payload = cardCharge("4084084084084081", "408", { metadata: { sandbox: { webhookDelayMs: 1_000 } } });
    const chargedAt = Date.now();
    expect(dataOf(await client.charge(payload)).status).toBe("success");
    await sleep(200);
    expect(webhooksFor(payload.reference)).toHaveLength(0);
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
    expect(webhooksFor(payload.reference)[0].receivedAt - chargedAt).toBeGreaterThanOrEqual(995);
  });

  it("resends charge.success on POST /_control/webhooks/:reference/resend", async () => {
    const payload = cardCharge("4084084084084081", "408");
    await client.charge(payload);
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
    const response = await fetch(`${running.baseUrl}/_control/webhooks/${payload.reference}/resend`, { method: "POST", headers: { Authorization: `Bearer ${sandboxSecretKey}` } });
    expect(response.status).toBe(200);
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 2);
    const [first, second] = webhooksFor(payload.reference);
    expect(second.body.data.reference).toBe(first.body.data.reference);

    const failed = cardCharge("4084080000005408", "001");
    await client.charge(failed);
    const refused = await fetch(`${running.baseUrl}/_control/webhooks/${failed.reference}/resend`, { method: "POST", headers: { Authorization: `Bearer ${sandboxSecretKey}` } });
    expect(refused.status).toBe(400);
  });

  it("retries a failing receiver with backoff until it answers 2xx", async () => {
    const payload = cardCharge("4084084084084081", "408");
    let attempts = 0;
    receiver.respondWith = (_attempt, rawBody) => (rawBody.includes(payload.reference) && ++attempts <= 2 ? 500 : 200);
    await client.charge(payload);
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
    expect(attempts).toBe(3);
  });

  // Found by the load test (npm run test:load): more than 10 deliveries waiting to retry at once
  // made Node warn of an EventTarget memory leak on the sandbox's shared stop signal.
  it("retries many failing deliveries at once without a listener-leak warning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const payloads = [cardCharge("4084084084084081", "408", { metadata: { sandbox: { webhookCopies: 10 } } }), cardCharge("4084084084084081", "408", { metadata: { sandbox: { webhookCopies: 2 } } })];
      const references = payloads.map((payload) => payload.reference);
      const failedOnce = new Set<number>();
      receiver.respondWith = (attempt, rawBody) => {
        if (!references.some((reference) => rawBody.includes(reference)) || failedOnce.size >= 12 || failedOnce.has(attempt)) return 200;
        failedOnce.add(attempt);
        return 500;
      };
      for (const payload of payloads) await client.charge(payload);
      await receiver.waitFor(() => webhooksFor(references[0]).length === 10 && webhooksFor(references[1]).length === 2);
      expect(failedOnce.size).toBe(12);
      expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("signs the exact bytes: a changed body or another key does not verify", async () => {
    const payload = cardCharge("4084084084084081", "408");
    await client.charge(payload);
    await receiver.waitFor(() => webhooksFor(payload.reference).length === 1);
    const [webhook] = webhooksFor(payload.reference);
    expect(verifyWebhookSignature(webhook.rawBody.replace("10170", "10171"), webhook.signature, sandboxSecretKey)).toBe(false);
    expect(verifyWebhookSignature(webhook.rawBody, webhook.signature, "sk_test_other")).toBe(false);
    expect(verifyWebhookSignature(Buffer.from(webhook.rawBody), webhook.signature, sandboxSecretKey)).toBe(true);
  });
});

describe("refunds", () => {
  it("queues a full refund, processes it with a refund.processed webhook, and verify then reads reversed", async () => {
    const payload = cardCharge("4084084084084081", "408");
    await client.charge(payload);
    const refund = dataOf(await client.refund({ transaction: payload.reference }));
    expect(refund).toMatchObject({ status: "pending", amount: 10_170, currency: "GHS", transaction: { reference: payload.reference } });
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("success");

    await receiver.waitFor(() => webhooksFor(payload.reference, "refund.processed").length === 1);
    const [webhook] = webhooksFor(payload.reference, "refund.processed");
    expect(verifyWebhookSignature(webhook.rawBody, webhook.signature, sandboxSecretKey)).toBe(true);
    // As Paystack documents it: the amount is a string, which the client's schema reads as minor units.
    expect(webhook.body.data).toMatchObject({ status: "processed", transaction_reference: payload.reference, amount: "10170", currency: "GHS" });
    expect(parsePaystackEvent(webhook.rawBody)).toMatchObject({ event: "refund.processed", data: { amount: 10_170, refund_reference: `RF_sandbox${refund.id}` } });
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("reversed");
    expect(await client.refund({ transaction: payload.reference })).toMatchObject({ ok: false, kind: "rejected", message: "Transaction has been fully reversed" });
  });

  it("allows partial refunds up to the amount and refuses more", async () => {
    const payload = cardCharge("4084084084084081", "408");
    await client.charge(payload);
    expect(await client.refund({ transaction: payload.reference, amount: 10_171 })).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400 });
    expect(dataOf(await client.refund({ transaction: payload.reference, amount: 5_000 })).amount).toBe(5_000);
    const tooMuch = await client.refund({ transaction: payload.reference, amount: 5_171 });
    expect(tooMuch).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400 });
    expect(tooMuch.message).toContain("5170");
    expect(dataOf(await client.refund({ transaction: payload.reference })).amount).toBe(5_170);
  });

  it("refuses to refund a transaction that did not succeed, or does not exist", async () => {
    const declined = cardCharge("4084080000005408", "001");
    await client.charge(declined);
    expect(await client.refund({ transaction: declined.reference })).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400 });
    const waiting = momoCharge("mtn", "0551234989");
    await client.charge(waiting);
    expect(await client.refund({ transaction: waiting.reference })).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400 });
    expect(await client.refund({ transaction: "no-such-reference" })).toMatchObject({ ok: false, kind: "rejected", httpStatus: 404 });
  });

  it("reports a refund pending, processing, then processed, each in Paystack's documented shape the client parses", async () => {
    const payload = cardCharge("4084084084084081", "408");
    await client.charge(payload);
    const refund = dataOf(await client.refund({ transaction: payload.reference, amount: 3_000 }));
    expect(refund.status).toBe("pending");
    // Fetched at once it is pending, or already processing on a loaded machine (its timer ran): never further.
    expect(dataOf(await client.fetchRefund(refund.id))).toMatchObject({ id: refund.id, status: expect.stringMatching(/^(pending|processing)$/), amount: 3_000, transaction_reference: payload.reference });

    const stages = ["refund.pending", "refund.processing", "refund.processed"];
    await receiver.waitFor(() => stages.every((stage) => webhooksFor(payload.reference, stage).length === 1));
    for (const stage of stages) {
      const [webhook] = webhooksFor(payload.reference, stage);
      expect(verifyWebhookSignature(webhook.rawBody, webhook.signature, sandboxSecretKey)).toBe(true);
      expect(webhook.body.data).toMatchObject({ status: stage.slice("refund.".length), amount: "3000", currency: "GHS", refund_reference: stage === "refund.processed" ? `RF_sandbox${refund.id}` : null });
      expect(parsePaystackEvent(webhook.rawBody)).toMatchObject({ event: stage, data: { transaction_reference: payload.reference, amount: 3_000 } });
    }
    const [pending, processing, processed] = stages.map((stage) => webhooksFor(payload.reference, stage)[0].receivedAt);
    expect(pending).toBeLessThanOrEqual(processing);
    expect(processing).toBeLessThanOrEqual(processed);

    expect(dataOf(await client.fetchRefund(refund.id))).toMatchObject({ status: "processed", amount: 3_000, transaction: expect.any(Number), fully_deducted: 1, refund_type: "partial" });
    expect(await client.fetchRefund(999)).toMatchObject({ ok: false, kind: "rejected", httpStatus: 404, message: "Refund not found" });
  });

  it("finds the transaction by its Paystack id too", async () => {
    const payload = cardCharge("4084084084084081", "408");
    const { id } = dataOf(await client.charge(payload));
    expect(dataOf(await client.refund({ transaction: String(id), amount: 100 })).transaction.reference).toBe(payload.reference);
  });
});

describe("API rules", () => {
  it("answers 401 Invalid key without the sandbox's secret key", async () => {
    const wrongKey = createPaystackClient({ baseUrl: running.baseUrl, secretKey: "sk_test_wrong" });
    expect(await wrongKey.verifyTransaction("anything")).toEqual({ ok: false, kind: "rejected", httpStatus: 401, message: "Invalid key" });
    const response = await fetch(`${running.baseUrl}/charge`, { method: "POST" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: false, message: "Invalid key" });
  });

  it("refuses a reused reference with Duplicate Transaction Reference", async () => {
    const payload = cardCharge("4084084084084081", "408");
    expect((await client.charge(payload)).ok).toBe(true);
    expect(await client.charge(cardCharge("4084080000005408", "001", { reference: payload.reference }))).toEqual({
      ok: false,
      kind: "rejected",
      httpStatus: 400,
      message: "Duplicate Transaction Reference",
    });
    expect(dataOf(await client.verifyTransaction(payload.reference)).status).toBe("success");
  });

  it("answers unknown references with Transaction reference not found", async () => {
    for (const result of [await client.verifyTransaction("missing-ref"), await client.checkPendingCharge("missing-ref"), await client.submitPin("missing-ref", "1111")]) {
      expect(result).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400, message: "Transaction reference not found" });
    }
    expect(await client.verifyTransaction("../../etc/passwd")).toMatchObject({ ok: false, kind: "rejected" });
  });

  it("answers invalid bodies with 400 and Paystack-like messages", async () => {
    const post = (body: string) =>
      fetch(`${running.baseUrl}/charge`, { method: "POST", headers: { Authorization: `Bearer ${sandboxSecretKey}`, "Content-Type": "application/json" }, body });
    const cases: [unknown, string][] = [
      [{ ...cardCharge("4084084084084081", "408"), email: "not-an-email" }, "Invalid Email Address Passed"],
      [{ ...cardCharge("4084084084084081", "408"), amount: 0 }, "Invalid Amount Sent"],
      [{ ...cardCharge("4084084084084081", "408"), amount: 10.5 }, "Invalid Amount Sent"],
      [{ email: "a@example.com", amount: 100, reference: newReference() }, "Send either card or mobile_money details"],
      [{ ...cardCharge("4084084084084081", "408"), reference: "has spaces" }, "Invalid transaction reference"],
    ];
    for (const [body, message] of cases) {
      const response = await post(JSON.stringify(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ status: false, message });
    }
    const broken = await post("{not json");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ status: false, message: "Invalid JSON body" });
  });
});

describe("transfers", () => {
  it("creates a mobile-money recipient, queues a transfer and settles it with transfer.success", async () => {
    const recipient = dataOf(await client.createTransferRecipient({ type: "mobile_money", name: "Ama Worker", account_number: "0241234567", bank_code: "MTN", currency: "GHS" }));
    expect(recipient.recipient_code).toMatch(/^RCP_/);
    expect(recipient.details).toMatchObject({ account_number: "0241234567", bank_name: "MTN Mobile Money" });

    const reference = newReference("payout");
    const queued = dataOf(await client.initiateTransfer({ amount: 2_500, recipient: recipient.recipient_code, reference, reason: "Earnings", currency: "GHS" }));
    expect(queued).toMatchObject({ status: "pending", reference, amount: 2_500 });
    await receiver.waitFor(() => webhooksFor(reference, "transfer.success").length === 1);
    expect(dataOf(await client.verifyTransfer(reference))).toMatchObject({ status: "success", transfer_code: queued.transfer_code });
    expect(await client.initiateTransfer({ amount: 2_500, recipient: recipient.recipient_code, reference, currency: "GHS" })).toMatchObject({ ok: false, kind: "rejected" });
  });

  it("fails a transfer to the failing test wallet with transfer.failed", async () => {
    const recipient = dataOf(await client.createTransferRecipient({ type: "mobile_money", name: "Kojo", account_number: "0551234988", bank_code: "MTN", currency: "GHS" }));
    const reference = newReference("payout");
    await client.initiateTransfer({ amount: 1_000, recipient: recipient.recipient_code, reference, currency: "GHS" });
    await receiver.waitFor(() => webhooksFor(reference, "transfer.failed").length === 1);
    expect(dataOf(await client.verifyTransfer(reference)).status).toBe("failed");
  });

  it("holds a transfer to the OTP test wallet until finalize_transfer gets the right OTP", async () => {
    const recipient = dataOf(await client.createTransferRecipient({ type: "mobile_money", name: "Esi", account_number: "0551234986", bank_code: "MTN", currency: "GHS" }));
    const reference = newReference("payout");
    const held = await client.initiateTransfer({ amount: 3_000, recipient: recipient.recipient_code, reference, currency: "GHS" });
    expect(held).toMatchObject({ ok: true, message: "Transfer requires OTP to continue", data: { status: "otp", reference } });
    const transferCode = dataOf(held).transfer_code;
    await sleep(transferSettleMs * 2);
    expect(dataOf(await client.verifyTransfer(reference)).status).toBe("otp");
    expect(webhooksFor(reference, "transfer.success")).toEqual([]);

    // Resend answers Paystack's envelope without data; the client reads it as done.
    const resent = await fetch(`${running.baseUrl}/transfer/resend_otp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${sandboxSecretKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ transfer_code: transferCode, reason: "transfer" }),
    });
    expect(await resent.json()).toEqual({ status: true, message: "OTP has been resent" });
    expect(await client.resendTransferOtp(transferCode)).toMatchObject({ ok: true });

    expect(await client.finalizeTransfer({ transfer_code: transferCode, otp: "000000" })).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400, message: "Invalid OTP" });
    expect(dataOf(await client.verifyTransfer(reference)).status).toBe("otp");
    const released = await client.finalizeTransfer({ transfer_code: transferCode, otp: "123456" });
    expect(released).toMatchObject({ ok: true, message: "Transfer has been queued", data: { status: "pending", reference, transfer_code: transferCode, amount: 3_000 } });
    await receiver.waitFor(() => webhooksFor(reference, "transfer.success").length === 1);
    expect(dataOf(await client.verifyTransfer(reference)).status).toBe("success");

    const notHeld = "Transfer is not currently awaiting OTP";
    expect(await client.finalizeTransfer({ transfer_code: transferCode, otp: "123456" })).toMatchObject({ ok: false, kind: "rejected", message: notHeld });
    expect(await client.resendTransferOtp(transferCode)).toMatchObject({ ok: false, kind: "rejected", message: notHeld });
    expect(await client.finalizeTransfer({ transfer_code: "TRF_nosuchcode", otp: "123456" })).toMatchObject({ ok: false, kind: "rejected", httpStatus: 404 });
    expect(await client.finalizeTransfer({ transfer_code: transferCode, otp: "" })).toMatchObject({ ok: false, kind: "rejected", message: "OTP is required" });
  });

  it("refuses an unknown recipient and answers unknown transfers with 404", async () => {
    expect(await client.initiateTransfer({ amount: 1_000, recipient: "RCP_nobody", reference: newReference(), currency: "GHS" })).toMatchObject({ ok: false, kind: "rejected", httpStatus: 400 });
    expect(await client.verifyTransfer("no-such-transfer")).toMatchObject({ ok: false, kind: "rejected", httpStatus: 404 });
  });
});

describe("persistence", () => {
  it("keeps each transaction in its collection's journal, without card number, CVV or PIN", async () => {
    const payload = cardCharge("507850785078507812", "081");
    await client.charge(payload);
    await client.submitPin(payload.reference, "1111");
    // The journal holds every charge of this suite: the lines of this one.
    const journal = fs.readFileSync(path.join(running.stateDir, "charges.jsonl"), "utf8");
    const written = journal.split("\n").filter((line) => line.startsWith(`{"key":${JSON.stringify(payload.reference)},`));
    expect(written.length).toBeGreaterThanOrEqual(2); // the charge, then its PIN step
    expect(readRecords(running.stateDir, "charges").get(payload.reference)).toMatchObject({ reference: payload.reference, authorization: { last4: "7812", brand: "verve" } });
    expect(written.join("\n")).not.toContain("507850785078507812");
    expect(written.join("\n")).not.toMatch(/"(cvv|pin|number|otp)"/);
    expect(written.join("\n")).not.toContain('"1111"');
  });

  it("carries charges across a restart: a waiting PIN step continues, and a wallet approved while down is reported after start", async () => {
    const stateDir = makeStateDir();
    const slowApproval = { ...sandboxOptions(), momoApproveMs: 1_500, stateDir };
    const first = await startSandbox(slowApproval);
    const firstClient = createPaystackClient({ baseUrl: first.baseUrl, secretKey: sandboxSecretKey });
    const pinCharge = cardCharge("507850785078507812", "081");
    const momo = momoCharge("mtn", "0551234987");
    const delivered = cardCharge("4084084084084081", "408");
    const momoChargedAt = Date.now();
    expect(dataOf(await firstClient.charge(momo)).status).toBe("pay_offline");
    expect(dataOf(await firstClient.charge(pinCharge)).status).toBe("send_pin");
    await firstClient.charge(delivered);
    await receiver.waitFor(() => webhooksFor(delivered.reference).length === 1);
    await first.close(); // "the server is down" before the wallet approves
    expect(Date.now() - momoChargedAt).toBeLessThan(1_500);

    await sleep(1_600 - (Date.now() - momoChargedAt));
    expect(webhooksFor(momo.reference)).toHaveLength(0);

    const second = await startSandbox(slowApproval);
    try {
      const secondClient = createPaystackClient({ baseUrl: second.baseUrl, secretKey: sandboxSecretKey });
      await receiver.waitFor(() => webhooksFor(momo.reference).length === 1);
      expect(dataOf(await secondClient.verifyTransaction(momo.reference)).status).toBe("success");
      expect(dataOf(await secondClient.submitPin(pinCharge.reference, "1111")).status).toBe("success");
      await receiver.waitFor(() => webhooksFor(pinCharge.reference).length === 1);
      await sleep(100);
      expect(webhooksFor(delivered.reference)).toHaveLength(1); // delivered before the restart: not sent again
      expect(webhooksFor(momo.reference)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
