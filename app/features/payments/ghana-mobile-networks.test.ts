import { describe, expect, it } from "vitest";
import { topUpMobileMoneySchema } from "~/features/wallet/top-up-payment-schema";
import { movedToOf, networkMismatchMessage, networkNote, networkOfNumber, networkPrefixes, typedNationalPrefix } from "./ghana-mobile-networks";
import { mobileMoneyChargeSchema, mobileMoneyWalletSchema, normaliseGhanaMobileNumber } from "./payment-schema";
import { payoutRequestSchema } from "~/features/payouts/payouts.server";

const charge = (mobileMoney: Record<string, unknown>) =>
  mobileMoneyChargeSchema.safeParse({ email: "ama@example.com", amount: 15255, orderId: 1, currency: "GHS", mobile_money: mobileMoney });
const phoneIssues = (mobileMoney: Record<string, unknown>) =>
  charge(mobileMoney).error?.issues.filter((issue) => issue.path.join(".") === "mobile_money.phone").map((issue) => issue.message) ?? [];

describe("the networks' prefixes", () => {
  it("are MTN 024 025 053 054 055 059, Telecel 020 050, AT 026 027 056 057", () => {
    expect(networkPrefixes).toEqual({
      mtn: ["024", "025", "053", "054", "055", "059"],
      vod: ["020", "050"],
      tgo: ["026", "027", "056", "057"],
    });
  });

  it("name one network each, and every one is a mobile number the store takes", () => {
    const all = Object.values(networkPrefixes).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const prefix of all) expect(normaliseGhanaMobileNumber(`${prefix}1234567`)).toBe(`${prefix}1234567`);
  });

  it.each([
    ["0241234567", "mtn"],
    ["0251234567", "mtn"],
    ["0531234567", "mtn"],
    ["0541234567", "mtn"],
    ["0551234987", "mtn"],
    ["0591234567", "mtn"],
    ["0201234567", "vod"],
    ["0501234567", "vod"],
    ["0261234567", "tgo"],
    ["0271234567", "tgo"],
    ["0561234567", "tgo"],
    ["0571234567", "tgo"],
  ])("reads %s as %s's", (number, network) => {
    expect(networkOfNumber(number)).toBe(network);
  });

  it("knows no network for Glo's 023, Expresso's 028 or a prefix not in use", () => {
    for (const number of ["0231234567", "0281234567", "0511234567", "0581234567", "0211234567"]) expect(networkOfNumber(number)).toBeNull();
  });
});

describe("the sentence naming a number's network", () => {
  it("names it as the number is typed, and says what to do when another network is chosen", () => {
    expect(networkNote("0551234987", null)).toEqual({ network: "mtn", isMismatch: false, sentence: "055 is an MTN number." });
    expect(networkNote("0551234987", "mtn")?.sentence).toBe("055 is an MTN number.");
    expect(networkNote("020", "vod")?.sentence).toBe("020 is a Telecel number.");
    expect(networkNote("0571234567", null)?.sentence).toBe("057 is an AT number.");
    expect(networkNote("0551234987", "vod")).toEqual({
      network: "mtn",
      isMismatch: true,
      sentence: "055 is an MTN number, not Telecel: choose MTN, or tick “My number moved to Telecel” if you moved it.",
    });
    expect(networkNote("0231234567", "mtn")).toBeNull();
    expect(networkNote("05", "mtn")).toBeNull();
  });

  it.each([
    ["05", null],
    ["055", "055"],
    ["055 123", "055123"],
    ["+233 55 1", "0551"],
    ["233551234987", "0551234987"],
    ["00233 20", "020"],
    ["+233 055 1", "0551"],
    ["551234987", null],
  ])("reads the typed %j as the local %j", (typed, national) => {
    expect(typedNationalPrefix(typed)).toBe(national);
  });
});

describe("a mobile-money charge's number and network (server)", () => {
  it("takes a number of the network chosen, and one of a prefix no network is known for", () => {
    expect(charge({ phone: "055 123 4987", provider: "mtn" }).data?.mobile_money).toEqual({ phone: "0551234987", provider: "mtn", ported: false });
    expect(charge({ phone: "+233 20 123 4567", provider: "vod" }).success).toBe(true);
    expect(charge({ phone: "0261234987", provider: "tgo" }).success).toBe(true);
    expect(charge({ phone: "0231234567", provider: "mtn" }).success).toBe(true);
  });

  it("refuses an MTN number with Telecel chosen, naming the network the number belongs to", () => {
    expect(phoneIssues({ phone: "0551234987", provider: "vod" })).toEqual([networkMismatchMessage("055", "mtn", "vod")]);
    expect(phoneIssues({ phone: "+233 24 123 4567", provider: "tgo" })).toEqual(["024 is an MTN number, not AT: choose MTN, or tick “My number moved to AT” if you moved it."]);
    expect(phoneIssues({ phone: "0501234567", provider: "mtn" })).toEqual(["050 is a Telecel number, not MTN: choose Telecel, or tick “My number moved to MTN” if you moved it."]);
  });

  it("takes a ported number when the payer says it moved: a form's checkbox or the API's true", () => {
    expect(charge({ phone: "0551234987", provider: "vod", ported: "on" }).data?.mobile_money).toEqual({ phone: "0551234987", provider: "vod", ported: true });
    expect(charge({ phone: "0551234987", provider: "vod", ported: true }).success).toBe(true);
    expect(charge({ phone: "0551234987", provider: "vod", ported: false }).success).toBe(false);
    expect(charge({ phone: "0551234987", provider: "vod", ported: "yes please" }).success).toBe(false);
  });

  it("says only what is wrong first: a short number or no network is not also called another network's", () => {
    expect(phoneIssues({ phone: "055", provider: "vod" })).toEqual(["Phone number must be at least 10 digits"]);
    expect(charge({ phone: "0551234987" }).error?.issues.map((issue) => issue.message)).toEqual(["Please select a valid provider"]);
  });

  it("is the same check on the top-up page's form", () => {
    expect(topUpMobileMoneySchema.safeParse({ mobile_money: { phone: "0551234987", provider: "vod" } }).error?.issues[0]?.message).toBe(networkMismatchMessage("055", "mtn", "vod"));
    expect(topUpMobileMoneySchema.safeParse({ mobile_money: { phone: "0551234987", provider: "vod", ported: "on" } }).success).toBe(true);
    expect(mobileMoneyWalletSchema.safeParse({ phone: "0561234567", provider: "tgo" }).success).toBe(true);
  });
});

describe("a worker's payout wallet (the same rule)", () => {
  it("refuses a number of another network's prefix unless it moved, and names the network to offer", () => {
    expect(payoutRequestSchema.safeParse({ amount: "20", phone: "0551234987", provider: "vod" }).error?.issues[0]).toMatchObject({ path: ["phone"], message: networkMismatchMessage("055", "mtn", "vod") });
    expect(payoutRequestSchema.safeParse({ amount: "20", phone: "0551234987", provider: "vod", ported: "on" }).success).toBe(true);
    expect(payoutRequestSchema.safeParse({ amount: "20", phone: "0241234567", provider: "mtn" }).success).toBe(true);
    expect([movedToOf("+233 55 123 4987", "vod"), movedToOf("0551234987", "mtn"), movedToOf("0231234567", "vod"), movedToOf(null, "vod"), movedToOf("0551234987", "xyz")]).toEqual(["vod", null, null, null, null]);
  });
});
