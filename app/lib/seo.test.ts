import { describe, expect, it } from "vitest";
import { absoluteUrl, pageMeta } from "./seo";

describe("pageMeta", () => {
  it("names the page before the site and repeats title and description for link previews", () => {
    const meta = pageMeta({ title: "Terms of Service", description: "The rules.", path: "/terms", type: "article" });
    expect(meta).toEqual([
      { title: "Terms of Service | Social Media Boost" },
      { name: "description", content: "The rules." },
      { property: "og:site_name", content: "Social Media Boost" },
      { property: "og:title", content: "Terms of Service | Social Media Boost" },
      { property: "og:description", content: "The rules." },
      { property: "og:type", content: "article" },
      { name: "twitter:card", content: "summary" },
    ]);
  });

  it("uses the site name alone without a page title, and og:type website by default", () => {
    const meta = pageMeta({ description: "Home." });
    expect(meta).toContainEqual({ title: "Social Media Boost" });
    expect(meta).toContainEqual({ property: "og:type", content: "website" });
  });

  it("adds og:url only when the root loader knows the public address", () => {
    const withoutAddress = pageMeta({ title: "Privacy Policy", description: "Data.", path: "/privacy" }, [{ id: "root", loaderData: { publicUrl: null } }]);
    expect(withoutAddress.some((descriptor) => "property" in descriptor && descriptor.property === "og:url")).toBe(false);

    const withAddress = pageMeta({ title: "Privacy Policy", description: "Data.", path: "/privacy" }, [
      { id: "root", loaderData: { publicUrl: "https://smb.example.com/" } },
      { id: "routes/privacy", loaderData: undefined },
    ]);
    expect(withAddress).toContainEqual({ property: "og:url", content: "https://smb.example.com/privacy" });
  });
});

describe("absoluteUrl", () => {
  it("joins a base with or without a trailing slash, keeping a path prefix", () => {
    expect(absoluteUrl("https://smb.example.com", "/")).toBe("https://smb.example.com/");
    expect(absoluteUrl("https://smb.example.com//", "/sitemap.xml")).toBe("https://smb.example.com/sitemap.xml");
    expect(absoluteUrl("https://example.com/store/", "/terms")).toBe("https://example.com/store/terms");
  });
});
