import { describe, expect, it } from "vitest";
import { apiV2Errors } from "~/features/reseller-api/api-v2-contract";
import { checkMassOrder, massOrderFormatError, maximumMassOrderLines } from "./mass-order-lines";

describe("checkMassOrder", () => {
  it("checks and prices every line, skips blank ones and numbers them as written", () => {
    const check = checkMassOrder(["1 | https://www.instagram.com/ama.grows/ | 100", "", "  2|@kofi_dances|50  ", "3 | youtube.com/@abena | 1000"].join("\r\n"));
    expect(check).toEqual({
      totalMinor: 15_000 + 7_500 + 200_000,
      lines: [
        { lineNumber: 1, text: "1 | https://www.instagram.com/ama.grows/ | 100", ok: true, order: { service: 1, platform: "instagram", quantity: 100, username: "@ama.grows", priceMinor: 15_000 } },
        { lineNumber: 3, text: "2|@kofi_dances|50", ok: true, order: { service: 2, platform: "tiktok", quantity: 50, username: "@kofi_dances", priceMinor: 7_500 } },
        { lineNumber: 4, text: "3 | youtube.com/@abena | 1000", ok: true, order: { service: 3, platform: "youtube", quantity: 1000, username: "@abena", priceMinor: 200_000 } },
      ],
    });
  });

  it("gives each bad line its own error and leaves it out of the total", () => {
    const check = checkMassOrder(["1 | @ama | 100", "1 @ama 100", "7 | @ama | 100", "1 | @ama | 10", "1 | @ama | 1e3", "1 | https://www.tiktok.com/@ama | 100", "2 | '; DROP TABLE orders; -- | 100", "1 | @ama | 100 | extra"].join("\n"));
    if (!("lines" in check)) throw new Error(check.problem);
    expect(check.lines.map((line) => (line.ok ? "ok" : line.error))).toEqual([
      "ok",
      massOrderFormatError,
      apiV2Errors.unknownService,
      apiV2Errors.badQuantity,
      apiV2Errors.badQuantity,
      apiV2Errors.wrongPlatformLink,
      apiV2Errors.badLink,
      massOrderFormatError,
    ]);
    expect(check.totalMinor).toBe(15_000);
  });

  it("refuses an empty text, too many lines and an oversized text as a whole", () => {
    expect(checkMassOrder(" \n\n ")).toEqual({ problem: "Paste at least one order: service | link | quantity" });
    expect(checkMassOrder(Array.from({ length: maximumMassOrderLines + 1 }, (_, index) => `1 | @ama${index} | 50`).join("\n"))).toEqual({ problem: "At most 100 orders at once: this text has 101." });
    expect(checkMassOrder("x".repeat(20_001))).toEqual({ problem: "Keep a mass order under 20,000 characters." });
  });
});
