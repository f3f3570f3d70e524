import { describe, expect, it } from "vitest";
import { packageFor } from "~/features/catalog/catalog";
import { draftFor, newCheckoutKey, parseStoredDraft } from "./checkout-draft";
import { accountVerificationSchema, quantityFromText, quantityProblem, screenshotProblem } from "./verification-schema";

const stored = (draft: unknown) => JSON.stringify(draft);

describe("the checkout draft in session storage", () => {
  it("round-trips SPEC §3's shape into a selection", () => {
    const draft = draftFor(packageFor("tiktok", 500), "@ama.grows", "data:image/png;base64,AAAA", "key-1");
    expect(draft).toEqual({
      package: { id: "custom-tiktok", name: "500 Followers", platform: "tiktok", description: expect.any(String), price: "750.00", quantity: 500 },
      username: "@ama.grows",
      screenshot: "data:image/png;base64,AAAA",
      currency: "GHS",
      checkoutKey: "key-1",
    });
    expect(parseStoredDraft(stored(draft))).toEqual({
      platform: "tiktok",
      quantity: 500,
      username: "@ama.grows",
      screenshot: { kind: "data-url", dataUrl: "data:image/png;base64,AAAA" },
      checkoutKey: "key-1",
    });
  });

  it.each([
    ["missing", null],
    ["not JSON", "{oops"],
    ["not an object", "42"],
    ["a package id of another platform", stored(draftFor({ ...packageFor("tiktok", 100), id: "custom-instagram" }, "@a", null, "k"))],
    ["a quantity past the limit", stored(draftFor({ ...packageFor("tiktok", 100), quantity: 100_001 }, "@a", null, "k"))],
    ["a malformed username", stored(draftFor(packageFor("tiktok", 100), "@bad name", null, "k"))],
    ["a screenshot that is not an image data URL", stored(draftFor(packageFor("tiktok", 100), "@a", "https://evil.example/x.png", "k"))],
    ["no checkout key", stored({ ...draftFor(packageFor("tiktok", 100), "@a", null, "k"), checkoutKey: undefined })],
  ])("is unparseable when %s", (_case, text) => {
    expect(parseStoredDraft(text)).toBeNull();
  });

  it("adds the @ a username lacks", () => {
    expect(parseStoredDraft(stored(draftFor(packageFor("youtube", 50), "ama.tv", null, "k")))?.username).toBe("@ama.tv");
  });

  it("makes fresh idempotency keys the orders API accepts", () => {
    const keys = new Set(Array.from({ length: 50 }, newCheckoutKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("SPEC §5's rules on the packages page", () => {
  it.each([
    ["", 0, "The minimum you can buy is 50"],
    ["49", 49, "The minimum you can buy is 50"],
    ["50", 50, null],
    ["100000", 100_000, null],
    ["100001", 100_001, "Maximum limit is 100,000"],
  ])("custom amount %j", (text, quantity, problem) => {
    expect(quantityFromText(text)).toBe(quantity);
    expect(quantityProblem(quantityFromText(text))).toBe(problem);
  });

  it("treats anything but digits as no quantity", () => {
    expect(quantityProblem(quantityFromText("1e3"))).toBe("Enter a whole number");
    expect(quantityProblem(quantityFromText("-60"))).toBe("Enter a whole number");
  });

  it("checks a chosen screenshot's type and size with SPEC's notices", () => {
    expect(screenshotProblem({ type: "image/png", size: 5 * 1024 * 1024 })).toBeNull();
    expect(screenshotProblem({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toEqual({ title: "File Too Large", description: "Please upload an image smaller than 5MB" });
    expect(screenshotProblem({ type: "application/pdf", size: 10 })).toEqual({ title: "Invalid File Type", description: "Please upload an image file (PNG, JPG, etc.)" });
  });

  it("validates the no-JavaScript verification form", () => {
    const file = new File([new Uint8Array([1])], "a.png");
    const base = { platform: "instagram", quantity: "100", username: "ama", screenshot: file };
    expect(accountVerificationSchema.parse(base)).toMatchObject({ platform: "instagram", quantity: 100, username: "@ama" });
    const messages = (input: Record<string, unknown>) => {
      const result = accountVerificationSchema.safeParse({ ...base, ...input });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ username: "" })).toEqual(["Username is required"]);
    expect(messages({ username: "bad name" })).toEqual(["Invalid username format"]);
    expect(messages({ screenshot: new File([], "") })).toEqual(["Please upload a screenshot of your account"]);
    expect(messages({ screenshot: "text" })).toEqual(["Please upload a screenshot of your account"]);
    expect(messages({ quantity: "20" })).toEqual(["Choose a quantity from 50 to 100,000"]);
    expect(messages({ platform: "twitter" })).toEqual(["Choose Instagram, TikTok or YouTube"]);
  });
});
