import { describe, expect, it } from "vitest";
import { payoutRequestSchema } from "~/features/payouts/payouts.server";
import { ghanaMobileNumberMessage, ghanaMobileNumberSchema, mobileMoneyChargeSchema, normaliseGhanaMobileNumber } from "./payment-schema";

const issuesOf = (value: unknown) => ghanaMobileNumberSchema.safeParse(value).error?.issues.map((issue) => issue.message);

describe("Ghana mobile numbers", () => {
  it.each(["+233 55 123 4987", "233551234987", "+233551234987", "055 123 4987", "0551234987", "00233 55 123 4987", "+233 (0)55-123-4987", "+233 055 123 4987"])(
    "reads %j as the local form 0551234987",
    (written) => {
      expect(normaliseGhanaMobileNumber(written)).toBe("0551234987");
      expect(ghanaMobileNumberSchema.parse(written)).toBe("0551234987");
    },
  );

  it("keeps every mobile prefix, 02x and 05x (MTN, Telecel, AirtelTigo)", () => {
    for (const number of ["0201234567", "0231234567", "0241234567", "0261234567", "0271234567", "0501234567", "0541234567", "0561234567", "0591234567"]) {
      expect(normaliseGhanaMobileNumber(number)).toBe(number);
    }
    expect(normaliseGhanaMobileNumber("+233 24 123 4567")).toBe("0241234567");
  });

  it("gives SPEC's message to fewer than 10 digits", () => {
    expect(issuesOf("055123")).toEqual(["Phone number must be at least 10 digits"]);
    expect(issuesOf("+233 55 123")).toEqual(["Phone number must be at least 10 digits"]);
    expect(issuesOf("")).toEqual(["Phone number must be at least 10 digits"]);
    expect(issuesOf(undefined)).toEqual(["Phone number must be at least 10 digits"]);
  });

  it.each([
    ["a landline", "0302123456"],
    ["a foreign number", "+44 7700 900123"],
    ["a digit too many", "05512349870"],
    ["a country code with too many digits after it", "+233 55 123 49870"],
    ["no trunk 0 and no country code", "5512349870"],
  ])("refuses %s with one clear message", (_case, written) => {
    expect(normaliseGhanaMobileNumber(written)).toBeNull();
    expect(issuesOf(written)).toEqual([ghanaMobileNumberMessage]);
  });

  it("is the number a mobile-money charge and a payout carry", () => {
    const charge = mobileMoneyChargeSchema.parse({ email: "ama@example.com", amount: 15255, orderId: 1, currency: "GHS", mobile_money: { phone: "+233 55 123 4987", provider: "mtn" } });
    expect(charge.mobile_money.phone).toBe("0551234987");
    expect(payoutRequestSchema.parse({ amount: 20, phone: "233241234567", provider: "mtn" }).phone).toBe("0241234567");
    expect(payoutRequestSchema.safeParse({ amount: 20, phone: "0302123456", provider: "mtn" }).error?.issues[0]?.message).toBe(ghanaMobileNumberMessage);
  });
});
