import type { Market } from "~/features/geo/market";

/*
 * The earning figures of the recruitment page (SPEC §9), in the visitor's currency. They are
 * marketing examples, not rates the platform pays: what a worker earns is the sum of the rewards of
 * the tasks they complete, and tasks exist only while clients have orders. The page says so beside
 * every figure. They are display copy, never used in a calculation, so they stay strings.
 */
export interface ExampleEarnings {
  perTask: string;
  perDay: string;
  perMonth: string;
  tiers: { casual: string; active: string; fullTime: string };
}

const exampleEarningsByCurrency: Record<Market["currency"], ExampleEarnings> = {
  GHS: {
    perTask: "₵0.30 – ₵3.00",
    perDay: "₵300 – ₵1,200",
    perMonth: "₵9,000+",
    tiers: { casual: "₵120 – ₵300", active: "₵300 – ₵900", fullTime: "₵900 – ₵1,800" },
  },
  USD: {
    perTask: "$0.05 – $0.50",
    perDay: "$50 – $200",
    perMonth: "$1,500+",
    tiers: { casual: "$20 – $50", active: "$50 – $150", fullTime: "$150 – $300" },
  },
};

export function exampleEarningsFor(market: Market): ExampleEarnings {
  return exampleEarningsByCurrency[market.currency];
}
