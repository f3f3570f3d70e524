import { type CatalogPlatform, type CatalogService, type ServiceKind, catalogPlatforms, platformLabels, serviceKinds } from "~/features/catalog";
import type { Market } from "~/features/geo";
import { type CurrencyCode, formatMoney } from "~/lib/money";

/*
 * What a worker can earn, worked out from the product itself (decisions 0017 and 0050): the
 * tasks open right now, as a new worker would be offered them (one action per account or post and
 * kind, at the reward of the order it counts for; fulfilment/open-work.server.ts), and the
 * completion limits the server enforces (fulfilment/task-completion.server.ts: COMPLETION_MIN_INTERVAL_MS
 * between two tasks, COMPLETIONS_PER_DAY). An hour or a day holds the fewer of the open tasks and
 * the tasks the limits allow, so a figure never counts a task that does not exist. What each kind
 * pays comes from the services on sale, which holds whether or not a task is open. Amounts are in
 * pesewas until they are displayed.
 */
export interface CompletionLimits {
  minIntervalMs: number;
  completionsPerDay: number;
}

/** From the lowest-paying service or task to the best-paying one, in pesewas. */
export interface EarningsRange {
  lowMinor: number;
  highMinor: number;
}

export type PaceName = "casual" | "active" | "fullTime";

/** Open tasks a new worker could do, alike in platform, kind and reward. */
export interface OpenTaskGroup {
  platform: CatalogPlatform;
  kind: ServiceKind;
  rewardMinor: number;
  /** How many targets (accounts or posts) of this platform, kind and reward have an open task. */
  tasks: number;
}

/** Some tasks and what they pay: from the cheapest ones to the best-paying ones when only some fit. */
export interface TaskEarnings {
  tasks: number;
  earnings: EarningsRange;
}

/** The tasks open to a new worker right now, and what the limits let them earn from those. */
export interface OpenWork {
  tasks: number;
  totalMinor: number;
  perTask: EarningsRange;
  /** Each kind open, in the catalogue's order, with its range of rewards. */
  rewards: ({ kind: ServiceKind } & EarningsRange)[];
  platforms: { platform: CatalogPlatform; tasks: number; totalMinor: number; kinds: ({ kind: ServiceKind; tasks: number } & EarningsRange)[] }[];
  hour: TaskEarnings;
  day: TaskEarnings;
  /** Distinct paces only: with few open tasks, two paces may come to the same number of tasks. */
  paces: ({ name: PaceName } & TaskEarnings)[];
}

export interface RecruitmentEarnings {
  minIntervalMs: number;
  /** The most tasks the limits allow in an hour and in a day, whatever is open. */
  tasksPerHour: number;
  tasksPerDay: number;
  /** What each kind on sale pays, in the catalogue's order (followers first), across platforms. */
  rates: ({ kind: ServiceKind } & EarningsRange)[];
  ratesRange: EarningsRange;
  /** Null when no task is open: the page says so rather than work figures out of nothing. */
  open: OpenWork | null;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The three ways of working of the page's tiers, as shares of what a day can hold. */
const paceShares: Record<PaceName, number> = { casual: 0.1, active: 0.5, fullTime: 1 };

/** What the figures need of a service: its kind and what one action pays. */
export type ServiceReward = Pick<CatalogService, "kind" | "platform" | "workerRewardMinor">;

const rangeOf = (amounts: number[]): EarningsRange => (amounts.length === 0 ? { lowMinor: 0, highMinor: 0 } : { lowMinor: Math.min(...amounts), highMinor: Math.max(...amounts) });

/**
 * `services` are the active ones (getCatalogue().active); `openTasks` the open tasks a new worker
 * could do (openWorkForNewWorker). No open task gives `open: null`.
 */
export function computeRecruitmentEarnings({ minIntervalMs, completionsPerDay }: CompletionLimits, services: readonly ServiceReward[], openTasks: readonly OpenTaskGroup[]): RecruitmentEarnings {
  const rates = serviceKinds.flatMap((kind) => {
    const amounts = services.filter((service) => service.kind === kind).map((service) => service.workerRewardMinor);
    return amounts.length === 0 ? [] : [{ kind, ...rangeOf(amounts) }];
  });
  // Whichever limit is reached first: the pause between two tasks, or the daily limit.
  const tasksIn = (periodMs: number) => Math.min(completionsPerDay, minIntervalMs > 0 ? Math.floor(periodMs / minIntervalMs) : completionsPerDay);
  const tasksPerHour = tasksIn(hourMs);
  const tasksPerDay = tasksIn(dayMs);
  return {
    minIntervalMs,
    tasksPerHour,
    tasksPerDay,
    rates,
    ratesRange: rangeOf(services.map((service) => service.workerRewardMinor)),
    open: openWorkOf(openTasks, tasksPerHour, tasksPerDay),
  };
}

function openWorkOf(groups: readonly OpenTaskGroup[], tasksPerHour: number, tasksPerDay: number): OpenWork | null {
  const open = groups.filter((group) => group.tasks > 0);
  const tasks = open.reduce((sum, group) => sum + group.tasks, 0);
  if (tasks === 0) return null;
  const cheapestFirst = [...open].sort((a, b) => a.rewardMinor - b.rewardMinor);
  const bestFirst = [...cheapestFirst].reverse();
  /** `count` of the open tasks (at most all of them): the cheapest ones to the best-paying ones. */
  const forTasks = (count: number): TaskEarnings => {
    const fitting = Math.min(count, tasks);
    return { tasks: fitting, earnings: { lowMinor: sumOfFirst(cheapestFirst, fitting), highMinor: sumOfFirst(bestFirst, fitting) } };
  };
  const day = forTasks(tasksPerDay);
  const paces: OpenWork["paces"] = [];
  for (const name of Object.keys(paceShares) as PaceName[]) {
    const count = Math.max(1, Math.round(day.tasks * paceShares[name]));
    if (paces.some((pace) => pace.tasks === count)) continue;
    paces.push({ name, ...forTasks(count) });
  }
  const totalOf = (some: readonly OpenTaskGroup[]) => some.reduce((sum, group) => sum + group.tasks * group.rewardMinor, 0);
  const countOf = (some: readonly OpenTaskGroup[]) => some.reduce((sum, group) => sum + group.tasks, 0);
  const kindsOf = (some: readonly OpenTaskGroup[]) =>
    serviceKinds.flatMap((kind) => {
      const ofKind = some.filter((group) => group.kind === kind);
      return ofKind.length === 0 ? [] : [{ kind, tasks: countOf(ofKind), ...rangeOf(ofKind.map((group) => group.rewardMinor)) }];
    });
  return {
    tasks,
    totalMinor: totalOf(open),
    perTask: rangeOf(open.map((group) => group.rewardMinor)),
    rewards: kindsOf(open).map(({ kind, lowMinor, highMinor }) => ({ kind, lowMinor, highMinor })),
    platforms: catalogPlatforms.flatMap((platform) => {
      const onPlatform = open.filter((group) => group.platform === platform);
      return onPlatform.length === 0 ? [] : [{ platform, tasks: countOf(onPlatform), totalMinor: totalOf(onPlatform), kinds: kindsOf(onPlatform) }];
    }),
    hour: forTasks(tasksPerHour),
    day,
    paces,
  };
}

/** The rewards of the first `count` tasks of `groups`, in their order. */
function sumOfFirst(groups: readonly OpenTaskGroup[], count: number): number {
  let left = count;
  let sum = 0;
  for (const group of groups) {
    if (left === 0) break;
    const taken = Math.min(left, group.tasks);
    sum += taken * group.rewardMinor;
    left -= taken;
  }
  return sum;
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
  tasksPerHour: number;
  tasksPerDay: number;
  minIntervalSeconds: number;
  /** What the services on sale pay: "a follow" … with its figure ("₵0.45", or a range across platforms). */
  rates: { action: string; figure: string }[];
  ratesFigure: string;
  open: OpenWorkView | null;
}

export interface OpenWorkView {
  tasks: number;
  total: string;
  perTask: string;
  rewards: { action: string; figure: string }[];
  /** "Instagram": "3 follows at ₵0.45, 1 like at ₵0.08", and what they come to. */
  platforms: { label: string; tasks: number; total: string; kinds: { tasks: number; actions: string; figure: string }[] }[];
  hour: { tasks: number; figure: string };
  day: { tasks: number; figure: string };
  paces: { name: PaceName; tasksPerDay: number; figure: string }[];
}

export function presentRecruitmentEarnings(earnings: RecruitmentEarnings, display: EarningsDisplay): RecruitmentEarningsView {
  const range = (value: EarningsRange) => formatRange(value, display);
  const amount = (minor: number) => range({ lowMinor: minor, highMinor: minor });
  const { open } = earnings;
  return {
    currency: display.currency,
    cedisPerDollar: display.currency === "USD" ? display.cedisPerDollar : null,
    tasksPerHour: earnings.tasksPerHour,
    tasksPerDay: earnings.tasksPerDay,
    minIntervalSeconds: earnings.minIntervalMs / 1000,
    rates: earnings.rates.map(({ kind, lowMinor, highMinor }) => ({ action: actionNames[kind][0], figure: range({ lowMinor, highMinor }) })),
    ratesFigure: range(earnings.ratesRange),
    open: open && {
      tasks: open.tasks,
      total: amount(open.totalMinor),
      perTask: range(open.perTask),
      rewards: open.rewards.map(({ kind, lowMinor, highMinor }) => ({ action: actionNames[kind][0], figure: range({ lowMinor, highMinor }) })),
      platforms: open.platforms.map(({ platform, tasks, totalMinor, kinds }) => ({
        label: platformLabels[platform],
        tasks,
        total: amount(totalMinor),
        kinds: kinds.map(({ kind, tasks: count, lowMinor, highMinor }) => ({ tasks: count, actions: actionNames[kind][count === 1 ? 1 : 2], figure: range({ lowMinor, highMinor }) })),
      })),
      hour: { tasks: open.hour.tasks, figure: range(open.hour.earnings) },
      day: { tasks: open.day.tasks, figure: range(open.day.earnings) },
      paces: open.paces.map(({ name, tasks, earnings: paid }) => ({ name, tasksPerDay: tasks, figure: range(paid) })),
    },
  };
}

/** One action of a kind as the page names it: "a follow", and "follow" or "follows" after a number. */
const actionNames: Record<ServiceKind, [string, string, string]> = {
  followers: ["a follow", "follow", "follows"],
  subscribers: ["a subscription", "subscription", "subscriptions"],
  likes: ["a like", "like", "likes"],
  views: ["a view", "view", "views"],
  comments: ["a comment", "comment", "comments"],
};

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
