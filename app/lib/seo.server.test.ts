import { describe, expect, it } from "vitest";
import { siteBaseUrl } from "./seo.server";

describe("siteBaseUrl", () => {
  const request = new Request("http://10.0.0.5:3000/sitemap.xml?x=1");

  it("prefers PUBLIC_URL, without its trailing slash", () => {
    expect(siteBaseUrl(request, "https://smb.example.com/")).toBe("https://smb.example.com");
  });

  it("falls back to the origin the request was made to", () => {
    expect(siteBaseUrl(request, null)).toBe("http://10.0.0.5:3000");
  });
});
