import "~/test/service-test-environment";
import { describe, expect, it } from "vitest";
import { createOrderSchema } from "~/features/orders/order-schema";
import { createOrder } from "~/features/orders/order-placement.server";
import { PaymentAttemptStatus, RefundState } from "~/generated/prisma/enums";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";
import { createTestUser, serviceDatabase } from "~/test/service-test";
import { sourcesMatching } from "~/test/source-scan";
import {
  askForStep,
  attemptTransitions,
  claimRefundForSending,
  closeUnpaid,
  failRefund,
  markNotCompleted,
  noteOutsideRefund,
  recordRefundBooked,
  recordSuccess,
  refundTransitions,
  requestRefund,
  settleClaimedRefund,
} from "./attempt-lifecycle.server";

/*
 * The payment attempts' one owner: its status and refund transitions, each refused from every state
 * it may not leave, and a scan that no other module writes the table. Attempt rows are set up here
 * directly (tests are not scanned).
 */
const { prisma, sql } = serviceDatabase();
const statuses = Object.values(PaymentAttemptStatus);
const refundStates = [null, ...Object.values(RefundState)];
const now = new Date("2026-12-02T10:00:00Z");
let sequence = 0;

async function attemptIn(status: PaymentAttemptStatus, refundState: RefundState | null = null, { refundRequestedAt = null as Date | null } = {}) {
  const client = await createTestUser(prisma(), "client");
  sequence += 1;
  const { order } = await createOrder(client, createOrderSchema.parse({ packageId: "custom-instagram", quantity: 50, targetUsername: `attempt${process.pid}x${sequence}`, accountScreenshot: null }));
  return prisma().paymentAttempt.create({
    data: { orderId: order.id, reference: `smb-lifecycle-${process.pid}-${sequence}`, channel: "card", amountMinor: 1_500, currency: "GHS", status, refundState, refundRequestedAt },
  });
}
const reread = (id: number) => prisma().paymentAttempt.findUniqueOrThrow({ where: { id } });
const starts = (edges: readonly (readonly [unknown, unknown])[]) => [...new Set(edges.map(([start]) => start))];
const ends = (edges: readonly (readonly [unknown, unknown])[]) => [...new Set(edges.map(([, end]) => end))];

describe("the allowed transitions", () => {
  it("are exactly these", () => {
    // In the schema's order: the generated enum's, all but the ends.
    const open = ["pending", "send_pin", "send_otp", "send_phone", "pay_offline", "send_birthday", "send_address", "open_url", "not_completed"];
    const summary = Object.fromEntries(Object.entries(attemptTransitions).map(([name, edges]) => [name, { from: starts(edges), to: ends(edges), edges: edges.length }]));
    expect(summary).toEqual({
      stepAsked: { from: open, to: ["pending", "send_pin", "send_otp", "send_phone", "send_birthday", "send_address", "open_url", "pay_offline"], edges: 9 * 8 },
      notCompleted: { from: open, to: ["not_completed"], edges: 9 },
      succeeded: { from: [...open, "failed", "abandoned", "reversed"], to: ["success"], edges: 12 },
      closedUnpaid: { from: open, to: ["failed", "reversed", "abandoned"], edges: 27 },
    });
    const refunds = Object.entries(refundTransitions).flatMap(([name, edges]) => edges.map(([from, to]) => `${name}: ${from ?? "none"} → ${to}`));
    expect(refunds).toEqual([
      "requested: none → requested",
      "requested: partially_refunded → requested",
      "claimedForSending: requested → pending",
      "retriedLater: pending → requested",
      "nothingLeft: pending → processed",
      "refused: pending → failed",
      "startedOutside: none → pending",
      "failedReported: none → failed",
      "failedReported: pending → failed",
      "failedReported: requested → failed",
      ...["none", "requested", "pending", "partially_refunded", "processed", "failed"].flatMap((from) => [`booked: ${from} → processed`, `booked: ${from} → partially_refunded`]),
      "booked: requested → requested",
      "booked: pending → pending",
    ]);
  });
});

describe("each status transition applies only from its allowed statuses", () => {
  // Each transition applied towards one of its ends.
  const cases = {
    stepAsked: { to: "send_otp", apply: (attempt: { reference: string }) => askForStep(sql(), attempt.reference, "send_otp", "Enter the OTP") },
    notCompleted: { to: "not_completed", apply: (attempt: { id: number }) => markNotCompleted(sql(), attempt.id, "Not completed yet", now) },
    closedUnpaid: { to: "failed", apply: (attempt: { id: number }) => closeUnpaid(sql(), attempt.id, "failed", "Declined", now) },
    succeeded: { to: "success", apply: (attempt: { id: number }) => recordSuccess(sqlOfPrisma(prisma()), attempt.id, "Approved", now) },
  } as const;
  it.each(Object.keys(cases) as (keyof typeof cases)[])("%s", async (transition) => {
    const allowed = starts(attemptTransitions[transition]);
    for (const status of statuses) {
      const attempt = await attemptIn(status);
      const applied = await cases[transition].apply(attempt);
      expect([status, applied]).toEqual([status, allowed.includes(status)]);
      expect((await reread(attempt.id)).status).toBe(allowed.includes(status) ? cases[transition].to : status);
    }
  });

  it("a success is recorded once, and is final", async () => {
    const attempt = await attemptIn("send_otp");
    expect(await recordSuccess(sqlOfPrisma(prisma()), attempt.id, "Approved", now)).toBe(true);
    expect(await recordSuccess(sqlOfPrisma(prisma()), attempt.id, "Approved", now)).toBe(false);
    expect(await closeUnpaid(sql(), attempt.id, "reversed", "Reversed", now)).toBe(false);
    expect(await reread(attempt.id)).toMatchObject({ status: "success", paidAt: now });
  });
});

describe("each refund transition applies only from its allowed states", () => {
  const cases = {
    requested: (id: number) => requestRefund(sqlOfPrisma(prisma()), id, now),
    claimedForSending: (id: number) => claimRefundForSending(sql(), id, now),
    nothingLeft: (id: number) => settleClaimedRefund(sql(), id, "nothingLeft"),
    refused: (id: number) => settleClaimedRefund(sql(), id, "refused"),
    retriedLater: (id: number) => settleClaimedRefund(sql(), id, "retriedLater"),
    startedOutside: (id: number) => noteOutsideRefund(sql(), id),
  } as const;
  it.each(Object.keys(cases) as (keyof typeof cases)[])("%s", async (transition) => {
    const [[, to]] = refundTransitions[transition];
    const allowed = starts(refundTransitions[transition]);
    for (const state of refundStates) {
      const attempt = await attemptIn("success", state);
      const applied = await cases[transition](attempt.id);
      expect([state, applied]).toEqual([state, allowed.includes(state)]);
      expect((await reread(attempt.id)).refundState).toBe(allowed.includes(state) ? to : state);
    }
  });

  it("failedReported: the store's refund sent, the store's refund asked or sent, or one from outside nothing else is known of", async () => {
    // The store's refunds were asked for (refundRequestedAt set); one from outside was not.
    const which = { storeSent: ["pending"], storeAsked: ["requested", "pending"], outside: [null, "pending"] } as const;
    for (const [kind, allowed] of Object.entries(which) as [keyof typeof which, readonly (RefundState | null)[]][]) {
      for (const state of refundStates) {
        const attempt = await attemptIn("success", state, { refundRequestedAt: kind === "outside" ? null : now });
        expect([kind, state, await failRefund(sql(), { id: attempt.id }, kind)]).toEqual([kind, state, allowed.includes(state)]);
      }
    }
    // From outside: a refund Paystack started itself is marked the dashboard's; the store's own pending refund is not one.
    const outside = await attemptIn("success", "pending");
    expect(await failRefund(sql(), { id: outside.id }, "outside")).toBe(true);
    expect(await reread(outside.id)).toMatchObject({ refundState: "failed", refundOrigin: "paystack_dashboard" });
    const stores = await attemptIn("success", "pending", { refundRequestedAt: now });
    expect(await failRefund(sql(), { id: stores.id }, "outside")).toBe(false);
  });

  it("booked: only along the table's edges", async () => {
    const attempt = await attemptIn("success", "failed");
    await expect(recordRefundBooked(sql(), attempt.id, { from: "failed", to: "pending", refundedAmountMinor: 500, outside: false, now })).rejects.toThrow(/cannot be booked/);
    await recordRefundBooked(sql(), attempt.id, { from: "failed", to: "partially_refunded", refundedAmountMinor: 500, outside: true, now });
    expect(await reread(attempt.id)).toMatchObject({ refundState: "partially_refunded", refundedAmountMinor: 500, refundOrigin: "paystack_dashboard" });
  });
});

describe("nothing else writes a payment attempt", () => {
  it("no module outside the attempt lifecycle writes the payment_attempts table", async () => {
    const writes = /\bpaymentAttempt\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|(INSERT INTO|UPDATE|DELETE FROM)\s+payment_attempts\b|into:\s*"payment_attempts"/i;
    expect(await sourcesMatching(writes, "features/attempt-lifecycle")).toEqual([]);
  });
});
