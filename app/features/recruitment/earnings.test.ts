import { describe, expect, it } from "vitest";
import { ghanaMarket, globalMarket } from "~/features/geo/market";
import { computeRecruitmentEarnings, earningsDisplayFor, formatRange, type OpenTaskGroup, presentRecruitmentEarnings, recruitmentOfferOf, type ServiceReward } from "./earnings";

const serverDefaults = { minIntervalMs: 5_000, completionsPerDay: 300 };

/** SPEC's three follower services, as seeded: ₵0.45 a follow, ₵0.60 a subscription. */
const followerServices: ServiceReward[] = [
  { kind: "followers", platform: "instagram", workerRewardMinor: 45 },
  { kind: "followers", platform: "tiktok", workerRewardMinor: 45 },
  { kind: "subscribers", platform: "youtube", workerRewardMinor: 60 },
];

/** A catalogue of every kind, as the operator might price it. */
const everyKind: ServiceReward[] = [
  ...followerServices,
  { kind: "followers", platform: "twitter", workerRewardMinor: 40 },
  { kind: "likes", platform: "instagram", workerRewardMinor: 8 },
  { kind: "likes", platform: "tiktok", workerRewardMinor: 6 },
  { kind: "views", platform: "youtube", workerRewardMinor: 3 },
  { kind: "comments", platform: "instagram", workerRewardMinor: 30 },
];

/** Open tasks as openWorkForNewWorker counts them: targets of one platform, kind and reward. */
const open = (platform: OpenTaskGroup["platform"], kind: OpenTaskGroup["kind"], rewardMinor: number, tasks: number): OpenTaskGroup => ({ platform, kind, rewardMinor, tasks });

/** A newcomer with six tasks open to them in all. */
const sixTasks = [open("instagram", "followers", 45, 3), open("instagram", "likes", 8, 1), open("tiktok", "followers", 45, 1), open("youtube", "subscribers", 60, 1)];

describe("computeRecruitmentEarnings: what each kind pays", () => {
  it("gives each kind on sale its range of rewards across platforms, followers first, whether or not a task is open", () => {
    const earnings = computeRecruitmentEarnings(serverDefaults, everyKind, []);
    expect(earnings.rates).toEqual([
      { kind: "followers", lowMinor: 40, highMinor: 45 },
      { kind: "subscribers", lowMinor: 60, highMinor: 60 },
      { kind: "likes", lowMinor: 6, highMinor: 8 },
      { kind: "views", lowMinor: 3, highMinor: 3 },
      { kind: "comments", lowMinor: 30, highMinor: 30 },
    ]);
    expect(earnings.ratesRange).toEqual({ lowMinor: 3, highMinor: 60 });
    expect(presentRecruitmentEarnings(earnings, { currency: "GHS" }).rates).toEqual([
      { action: "a follow", figure: "₵0.40 – ₵0.45" },
      { action: "a subscription", figure: "₵0.60" },
      { action: "a like", figure: "₵0.06 – ₵0.08" },
      { action: "a view", figure: "₵0.03" },
      { action: "a comment", figure: "₵0.30" },
    ]);
    expect(recruitmentOfferOf(everyKind)).toEqual({
      actions: ["follow accounts", "subscribe to channels", "like posts", "watch videos", "post comments our clients wrote"],
      platforms: ["Instagram", "TikTok", "YouTube", "X"],
    });
  });

  it("shows no kinds when no service is on sale", () => {
    expect(computeRecruitmentEarnings(serverDefaults, [], [])).toMatchObject({ rates: [], ratesRange: { lowMinor: 0, highMinor: 0 }, open: null });
  });
});

describe("computeRecruitmentEarnings: the limits", () => {
  it("fills an hour up to the daily limit when the pause between tasks would allow more (720 at 5 s, 300 a day)", () => {
    const earnings = computeRecruitmentEarnings(serverDefaults, followerServices, []);
    expect(earnings.tasksPerHour).toBe(300);
    expect(earnings.tasksPerDay).toBe(300);
  });

  it("lets the pause between tasks bound an hour, and a day, when it is the tighter limit", () => {
    expect(computeRecruitmentEarnings({ minIntervalMs: 60_000, completionsPerDay: 300 }, followerServices, [])).toMatchObject({ tasksPerHour: 60, tasksPerDay: 300 });
    expect(computeRecruitmentEarnings({ minIntervalMs: 600_000, completionsPerDay: 300 }, followerServices, [])).toMatchObject({ tasksPerHour: 6, tasksPerDay: 144 });
  });

  it("without a pause between tasks, only the daily limit bounds an hour", () => {
    expect(computeRecruitmentEarnings({ minIntervalMs: 0, completionsPerDay: 40 }, followerServices, [])).toMatchObject({ tasksPerHour: 40, tasksPerDay: 40 });
  });
});

describe("computeRecruitmentEarnings: the open tasks", () => {
  it("has no open work, and so no hour, day or pace figures, when no task is open", () => {
    expect(computeRecruitmentEarnings(serverDefaults, followerServices, []).open).toBeNull();
    expect(computeRecruitmentEarnings(serverDefaults, followerServices, [open("instagram", "followers", 45, 0)]).open).toBeNull();
  });

  it("counts six open tasks as six, not as the limits' 300: the hour and the day both hold all six, and say so", () => {
    const work = computeRecruitmentEarnings(serverDefaults, followerServices, sixTasks).open!;
    const total = 3 * 45 + 8 + 45 + 60;
    expect(work).toMatchObject({ tasks: 6, totalMinor: total, perTask: { lowMinor: 8, highMinor: 60 } });
    expect(work.hour).toEqual({ tasks: 6, earnings: { lowMinor: total, highMinor: total } });
    expect(work.day).toEqual(work.hour);
    expect(work.rewards).toEqual([
      { kind: "followers", lowMinor: 45, highMinor: 45 },
      { kind: "subscribers", lowMinor: 60, highMinor: 60 },
      { kind: "likes", lowMinor: 8, highMinor: 8 },
    ]);
    expect(work.platforms).toEqual([
      {
        platform: "instagram",
        tasks: 4,
        totalMinor: 143,
        kinds: [
          { kind: "followers", tasks: 3, lowMinor: 45, highMinor: 45 },
          { kind: "likes", tasks: 1, lowMinor: 8, highMinor: 8 },
        ],
      },
      { platform: "tiktok", tasks: 1, totalMinor: 45, kinds: [{ kind: "followers", tasks: 1, lowMinor: 45, highMinor: 45 }] },
      { platform: "youtube", tasks: 1, totalMinor: 60, kinds: [{ kind: "subscribers", tasks: 1, lowMinor: 60, highMinor: 60 }] },
    ]);
  });

  it("takes the cheapest to the best-paying tasks when the limits hold fewer than are open", () => {
    // 10 minutes apart: 6 an hour, 144 a day; 200 open tasks, 150 paying ₵0.10 and 50 paying ₵0.45.
    const many = [open("instagram", "likes", 10, 150), open("tiktok", "followers", 45, 50)];
    const work = computeRecruitmentEarnings({ minIntervalMs: 600_000, completionsPerDay: 300 }, followerServices, many).open!;
    expect(work.hour).toEqual({ tasks: 6, earnings: { lowMinor: 6 * 10, highMinor: 6 * 45 } });
    expect(work.day).toEqual({ tasks: 144, earnings: { lowMinor: 144 * 10, highMinor: 50 * 45 + 94 * 10 } });
    expect(work.totalMinor).toBe(150 * 10 + 50 * 45);
  });

  it("lets the hour hold fewer than the day when the pause binds and enough tasks are open", () => {
    const work = computeRecruitmentEarnings({ minIntervalMs: 60_000, completionsPerDay: 300 }, followerServices, [open("instagram", "followers", 45, 100)]).open!;
    expect(work.hour).toEqual({ tasks: 60, earnings: { lowMinor: 2_700, highMinor: 2_700 } });
    expect(work.day).toEqual({ tasks: 100, earnings: { lowMinor: 4_500, highMinor: 4_500 } });
  });

  it("states each pace as a number of tasks a day, a tenth, half and all of what a day holds, leaving out paces that come to the same", () => {
    const many = computeRecruitmentEarnings(serverDefaults, followerServices, [open("instagram", "followers", 45, 400)]).open!;
    expect(many.paces).toEqual([
      { name: "casual", tasks: 30, earnings: { lowMinor: 1_350, highMinor: 1_350 } },
      { name: "active", tasks: 150, earnings: { lowMinor: 6_750, highMinor: 6_750 } },
      { name: "fullTime", tasks: 300, earnings: { lowMinor: 13_500, highMinor: 13_500 } },
    ]);
    const six = computeRecruitmentEarnings(serverDefaults, followerServices, sixTasks).open!;
    expect(six.paces.map(({ name, tasks }) => [name, tasks])).toEqual([
      ["casual", 1],
      ["active", 3],
      ["fullTime", 6],
    ]);
    expect(six.paces[0].earnings).toEqual({ lowMinor: 8, highMinor: 60 });
    const one = computeRecruitmentEarnings(serverDefaults, followerServices, [open("tiktok", "followers", 45, 1)]).open!;
    expect(one.paces.map(({ name, tasks }) => [name, tasks])).toEqual([["casual", 1]]);
  });
});

describe("earningsDisplayFor", () => {
  it("shows cedis in Ghana, and dollars elsewhere only at a configured rate", () => {
    expect(earningsDisplayFor(ghanaMarket, undefined)).toEqual({ currency: "GHS" });
    expect(earningsDisplayFor(ghanaMarket, 15)).toEqual({ currency: "GHS" });
    expect(earningsDisplayFor(globalMarket, undefined)).toEqual({ currency: "GHS" });
    expect(earningsDisplayFor(globalMarket, 15)).toEqual({ currency: "USD", cedisPerDollar: 15 });
  });
});

describe("formatRange and presentRecruitmentEarnings", () => {
  it("writes cedi ranges with the symbol, and one figure when both ends agree", () => {
    expect(formatRange({ lowMinor: 45, highMinor: 60 }, { currency: "GHS" })).toBe("₵0.45 – ₵0.60");
    expect(formatRange({ lowMinor: 13_500, highMinor: 180_000 }, { currency: "GHS" })).toBe("₵135.00 – ₵1,800.00");
    expect(formatRange({ lowMinor: 45, highMinor: 45 }, { currency: "GHS" })).toBe("₵0.45");
  });

  it("converts to dollars at the configured rate, to the nearest cent, and marks them approximate", () => {
    const display = { currency: "USD", cedisPerDollar: 15 } as const;
    expect(formatRange({ lowMinor: 45, highMinor: 60 }, display)).toBe("≈ $0.03 – $0.04");
    expect(formatRange({ lowMinor: 13_500, highMinor: 18_000 }, display)).toBe("≈ $9.00 – $12.00");
  });

  it("gives the page every figure and the numbers behind them", () => {
    const view = presentRecruitmentEarnings(computeRecruitmentEarnings(serverDefaults, followerServices, sixTasks), { currency: "GHS" });
    expect(view).toEqual({
      currency: "GHS",
      cedisPerDollar: null,
      tasksPerHour: 300,
      tasksPerDay: 300,
      minIntervalSeconds: 5,
      rates: [
        { action: "a follow", figure: "₵0.45" },
        { action: "a subscription", figure: "₵0.60" },
      ],
      ratesFigure: "₵0.45 – ₵0.60",
      open: {
        tasks: 6,
        total: "₵2.48",
        perTask: "₵0.08 – ₵0.60",
        rewards: [
          { action: "a follow", figure: "₵0.45" },
          { action: "a subscription", figure: "₵0.60" },
          { action: "a like", figure: "₵0.08" },
        ],
        platforms: [
          {
            label: "Instagram",
            tasks: 4,
            total: "₵1.43",
            kinds: [
              { tasks: 3, actions: "follows", figure: "₵0.45" },
              { tasks: 1, actions: "like", figure: "₵0.08" },
            ],
          },
          { label: "TikTok", tasks: 1, total: "₵0.45", kinds: [{ tasks: 1, actions: "follow", figure: "₵0.45" }] },
          { label: "YouTube", tasks: 1, total: "₵0.60", kinds: [{ tasks: 1, actions: "subscription", figure: "₵0.60" }] },
        ],
        hour: { tasks: 6, figure: "₵2.48" },
        day: { tasks: 6, figure: "₵2.48" },
        paces: [
          { name: "casual", tasksPerDay: 1, figure: "₵0.08 – ₵0.60" },
          { name: "active", tasksPerDay: 3, figure: "₵0.98 – ₵1.50" },
          { name: "fullTime", tasksPerDay: 6, figure: "₵2.48" },
        ],
      },
    });
    const inDollars = presentRecruitmentEarnings(computeRecruitmentEarnings(serverDefaults, followerServices, sixTasks), { currency: "USD", cedisPerDollar: 15 });
    expect(inDollars).toMatchObject({ currency: "USD", cedisPerDollar: 15, ratesFigure: "≈ $0.03 – $0.04", open: { total: "≈ $0.17", perTask: "≈ $0.01 – $0.04" } });
    expect(inDollars.rates[1]).toEqual({ action: "a subscription", figure: "≈ $0.04" });
  });
});
