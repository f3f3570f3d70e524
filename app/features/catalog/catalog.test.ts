import { describe, expect, it } from "vitest";
import { type CatalogService, defaultQuantityFor, formatMinor, packageFor, presetQuantities, presetQuantitiesFor, priceOrder, targetUrlFor } from "./catalog";

/** SPEC §9's services as the migration seeds them. */
const followers = (platform: "instagram" | "tiktok" | "youtube", unitPriceMinor: number): CatalogService => ({
  id: `custom-${platform}`,
  number: 1,
  platform,
  kind: platform === "youtube" ? "subscribers" : "followers",
  target: "profile",
  name: "",
  description: "",
  unitPriceMinor,
  workerRewardMinor: Math.round(unitPriceMinor * 0.3),
  minQuantity: 50,
  maxQuantity: 100_000,
  refillDays: 30,
  dripFeed: true,
  cancel: true,
  deliveryTime: platform === "youtube" ? "48-72 Hours" : "24-48 Hours",
  active: true,
  position: 1,
});
const instagram = followers("instagram", 150);
const youtube = followers("youtube", 200);
const tiktokLikes: CatalogService = { ...followers("tiktok", 25), id: "tiktok-likes", kind: "likes", target: "post", minQuantity: 20, maxQuantity: 50_000, workerRewardMinor: 8 };

describe("priceOrder", () => {
  it("computes SPEC's example: 100 Instagram followers cost 150.00, fee 2.55, total 152.55", () => {
    expect(priceOrder(instagram, 100)).toEqual({ priceMinor: 15000, feeMinor: 255, totalMinor: 15255, currency: "GHS" });
  });

  it("matches unit price x quantity, and a fee of 1.7 % rounded to the pesewa, for every preset", () => {
    for (const service of [instagram, youtube, tiktokLikes]) {
      for (const quantity of [...presetQuantitiesFor(service), service.minQuantity, 51, 99, 333, service.maxQuantity]) {
        const { priceMinor, feeMinor, totalMinor } = priceOrder(service, quantity);
        expect(priceMinor).toBe(service.unitPriceMinor * quantity);
        expect(feeMinor).toBe(Math.round(priceMinor * 0.017));
        expect(totalMinor).toBe(priceMinor + feeMinor);
      }
    }
  });

  it("refuses quantities outside the service's bounds or not whole", () => {
    for (const quantity of [0, 49, 100_001, 50.5, Number.NaN]) expect(() => priceOrder(instagram, quantity)).toThrow(RangeError);
    expect(() => priceOrder(tiktokLikes, 19)).toThrow(RangeError);
    expect(priceOrder(tiktokLikes, 20).priceMinor).toBe(500);
  });
});

describe("quantities offered", () => {
  it("are SPEC's presets for followers, and those within bounds, led by the minimum, for other services", () => {
    expect(presetQuantitiesFor(instagram)).toEqual([...presetQuantities]);
    expect(presetQuantitiesFor(tiktokLikes)).toEqual([20, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000]);
    expect(presetQuantitiesFor({ minQuantity: 5, maxQuantity: 1000 })).toEqual([5, 50, 100, 250, 500, 1000]);
    expect(defaultQuantityFor(instagram)).toBe(100);
    expect(defaultQuantityFor({ minQuantity: 500, maxQuantity: 1000 })).toBe(500);
    expect(defaultQuantityFor({ minQuantity: 1, maxQuantity: 10 })).toBe(10);
  });
});

describe("packageFor", () => {
  it("builds SPEC's package shape", () => {
    expect(packageFor(youtube, 1000)).toEqual({
      id: "custom-youtube",
      name: "1,000 Subscribers",
      description: "1,000 YouTube subscribers from real people, delivered gradually.",
      platform: "youtube",
      price: "2000.00",
      quantity: 1000,
      deliveryTime: "48-72 Hours",
      features: ["1,000 Real Subscribers", "100% Safe & Secure", "Gradual Delivery", "No Password Required", "24/7 Support"],
    });
    expect(packageFor(instagram, 100)).toMatchObject({ name: "100 Followers", price: "150.00", deliveryTime: "24-48 Hours" });
    expect(packageFor(tiktokLikes, 100)).toMatchObject({ id: "tiktok-likes", name: "100 Likes", price: "25.00" });
  });
});

describe("helpers", () => {
  it("derives each platform's profile address from the username", () => {
    expect(targetUrlFor("twitter", "@ama")).toBe("https://x.com/ama");
    expect(targetUrlFor("facebook", "ama.page")).toBe("https://www.facebook.com/ama.page");
    expect(targetUrlFor("tiktok", "@ama")).toBe("https://www.tiktok.com/@ama");
  });

  it("formats minor units with two decimals", () => {
    expect(formatMinor(15255)).toBe("152.55");
    expect(formatMinor(5)).toBe("0.05");
    expect(formatMinor(0)).toBe("0.00");
  });
});
