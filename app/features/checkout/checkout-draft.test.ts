import { describe, expect, it } from "vitest";
import { type CatalogService, packageFor } from "~/features/catalog/catalog";
import { draftFor, newCheckoutKey, packageOf, parseStoredDraft, storefrontOrder, storefrontServiceOf } from "./checkout-draft";
import { accountVerificationSchemaFor, quantityFromText, quantityProblem, screenshotProblem } from "./verification-schema";

const stored = (draft: unknown) => JSON.stringify(draft);

/** Services as the migration seeds them (prisma/migrations/20261129120100_services). */
function service(fields: Partial<CatalogService> & Pick<CatalogService, "id" | "platform" | "kind" | "target">): CatalogService {
  return {
    number: 1,
    name: fields.id,
    description: "",
    unitPriceMinor: 150,
    workerRewardMinor: 45,
    minQuantity: 50,
    maxQuantity: 100_000,
    refillDays: 30,
    dripFeed: true,
    cancel: true,
    deliveryTime: "24-48 Hours",
    active: true,
    position: 10,
    ...fields,
  };
}

const tiktokFollowers = service({ id: "custom-tiktok", platform: "tiktok", kind: "followers", target: "profile", position: 20 });
const youtubeSubscribers = service({ id: "custom-youtube", platform: "youtube", kind: "subscribers", target: "profile", unitPriceMinor: 200, deliveryTime: "48-72 Hours" });
const tiktokLikes = service({ id: "tiktok-likes", platform: "tiktok", kind: "likes", target: "post", unitPriceMinor: 25, minQuantity: 20, maxQuantity: 50_000, refillDays: 0, position: 21 });
const tiktokComments = service({ id: "tiktok-comments", platform: "tiktok", kind: "comments", target: "post", unitPriceMinor: 100, minQuantity: 5, maxQuantity: 1000, position: 23 });
const catalogue = [tiktokFollowers, youtubeSubscribers, tiktokLikes, tiktokComments];
const findService = (id: string) => catalogue.find((candidate) => candidate.id === id);
const videoLink = "https://www.tiktok.com/@ama.grows/video/7412345678901234567";

describe("the checkout draft in session storage", () => {
  it("round-trips SPEC §3's shape into a selection", () => {
    const draft = draftFor(packageFor(tiktokFollowers, 500), { username: "@ama.grows" }, "data:image/png;base64,AAAA", "key-1");
    expect(draft).toEqual({
      package: { id: "custom-tiktok", name: "500 Followers", platform: "tiktok", description: expect.any(String), price: "750.00", quantity: 500 },
      username: "@ama.grows",
      screenshot: "data:image/png;base64,AAAA",
      currency: "GHS",
      checkoutKey: "key-1",
    });
    expect(parseStoredDraft(stored(draft), findService)).toEqual({
      serviceId: "custom-tiktok",
      platform: "tiktok",
      quantity: 500,
      username: "@ama.grows",
      postUrl: null,
      comments: [],
      screenshot: { kind: "data-url", dataUrl: "data:image/png;base64,AAAA" },
      checkoutKey: "key-1",
    });
  });

  it("carries a post service's link, and a comments service's lines, without a screenshot", () => {
    const likes = draftFor(packageFor(tiktokLikes, 100), { link: videoLink }, null, "key-2");
    expect(likes).toMatchObject({ package: { id: "tiktok-likes", name: "100 Likes", price: "25.00", quantity: 100 }, link: videoLink });
    expect(parseStoredDraft(stored(likes), findService)).toEqual({
      serviceId: "tiktok-likes",
      platform: "tiktok",
      quantity: 100,
      username: "",
      postUrl: videoLink,
      comments: [],
      screenshot: null,
      checkoutKey: "key-2",
    });
    const lines = ["Fire 🔥", "Love this", "So good", "Again!", "Wow"];
    const comments = draftFor(packageFor(tiktokComments, 5), { link: videoLink, comments: lines }, null, "key-3");
    expect(parseStoredDraft(stored(comments), findService)).toMatchObject({ serviceId: "tiktok-comments", quantity: 5, postUrl: videoLink, comments: lines });
  });

  it.each([
    ["missing", null],
    ["not JSON", "{oops"],
    ["not an object", "42"],
    ["a package id of another platform", stored(draftFor({ ...packageFor(tiktokFollowers, 100), id: "custom-youtube" }, { username: "@a" }, null, "k"))],
    ["a package no longer on sale", stored(draftFor({ ...packageFor(tiktokFollowers, 100), id: "tiktok-shares" }, { username: "@a" }, null, "k"))],
    ["a quantity past the limit", stored(draftFor({ ...packageFor(tiktokFollowers, 100), quantity: 100_001 }, { username: "@a" }, null, "k"))],
    ["a quantity past the service's own limit", stored(draftFor({ ...packageFor(tiktokLikes, 100), quantity: 50_001 }, { link: videoLink }, null, "k"))],
    ["a malformed username", stored(draftFor(packageFor(tiktokFollowers, 100), { username: "@bad name" }, null, "k"))],
    ["a profile service without a username", stored(draftFor(packageFor(tiktokFollowers, 100), { link: videoLink }, null, "k"))],
    ["a post service with a profile link", stored(draftFor(packageFor(tiktokLikes, 100), { link: "https://www.tiktok.com/@ama.grows" }, null, "k"))],
    ["a comments service with too few lines", stored(draftFor(packageFor(tiktokComments, 5), { link: videoLink, comments: ["one"] }, null, "k"))],
    ["a screenshot that is not an image data URL", stored(draftFor(packageFor(tiktokFollowers, 100), { username: "@a" }, "https://evil.example/x.png", "k"))],
    ["no checkout key", stored({ ...draftFor(packageFor(tiktokFollowers, 100), { username: "@a" }, null, "k"), checkoutKey: undefined })],
  ])("is unparseable when %s", (_case, text) => {
    expect(parseStoredDraft(text, findService)).toBeNull();
  });

  it("is unparseable when its service was disabled since", () => {
    const draft = stored(draftFor(packageFor(tiktokLikes, 100), { link: videoLink }, null, "k"));
    expect(parseStoredDraft(draft, (id) => (id === "tiktok-likes" ? { ...tiktokLikes, active: false } : undefined))).toBeNull();
  });

  it("adds the @ a username lacks", () => {
    expect(parseStoredDraft(stored(draftFor(packageFor(youtubeSubscribers, 50), { username: "ama.tv" }, null, "k")), findService)?.username).toBe("@ama.tv");
  });

  it("prices the package from the service, not from the draft", () => {
    const draft = parseStoredDraft(stored({ ...draftFor(packageFor(tiktokLikes, 100), { link: videoLink }, null, "k"), package: { ...packageFor(tiktokLikes, 100), price: "0.01" } }), findService);
    expect(draft && packageOf(draft, tiktokLikes)).toMatchObject({ name: "100 Likes", price: "25.00" });
  });

  it("makes fresh idempotency keys the orders API accepts", () => {
    const keys = new Set(Array.from({ length: 50 }, newCheckoutKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("the services a storefront page gets", () => {
  it("lists followers first, then the operator's order, without the workers' reward", () => {
    const views = service({ id: "tiktok-views", platform: "tiktok", kind: "views", target: "post", position: 5 });
    expect(storefrontOrder([tiktokComments, views, tiktokLikes, tiktokFollowers]).map(({ id }) => id)).toEqual(["custom-tiktok", "tiktok-views", "tiktok-likes", "tiktok-comments"]);
    expect(storefrontServiceOf(tiktokLikes)).toEqual({ ...tiktokLikes, workerRewardMinor: 0 });
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
    expect(quantityProblem(quantityFromText(text), tiktokFollowers)).toBe(problem);
  });

  it("holds a custom amount to the service's own bounds, in SPEC's words", () => {
    expect(quantityProblem(19, tiktokLikes)).toBe("The minimum you can buy is 20");
    expect(quantityProblem(20, tiktokLikes)).toBeNull();
    expect(quantityProblem(50_001, tiktokLikes)).toBe("Maximum limit is 50,000");
    expect(quantityProblem(1001, tiktokComments)).toBe("Maximum limit is 1,000");
  });

  it("treats anything but digits as no quantity", () => {
    expect(quantityProblem(quantityFromText("1e3"), tiktokFollowers)).toBe("Enter a whole number");
    expect(quantityProblem(quantityFromText("-60"), tiktokFollowers)).toBe("Enter a whole number");
  });

  it("checks a chosen screenshot's type and size with SPEC's notices", () => {
    expect(screenshotProblem({ type: "image/png", size: 5 * 1024 * 1024 })).toBeNull();
    expect(screenshotProblem({ type: "image/png", size: 5 * 1024 * 1024 + 1 })).toEqual({ title: "File Too Large", description: "Please upload an image smaller than 5MB" });
    expect(screenshotProblem({ type: "application/pdf", size: 10 })).toEqual({ title: "Invalid File Type", description: "Please upload an image file (PNG, JPG, etc.)" });
  });

  it("validates the no-JavaScript verification form", () => {
    const file = new File([new Uint8Array([1])], "a.png");
    const base = { quantity: "100", username: "ama", screenshot: file };
    const schema = accountVerificationSchemaFor(tiktokFollowers);
    expect(schema.parse(base)).toMatchObject({ quantity: 100, username: "@ama" });
    const messages = (input: Record<string, unknown>) => {
      const result = schema.safeParse({ ...base, ...input });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ username: "" })).toEqual(["Username is required"]);
    expect(messages({ username: "bad name" })).toEqual(["Invalid username format"]);
    expect(messages({ screenshot: new File([], "") })).toEqual(["Please upload a screenshot of your account"]);
    expect(messages({ screenshot: "text" })).toEqual(["Please upload a screenshot of your account"]);
    expect(messages({ quantity: "20" })).toEqual(["Choose a quantity from 50 to 100,000"]);
  });
});
