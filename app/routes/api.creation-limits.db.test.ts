import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, signUp, startSecurityServer } from "../../server/security/helpers";
import type { TestServer } from "../../server/testing/in-process-server";

/*
 * Issue #49 over HTTP: one client account sent 200 top-ups and 200 unpaid ₵200,000 orders in 3 s.
 * Each account now has an hourly allowance of both, counted and recorded in one step under the
 * account's lock, so a burst of concurrent requests gets exactly the allowance and 429s with
 * Retry-After for the rest. Runs on PostgreSQL too (TEST_DATABASE_URL), where the burst is truly parallel.
 */
let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startSecurityServer({ ORDERS_PER_CLIENT_PER_HOUR: "5", TOP_UPS_PER_CLIENT_PER_HOUR: "3" });
  api = Api.of(server);
});
afterAll(async () => {
  await server?.stop();
});

const hugeOrder = (index: number) => ({ packageId: "custom-youtube", quantity: 100_000, targetUsername: `flood${index}`, accountScreenshot: null });

describe("the hourly allowance of unpaid orders and top-ups per client (issue #49)", () => {
  it("a burst of 20 orders places exactly 5 and answers the rest 429 with Retry-After; another client is not affected", async () => {
    const { token } = await signUp(api, "client");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => api.post("/api/orders", hugeOrder(index), { token })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.json.message).toBe("You have created 5 orders in the last hour. Please wait 60 minutes and try again.");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(3500);
    }
    expect((await api.get("/api/orders", { token })).json).toHaveLength(5);
    expect((await api.post("/api/orders", hugeOrder(99), { token: (await signUp(api, "client")).token })).status).toBe(201);
  });

  it("a burst of 10 top-ups creates exactly 3", async () => {
    const { token } = await signUp(api, "client");
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post("/api/wallet/top-ups", { amount: 20_000 }, { token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)!.json.message).toBe("You have created 3 top-ups in the last hour. Please wait 60 minutes and try again.");
  });
});
