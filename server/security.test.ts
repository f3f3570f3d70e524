import { describe, expect, it } from "vitest";
import { createCspNonce } from "./security";

describe("createCspNonce", () => {
  it("gives 16 random bytes each time, never the same twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, createCspNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    // No byte position is stuck: every nonce's first byte the same would mean a pool that is not refilled.
    expect(new Set(nonces.map((nonce) => Buffer.from(nonce, "base64")[0])).size).toBeGreaterThan(100);
  });
});
