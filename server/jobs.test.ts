import pino from "pino";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "./jobs";

const silent = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("background jobs", () => {
  // Found by the load test (npm run test:load): SIGTERM closed the database while the payment
  // reconciler was running, which logged "Cannot use a pool after calling end on the pool".
  it("stopping waits for a run in progress, so the database is not closed under it", async () => {
    const events: string[] = [];
    const stop = startBackgroundJobs(silent, [
      {
        name: "slow job",
        everyMs: 60_000,
        atStart: true,
        run: async () => {
          events.push("started");
          await sleep(300);
          events.push("finished");
        },
      },
    ]);
    await sleep(20);
    expect(events).toEqual(["started"]);
    await stop();
    events.push("stopped");
    expect(events).toEqual(["started", "finished", "stopped"]);
  });

  it("a stopped job does not run again", async () => {
    let runs = 0;
    const stop = startBackgroundJobs(silent, [{ name: "counter", everyMs: 20, run: async () => void runs++ }]);
    await sleep(70);
    await stop();
    const runsAtStop = runs;
    expect(runsAtStop).toBeGreaterThan(0);
    await sleep(70);
    expect(runs).toBe(runsAtStop);
  });
});
