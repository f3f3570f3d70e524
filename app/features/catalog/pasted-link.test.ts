import { describe, expect, it } from "vitest";
import { pastedUrl, platformOfLink, profileName } from "./pasted-link";

describe("pastedUrl", () => {
  it("reads http(s) links with or without their scheme", () => {
    expect(pastedUrl(" instagram.com/p/abc ")?.href).toBe("https://instagram.com/p/abc");
    expect(pastedUrl("HTTP://X.COM/ama")?.href).toBe("http://x.com/ama");
    expect(pastedUrl("youtu.be")?.hostname).toBe("youtu.be");
  });

  it("refuses other schemes, whitespace inside, credentials, ports and links over 300 characters", () => {
    for (const link of ["", "javascript:alert(1)", "mailto:a@b.com", "//x.com/ama", "@ama", "https://x.com/a b", "https://x.\tcom/ama", "https://a:b@x.com/ama", "https://x.com:444/ama", `x.com/${"a".repeat(295)}`]) {
      expect(pastedUrl(link), link).toBeNull();
    }
    expect(pastedUrl(`x.com/${"a".repeat(294)}`)).not.toBeNull();
  });
});

describe("platformOfLink", () => {
  it("knows the hosts of the five platforms, short links included", () => {
    expect(platformOfLink("https://m.instagram.com/p/abc")).toBe("instagram");
    expect(platformOfLink("vt.tiktok.com/ZS123")).toBe("tiktok");
    expect(platformOfLink("https://youtu.be/aBcDeFgHi12")).toBe("youtube");
    expect(platformOfLink("https://mobile.twitter.com/ama")).toBe("twitter");
    expect(platformOfLink("https://x.com/ama")).toBe("twitter");
    expect(platformOfLink("https://web.facebook.com/ama")).toBe("facebook");
    expect(platformOfLink("fb.watch/abc")).toBe("facebook");
    for (const link of ["https://example.com/ama", "https://instagram.com.example/ama", "https://notx.com/ama", "ama", "javascript:alert(1)"]) expect(platformOfLink(link), link).toBeNull();
  });
});

describe("profileName", () => {
  const name = (link: string, platform: Parameters<typeof profileName>[1]) => profileName(new URL(link), platform);

  it("reads /@name on TikTok and YouTube, /name elsewhere, decoded", () => {
    expect(name("https://www.tiktok.com/@ama.grows/video/1", "tiktok")).toBe("ama.grows");
    expect(name("https://www.youtube.com/@AmaGrows", "youtube")).toBe("AmaGrows");
    expect(name("https://www.instagram.com/%61ma", "instagram")).toBe("ama");
    expect(name("https://x.com/ama_grows", "twitter")).toBe("ama_grows");
    expect(name("https://www.facebook.com/ama.grows", "facebook")).toBe("ama.grows");
  });

  it("finds none in the platforms' own pages, short links, broken escapes or the wrong @ rule", () => {
    expect(name("https://www.tiktok.com/ama", "tiktok")).toBeNull();
    expect(name("https://www.instagram.com/@ama", "instagram")).toBeNull();
    expect(name("https://www.instagram.com/explore", "instagram")).toBeNull();
    expect(name("https://x.com/Home", "twitter")).toBeNull();
    expect(name("https://www.facebook.com/profile.php?id=1", "facebook")).toBeNull();
    expect(name("https://fb.watch/abc", "facebook")).toBeNull();
    expect(name("https://vm.tiktok.com/@ama", "tiktok")).toBeNull();
    expect(name("https://www.instagram.com/%E0%A4%A", "instagram")).toBeNull();
    expect(name("https://www.instagram.com/", "instagram")).toBeNull();
  });
});
