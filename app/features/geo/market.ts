/**
 * The visitor's market on the worker recruitment page (SPEC §2 "/join-network"): a visitor located
 * in Ghana sees cedis, everyone else (and anyone we cannot place) sees US dollars.
 */
export interface Market {
  currency: "GHS" | "USD";
  symbol: "₵" | "$";
  /** How the page names the market: SPEC's 'Ghana' and 'Global'. */
  label: "Ghana" | "Global";
}

export const ghanaMarket: Market = { currency: "GHS", symbol: "₵", label: "Ghana" };
export const globalMarket: Market = { currency: "USD", symbol: "$", label: "Global" };

/** GH gives the Ghana market; any other country code, or none (lookup failed), the global one. */
export function marketForCountry(countryCode: string | null | undefined): Market {
  return countryCode === "GH" ? ghanaMarket : globalMarket;
}
