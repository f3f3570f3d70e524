import { getCatalogue } from "~/features/catalog/index.server";
import { openWorkForNewWorker } from "~/features/fulfilment/index.server";
import type { Market } from "~/features/geo";
import { getEnv } from "~/lib/env.server";
import { computeRecruitmentEarnings, earningsDisplayFor, presentRecruitmentEarnings, type RecruitmentEarningsView, type RecruitmentOffer, recruitmentOfferOf } from "./earnings";

/**
 * /join-network's figures for a visitor of `market`: the tasks open right now, the active services'
 * rewards and this server's completion limits (the ones the completion check enforces).
 */
export async function recruitmentEarningsFor(market: Market): Promise<{ earnings: RecruitmentEarningsView; offer: RecruitmentOffer }> {
  const env = getEnv();
  const [{ active }, openTasks] = await Promise.all([getCatalogue(), openWorkForNewWorker()]);
  const earnings = computeRecruitmentEarnings({ minIntervalMs: env.COMPLETION_MIN_INTERVAL_MS, completionsPerDay: env.COMPLETIONS_PER_DAY }, active, openTasks);
  return { earnings: presentRecruitmentEarnings(earnings, earningsDisplayFor(market, env.CEDIS_PER_US_DOLLAR)), offer: recruitmentOfferOf(active) };
}
