import { describe, expect, it } from "vitest";
import { bodyLimitFor } from "./body-limits";

const limits = { jsonLimitBytes: 1, formLimitBytes: 2, uploadLimitBytes: 3 };

describe("bodyLimitFor", () => {
  it("gives the screenshot's carriers the upload limit, with or without JavaScript (single fetch posts to <page>.data)", () => {
    for (const path of ["/api/orders", "/packages", "/packages.data"]) expect(bodyLimitFor(path, limits), path).toBe(3);
  });

  it("gives other /api calls the JSON limit and other page forms the form limit", () => {
    expect(bodyLimitFor("/api/auth/login", limits)).toBe(1);
    expect(bodyLimitFor("/api/orders/12", limits)).toBe(1);
    for (const path of ["/auth", "/auth.data", "/support", "/checkout.data", "/packages/other"]) expect(bodyLimitFor(path, limits), path).toBe(2);
  });
});
