import { describe, expect, it } from "vitest";
import type { CatalogService } from "~/features/catalog/catalog";
import { apiV2Errors } from "~/features/reseller-api/api-v2-contract";
import { checkMassOrder, commentsNotOnMassOrder, coveredInOrder, massOrderFormatError, maximumMassOrderLines } from "./mass-order-lines";

/** Services as the seeded catalogue has them (issue #50), by number. */
const service = (number: number, fields: Partial<CatalogService>): CatalogService => ({
  id: `service-${number}`,
  number,
  platform: "instagram",
  kind: "followers",
  target: "profile",
  name: `Service ${number}`,
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
  position: number,
  ...fields,
});
const services = [
  service(1, {}),
  service(2, { platform: "tiktok" }),
  service(3, { platform: "youtube", kind: "subscribers", unitPriceMinor: 200 }),
  service(6, { kind: "comments", target: "post", unitPriceMinor: 100, minQuantity: 5, maxQuantity: 1000 }),
  service(7, { platform: "tiktok", kind: "likes", target: "post", unitPriceMinor: 25, minQuantity: 20, maxQuantity: 50_000 }),
  service(8, { platform: "tiktok", kind: "views", target: "post", active: false }),
];
const catalogue = { findByNumber: (number: number) => services.find((candidate) => candidate.number === number) };
const [instagram, tiktok, youtube, , tiktokLikes] = services;

describe("checkMassOrder", () => {
  it("checks and prices every line, profiles and posts, skips blank ones and numbers them as written", () => {
    const video = "https://www.tiktok.com/@kofi_dances/video/7412345678901234567";
    const check = checkMassOrder(
      ["1 | https://www.instagram.com/ama.grows/ | 100", "", "  2|@kofi_dances|50  ", "3 | youtube.com/@abena | 1000", `7 | ${video} | 200`].join("\r\n"),
      catalogue,
    );
    expect(check).toEqual({
      totalMinor: 15_000 + 7_500 + 200_000 + 5_000,
      lines: [
        { lineNumber: 1, text: "1 | https://www.instagram.com/ama.grows/ | 100", ok: true, order: { service: instagram, quantity: 100, target: { quantity: 100, targetUsername: "@ama.grows", commentLines: [] }, priceMinor: 15_000 } },
        { lineNumber: 3, text: "2|@kofi_dances|50", ok: true, order: { service: tiktok, quantity: 50, target: { quantity: 50, targetUsername: "@kofi_dances", commentLines: [] }, priceMinor: 7_500 } },
        { lineNumber: 4, text: "3 | youtube.com/@abena | 1000", ok: true, order: { service: youtube, quantity: 1000, target: { quantity: 1000, targetUsername: "@abena", commentLines: [] }, priceMinor: 200_000 } },
        { lineNumber: 5, text: `7 | ${video} | 200`, ok: true, order: { service: tiktokLikes, quantity: 200, target: { quantity: 200, targetUsername: "", postUrl: video, commentLines: [] }, priceMinor: 5_000 } },
      ],
    });
  });

  it("gives each bad line its own error and leaves it out of the total", () => {
    const check = checkMassOrder(
      [
        "1 | @ama | 100",
        "1 @ama 100",
        "9 | @ama | 100",
        "1 | @ama | 10",
        "1 | @ama | 1e3",
        "1 | https://www.tiktok.com/@ama | 100",
        "2 | '; DROP TABLE orders; -- | 100",
        "1 | @ama | 100 | extra",
        "7 | https://www.tiktok.com/@ama | 100",
        "6 | https://www.instagram.com/p/C8xYz12AbCd/ | 5",
        "8 | https://www.tiktok.com/@ama/video/7412345678901234567 | 100",
      ].join("\n"),
      catalogue,
    );
    if (!("lines" in check)) throw new Error(check.problem);
    expect(check.lines.map((line) => (line.ok ? "ok" : line.error))).toEqual([
      "ok",
      massOrderFormatError,
      apiV2Errors.unknownService,
      apiV2Errors.badQuantityFor(instagram),
      apiV2Errors.badQuantityFor(instagram),
      apiV2Errors.wrongPlatformLink,
      apiV2Errors.badLink,
      massOrderFormatError,
      apiV2Errors.badPostLink("This is a link to a TikTok profile: paste the link of the video."),
      // Comments cannot be written on one line; a disabled service is not on sale.
      "Line 10: comments services take their comments through the checkout or the API",
      apiV2Errors.unknownService,
    ]);
    expect(commentsNotOnMassOrder(10)).toBe("Line 10: comments services take their comments through the checkout or the API");
    expect(check.totalMinor).toBe(15_000);
  });

  it("refuses an empty text, too many lines and an oversized text as a whole", () => {
    expect(checkMassOrder(" \n\n ", catalogue)).toEqual({ problem: "Paste at least one order: service | link | quantity" });
    expect(checkMassOrder(Array.from({ length: maximumMassOrderLines + 1 }, (_, index) => `1 | @ama${index} | 50`).join("\n"), catalogue)).toEqual({ problem: "At most 100 orders at once: this text has 101." });
    expect(checkMassOrder("x".repeat(20_001), catalogue)).toEqual({ problem: "Keep a mass order under 20,000 characters." });
  });
});

describe("coveredInOrder", () => {
  it("covers the lines in the order written while the money lasts, skipping one it does not cover for a later one it does", () => {
    expect(coveredInOrder([15_000, 7_500], 20_000)).toEqual([true, false]);
    expect(coveredInOrder([15_000, 7_500], 22_500)).toEqual([true, true]);
    expect(coveredInOrder([15_000, 7_500, 5_000], 20_000)).toEqual([true, false, true]);
    expect(coveredInOrder([25_000, 7_500], 20_000)).toEqual([false, true]);
    expect(coveredInOrder([7_500], 0)).toEqual([false]);
    expect(coveredInOrder([7_500], -500)).toEqual([false]);
    expect(coveredInOrder([], 10_000)).toEqual([]);
  });
});
