import type { Platform } from "~/generated/prisma/client";
import { pastedUrl, platformOfHost, profileName } from "./pasted-link";

export { platformOfLink } from "./pasted-link";

/**
 * The post an order of likes, views or comments is for (issue #50), from the link its client
 * pasted: a canonical https URL that keeps what identifies the post (YouTube's `v`, Facebook's
 * `fbid`) and drops the rest (igsh=, si=, t=, __cft__…), so one post reads as one link whatever app
 * it was shared from. Or the reason it is not a post link, in a sentence shown under the field.
 */

export type PostLinkProblem = "bad_link" | "wrong_platform" | "profile_not_post";
export type PostTarget = { url: string } | { problem: PostLinkProblem; message: string };

/** A post link per platform, in the shape the parser returns: for a field's placeholder. */
export const postLinkExample: Record<Platform, string> = {
  instagram: "https://www.instagram.com/p/C8xYz12AbCd/",
  tiktok: "https://www.tiktok.com/@ama.grows/video/7412345678901234567",
  youtube: "https://www.youtube.com/watch?v=aBcDeFgHi12",
  twitter: "https://x.com/amagrows/status/1834567890123456789",
  facebook: "https://www.facebook.com/amagrows/posts/pfbid02AbCdEfGh",
};

/** The words of the messages; "twitter" is X to people. */
const words: Record<Platform, { aLink: string; aPost: string; profile: string; post: string; posts: string; shape: string }> = {
  instagram: {
    aLink: "an Instagram link",
    aPost: "an Instagram post or reel",
    profile: "an Instagram profile",
    post: "post or reel",
    posts: "Instagram posts and reels",
    shape: "https://www.instagram.com/p/…",
  },
  tiktok: {
    aLink: "a TikTok link",
    aPost: "a TikTok video",
    profile: "a TikTok profile",
    post: "video",
    posts: "TikTok videos",
    shape: "https://www.tiktok.com/@name/video/…",
  },
  youtube: {
    aLink: "a YouTube link",
    aPost: "a YouTube video or Short",
    profile: "a YouTube channel",
    post: "video or Short",
    posts: "YouTube videos and Shorts",
    shape: "https://www.youtube.com/watch?v=…",
  },
  twitter: {
    aLink: "an X link",
    aPost: "a post on X",
    profile: "an X profile",
    post: "post",
    posts: "posts on X",
    shape: "https://x.com/name/status/…",
  },
  facebook: {
    aLink: "a Facebook link",
    aPost: "a Facebook post, video or reel",
    profile: "a Facebook profile or page",
    post: "post, video or reel",
    posts: "Facebook posts, videos and reels",
    shape: "https://www.facebook.com/name/posts/…",
  },
};

// Ids, as regular-expression sources: digits (TikTok, X, Facebook) or codes of letters, digits, _ and -.
const digits = String.raw`\d{1,25}`;
const code = String.raw`[A-Za-z0-9_-]{1,64}`;
const youtubeId = String.raw`[A-Za-z0-9_-]{11}`;
/** Facebook post ids are digits or, since 2022, "pfbid…" (letters and digits). */
const facebookId = String.raw`[A-Za-z0-9]{1,100}`;
const whole = (pattern: string) => new RegExp(`^${pattern}$`);

/** The canonical URL of the post at `path` (the URL's path without empty segments, e.g. "p/Cxyz"), or null. */
type PostParser = (path: string, url: URL) => string | null;

const posts: Record<Platform, PostParser> = {
  instagram(path) {
    // instagram.com/<username>/p/<code> is the same post as /p/<code>; /reels/<code> as /reel/<code>.
    const match = whole(`(?:[A-Za-z0-9_.]{1,30}/)?(p|reels?|tv)/(${code})`).exec(path);
    return match ? `https://www.instagram.com/${match[1] === "reels" ? "reel" : match[1]}/${match[2]}/` : null;
  },
  tiktok(path, url) {
    // vm. and vt. short links redirect to the video; they are kept as they are (no I/O here).
    if (url.hostname === "vm.tiktok.com" || url.hostname === "vt.tiktok.com") {
      return whole("[A-Za-z0-9]{1,32}").test(path) ? `https://${url.hostname}/${path}/` : null;
    }
    if (whole("t/[A-Za-z0-9]{1,32}").test(path)) return `https://www.tiktok.com/${path}/`;
    return whole(`@[A-Za-z0-9_.]{1,30}/(?:video|photo)/${digits}`).test(path) ? `https://www.tiktok.com/${path}` : null;
  },
  youtube(path, url) {
    if (url.hostname === "youtu.be") return whole(youtubeId).test(path) ? `https://www.youtube.com/watch?v=${path}` : null;
    const v = url.searchParams.get("v") ?? "";
    if (path === "watch" && whole(youtubeId).test(v)) return `https://www.youtube.com/watch?v=${v}`;
    const live = whole(`live/(${youtubeId})`).exec(path);
    if (live) return `https://www.youtube.com/watch?v=${live[1]}`;
    // A Short stays a Short: a service may tell views of a Short from views of a video.
    return whole(`shorts/${youtubeId}`).test(path) ? `https://www.youtube.com/${path}` : null;
  },
  twitter(path) {
    // A photo or video of a post is the post: x.com/<user>/status/<id>/photo/1. The web app's
    // x.com/i/web/status/<id> and x.com/i/status/<id> carry no author's name.
    const match = whole(`(i(?:/web)?|[A-Za-z0-9_]{1,15})/status/(${digits})(?:/(?:photo|video)/\\d)?`).exec(path);
    if (!match) return null;
    return `https://x.com/${match[1] === "i/web" ? "i" : match[1]}/status/${match[2]}`;
  },
  facebook(path, url) {
    if (url.hostname === "fb.watch") return whole(code).test(path) ? `https://fb.watch/${path}/` : null;
    const query = (name: string) => url.searchParams.get(name) ?? "";
    if (path === "watch" && whole(digits).test(query("v"))) return `https://www.facebook.com/watch/?v=${query("v")}`;
    if ((path === "photo" || path === "photo.php") && whole(digits).test(query("fbid"))) return `https://www.facebook.com/photo/?fbid=${query("fbid")}`;
    if ((path === "permalink.php" || path === "story.php") && whole(facebookId).test(query("story_fbid")) && whole(digits).test(query("id"))) {
      return `https://www.facebook.com/${path}?story_fbid=${query("story_fbid")}&id=${query("id")}`;
    }
    if (whole(`reel/${digits}`).test(path)) return `https://www.facebook.com/${path}`;
    if (whole("share/[pvr]/[A-Za-z0-9]{1,40}").test(path)) return `https://www.facebook.com/${path}/`;
    const page = whole(`([A-Za-z0-9._-]{1,100})/(?:posts/${facebookId}|videos/${digits})`).exec(path);
    return page && !["groups", "share", "watch", "reel"].includes(page[1]) ? `https://www.facebook.com/${path}` : null;
  },
};

/** Second segments that start a post, so a link ending there is a broken post link, not a profile's tab. */
const postWords: ReadonlySet<string> = new Set(["p", "reel", "tv", "video", "photo", "status"]);

/** A profile, a channel or a page, or one of its tabs (instagram.com/name/reels, youtube.com/@name/videos). */
function isProfile(url: URL, platform: Platform, segments: string[]): boolean {
  const [first, second] = segments;
  if (platform === "youtube" && ["channel", "c", "user"].includes(first) && second !== undefined && segments.length <= 3) return true;
  if (platform === "facebook" && first === "profile.php" && segments.length === 1 && url.searchParams.has("id")) return true;
  return profileName(url, platform) !== null && (second === undefined || (segments.length === 2 && !postWords.has(second)));
}

export function postTargetFromLink(link: string, platform: Platform): PostTarget {
  const url = pastedUrl(link);
  const owner = url === null ? null : platformOfHost(url.hostname);
  if (url === null || owner === null) return badLink(platform);
  if (owner !== platform) return { problem: "wrong_platform", message: `This is ${words[owner].aLink}: this service is for ${words[platform].posts}.` };
  const segments = url.pathname.split("/").filter(Boolean);
  const post = posts[platform](segments.join("/"), url);
  if (post !== null) return { url: post };
  if (isProfile(url, platform, segments)) {
    return { problem: "profile_not_post", message: `This is a link to ${words[platform].profile}: paste the link of the ${words[platform].post}.` };
  }
  return badLink(platform);
}

function badLink(platform: Platform): PostTarget {
  return { problem: "bad_link", message: `Paste the link of ${words[platform].aPost}, e.g. ${words[platform].shape}` };
}
