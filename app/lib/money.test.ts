import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("writes pesewas as cedis, the sign of a negative amount before the symbol", () => {
    expect(formatMoney(15255)).toBe("₵152.55");
    expect(formatMoney(0)).toBe("₵0.00");
    expect(formatMoney(-45)).toBe("-₵0.45");
    expect(formatMoney(-123456)).toBe("-₵1,234.56");
  });
});
