/**
 * Display of amounts (DESIGN §4: money is integer minor units everywhere else). Pesewas and cents
 * are both 1/100 of their unit.
 */
export type CurrencyCode = "GHS" | "USD";

/** SPEC §9: ₵ for GHS, $ for USD. */
export const currencySymbols: Record<CurrencyCode, string> = { GHS: "₵", USD: "$" };

/** 150000 → "1,500.00". */
export function formatMinorUnits(amountMinor: number): string {
  const sign = amountMinor < 0 ? "-" : "";
  const absolute = Math.abs(amountMinor);
  const whole = Math.floor(absolute / 100).toLocaleString("en-US");
  return `${sign}${whole}.${String(absolute % 100).padStart(2, "0")}`;
}

/** 15255 → "₵152.55". */
export function formatMoney(amountMinor: number, currency: CurrencyCode = "GHS"): string {
  // The sign before the symbol: "-₵0.45" (a worker's balance after a claw-back), never "₵-0.45".
  return amountMinor < 0 ? `-${currencySymbols[currency]}${formatMinorUnits(-amountMinor)}` : `${currencySymbols[currency]}${formatMinorUnits(amountMinor)}`;
}

/** A major-unit number from an API shape (152.55) back to minor units (15255), rounding float noise away. */
export function toMinorUnits(amountMajor: number): number {
  return Math.round(amountMajor * 100);
}

/** Minor units (15255) to the major-unit number API shapes carry (152.55, decision 0010). */
export function toMajorUnits(amountMinor: number): number {
  return amountMinor / 100;
}

/** An API shape's major-unit amount (152.55, decision 0010) for display: "₵152.55". */
export function formatApiAmount(amountMajor: number, currency: CurrencyCode = "GHS"): string {
  return formatMoney(toMinorUnits(amountMajor), currency);
}
