import { describe, expect, it } from "vitest";
import { ghanaMarket, globalMarket } from "~/features/geo/market";
import { computeRecruitmentEarnings, earningsDisplayFor, formatRange, presentRecruitmentEarnings, recruitmentOfferOf, type ServiceReward } from "./earnings";

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

describe("computeRecruitmentEarnings", () => {
  it("pays per task what the active services reward, from the lowest-paying one to the best-paying one", () => {
    const earnings = computeRecruitmentEarnings(serverDefaults, followerServices);
    expect(earnings.rewards).toEqual([
      { kind: "followers", lowMinor: 45, highMinor: 45 },
      { kind: "subscribers", lowMinor: 60, highMinor: 60 },
    ]);
    expect(earnings.perTask).toEqual({ lowMinor: 45, highMinor: 60 });
  });

  it("gives each kind on offer its range of rewards across platforms, followers first", () => {
    const earnings = computeRecruitmentEarnings(serverDefaults, everyKind);
    expect(earnings.rewards).toEqual([
      { kind: "followers", lowMinor: 40, highMinor: 45 },
      { kind: "subscribers", lowMinor: 60, highMinor: 60 },
      { kind: "likes", lowMinor: 6, highMinor: 8 },
      { kind: "views", lowMinor: 3, highMinor: 3 },
      { kind: "comments", lowMinor: 30, highMinor: 30 },
    ]);
    expect(earnings.perTask).toEqual({ lowMinor: 3, highMinor: 60 });
    expect(earnings.perDay).toEqual({ lowMinor: 900, highMinor: 18_000 });
    expect(presentRecruitmentEarnings(earnings, { currency: "GHS" }).rewards).toEqual([
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

  it("shows ₵0 and no kinds when no service is on sale", () => {
    const earnings = computeRecruitmentEarnings(serverDefaults, []);
    expect(earnings).toMatchObject({ rewards: [], perTask: { lowMinor: 0, highMinor: 0 }, perDay: { lowMinor: 0, highMinor: 0 } });
  });

  it("fills an hour up to the daily limit when the pause between tasks would allow more (720 at 5 s, 300 a day)", () => {
    const earnings = computeRecruitmentEarnings(serverDefaults, followerServices);
    expect(earnings.tasksPerHour).toBe(300);
    expect(earnings.perHour).toEqual({ lowMinor: 300 * 45, highMinor: 300 * 60 });
    expect(earnings.tasksPerDay).toBe(300);
    expect(earnings.perDay).toEqual({ lowMinor: 13_500, highMinor: 18_000 });
  });

  it("lets the pause between tasks bound an hour, and a day, when it is the tighter limit", () => {
    const slow = computeRecruitmentEarnings({ minIntervalMs: 60_000, completionsPerDay: 300 }, followerServices);
    expect(slow.tasksPerHour).toBe(60);
    expect(slow.perHour).toEqual({ lowMinor: 60 * 45, highMinor: 60 * 60 });
    expect(slow.tasksPerDay).toBe(300);
    const slower = computeRecruitmentEarnings({ minIntervalMs: 600_000, completionsPerDay: 300 }, followerServices);
    expect(slower.tasksPerHour).toBe(6);
    expect(slower.tasksPerDay).toBe(144);
  });

  it("without a pause between tasks, only the daily limit bounds an hour", () => {
    const earnings = computeRecruitmentEarnings({ minIntervalMs: 0, completionsPerDay: 40 }, followerServices);
    expect(earnings.tasksPerHour).toBe(40);
    expect(earnings.tasksPerDay).toBe(40);
  });

  it("states each pace as a number of tasks a day: a tenth of the limit, half of it, all of it", () => {
    expect(computeRecruitmentEarnings(serverDefaults, followerServices).paces).toEqual([
      { name: "casual", tasksPerDay: 30, perDay: { lowMinor: 1_350, highMinor: 1_800 } },
      { name: "active", tasksPerDay: 150, perDay: { lowMinor: 6_750, highMinor: 9_000 } },
      { name: "fullTime", tasksPerDay: 300, perDay: { lowMinor: 13_500, highMinor: 18_000 } },
    ]);
    // A small limit still leaves every pace at least one task.
    expect(computeRecruitmentEarnings({ minIntervalMs: 0, completionsPerDay: 4 }, followerServices).paces.map((pace) => pace.tasksPerDay)).toEqual([1, 2, 4]);
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
    const view = presentRecruitmentEarnings(computeRecruitmentEarnings(serverDefaults, followerServices), { currency: "GHS" });
    expect(view).toEqual({
      currency: "GHS",
      cedisPerDollar: null,
      perTask: "₵0.45 – ₵0.60",
      rewards: [
        { action: "a follow", figure: "₵0.45" },
        { action: "a subscription", figure: "₵0.60" },
      ],
      perHour: "₵135.00 – ₵180.00",
      perDay: "₵135.00 – ₵180.00",
      tasksPerHour: 300,
      tasksPerDay: 300,
      minIntervalSeconds: 5,
      paces: [
        { name: "casual", tasksPerDay: 30, figure: "₵13.50 – ₵18.00" },
        { name: "active", tasksPerDay: 150, figure: "₵67.50 – ₵90.00" },
        { name: "fullTime", tasksPerDay: 300, figure: "₵135.00 – ₵180.00" },
      ],
    });
    const inDollars = presentRecruitmentEarnings(computeRecruitmentEarnings(serverDefaults, followerServices), { currency: "USD", cedisPerDollar: 15 });
    expect(inDollars).toMatchObject({ currency: "USD", cedisPerDollar: 15, perTask: "≈ $0.03 – $0.04", perDay: "≈ $9.00 – $12.00" });
    expect(inDollars.rewards[1]).toEqual({ action: "a subscription", figure: "≈ $0.04" });
  });
});
