import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { floodFromAnotherProcess, signInAlone } from "../bench/sign-in-flood.js";
import { type RunningServer, startServer } from "./testing/spawn-server";

/*
 * A flood of bad sign-ins must not lock good ones out (issue #17): every attempt is counted before
 * its password is hashed, at most CPUs − 1 sign-ins run at once, a full queue answers 503 with
 * Retry-After at once, and an owner's own browser (trusted-device cookie) goes first.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ REGISTER_LIMIT_PER_HOUR: "1000" });
});
afterAll(async () => {
  await server?.stop();
});

async function post(path: string, body: unknown, cookie?: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), setCookies: response.headers.getSetCookie(), ms: performance.now() - started };
}

describe("a flood of 200 concurrent bad sign-ins", () => {
  it("answers them 401, 429 or 503 with Retry-After, and the owner's sign-ins on their own browser all succeed", async () => {
    const owner = { email: `flood-owner-${process.pid}@example.com`, username: `flood_owner_${process.pid}`, fullName: "Ama Owner", password: "owner-password", role: "client" };
    const registered = await post("/api/auth/register", owner);
    expect(registered.status).toBe(201);
    const deviceCookie = registered.setCookies.map((value) => value.split(";")[0]).find((value) => value.startsWith("smb_device="));
    expect(deviceCookie).toBeTruthy();

    // Unknown e-mails, each tried once: the costliest flood (every attempt would hash the decoy). It
    // comes from a process of its own, as an attacker's machine would: in this one, 200 fetches at
    // once would delay the owner's request before it leaves (the generator's lag, not the server's).
    const flood = floodFromAnotherProcess(server.url, 200);
    await flood.started;
    const ownerSignIns: { status: number; ms: number }[] = [];
    for (let attempt = 0; attempt < 10; attempt++) ownerSignIns.push(await signInAlone(server.url, { email: owner.email, password: owner.password }, deviceCookie!));
    const bad: { status: number; retryAfter: string | null }[] = await flood.answers;

    for (const answer of bad) {
      expect([401, 429, 503]).toContain(answer.status);
      if (answer.status !== 401) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(ownerSignIns.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const slowest = Math.max(...ownerSignIns.map((answer) => answer.ms));
    const tally = bad.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});
    console.info(`sign-in flood: bad answers ${JSON.stringify(tally)}; owner sign-ins slowest ${slowest.toFixed(0)} ms, median ${[...ownerSignIns.map((a) => a.ms)].sort((a, b) => a - b)[5].toFixed(0)} ms`);
    // The latency target (p99 < 1 s, issue #17) is checked by `npm run bench -- sign-in-flood`, on a
    // machine doing nothing else; here other test files share the CPUs, so the figure is printed.
  }, 120_000);
});
