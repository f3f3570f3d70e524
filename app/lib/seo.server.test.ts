import { describe, expect, it } from "vitest";
import { siteBaseUrl } from "./seo.server";

describe("siteBaseUrl", () => {
  it("is PUBLIC_URL, without its trailing slash", () => {
    expect(siteBaseUrl({ PUBLIC_URL: "https://smb.example.com/", PORT: 3000 }, 41234)).toBe("https://smb.example.com");
  });

  it("is localhost at the listening port on a local run (PUBLIC_URL unset), never the request's host", () => {
    expect(siteBaseUrl({ PUBLIC_URL: undefined, PORT: 0 }, 41234)).toBe("http://localhost:41234");
  });
});
