import { describe, expect, it } from "vitest";
import { cardOutcome, mobileMoneyOutcome, otpOutcome, paymentStatusHref, providerMessage } from "./payment-outcome";
import type { ChargeResponse } from "./payment-schema";

const answer = (status: boolean, dataStatus: string, extra: Partial<ChargeResponse["data"]> & { message?: string } = {}): ChargeResponse => {
  const { message = "Charge attempted", ...data } = extra;
  return { status, message, data: { status: dataStatus, reference: "smb_1_abcdef", ...data } };
};

describe("cardOutcome (SPEC §4 card charge result)", () => {
  it("completes on success, asks for the PIN on send_pin and opens the OTP overlay on send_otp", () => {
    expect(cardOutcome(answer(true, "success"))).toEqual({ kind: "success" });
    expect(cardOutcome(answer(true, "send_pin"))).toEqual({
      kind: "pin",
      reference: "smb_1_abcdef",
      notice: { title: "PIN Required", description: "Please enter your card PIN to continue." },
    });
    expect(cardOutcome(answer(true, "send_otp", { display_text: "Enter the code sent to 024***" }))).toEqual({
      kind: "otp",
      reference: "smb_1_abcdef",
      notice: { title: "OTP Required", description: "Enter the code sent to 024***" },
    });
  });

  it("treats anything else as a payment error carrying the provider's words", () => {
    expect(cardOutcome(answer(false, "failed", { gateway_response: "Declined", message: "Declined" }))).toEqual({ kind: "error", message: "Declined" });
    expect(cardOutcome(answer(true, "send_birthday", { message: "" }))).toEqual({ kind: "error", message: "Payment failed" });
    // A next step without a reference cannot go on.
    expect(cardOutcome({ status: true, message: "PIN needed", data: { status: "send_pin", reference: "" } })).toEqual({ kind: "error", message: "PIN needed" });
  });
});

describe("mobileMoneyOutcome (SPEC §4 mobile-money result)", () => {
  it("goes to the status page on pay_offline and to the OTP overlay on send_otp", () => {
    expect(mobileMoneyOutcome(answer(true, "pay_offline"))).toEqual({ kind: "offline", reference: "smb_1_abcdef" });
    expect(mobileMoneyOutcome(answer(true, "send_otp")).kind).toBe("otp");
    expect(mobileMoneyOutcome(answer(true, "success"))).toEqual({ kind: "success" });
  });

  it("says 'Payment Pending' and keeps the reference; a false status is 'Payment Failed', anything else 'Payment Status'", () => {
    expect(mobileMoneyOutcome(answer(true, "pending", { message: "Processing" }))).toEqual({
      kind: "notice",
      notice: { title: "Payment Pending", description: "Processing" },
      reference: "smb_1_abcdef",
    });
    expect(mobileMoneyOutcome(answer(false, "failed", { gateway_response: "Insufficient funds" }))).toEqual({
      kind: "notice",
      notice: { title: "Payment Failed", description: "Insufficient funds", variant: "destructive" },
      reference: "smb_1_abcdef",
    });
    expect(mobileMoneyOutcome(answer(true, "send_phone", { message: "Enter your phone" }))).toEqual({
      kind: "notice",
      notice: { title: "Payment Status", description: "Enter your phone" },
      reference: "smb_1_abcdef",
    });
  });
});

describe("otpOutcome (SPEC §4 OTP)", () => {
  it("completes on success; a false status is 'Invalid OTP. Please try again.'; other answers are 'OTP Status'", () => {
    expect(otpOutcome(answer(true, "success"))).toEqual({ kind: "success" });
    expect(otpOutcome(answer(false, "failed", { gateway_response: "Incorrect OTP" }))).toEqual({
      kind: "notice",
      notice: { title: "OTP Verification Failed", description: "Invalid OTP. Please try again.", variant: "destructive" },
      reference: null,
    });
    expect(otpOutcome(answer(true, "processing", { message: "Still checking" }))).toEqual({
      kind: "notice",
      notice: { title: "OTP Status", description: "Still checking" },
      reference: "smb_1_abcdef",
    });
    expect(otpOutcome(answer(true, "pay_offline"))).toEqual({ kind: "offline", reference: "smb_1_abcdef" });
  });
});

describe("providerMessage and paymentStatusHref", () => {
  it("prefers the gateway's response, then the message, then SPEC's 'Payment failed'", () => {
    expect(providerMessage({ message: "Charge failed", data: { gateway_response: "Expired Card" } })).toBe("Expired Card");
    expect(providerMessage({ message: "Charge failed", data: { gateway_response: " " } })).toBe("Charge failed");
    expect(providerMessage({ message: "" })).toBe("Payment failed");
  });

  it("links the status page with the order id, the amount in cedis and the currency", () => {
    expect(paymentStatusHref("smb_7_ab12", { id: 7, amount: 152.55, currency: "GHS" })).toBe("/payment-status/smb_7_ab12?orderId=7&amount=152.55&currency=GHS");
    expect(paymentStatusHref("smb_7_ab12", { id: 7, amount: 1500, currency: "GHS" })).toBe("/payment-status/smb_7_ab12?orderId=7&amount=1500.00&currency=GHS");
  });
});
