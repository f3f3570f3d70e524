import { afterEach, describe, expect, it, vi } from "vitest";
import { issueToken, readToken, tokenLifetimeSeconds } from "./token.server";

const secret = "a-test-key-of-enough-length-for-hs256-0123456789";
const claims = { userId: 42, role: "client" as const, tokenVersion: 3 };

describe("readToken", () => {
  afterEach(() => vi.useRealTimers());

  it("reads a token it issued, the second time from what the first check concluded", async () => {
    const token = await issueToken(claims, secret);
    expect(await readToken(token, secret)).toEqual(claims);
    expect(await readToken(token, secret)).toEqual(claims);
  });

  it("refuses a token once it has expired, though it was read while valid", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T08:00:00Z"));
    const token = await issueToken(claims, secret, Date.now());
    expect(await readToken(token, secret)).toEqual(claims);
    vi.setSystemTime(Date.now() + tokenLifetimeSeconds * 1000 - 1000);
    expect(await readToken(token, secret)).toEqual(claims);
    vi.setSystemTime(Date.now() + 1000);
    expect(await readToken(token, secret)).toBeNull();
    expect(await readToken(token, secret)).toBeNull();
  });

  it("does not trust a token that was verified under another key", async () => {
    const token = await issueToken(claims, secret);
    expect(await readToken(token, secret)).toEqual(claims);
    expect(await readToken(token, `${secret}-rotated`)).toBeNull();
  });

  it("refuses a forged or altered token every time", async () => {
    const token = await issueToken(claims, secret);
    const [header, payload, signature] = token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), role: "admin" })).toString("base64url");
    const altered = [header, forgedPayload, signature].join(".");
    const unsigned = [Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url"), payload, ""].join(".");
    for (const bad of [altered, unsigned, `${token}x`]) {
      expect(await readToken(bad, secret)).toBeNull();
      expect(await readToken(bad, secret)).toBeNull();
    }
    expect(await readToken(token, secret)).toEqual(claims);
  });
});
