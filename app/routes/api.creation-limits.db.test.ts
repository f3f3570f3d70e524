import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * Issue #49 over HTTP: one client account sent 200 top-ups and 200 unpaid ₵200,000 orders in 3 s.
 * Each account now has an hourly allowance of both, counted and recorded in one step under the
 * account's lock, so a burst of concurrent requests gets exactly the allowance and 429s with
 * Retry-After for the rest. Runs on PostgreSQL too (TEST_DATABASE_URL), where the burst is truly parallel.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", ORDERS_PER_CLIENT_PER_HOUR: "5", TOP_UPS_PER_CLIENT_PER_HOUR: "3" });
});
afterAll(async () => {
  await server?.stop();
});

async function call(path: string, { body, token }: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: text ? JSON.parse(text) : null };
}

let sequence = 0;
async function signUp(): Promise<string> {
  sequence += 1;
  const tag = `${process.pid}c${sequence}`;
  const result = await call("/api/auth/register", { body: { email: `limits${tag}@example.com`, username: `limits_${tag}`, fullName: "Kwesi Flood", password: "secret-pass", role: "client" } });
  expect(result.status).toBe(201);
  return result.body.token;
}

const hugeOrder = (index: number) => ({ packageId: "custom-youtube", quantity: 100_000, targetUsername: `flood${index}`, accountScreenshot: null });

describe("the hourly allowance of unpaid orders and top-ups per client (issue #49)", () => {
  it("a burst of 20 orders places exactly 5 and answers the rest 429 with Retry-After; another client is not affected", async () => {
    const token = await signUp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => call("/api/orders", { token, body: hugeOrder(index) })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe("You have created 5 orders in the last hour. Please wait 60 minutes and try again.");
      expect(Number(answer.retryAfter)).toBeGreaterThan(3500);
    }
    expect((await call("/api/orders", { token })).body).toHaveLength(5);
    expect((await call("/api/orders", { token: await signUp(), body: hugeOrder(99) })).status).toBe(201);
  });

  it("a burst of 10 top-ups creates exactly 3", async () => {
    const token = await signUp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("/api/wallet/top-ups", { token, body: { amount: 20_000 } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    expect(answers.find((answer) => answer.status === 429)!.body.message).toBe("You have created 3 top-ups in the last hour. Please wait 60 minutes and try again.");
  });
});
