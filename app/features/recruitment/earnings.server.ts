import type { Market } from "~/features/geo/market";
import { getEnv } from "~/lib/env.server";
import { computeRecruitmentEarnings, earningsDisplayFor, presentRecruitmentEarnings, type RecruitmentEarningsView } from "./earnings";

/** /join-network's figures for a visitor of `market`, from the catalogue and this server's completion limits. */
export function recruitmentEarningsFor(market: Market): RecruitmentEarningsView {
  const env = getEnv();
  const earnings = computeRecruitmentEarnings({ minIntervalMs: env.COMPLETION_MIN_INTERVAL_MS, completionsPerDay: env.COMPLETIONS_PER_DAY });
  return presentRecruitmentEarnings(earnings, earningsDisplayFor(market, env.CEDIS_PER_US_DOLLAR));
}
