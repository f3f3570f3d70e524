import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Platform } from "~/generated/prisma/client";
import { postLinkExample, postTargetFromLink } from "./post-link";

const platforms: Platform[] = ["instagram", "tiktok", "youtube", "twitter", "facebook"];

/** Each pasted link of `platform` and the canonical URL it is read as. */
function expectPosts(platform: Platform, cases: [link: string, url: string][]) {
  for (const [link, url] of cases) expect(postTargetFromLink(link, platform), link).toEqual({ url });
}

function expectProblem(platform: Platform, problem: "bad_link" | "wrong_platform" | "profile_not_post", links: string[]) {
  for (const link of links) expect(postTargetFromLink(link, platform), link).toMatchObject({ problem });
}

describe("postTargetFromLink reads the post links people paste", () => {
  it("Instagram: posts, reels and IGTV, with or without the author's name, www., m., scheme or tracking", () => {
    expectPosts("instagram", [
      ["https://www.instagram.com/p/C8xYz12AbCd/", "https://www.instagram.com/p/C8xYz12AbCd/"],
      ["https://www.instagram.com/p/C8xYz12AbCd/?igsh=MTc4MmM1YmI2Ng==&utm_source=qr", "https://www.instagram.com/p/C8xYz12AbCd/"],
      ["instagram.com/p/C8xYz12AbCd", "https://www.instagram.com/p/C8xYz12AbCd/"],
      ["www.instagram.com/reel/DA1b2C3d4E5/", "https://www.instagram.com/reel/DA1b2C3d4E5/"],
      ["https://instagram.com/reels/DA1b2C3d4E5", "https://www.instagram.com/reel/DA1b2C3d4E5/"],
      ["https://m.instagram.com/tv/B_x-y_z123/", "https://www.instagram.com/tv/B_x-y_z123/"],
      ["https://www.instagram.com/ama.grows/p/C8xYz12AbCd/", "https://www.instagram.com/p/C8xYz12AbCd/"],
      ["https://www.instagram.com/ama.grows/reel/DA1b2C3d4E5/?hl=en", "https://www.instagram.com/reel/DA1b2C3d4E5/"],
      ["  HTTPS://WWW.INSTAGRAM.COM/p/C8xYz12AbCd/#comments \n", "https://www.instagram.com/p/C8xYz12AbCd/"],
      ["http://www.instagram.com//p//C8xYz12AbCd//", "https://www.instagram.com/p/C8xYz12AbCd/"],
    ]);
  });

  it("TikTok: videos and photo posts, and the vm., vt. and /t/ short links", () => {
    expectPosts("tiktok", [
      ["https://www.tiktok.com/@ama.grows/video/7412345678901234567", "https://www.tiktok.com/@ama.grows/video/7412345678901234567"],
      ["https://www.tiktok.com/@ama_grows/video/7412345678901234567?is_from_webapp=1&sender_device=pc&web_id=123", "https://www.tiktok.com/@ama_grows/video/7412345678901234567"],
      ["tiktok.com/@ama.grows/photo/7412345678901234567/", "https://www.tiktok.com/@ama.grows/photo/7412345678901234567"],
      ["https://m.tiktok.com/@ama.grows/video/7412345678901234567", "https://www.tiktok.com/@ama.grows/video/7412345678901234567"],
      ["https://vm.tiktok.com/ZMhAbC123/", "https://vm.tiktok.com/ZMhAbC123/"],
      ["vt.tiktok.com/ZSjAbC123", "https://vt.tiktok.com/ZSjAbC123/"],
      ["https://www.tiktok.com/t/ZTRAbC123/", "https://www.tiktok.com/t/ZTRAbC123/"],
    ]);
  });

  it("YouTube: watch?v=, youtu.be, Shorts and live, keeping v and dropping the rest", () => {
    expectPosts("youtube", [
      ["https://www.youtube.com/watch?v=aBcDeFgHi12", "https://www.youtube.com/watch?v=aBcDeFgHi12"],
      ["https://www.youtube.com/watch?feature=shared&v=aBcDeFgHi12&t=42s&list=PL123", "https://www.youtube.com/watch?v=aBcDeFgHi12"],
      ["https://m.youtube.com/watch?v=aB-De_gHi12", "https://www.youtube.com/watch?v=aB-De_gHi12"],
      ["youtube.com/watch/?v=aBcDeFgHi12", "https://www.youtube.com/watch?v=aBcDeFgHi12"],
      ["https://youtu.be/aBcDeFgHi12?si=xYz123", "https://www.youtube.com/watch?v=aBcDeFgHi12"],
      ["youtu.be/aBcDeFgHi12", "https://www.youtube.com/watch?v=aBcDeFgHi12"],
      ["https://www.youtube.com/shorts/aBcDeFgHi12?feature=share", "https://www.youtube.com/shorts/aBcDeFgHi12"],
      ["https://youtube.com/live/aBcDeFgHi12?si=abc", "https://www.youtube.com/watch?v=aBcDeFgHi12"],
    ]);
  });

  it("X: posts on x.com or twitter.com, canonical on x.com", () => {
    expectPosts("twitter", [
      ["https://x.com/amagrows/status/1834567890123456789", "https://x.com/amagrows/status/1834567890123456789"],
      ["https://twitter.com/AmaGrows/status/1834567890123456789?s=20&t=abc", "https://x.com/AmaGrows/status/1834567890123456789"],
      ["https://mobile.twitter.com/ama_grows/status/1834567890123456789", "https://x.com/ama_grows/status/1834567890123456789"],
      ["www.x.com/amagrows/status/20/", "https://x.com/amagrows/status/20"],
      ["https://x.com/amagrows/status/1834567890123456789/photo/1", "https://x.com/amagrows/status/1834567890123456789"],
      ["https://x.com/i/web/status/1834567890123456789", "https://x.com/i/status/1834567890123456789"],
      ["https://x.com/i/status/1834567890123456789", "https://x.com/i/status/1834567890123456789"],
    ]);
  });

  it("Facebook: posts, videos, watch, reels, photos, permalinks, share links and fb.watch", () => {
    expectPosts("facebook", [
      ["https://www.facebook.com/amagrows/posts/pfbid02AbCdEfGh?__cft__[0]=AZW&__tn__=%2CO%2CP-R", "https://www.facebook.com/amagrows/posts/pfbid02AbCdEfGh"],
      ["https://m.facebook.com/ama.grows/posts/1234567890123456/", "https://www.facebook.com/ama.grows/posts/1234567890123456"],
      ["https://web.facebook.com/amagrows/videos/987654321098765/?_rdc=1&_rdr", "https://www.facebook.com/amagrows/videos/987654321098765"],
      ["https://www.facebook.com/watch?v=987654321098765", "https://www.facebook.com/watch/?v=987654321098765"],
      ["facebook.com/watch/?v=987654321098765&mibextid=abc", "https://www.facebook.com/watch/?v=987654321098765"],
      ["https://www.facebook.com/reel/1122334455667788?mibextid=rS40aB7S9Ucbxw6v", "https://www.facebook.com/reel/1122334455667788"],
      ["https://www.facebook.com/photo?fbid=1029384756&set=a.123", "https://www.facebook.com/photo/?fbid=1029384756"],
      ["https://www.facebook.com/photo.php?fbid=1029384756&set=a.123&type=3", "https://www.facebook.com/photo/?fbid=1029384756"],
      ["https://m.facebook.com/permalink.php?story_fbid=pfbid0abc123&id=100012345678901", "https://www.facebook.com/permalink.php?story_fbid=pfbid0abc123&id=100012345678901"],
      ["https://m.facebook.com/story.php?id=100012345678901&story_fbid=1234567", "https://www.facebook.com/story.php?story_fbid=1234567&id=100012345678901"],
      ["https://www.facebook.com/share/p/1AbCdEfGhI/?mibextid=WC7FNe", "https://www.facebook.com/share/p/1AbCdEfGhI/"],
      ["https://www.facebook.com/share/v/18xYz/", "https://www.facebook.com/share/v/18xYz/"],
      ["facebook.com/share/r/1Qw3rTy", "https://www.facebook.com/share/r/1Qw3rTy/"],
      ["https://fb.watch/qR5tY-u_8/", "https://fb.watch/qR5tY-u_8/"],
    ]);
  });

  it("reads each platform's example as itself, so a placeholder shows a link the field accepts", () => {
    for (const platform of platforms) expect(postTargetFromLink(postLinkExample[platform], platform)).toEqual({ url: postLinkExample[platform] });
  });
});

describe("postTargetFromLink explains links that are not a post", () => {
  it("a profile, a channel or a page of the right platform, or one of its tabs", () => {
    expectProblem("instagram", "profile_not_post", ["https://www.instagram.com/ama.grows/", "instagram.com/ama.grows?igsh=abc", "https://www.instagram.com/ama.grows/reels/"]);
    expectProblem("tiktok", "profile_not_post", ["https://www.tiktok.com/@ama.grows", "tiktok.com/@ama.grows?lang=en"]);
    expectProblem("youtube", "profile_not_post", [
      "https://www.youtube.com/@AmaGrows",
      "https://www.youtube.com/@AmaGrows/shorts",
      "https://www.youtube.com/channel/UC1234567890abcdefghij",
      "https://www.youtube.com/c/AmaGrows/videos",
      "https://m.youtube.com/user/amagrows",
    ]);
    expectProblem("twitter", "profile_not_post", ["https://x.com/amagrows", "https://twitter.com/amagrows/media"]);
    expectProblem("facebook", "profile_not_post", ["https://www.facebook.com/amagrows", "https://m.facebook.com/ama.grows/about", "https://www.facebook.com/profile.php?id=100012345678901"]);
  });

  it("says which in a sentence, naming the platform (X for twitter)", () => {
    expect(postTargetFromLink("https://www.instagram.com/ama.grows/", "instagram")).toEqual({
      problem: "profile_not_post",
      message: "This is a link to an Instagram profile: paste the link of the post or reel.",
    });
    expect(postTargetFromLink("https://x.com/amagrows", "twitter")).toEqual({ problem: "profile_not_post", message: "This is a link to an X profile: paste the link of the post." });
    expect(postTargetFromLink("https://www.tiktok.com/@ama/video/1", "instagram")).toEqual({
      problem: "wrong_platform",
      message: "This is a TikTok link: this service is for Instagram posts and reels.",
    });
    expect(postTargetFromLink("https://twitter.com/ama/status/1", "facebook")).toEqual({
      problem: "wrong_platform",
      message: "This is an X link: this service is for Facebook posts, videos and reels.",
    });
    expect(postTargetFromLink("https://www.instagram.com/p/C8xYz12AbCd/", "twitter")).toEqual({
      problem: "wrong_platform",
      message: "This is an Instagram link: this service is for posts on X.",
    });
    expect(postTargetFromLink("hello", "instagram")).toEqual({ problem: "bad_link", message: "Paste the link of an Instagram post or reel, e.g. https://www.instagram.com/p/…" });
    expect(postTargetFromLink("", "youtube")).toEqual({ problem: "bad_link", message: "Paste the link of a YouTube video or Short, e.g. https://www.youtube.com/watch?v=…" });
  });

  it("a link of another of the five platforms, whatever it points to", () => {
    expectProblem("instagram", "wrong_platform", ["https://youtu.be/aBcDeFgHi12", "https://fb.watch/abc/", "https://x.com/ama", "vm.tiktok.com/ZMhAbC123"]);
    expectProblem("youtube", "wrong_platform", ["https://www.instagram.com/p/C8xYz12AbCd/", "twitter.com"]);
    expectProblem("tiktok", "wrong_platform", ["https://www.facebook.com/amagrows/posts/123"]);
    expectProblem("facebook", "wrong_platform", ["https://www.tiktok.com/@ama"]);
    expectProblem("twitter", "wrong_platform", ["https://www.youtube.com/shorts/aBcDeFgHi12"]);
  });

  it("anything else: no link, an unknown host, another scheme, a broken escape, a broken post link, or too long", () => {
    const notLinks = [
      "",
      "   ",
      "@ama.grows",
      "ama.grows",
      "not a link",
      "javascript:alert(1)",
      "JavaScript://www.instagram.com/p/C8xYz12AbCd/",
      "data:text/html,<script>alert(1)</script>",
      "mailto:ama@instagram.com",
      "ftp://www.instagram.com/p/C8xYz12AbCd/",
      "//www.instagram.com/p/C8xYz12AbCd/",
      "https://instagram.com.evil.example/p/C8xYz12AbCd/",
      "https://evil.example/www.instagram.com/p/C8xYz12AbCd/",
      "https://www.instagram.com@evil.example/p/C8xYz12AbCd/",
      "https://ama:secret@www.instagram.com/p/C8xYz12AbCd/",
      "https://www.instagram.com:8443/p/C8xYz12AbCd/",
      "https://www.insta\ngram.com/p/C8xYz12AbCd/",
      "https://www.instagram.com/p/C8x Yz12/",
      "https://www.instagram.com/p/%E0%A4%A/",
      "https://www.instagram.com/%E0%A4%A",
      "https://www.instagram.com/p/",
      "https://www.instagram.com/p/C8xYz12AbCd/comments/extra",
      "https://www.instagram.com/explore/",
      "https://www.instagram.com/stories/ama.grows/3456789012345678901/",
      "https://www.instagram.com/",
      "https://l.instagram.com/?u=https%3A%2F%2Fexample.com",
      `https://www.instagram.com/p/C8xYz12AbCd/?q=${"a".repeat(300)}`,
    ];
    expectProblem("instagram", "bad_link", notLinks);
    expectProblem("tiktok", "bad_link", ["https://www.tiktok.com/@ama/video/", "https://www.tiktok.com/@ama/video/abc", "https://www.tiktok.com/video/7412345678901234567", "https://vm.tiktok.com/ZMh/extra/"]);
    expectProblem("youtube", "bad_link", [
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/watch",
      "https://youtu.be/",
      "https://youtu.be/@AmaGrows",
      "https://www.youtube.com/playlist?list=PL123",
      "https://music.youtube.com/watch?v=aBcDeFgHi12",
    ]);
    expectProblem("twitter", "bad_link", ["https://x.com/amagrows/status/", "https://x.com/amagrows/status/abc", "https://x.com/home", "https://x.com/this_name_is_far_too_long/status/1"]);
    expectProblem("facebook", "bad_link", [
      "https://www.facebook.com/watch?v=abc",
      "https://www.facebook.com/photo.php",
      "https://www.facebook.com/permalink.php?story_fbid=123",
      "https://www.facebook.com/groups/123/posts/456/",
      "https://www.facebook.com/groups/ghana.sellers",
      "https://fb.watch/",
      "https://fb.watch/abc/def/",
      "https://www.facebook.com/share/x/abc/",
    ]);
  });

  it("accepts a link of 300 characters and refuses one of 301", () => {
    const link = "https://www.youtube.com/watch?v=aBcDeFgHi12&x=";
    expect(postTargetFromLink(link.padEnd(300, "a"), "youtube")).toEqual({ url: "https://www.youtube.com/watch?v=aBcDeFgHi12" });
    expect(postTargetFromLink(link.padEnd(301, "a"), "youtube")).toMatchObject({ problem: "bad_link" });
  });
});

describe("postTargetFromLink on any input", () => {
  const platform = fc.constantFrom(...platforms);
  const hosts = ["www.instagram.com", "instagram.com", "tiktok.com", "vm.tiktok.com", "youtu.be", "m.youtube.com", "x.com", "twitter.com", "facebook.com", "fb.watch", "example.com"];
  const pieces = fc.constantFrom("/", "p", "reel", "@", "@ama", "video", "status", "watch", "?v=", "&", "=", "%", "%E0", "posts", "share", "1234567890", "aBcDeFgHi12", "..", "#", "?", " ", "💖");
  const linkish = fc.tuple(fc.constantFrom("", "https://", "http://", "HTTPS://"), fc.constantFrom(...hosts), fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 })).map(([scheme, host, rest]) => `${scheme}${host}${rest.join("")}`);
  const input = fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: "binary", maxLength: 400 }), fc.webUrl({ withQueryParameters: true, withFragments: true }), linkish);

  it("never throws, explains every refusal, and returns a URL it would read as itself", () => {
    fc.assert(
      fc.property(input, platform, (link, platform) => {
        const target = postTargetFromLink(link, platform);
        if ("url" in target) {
          expect(target.url.startsWith("https://")).toBe(true);
          expect(postTargetFromLink(target.url, platform)).toEqual(target);
        } else {
          expect(["bad_link", "wrong_platform", "profile_not_post"]).toContain(target.problem);
          expect(target.message).toMatch(/^[A-Z].*[.…]$/);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
