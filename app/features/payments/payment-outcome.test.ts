import { describe, expect, it } from "vitest";
import { cardOutcome, chargeStepOutcome, mobileMoneyOutcome, otpOutcome, paymentStatusHref, providerMessage, webPageUrl } from "./payment-outcome";
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
    expect(cardOutcome(answer(true, "unknown", { message: "" }))).toEqual({ kind: "error", message: "Payment failed" });
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
    expect(mobileMoneyOutcome(answer(true, "processing", { message: "Still checking" }))).toEqual({
      kind: "notice",
      notice: { title: "Payment Status", description: "Still checking" },
      reference: "smb_1_abcdef",
    });
  });
});

describe("the charge steps beyond PIN and OTP (Paystack's send_phone, send_birthday, send_address, open_url)", () => {
  it("asks for a phone number, a date of birth or a billing address, in the provider's words when it gives some", () => {
    expect(cardOutcome(answer(true, "send_phone"))).toEqual({
      kind: "phone",
      reference: "smb_1_abcdef",
      notice: { title: "Phone Number Required", description: "Please enter the phone number registered with your card's bank." },
    });
    expect(cardOutcome(answer(true, "send_birthday", { display_text: "Please enter your date of birth" }))).toEqual({
      kind: "birthday",
      reference: "smb_1_abcdef",
      notice: { title: "Date of Birth Required", description: "Please enter your date of birth" },
    });
    expect(cardOutcome(answer(true, "send_address")).kind).toBe("address");
    // The same reading wherever the step comes from: after a mobile-money charge, an OTP or another step.
    expect(mobileMoneyOutcome(answer(true, "send_phone")).kind).toBe("phone");
    expect(otpOutcome(answer(true, "send_birthday")).kind).toBe("birthday");
    expect(chargeStepOutcome(answer(true, "send_otp")).kind).toBe("otp");
    expect(chargeStepOutcome(answer(true, "success"))).toEqual({ kind: "success" });
  });

  it("sends the payer to open_url's page, an http(s) address only", () => {
    expect(cardOutcome(answer(true, "open_url", { url: "https://standard.paystack.co/3ds/abc?x=1" }))).toEqual({
      kind: "redirect",
      reference: "smb_1_abcdef",
      url: "https://standard.paystack.co/3ds/abc?x=1",
    });
    expect(mobileMoneyOutcome(answer(true, "open_url", { url: "http://127.0.0.1:3000/sandbox/paystack/3ds/smb_1_abcdef" })).kind).toBe("redirect");
    for (const url of ["javascript:alert(1)", "data:text/html,hi", "//evil.example/x", "/relative", "", null, undefined]) {
      expect(cardOutcome(answer(true, "open_url", { url }))).toEqual({
        kind: "error",
        message: "Your bank's verification page could not be opened. Please try again, or use another card or mobile money.",
      });
    }
    expect(webPageUrl("HTTPS://Example.com/a b")).toBe("https://example.com/a%20b");
  });

  it("ends a step whose call failed as a payment error with the provider's words", () => {
    expect(chargeStepOutcome(answer(false, "failed", { gateway_response: "Date of birth could not be verified" }))).toEqual({
      kind: "error",
      message: "Date of birth could not be verified",
    });
    // A refused call never leads to a further step, whatever its data says.
    expect(cardOutcome(answer(false, "send_phone", { message: "Declined" }))).toEqual({ kind: "error", message: "Declined" });
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
