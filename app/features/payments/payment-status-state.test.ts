import { describe, expect, it } from "vitest";
import { MAX_STATUS_CHECKS, formatCheckTime, formatElapsed, readStatusQuery, stateAfterCheck, statusCopy, statusPageHref } from "./payment-status-state";

describe("the payment status page's states (SPEC §4, §8, §9)", () => {
  it("reads verify statuses; open ones stay pending or ongoing until the 24th check, then time out", () => {
    expect(stateAfterCheck("success", 1)).toBe("success");
    expect(stateAfterCheck("failed", 1)).toBe("failed");
    expect(stateAfterCheck("reversed", 1)).toBe("failed");
    expect(stateAfterCheck("abandoned", 1)).toBe("abandoned");
    expect(stateAfterCheck("ongoing", 3)).toBe("ongoing");
    expect(stateAfterCheck("queued", 3)).toBe("pending");
    expect(stateAfterCheck(undefined, 3)).toBe("pending");
    expect(stateAfterCheck("ongoing", MAX_STATUS_CHECKS - 1)).toBe("ongoing");
    expect(stateAfterCheck("ongoing", MAX_STATUS_CHECKS)).toBe("timeout");
    // An end state reached on the last check is that state, not a timeout.
    expect(stateAfterCheck("success", MAX_STATUS_CHECKS)).toBe("success");
    expect(MAX_STATUS_CHECKS).toBe(24);
  });

  it("titles and describes each state in SPEC §8's words", () => {
    expect(statusCopy("failed", "Insufficient funds")).toEqual({ title: "Payment Failed", description: "Insufficient funds" });
    expect(statusCopy("failed", null)).toEqual({ title: "Payment Failed", description: "Your payment could not be processed." });
    expect(statusCopy("abandoned")).toEqual({ title: "Payment Abandoned", description: "The payment was not completed within the time limit." });
    expect(statusCopy("timeout")).toEqual({
      title: "Payment Timeout",
      description: "We couldn't verify your payment status. Please contact support if you completed the payment.",
    });
    expect(statusCopy("ongoing")).toEqual({ title: "Waiting for Payment", description: "Please complete the authorization on your mobile device." });
    expect(statusCopy("success").title).toBe("Payment Successful!");
  });

  it("shows elapsed time as m:ss and check times in Ghana's time", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(75)).toBe("1:15");
    expect(formatElapsed(600)).toBe("10:00");
    expect(formatCheckTime(new Date("2026-11-21T15:16:07Z"))).toBe("15:16:07 GMT");
  });
});

describe("the status page's query", () => {
  it("defaults the currency to GHS and drops values that are not what they claim", () => {
    expect(readStatusQuery(new URLSearchParams("orderId=12&amount=152.55"))).toEqual({ orderId: 12, topUpId: null, amount: "152.55", currency: "GHS", checks: 0, startedAt: null });
    expect(readStatusQuery(new URLSearchParams("orderId=abc&topUpId=-1&amount=lots&currency=EUR&checks=-3&started=x"))).toEqual({
      orderId: null,
      topUpId: null,
      amount: null,
      currency: "GHS",
      checks: 0,
      startedAt: null,
    });
    expect(readStatusQuery(new URLSearchParams("currency=USD&checks=99&started=1700000000000"))).toMatchObject({ currency: "USD", checks: 24, startedAt: 1700000000000 });
  });

  it("carries the order, the amount, the checks and the start to the next page load", () => {
    expect(statusPageHref("smb_3_ff", { orderId: 3, amount: "10.17", currency: "GHS", checks: 4, startedAt: 1700000000000 })).toBe(
      "/payment-status/smb_3_ff?orderId=3&amount=10.17&currency=GHS&checks=4&started=1700000000000",
    );
    expect(statusPageHref("smb_3_ff", {})).toBe("/payment-status/smb_3_ff?currency=GHS");
  });
});
