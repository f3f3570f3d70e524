import { describe, expect, it } from "vitest";
import { loggablePath } from "./loggable-path";

describe("loggablePath", () => {
  it("leaves out the query string", () => {
    expect(loggablePath("/api/v2?key=secret-key&action=balance")).toBe("/api/v2");
    expect(loggablePath("/orders/12")).toBe("/orders/12");
  });

  it("redacts the token of reset, verification and payout-number links, however the path is written", () => {
    for (const url of ["/auth/reset/tok3n", "/auth/reset/tok3n.data?_routes=x", "/AUTH/Reset/tok3n", "/auth/re%73et/tok3n", "//auth//verify/tok3n", "/auth/verify/tok3n", "/payouts/confirm-number/tok3n"]) {
      expect(loggablePath(url)).not.toContain("tok3n");
      expect(loggablePath(url)).toMatch(/^(\/auth\/(reset|verify)|\/payouts\/confirm-number)\/\[redacted\]$/);
    }
  });

  it("keeps a path with a malformed escape as it is", () => {
    expect(loggablePath("/packages/%E0%A4%A")).toBe("/packages/%E0%A4%A");
  });
});
