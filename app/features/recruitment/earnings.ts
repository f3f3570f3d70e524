import { type CatalogService, type ServiceKind, catalogPlatforms, platformLabels, serviceKinds } from "~/features/catalog/catalog";
import type { Market } from "~/features/geo/market";
import { type CurrencyCode, formatMoney } from "~/lib/money";

/*
 * What a worker can earn, worked out from the product itself (decision 0017): each task pays the
 * worker reward of its service, as the operator set it on the active services (issue #50), and the completion limits the server enforces
 * (fulfilment/tasks.server.ts: COMPLETION_MIN_INTERVAL_MS between two tasks, COMPLETIONS_PER_DAY)
 * bound how many tasks fit in an hour and in a day. The results are ceilings, not expectations:
 * tasks exist only while clients have orders. Amounts are in pesewas until they are displayed.
 */
export interface CompletionLimits {
  minIntervalMs: number;
  completionsPerDay: number;
}

/** From the lowest-paying service to the best-paying one, in pesewas. */
export interface EarningsRange {
  lowMinor: number;
  highMinor: number;
}

export type PaceName = "casual" | "active" | "fullTime";

export interface RecruitmentEarnings {
  minIntervalMs: number;
  /** Each kind on offer, in the catalogue's order (followers first), with its range of rewards across platforms. */
  rewards: ({ kind: ServiceKind } & EarningsRange)[];
  perTask: EarningsRange;
  tasksPerHour: number;
  perHour: EarningsRange;
  tasksPerDay: number;
  perDay: EarningsRange;
  paces: { name: PaceName; tasksPerDay: number; perDay: EarningsRange }[];
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * The three ways of working of the page's tiers, as shares of the daily limit. They are
 * assumptions, so the page states each one as its number of tasks a day.
 */
const paceShares: Record<PaceName, number> = { casual: 0.1, active: 0.5, fullTime: 1 };

/** What the figures need of a service: its kind and what one action pays. */
export type ServiceReward = Pick<CatalogService, "kind" | "platform" | "workerRewardMinor">;

/** `services` are the active ones (getCatalogue().active); none gives figures of ₵0. */
export function computeRecruitmentEarnings({ minIntervalMs, completionsPerDay }: CompletionLimits, services: readonly ServiceReward[]): RecruitmentEarnings {
  const rangeOf = (amounts: number[]): EarningsRange => (amounts.length === 0 ? { lowMinor: 0, highMinor: 0 } : { lowMinor: Math.min(...amounts), highMinor: Math.max(...amounts) });
  const rewards = serviceKinds.flatMap((kind) => {
    const amounts = services.filter((service) => service.kind === kind).map((service) => service.workerRewardMinor);
    return amounts.length === 0 ? [] : [{ kind, ...rangeOf(amounts) }];
  });
  const perTask = rangeOf(services.map((service) => service.workerRewardMinor));
  const forTasks = (count: number): EarningsRange => ({ lowMinor: perTask.lowMinor * count, highMinor: perTask.highMinor * count });
  // Whichever limit is reached first: the pause between two tasks, or the daily limit.
  const tasksIn = (periodMs: number) => Math.min(completionsPerDay, minIntervalMs > 0 ? Math.floor(periodMs / minIntervalMs) : completionsPerDay);
  const tasksPerHour = tasksIn(hourMs);
  const tasksPerDay = tasksIn(dayMs);
  const paces = (Object.keys(paceShares) as PaceName[]).map((name) => {
    const tasks = Math.max(1, Math.round(tasksPerDay * paceShares[name]));
    return { name, tasksPerDay: tasks, perDay: forTasks(tasks) };
  });
  return { minIntervalMs, rewards, perTask, tasksPerHour, perHour: forTasks(tasksPerHour), tasksPerDay, perDay: forTasks(tasksPerDay), paces };
}

/**
 * The currency the figures are shown in: the visitor's market's, but dollars only at a rate the
 * operator configured (the product has none of its own; workers are paid in cedis). Without one,
 * every visitor sees cedis.
 */
export type EarningsDisplay = { currency: "GHS" } | { currency: "USD"; cedisPerDollar: number };

export function earningsDisplayFor(market: Market, cedisPerDollar: number | undefined): EarningsDisplay {
  return market.currency === "USD" && cedisPerDollar ? { currency: "USD", cedisPerDollar } : { currency: "GHS" };
}

/** The figures as the page shows them: strings in the display currency, dollars marked "≈". */
export interface RecruitmentEarningsView {
  currency: CurrencyCode;
  /** Set when the figures are dollars converted from cedis at this rate (approximate). */
  cedisPerDollar: number | null;
  perTask: string;
  /** "a follow" … with its figure ("₵0.45", or a range across platforms). */
  rewards: { action: string; figure: string }[];
  perHour: string;
  perDay: string;
  tasksPerHour: number;
  tasksPerDay: number;
  minIntervalSeconds: number;
  paces: { name: PaceName; tasksPerDay: number; figure: string }[];
}

export function presentRecruitmentEarnings(earnings: RecruitmentEarnings, display: EarningsDisplay): RecruitmentEarningsView {
  const range = (value: EarningsRange) => formatRange(value, display);
  return {
    currency: display.currency,
    cedisPerDollar: display.currency === "USD" ? display.cedisPerDollar : null,
    perTask: range(earnings.perTask),
    rewards: earnings.rewards.map(({ kind, lowMinor, highMinor }) => ({ action: actionNames[kind], figure: range({ lowMinor, highMinor }) })),
    perHour: range(earnings.perHour),
    perDay: range(earnings.perDay),
    tasksPerHour: earnings.tasksPerHour,
    tasksPerDay: earnings.tasksPerDay,
    minIntervalSeconds: earnings.minIntervalMs / 1000,
    paces: earnings.paces.map(({ name, tasksPerDay, perDay }) => ({ name, tasksPerDay, figure: range(perDay) })),
  };
}

/** One action of a kind, as the page names it. */
const actionNames: Record<ServiceKind, string> = { followers: "a follow", subscribers: "a subscription", likes: "a like", views: "a view", comments: "a comment" };

/** "₵0.45 – ₵0.60", "₵0.45" when both ends agree, "≈ $0.03 – $0.04" in converted dollars. */
export function formatRange({ lowMinor, highMinor }: EarningsRange, display: EarningsDisplay): string {
  const [low, high] = [lowMinor, highMinor].map((amount) => formatAmount(amount, display));
  const figure = low === high ? low : `${low} – ${high}`;
  return display.currency === "USD" ? `≈ ${figure}` : figure;
}

function formatAmount(pesewas: number, display: EarningsDisplay): string {
  // One dollar is `cedisPerDollar` cedis, so one cent is `cedisPerDollar` pesewas.
  const amountMinor = display.currency === "USD" ? Math.round(pesewas / display.cedisPerDollar) : pesewas;
  return formatMoney(amountMinor, display.currency);
}

/** What the tasks are today, from the active services: "follow accounts", "like posts", … and the platforms they are on. */
export interface RecruitmentOffer {
  actions: string[];
  platforms: string[];
}

const offerActions: Record<ServiceKind, string> = {
  followers: "follow accounts",
  subscribers: "subscribe to channels",
  likes: "like posts",
  views: "watch videos",
  comments: "post comments our clients wrote",
};

export function recruitmentOfferOf(services: readonly ServiceReward[]): RecruitmentOffer {
  return {
    actions: serviceKinds.filter((kind) => services.some((service) => service.kind === kind)).map((kind) => offerActions[kind]),
    platforms: catalogPlatforms.filter((platform) => services.some((service) => service.platform === platform)).map((platform) => platformLabels[platform]),
  };
}

/** "a, b and c". */
export function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
