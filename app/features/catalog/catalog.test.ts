import { describe, expect, it } from "vitest";
import { catalogPlatforms, formatMinor, maximumQuantity, minimumQuantity, packageFor, platformFromPackageId, presetQuantities, priceOrder } from "./catalog";

describe("priceOrder", () => {
  it("computes SPEC's example: 100 Instagram followers cost 150.00, fee 2.55, total 152.55", () => {
    expect(priceOrder("instagram", 100)).toEqual({ priceMinor: 15000, feeMinor: 255, totalMinor: 15255, currency: "GHS" });
  });

  it("matches price x 1.017 rounded to the pesewa for every preset on every platform", () => {
    for (const platform of catalogPlatforms) {
      for (const quantity of [...presetQuantities, minimumQuantity, 51, 99, 333, 99_999, maximumQuantity]) {
        const { priceMinor, feeMinor, totalMinor } = priceOrder(platform, quantity);
        expect(priceMinor).toBe((platform === "youtube" ? 200 : 150) * quantity);
        expect(feeMinor).toBe(Math.round(priceMinor * 0.017));
        expect(totalMinor).toBe(priceMinor + feeMinor);
      }
    }
  });

  it("refuses quantities outside 50-100,000 or not whole", () => {
    for (const quantity of [0, 49, 100_001, 50.5, Number.NaN]) expect(() => priceOrder("instagram", quantity)).toThrow(RangeError);
  });
});

describe("packageFor", () => {
  it("builds SPEC's package shape", () => {
    expect(packageFor("youtube", 1000)).toEqual({
      id: "custom-youtube",
      name: "1,000 Subscribers",
      description: "1,000 YouTube subscribers from real people, delivered gradually.",
      platform: "youtube",
      price: "2000.00",
      quantity: 1000,
      deliveryTime: "48-72 Hours",
      features: ["1,000 Real Subscribers", "100% Safe & Secure", "Gradual Delivery", "No Password Required", "24/7 Support"],
    });
    expect(packageFor("instagram", 100)).toMatchObject({ name: "100 Followers", price: "150.00", deliveryTime: "24-48 Hours" });
  });
});

describe("helpers", () => {
  it("reads the platform from a package id", () => {
    expect(platformFromPackageId("custom-tiktok")).toBe("tiktok");
    expect(platformFromPackageId("custom-facebook")).toBeNull();
    expect(platformFromPackageId("tiktok")).toBeNull();
  });

  it("formats minor units with two decimals", () => {
    expect(formatMinor(15255)).toBe("152.55");
    expect(formatMinor(5)).toBe("0.05");
    expect(formatMinor(0)).toBe("0.00");
  });
});
