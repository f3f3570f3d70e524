import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createPaystackClient } from "~/features/paystack/paystack-client.server";
import { setPaystack } from "~/features/paystack/paystack.server";
import { createTestUser, paystackSandbox, refusal, serviceDatabase } from "~/test/service-test";
import { sandboxSecretKey } from "../../../sandbox/paystack/testing";
import { failPayout, finalizePayout, resendPayoutOtp, retryPayout } from "./payout-admin.server";
import { payoutOtpSchema } from "./payout-schemas";
import { maxTransferAttempts, resendGraceMs } from "./payout-transfers.server";
import { approvePayout, payoutRequestSchema, reconcileProcessingPayouts, requestPayout } from "./payouts.server";

/*
 * Payouts that must never stay stuck, against the Paystack sandbox over HTTP: a transfer Paystack
 * holds for its OTP (wallet 0551234986, OTP 123456), a transfer that never reached Paystack (sent
 * again by the reconciler with the same reference, failed after a few tries with its amount given
 * back exactly once), and the admins' finalise, resend, retry and fail, each audited.
 */
const { prisma } = serviceDatabase();
const transferSettleMs = 600;
const paystack = paystackSandbox({ transferSettleMs });

const otpWallet = "0551234986";
const minutes = (count: number, from = Date.now()) => new Date(from + count * 60_000);
const settled = () => new Promise((resolve) => setTimeout(resolve, transferSettleMs + 150));

const newUser = (role: "worker" | "admin") => createTestUser(prisma(), role, { platforms: ["instagram"], fullName: "Abena Payee" });

async function workerWith(cedis: number) {
  const worker = await newUser("worker");
  await prisma().ledgerEntry.create({ data: { userId: worker.id, kind: "earning_release", bucket: "available", amountMinor: cedis * 100, currency: "GHS", idempotencyKey: `test-balance:${worker.id}` } });
  return worker;
}

const balance = async (workerId: number) => (await prisma().ledgerEntry.aggregate({ where: { userId: workerId, bucket: "available" }, _sum: { amountMinor: true } }))._sum.amountMinor ?? 0;
const releases = (payoutId: number) => prisma().ledgerEntry.count({ where: { payoutId, kind: "payout_reversal" } });
const payoutRow = (payoutId: number) => prisma().payout.findUniqueOrThrow({ where: { id: payoutId } });
const auditOf = async (payoutId: number) =>
  (await prisma().adminAuditLog.findMany({ where: { targetType: "payout", targetId: String(payoutId) }, orderBy: { id: "asc" }, select: { action: true, details: true } })).map(({ action, details }) => ({ action, details }));

/** A requested payout of `cedis`, and its worker and an admin. */
async function payoutOf(cedis: number, phone = "0241234567") {
  const worker = await workerWith(cedis);
  const admin = await newUser("admin");
  // A number the worker confirmed (issue #49), as the e-mailed link does.
  await prisma().payoutNumber.create({ data: { workerId: worker.id, accountNumber: phone, bankCode: "MTN", confirmedAt: new Date() } });
  const payout = await requestPayout(worker, payoutRequestSchema.parse({ amount: cedis, phone, provider: "mtn" }));
  return { worker, admin, payout };
}

/** As after a crash between the approval's claim and its transfer request: processing, nothing at Paystack. */
async function strandedPayout(cedis: number, lastSentAt = new Date()) {
  const setup = await payoutOf(cedis);
  await prisma().payout.update({ where: { id: setup.payout.id }, data: { status: "processing", transferAttempts: 1, lastSentAt } });
  return setup;
}

/** Runs `work` with a client whose transfer requests for `reference` are lost on the network (verify still answers). */
async function losingTransfersOf<T>(reference: string, work: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  const fetchImpl: typeof fetch = async (input, init) => {
    const isTransfer = String(input).endsWith("/transfer") && typeof init?.body === "string" && init.body.includes(`"${reference}"`);
    if (isTransfer) throw new TypeError("fetch failed", { cause: { code: "ECONNRESET" } });
    return realFetch(input, init);
  };
  setPaystack({ client: createPaystackClient({ baseUrl: paystack.sandbox.baseUrl, secretKey: sandboxSecretKey, retries: 0, fetchImpl }), secretKey: sandboxSecretKey });
  try {
    return await work();
  } finally {
    setPaystack({ client: createPaystackClient({ baseUrl: paystack.sandbox.baseUrl, secretKey: sandboxSecretKey, retries: 0 }), secretKey: sandboxSecretKey });
  }
}

describe("a transfer Paystack holds for its OTP", () => {
  it("awaits the OTP, refuses a wrong one with Paystack's message, resends it, and pays with the right one", async () => {
    const { worker, admin, payout } = await payoutOf(30, otpWallet);
    const approved = await approvePayout(admin, payout.id);
    expect(approved).toMatchObject({ status: "awaiting_otp", transferAttempts: 1 });
    expect((await payoutRow(payout.id)).transferCode).toMatch(/^TRF_/);

    // The reconciler leaves it waiting: Paystack still says otp.
    await reconcileProcessingPayouts(minutes(30));
    expect((await payoutRow(payout.id)).status).toBe("awaiting_otp");

    expect(await refusal(finalizePayout(admin, payout.id, { otp: "000000" }))).toMatchObject({ status: 422, message: "Invalid OTP" });
    expect((await payoutRow(payout.id)).status).toBe("awaiting_otp");
    expect(await resendPayoutOtp(admin, payout.id)).toMatchObject({ status: "awaiting_otp" });
    expect(await refusal(finalizePayout(worker, payout.id, { otp: "123456" }))).toMatchObject({ status: 403 });

    expect(await finalizePayout(admin, payout.id, payoutOtpSchema.parse({ otp: " 123 456 " }))).toMatchObject({ status: "processing" });
    await settled();
    await reconcileProcessingPayouts(minutes(31));
    expect(await payoutRow(payout.id)).toMatchObject({ status: "success", transferAttempts: 1 });
    expect(await balance(worker.id)).toBe(0);
    expect(await refusal(finalizePayout(admin, payout.id, { otp: "123456" }))).toMatchObject({ status: 409 });
    expect(await refusal(resendPayoutOtp(admin, payout.id))).toMatchObject({ status: 409 });

    expect(await auditOf(payout.id)).toEqual([
      { action: "payout.approve", details: { before: "pending", after: "processing" } },
      { action: "payout.finalize_refused", details: { status: "awaiting_otp", message: "Invalid OTP" } },
      { action: "payout.resend_otp", details: { status: "awaiting_otp" } },
      { action: "payout.finalize", details: { before: "awaiting_otp", after: "processing" } },
    ]);
  });

  it("can be failed by an admin while it waits (Paystack will not pay it without the OTP)", async () => {
    const { worker, admin, payout } = await payoutOf(25, otpWallet);
    await approvePayout(admin, payout.id);
    expect(await failPayout(admin, payout.id, "Nobody has the OTP phone")).toMatchObject({ status: "failed", failureReason: "Nobody has the OTP phone" });
    expect(await balance(worker.id)).toBe(2500);
    expect((await auditOf(payout.id)).at(-1)).toEqual({ action: "payout.fail", details: { before: "awaiting_otp", after: "failed", reason: "Nobody has the OTP phone", paystack: "otp" } });
  });

  it("accepts OTPs of 4 to 10 digits only", () => {
    expect(payoutOtpSchema.parse({ otp: "1234" }).otp).toBe("1234");
    expect(payoutOtpSchema.parse({ otp: "1234567890" }).otp).toBe("1234567890");
    for (const otp of ["123", "12345678901", "12a456", 123456]) expect(payoutOtpSchema.safeParse({ otp }).success, String(otp)).toBe(false);
  });
});

describe("a transfer that never reached Paystack", () => {
  it("is sent again with the same reference once the grace period has passed, and paid", async () => {
    const sentAt = new Date();
    const { worker, payout } = await strandedPayout(40, sentAt);

    await reconcileProcessingPayouts(new Date(sentAt.getTime() + resendGraceMs / 2));
    expect(await payoutRow(payout.id)).toMatchObject({ status: "processing", transferAttempts: 1, transferCode: null });

    await reconcileProcessingPayouts(new Date(sentAt.getTime() + resendGraceMs + 60_000));
    const resent = await payoutRow(payout.id);
    expect(resent).toMatchObject({ status: "processing", transferAttempts: 2, reference: payout.reference });
    expect(resent.transferCode).toMatch(/^TRF_/);
    expect(resent.recipientCode).toMatch(/^RCP_/); // the recipient step had never happened either

    await settled();
    await reconcileProcessingPayouts(new Date(sentAt.getTime() + resendGraceMs + 3 * 60_000));
    expect((await payoutRow(payout.id)).status).toBe("success");
    expect(await balance(worker.id)).toBe(0);
    expect(await releases(payout.id)).toBe(0);
  });

  it("fails after the last try and gives the amount back exactly once", async () => {
    const { worker, admin, payout } = await payoutOf(35);
    const start = Date.now();
    await losingTransfersOf(payout.reference, async () => {
      expect(await approvePayout(admin, payout.id)).toMatchObject({ status: "processing", transferAttempts: 1 });
      for (let round = 1; round <= maxTransferAttempts; round++) await reconcileProcessingPayouts(new Date(start + round * (resendGraceMs + 60_000)));
    });
    const failed = await payoutRow(payout.id);
    expect(failed).toMatchObject({ status: "failed", transferAttempts: maxTransferAttempts, failureReason: `The transfer could not be sent to Paystack (${maxTransferAttempts} attempts)` });
    expect(await balance(worker.id)).toBe(3500);

    // Nothing more happens, however often it is looked at or acted on.
    await reconcileProcessingPayouts(new Date(start + 10 * resendGraceMs));
    expect(await refusal(failPayout(admin, payout.id, "Again"))).toMatchObject({ status: 409 });
    expect(await refusal(retryPayout(admin, payout.id))).toMatchObject({ status: 409 });
    expect(await releases(payout.id)).toBe(1);
    expect(await balance(worker.id)).toBe(3500);
  });
});

describe("an admin's retry and fail", () => {
  it("retry sends the transfer again at once with the same reference, once per claim, audited", async () => {
    const { admin, worker, payout } = await strandedPayout(20);
    const results = await Promise.allSettled([retryPayout(admin, payout.id), retryPayout(admin, payout.id)]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(await payoutRow(payout.id)).toMatchObject({ status: "processing", transferAttempts: 2 });
    expect(await auditOf(payout.id)).toEqual([{ action: "payout.retry", details: { before: "processing", attempt: 2 } }]);

    // Sent again while Paystack has it: the duplicate reference is read back, not paid twice.
    await retryPayout(admin, payout.id);
    await settled();
    await reconcileProcessingPayouts(minutes(5));
    expect(await payoutRow(payout.id)).toMatchObject({ status: "success", transferAttempts: 3 });
    expect(await balance(worker.id)).toBe(0);
    expect(await refusal(retryPayout(admin, payout.id))).toMatchObject({ status: 409 });
    expect(await refusal(retryPayout(worker, payout.id))).toMatchObject({ status: 403 });
  });

  it("fail is refused while a send may be in flight and while Paystack says pending or paid", async () => {
    const { worker, admin, payout } = await payoutOf(22);
    await approvePayout(admin, payout.id);
    expect(await refusal(failPayout(admin, payout.id, "Changed my mind"))).toMatchObject({ status: 409, message: "The transfer was sent moments ago and may still reach Paystack. Try again in a minute." });
    expect(await refusal(failPayout(admin, payout.id, "Changed my mind", minutes(2)))).toMatchObject({
      status: 409,
      message: "Paystack reports this transfer as pending: it may still be paid, so it cannot be failed. Try again once Paystack settles it.",
    });
    await settled();
    expect(await refusal(failPayout(admin, payout.id, "Changed my mind", minutes(3)))).toMatchObject({ status: 409, message: "Paystack has paid this transfer: it cannot be failed." });
    expect((await payoutRow(payout.id)).status).toBe("success"); // Paystack's word was applied on the way
    expect(await balance(worker.id)).toBe(0);
    expect(await releases(payout.id)).toBe(0);
    expect((await auditOf(payout.id)).map((entry) => entry.action)).toEqual(["payout.approve"]);
  });

  it("fail closes a payout Paystack does not know, releases its reservation once, and is audited", async () => {
    const { worker, admin, payout } = await strandedPayout(21, minutes(-5));
    expect(await refusal(failPayout(worker, payout.id, "Mine"))).toMatchObject({ status: 403 });
    const failed = await failPayout(admin, payout.id, "Wallet closed");
    expect(failed).toMatchObject({ status: "failed", failureReason: "Wallet closed" });
    expect(await balance(worker.id)).toBe(2100);
    expect(await refusal(failPayout(admin, payout.id, "Wallet closed"))).toMatchObject({ status: 409 });
    expect(await releases(payout.id)).toBe(1);
    expect(await auditOf(payout.id)).toEqual([{ action: "payout.fail", details: { before: "processing", after: "failed", reason: "Wallet closed", paystack: "not_found" } }]);
    expect(await refusal(failPayout(admin, 999_999, "Nothing"))).toMatchObject({ status: 404 });
  });
});
