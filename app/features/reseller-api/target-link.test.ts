import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Platform } from "~/generated/prisma/client";
import { targetFromLink } from "./target-link";

function expectUsernames(platform: Platform, cases: [link: string, username: string][]) {
  for (const [link, username] of cases) expect(targetFromLink(link, platform), link).toEqual({ username });
}

function expectProblem(platform: Platform, problem: "bad_link" | "wrong_platform", links: string[]) {
  for (const link of links) expect(targetFromLink(link, platform), link).toEqual({ problem });
}

describe("targetFromLink", () => {
  it("reads Instagram, TikTok and YouTube profile URLs and handles, as before", () => {
    expectUsernames("instagram", [
      ["https://www.instagram.com/ama.grows/", "@ama.grows"],
      ["instagram.com/ama.grows", "@ama.grows"],
      ["m.instagram.com/ama.grows?igsh=abc", "@ama.grows"],
      ["https://www.instagram.com/%61ma", "@ama"],
      ["ama.grows", "@ama.grows"],
    ]);
    expectUsernames("tiktok", [
      ["@ama.grows", "@ama.grows"],
      ["https://m.tiktok.com/@ama.grows?lang=en", "@ama.grows"],
      ["tiktok.com/@ama_grows/", "@ama_grows"],
    ]);
    expectUsernames("youtube", [
      ["ama_grows", "@ama_grows"],
      ["https://www.youtube.com/@AmaGrows", "@AmaGrows"],
      ["m.youtube.com/@AmaGrows", "@AmaGrows"],
    ]);
  });

  it("reads X profiles on x.com or twitter.com, and handles", () => {
    expectUsernames("twitter", [
      ["https://x.com/amagrows", "@amagrows"],
      ["https://twitter.com/Ama_Grows/", "@Ama_Grows"],
      ["www.x.com/amagrows?s=21", "@amagrows"],
      ["https://mobile.twitter.com/amagrows", "@amagrows"],
      ["x.com/amagrows", "@amagrows"],
      ["@amagrows", "@amagrows"],
    ]);
  });

  it("reads Facebook profiles and pages, dots included", () => {
    expectUsernames("facebook", [
      ["https://www.facebook.com/ama.grows", "@ama.grows"],
      ["https://m.facebook.com/amagrows/?mibextid=ZbWKwL", "@amagrows"],
      ["web.facebook.com/AmaGrowsGH", "@AmaGrowsGH"],
      ["facebook.com/ama.grows", "@ama.grows"],
      ["ama.grows", "@ama.grows"],
    ]);
  });

  it("refuses a link of another platform", () => {
    expectProblem("youtube", "wrong_platform", ["https://www.instagram.com/ama"]);
    expectProblem("instagram", "wrong_platform", ["https://x.com/ama", "https://www.facebook.com/ama", "twitter.com/ama", "https://youtu.be/aBcDeFgHi12"]);
    expectProblem("twitter", "wrong_platform", ["https://www.tiktok.com/@ama", "facebook.com/ama"]);
    expectProblem("facebook", "wrong_platform", ["https://x.com/ama", "https://www.instagram.com/ama"]);
  });

  it("refuses posts, videos, pages of the platform itself, numbered Facebook profiles and anything else", () => {
    expectProblem("instagram", "bad_link", ["https://www.instagram.com/p/Cxyz/", "https://www.instagram.com/explore/", "https://www.instagram.com/", "instagram.com", "javascript:alert(1)", "https://evil.example/ama"]);
    expectProblem("youtube", "bad_link", ["https://www.youtube.com/watch?v=abc", "https://www.youtube.com/AmaGrows", "https://youtu.be/@AmaGrows"]);
    expectProblem("tiktok", "bad_link", ["https://www.tiktok.com/ama", "https://vm.tiktok.com/ZMhAbC123/", "https://www.tiktok.com/@ama/video/7412345678901234567"]);
    expectProblem("twitter", "bad_link", [
      "https://x.com/amagrows/status/1834567890123456789",
      "https://x.com/home",
      "https://x.com/i/status/1834567890123456789",
      "https://x.com/@amagrows",
      "x.com",
    ]);
    expectProblem("facebook", "bad_link", [
      "https://www.facebook.com/profile.php?id=100012345678901",
      "https://www.facebook.com/amagrows/posts/pfbid02AbCdEf",
      "https://www.facebook.com/watch?v=987654321098765",
      "https://www.facebook.com/groups",
      "https://fb.watch/qR5tY/",
      "https://www.facebook.com/Ama-Grows-123456",
      "https://www.facebook.com/%E0%A4%A",
    ]);
    expectProblem("facebook", "bad_link", ["", " ", "@", "a".repeat(31), `https://www.facebook.com/${"a".repeat(300)}`]);
  });

  it("never throws on any input", () => {
    const platform = fc.constantFrom<Platform>("instagram", "tiktok", "youtube", "twitter", "facebook");
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.webUrl()), platform, (link, platform) => {
        const target = targetFromLink(link, platform);
        if ("username" in target) expect(target.username).toMatch(/^@[A-Za-z0-9_.]{1,30}$/);
        else expect(["bad_link", "wrong_platform"]).toContain(target.problem);
      }),
      { numRuns: 1000 },
    );
  });
});
