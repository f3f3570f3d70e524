import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../server/testing/in-process-server";
import { tinyPng } from "~/features/uploads/test-images";
import { waitForMail } from "~/test/mailbox";
import { accountLinkIn } from "~/test/mime";
import { type Account, Api, adminToken, approvedWorker, confirmPayoutNumber, createOrder, payByCard, signIn, signUp, startSecurityServer, taskOf, waitFor, admin as adminAccount } from "../../server/security/helpers";

/*
 * The payouts console's transfer actions through the real server and its built-in Paystack sandbox:
 * POST /api/admin/payouts/{id}/finalize `{ otp }`, /resend-otp, /retry, /fail `{ reason }`, and the
 * /admin/payouts page's plain form posts (no JavaScript) for the same. The sandbox holds transfers
 * to 0551234986 for the OTP 123456, as Paystack does with transfer OTP on.
 */
let server: TestServer;
let api: Api;
let adminBearer: string;
let worker: Account;

const otpWallet = "0551234986";

beforeAll(async () => {
  server = await startSecurityServer({ PAYOUT_MINIMUM_CEDIS: "0.01" });
  api = Api.of(server);
  adminBearer = await adminToken(api);
  // A worker with released earnings from one completed task (the admin approves the completion).
  const client = await signUp(api, "client");
  worker = await approvedWorker(api, adminBearer);
  const order = await createOrder(api, client);
  await payByCard(api, client, order);
  const completed = await api.post(`/api/tasks/${await taskOf(api, adminBearer, order.id)}/complete`, {}, { token: worker.token });
  expect(completed.status, completed.text).toBe(201);
  expect((await api.post(`/api/admin/completions/${completed.json.completionId}/approve`, {}, { token: adminBearer })).status).toBe(200);
  await confirmPayoutNumber(api, worker, otpWallet);
  await confirmPayoutNumber(api, worker, "0241234567");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** An approved withdrawal of 0.10 to `phone`: its id and the approval's answer. */
async function approvedPayout(phone: string) {
  const requested = await api.post("/api/payouts", { amount: 0.1, phone, provider: "mtn" }, { token: worker.token });
  expect(requested.status, requested.text).toBe(201);
  const approved = await api.post(`/api/admin/payouts/${requested.json.id}/approve`, {}, { token: adminBearer });
  expect(approved.status, approved.text).toBe(200);
  return { id: requested.json.id as number, approved: approved.json };
}

const decide = (id: number, decision: string, body: unknown = {}, token = adminBearer) => api.post(`/api/admin/payouts/${id}/${decision}`, body, { token });

describe("POST /api/admin/payouts/{id}/finalize, /resend-otp, /retry, /fail", () => {
  it("finalises a transfer held for its OTP: a wrong OTP answers Paystack's message and may be retried", async () => {
    const { id, approved } = await approvedPayout(otpWallet);
    expect(approved).toMatchObject({ status: "awaiting_otp", transferAttempts: 1 });
    expect((await decide(id, "finalize", { otp: "123456" }, worker.token)).status).toBe(403);
    expect((await api.post(`/api/admin/payouts/${id}/finalize`, { otp: "123456" })).status).toBe(401);

    const malformed = await decide(id, "finalize", { otp: "12" });
    expect([malformed.status, malformed.json.message]).toEqual([400, "Invalid otp: Enter the OTP Paystack sent (4 to 10 digits)"]);
    const wrong = await decide(id, "finalize", { otp: "000000" });
    expect([wrong.status, wrong.json]).toEqual([422, { message: "Invalid OTP" }]);
    expect((await decide(id, "resend-otp")).json).toMatchObject({ id, status: "awaiting_otp" });

    const finalised = await decide(id, "finalize", { otp: "123456" });
    expect(finalised.status, finalised.text).toBe(200);
    expect(["processing", "success"]).toContain(finalised.json.status);
    expect((await decide(id, "finalize", { otp: "123456" })).status).toBe(409);

    // The transfer.success webhook completes it.
    const listed = await waitFor(
      () => api.get("/api/admin/payouts?status=success", { token: adminBearer }),
      (answer) => answer.json.some((payout: { id: number }) => payout.id === id),
    );
    expect(listed.json.find((payout: { id: number }) => payout.id === id)).toMatchObject({ status: "success" });
    const audit = await api.get(`/api/admin/audit?targetType=payout&targetId=${id}`, { token: adminBearer });
    expect(audit.json.items.map((entry: { action: string }) => entry.action).sort()).toEqual(["payout.approve", "payout.finalize", "payout.finalize_refused", "payout.resend_otp"]);
  });

  it("retries an open transfer at once and refuses to fail it while Paystack may still pay it", async () => {
    const { id } = await approvedPayout("0241234567");
    expect((await decide(id, "fail", {})).status).toBe(400);
    const tooSoon = await decide(id, "fail", { reason: "Wallet closed" });
    expect([tooSoon.status, tooSoon.json.message]).toEqual([409, "The transfer was sent moments ago and may still reach Paystack. Try again in a minute."]);
    const retried = await decide(id, "retry");
    expect([retried.status, retried.json.transferAttempts]).toEqual([200, 2]);
    expect((await decide(id, "retry", {}, worker.token)).status).toBe(403);
    const audit = await api.get(`/api/admin/audit?action=payout.retry&targetId=${id}`, { token: adminBearer });
    expect(audit.json.items).toEqual([expect.objectContaining({ action: "payout.retry", targetType: "payout", details: { before: expect.any(String), attempt: 2 } })]);
  });

  it("answers 404 for an unknown payout and for an unknown decision", async () => {
    for (const [decision, body] of [["finalize", { otp: "123456" }], ["resend-otp", {}], ["retry", {}], ["fail", { reason: "Gone" }]] as const) {
      const answer = await decide(999_999, decision, body);
      expect([answer.status, answer.json.message], decision).toEqual([404, "Payout not found"]);
    }
    expect((await decide(1, "pay-twice")).status).toBe(404);
  });
});

describe("a new payout number (issue #49)", () => {
  it("is confirmed by a single-use link e-mailed to the worker before the first withdrawal to it", async () => {
    const newcomer = await approvedWorker(api, adminBearer);
    const refused = await api.post("/api/payouts", { amount: 100_000, phone: "0207654321", provider: "vod" }, { token: newcomer.token });
    expect([refused.status, refused.json.message]).toEqual([
      422,
      `Telecel 020 *** 4321 is a new payout number: we e-mailed a link to ${newcomer.email} to confirm it. Open the link, then request the withdrawal again.`,
    ]);
    expect((await api.get("/api/payouts", { token: newcomer.token })).json).toEqual([]);
    const mail = await waitForMail(api.outboxDirectory!, newcomer.email, /^Confirm your new payout number$/);
    expect(mail.text).toContain("Telecel 020 *** 4321");
    const link = new URL(accountLinkIn(mail.text, "/payouts/confirm-number")!.url).pathname;
    const press = () => api.call(link, { method: "POST", rawBody: "", headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url } });
    expect((await api.get(link)).text).toContain("Confirm my payout number"); // opening the link confirms nothing
    expect((await api.post("/api/payouts", { amount: 100_000, phone: "0207654321", provider: "vod" }, { token: newcomer.token })).status).toBe(422);
    // The second refusal sent a newer link: only the newest works.
    expect((await press()).status).toBe(400);
    const newest = new URL(accountLinkIn((await waitForMail(api.outboxDirectory!, newcomer.email, /^Confirm your new payout number$/, { count: 2 })).text, "/payouts/confirm-number")!.url).pathname;
    const confirmed = await api.call(newest, { method: "POST", rawBody: "", headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("is confirmed: you can withdraw to it now.");
    const again = await api.call(newest, { method: "POST", rawBody: "", headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url } });
    expect([again.status, again.text.includes("This link has already been used.")]).toEqual([400, true]);
    // Confirmed: the withdrawal now meets the balance check instead (the newcomer has earned nothing).
    expect((await api.post("/api/payouts", { amount: 100_000, phone: "0207654321", provider: "vod" }, { token: newcomer.token })).json.message).toBe("You can withdraw at most ₵0.00 now.");
  });
});

describe("a payout number of another network's prefix", () => {
  it("is refused naming the network it belongs to, unless the worker says it moved to the network chosen", async () => {
    const worker = await approvedWorker(api, adminBearer);
    const refused = await api.post("/api/payouts", { amount: 20, phone: "0551234987", provider: "vod" }, { token: worker.token });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain("055 is an MTN number, not Telecel: choose MTN, or tick “My number moved to Telecel” if you moved it.");
    const moved = await api.post("/api/payouts", { amount: 20, phone: "0551234987", provider: "vod", ported: true }, { token: worker.token });
    // Past the network check: the next rule is the new number's confirmation.
    expect([moved.status, moved.json.message]).toEqual([422, `Telecel 055 *** 4987 is a new payout number: we e-mailed a link to ${worker.email} to confirm it. Open the link, then request the withdrawal again.`]);
    expect((await api.get("/api/payouts", { token: worker.token })).json).toEqual([]);
  });
});

describe("a withdrawal whose earnings were clawed back after it was requested (issue #49)", () => {
  it("is e-mailed when requested, and its approval is refused with the reason while the worker's balance is below zero", async () => {
    const client = await signUp(api, "client");
    const earner = await approvedWorker(api, adminBearer);
    const order = await createOrder(api, client);
    await payByCard(api, client, order);
    const completed = await api.post(`/api/tasks/${await taskOf(api, adminBearer, order.id)}/complete`, {}, { token: earner.token });
    expect((await api.post(`/api/admin/completions/${completed.json.completionId}/approve`, {}, { token: adminBearer })).status).toBe(200);
    const { availableBalance } = (await api.get("/api/dashboard/worker-stats", { token: earner.token })).json;
    expect(availableBalance).toBeGreaterThan(0);
    await confirmPayoutNumber(api, earner, "0241234567");

    // The whole balance is asked for, and the worker hears of it by e-mail.
    const requested = await api.post("/api/payouts", { amount: availableBalance, phone: "0241234567", provider: "mtn" }, { token: earner.token });
    expect(requested.status, requested.text).toBe(201);
    const mail = await waitForMail(api.outboxDirectory!, earner.email, /^Withdrawal requested/);
    expect(mail.text).toContain(`withdrawal #${requested.json.id}`);
    expect(mail.text).toContain("024 *** 4567");

    // The client flags the delivery, the worker answers, the admin upholds it: the released earning is clawed back.
    const [delivery] = (await api.get(`/api/orders/${order.id}/deliveries`, { token: client.token })).json.deliveries as { id: number }[];
    expect((await api.post(`/api/orders/${order.id}/flags`, { deliveryIds: [delivery.id] }, { token: client.token })).status).toBe(201);
    const screenshot = `data:image/png;base64,${Buffer.from(tinyPng()).toString("base64")}`;
    expect((await api.post(`/api/worker/flags/${delivery.id}/evidence`, { screenshot }, { token: earner.token })).status).toBe(201);
    const upheld = await api.post(`/api/admin/flags/${delivery.id}`, { decision: "uphold", reason: "The follow is gone." }, { token: adminBearer });
    expect(upheld.status, upheld.text).toBe(200);
    expect((await api.get("/api/dashboard/worker-stats", { token: earner.token })).json.availableBalance).toBe(-availableBalance);

    const refused = await decide(requested.json.id, "approve");
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.message).toBe(
      `This worker's available balance is ₵${availableBalance.toFixed(2)} below zero: earnings were clawed back after this withdrawal was requested. Approve it once new earnings cover that, or reject it.`,
    );
    const pending = (await api.get("/api/admin/payouts?status=pending", { token: adminBearer })).json as { id: number }[];
    expect(pending.some((payout) => payout.id === requested.json.id)).toBe(true);
  });
});

describe("the /admin/payouts page without JavaScript", () => {
  it("shows the OTP form of a held transfer and finalises it with a plain form post", async () => {
    const { id } = await approvedPayout(otpWallet);
    const { cookie } = await signIn(api, adminAccount);
    const page = await api.get("/admin/payouts?status=awaiting_otp", { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`aria-label="Finalise payout ${id}"`);
    expect(page.text).toContain('name="otp"');

    const post = (fields: Record<string, string>) =>
      api.call("/admin/payouts?status=awaiting_otp", {
        method: "POST",
        cookie,
        rawBody: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      });
    const wrong = await post({ intent: "finalize", id: String(id), otp: "999999" });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain("Invalid OTP");
    expect(wrong.text).toContain(`aria-label="Finalise payout ${id}"`); // still there to try again

    const right = await post({ intent: "finalize", id: String(id), otp: "123456" });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/admin/payouts?status=awaiting_otp&notice=payout-finalized&target=${id}`);
  });
});
