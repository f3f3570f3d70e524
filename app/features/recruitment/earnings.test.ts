import { describe, expect, it } from "vitest";
import { rewardPerActionMinor } from "~/features/catalog/catalog";
import { ghanaMarket, globalMarket } from "~/features/geo/market";
import { computeRecruitmentEarnings, earningsDisplayFor, formatRange, presentRecruitmentEarnings } from "./earnings";

const serverDefaults = { minIntervalMs: 5_000, completionsPerDay: 300 };

describe("computeRecruitmentEarnings", () => {
  it("pays per task what the catalogue rewards, from the lowest-paying platform to the best-paying one", () => {
    const earnings = computeRecruitmentEarnings(serverDefaults);
    expect(earnings.rewards).toEqual([
      { platform: "instagram", rewardMinor: rewardPerActionMinor("instagram") },
      { platform: "tiktok", rewardMinor: rewardPerActionMinor("tiktok") },
      { platform: "youtube", rewardMinor: rewardPerActionMinor("youtube") },
    ]);
    expect(earnings.perTask).toEqual({ lowMinor: 45, highMinor: 60 });
  });

  it("fills an hour up to the daily limit when the pause between tasks would allow more (720 at 5 s, 300 a day)", () => {
    const earnings = computeRecruitmentEarnings(serverDefaults);
    expect(earnings.tasksPerHour).toBe(300);
    expect(earnings.perHour).toEqual({ lowMinor: 300 * 45, highMinor: 300 * 60 });
    expect(earnings.tasksPerDay).toBe(300);
    expect(earnings.perDay).toEqual({ lowMinor: 13_500, highMinor: 18_000 });
  });

  it("lets the pause between tasks bound an hour, and a day, when it is the tighter limit", () => {
    const slow = computeRecruitmentEarnings({ minIntervalMs: 60_000, completionsPerDay: 300 });
    expect(slow.tasksPerHour).toBe(60);
    expect(slow.perHour).toEqual({ lowMinor: 60 * 45, highMinor: 60 * 60 });
    expect(slow.tasksPerDay).toBe(300);
    const slower = computeRecruitmentEarnings({ minIntervalMs: 600_000, completionsPerDay: 300 });
    expect(slower.tasksPerHour).toBe(6);
    expect(slower.tasksPerDay).toBe(144);
  });

  it("without a pause between tasks, only the daily limit bounds an hour", () => {
    const earnings = computeRecruitmentEarnings({ minIntervalMs: 0, completionsPerDay: 40 });
    expect(earnings.tasksPerHour).toBe(40);
    expect(earnings.tasksPerDay).toBe(40);
  });

  it("states each pace as a number of tasks a day: a tenth of the limit, half of it, all of it", () => {
    expect(computeRecruitmentEarnings(serverDefaults).paces).toEqual([
      { name: "casual", tasksPerDay: 30, perDay: { lowMinor: 1_350, highMinor: 1_800 } },
      { name: "active", tasksPerDay: 150, perDay: { lowMinor: 6_750, highMinor: 9_000 } },
      { name: "fullTime", tasksPerDay: 300, perDay: { lowMinor: 13_500, highMinor: 18_000 } },
    ]);
    // A small limit still leaves every pace at least one task.
    expect(computeRecruitmentEarnings({ minIntervalMs: 0, completionsPerDay: 4 }).paces.map((pace) => pace.tasksPerDay)).toEqual([1, 2, 4]);
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
    const view = presentRecruitmentEarnings(computeRecruitmentEarnings(serverDefaults), { currency: "GHS" });
    expect(view).toEqual({
      currency: "GHS",
      cedisPerDollar: null,
      perTask: "₵0.45 – ₵0.60",
      rewards: [
        { platform: "Instagram", figure: "₵0.45" },
        { platform: "TikTok", figure: "₵0.45" },
        { platform: "YouTube", figure: "₵0.60" },
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
    const inDollars = presentRecruitmentEarnings(computeRecruitmentEarnings(serverDefaults), { currency: "USD", cedisPerDollar: 15 });
    expect(inDollars).toMatchObject({ currency: "USD", cedisPerDollar: 15, perTask: "≈ $0.03 – $0.04", perDay: "≈ $9.00 – $12.00" });
    expect(inDollars.rewards[2]).toEqual({ platform: "YouTube", figure: "≈ $0.04" });
  });
});
