import { describe, expect, it } from "vitest";
import { sharedHealthCheck } from "./health";

const up = { ok: true, database: "up" } as const;
const down = { ok: false, database: "down" } as const;

describe("the shared health check", () => {
  it("asks the database once for checks that arrive together, and reuses the answer for the reuse time", async () => {
    let queries = 0;
    let answer: typeof up | typeof down = up;
    const check = sharedHealthCheck(async () => {
      queries += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer;
    }, 100);
    expect(await Promise.all([check(), check(), check()])).toEqual([up, up, up]);
    expect(queries).toBe(1);
    answer = down;
    expect(await check()).toEqual(up);
    expect(queries).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await check()).toEqual(down);
    expect(queries).toBe(2);
  });
});
