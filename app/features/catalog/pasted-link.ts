import type { Platform } from "~/generated/prisma/client";

/**
 * What people paste into a link field, read alike by the checkout (posts: ./post-link) and the
 * reseller API (profiles: ~/features/reseller-api/target-link): which platform a link belongs to,
 * and which account a profile link names. One table of hosts, so both answer "wrong platform" alike.
 */

export const maximumLinkLength = 300;

const hostPatterns: Record<Platform, RegExp> = {
  instagram: /^(?:www\.|m\.)?instagram\.com$/,
  tiktok: /^(?:www\.|m\.|vm\.|vt\.)?tiktok\.com$/,
  youtube: /^(?:(?:www\.|m\.)?youtube\.com|youtu\.be)$/,
  twitter: /^(?:www\.|mobile\.)?(?:x|twitter)\.com$/,
  facebook: /^(?:(?:www\.|m\.|web\.)?facebook\.com|fb\.watch)$/,
};
const platforms = Object.keys(hostPatterns) as Platform[];

/** Hosts that serve only short links to posts and videos: youtu.be/<id> or fb.watch/<code> never names an account. */
const shortLinkHosts: ReadonlySet<string> = new Set(["youtu.be", "vm.tiktok.com", "vt.tiktok.com", "fb.watch"]);

/**
 * First path segments that are the platform's own pages, not accounts (instagram.com/explore,
 * x.com/home, facebook.com/watch): a link to one is no profile. TikTok and YouTube need none, their
 * accounts are /@name.
 */
const reservedPaths: Record<Platform, ReadonlySet<string>> = {
  instagram: new Set(["p", "reel", "reels", "tv", "explore", "stories", "accounts", "direct", "about", "legal"]),
  tiktok: new Set(),
  youtube: new Set(),
  twitter: new Set(["i", "home", "explore", "search", "notifications", "messages", "settings", "compose", "intent", "share", "hashtag", "login", "signup", "tos", "privacy"]),
  facebook: new Set([
    "watch", "reel", "reels", "share", "photo", "photo.php", "permalink.php", "story.php", "profile.php", "groups", "events",
    "marketplace", "gaming", "pages", "login", "login.php", "home.php", "hashtag", "help", "settings", "friends", "stories",
  ]),
};

/** Loose on purpose: each caller applies its own rule to the name (the API: targetUsernameSchema). */
const namePattern = /^[\p{L}\p{N}_.-]{1,100}$/u;

/**
 * The URL a pasted link names, with or without its https:// scheme ("instagram.com/p/…" as people
 * type it), or null: not http(s) (javascript:, mailto:), too long, whitespace inside (the URL parser
 * would silently drop a newline), or credentials or a port, which no link copied from an app carries.
 */
export function pastedUrl(link: string): URL | null {
  const text = link.trim();
  if (text.length === 0 || text.length > maximumLinkLength || /[\s\p{Cc}]/u.test(text)) return null;
  const withScheme = /^https?:\/\//i.test(text) ? text : /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/?#]|$)/i.test(text) ? `https://${text}` : null;
  if (withScheme === null) return null;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  return url.username || url.password || url.port ? null : url;
}

export function platformOfHost(hostname: string): Platform | null {
  const host = hostname.toLowerCase();
  return platforms.find((platform) => hostPatterns[platform].test(host)) ?? null;
}

/** The platform a pasted link belongs to, or null when it is no link to one of the five. */
export function platformOfLink(link: string): Platform | null {
  const url = pastedUrl(link);
  return url === null ? null : platformOfHost(url.hostname);
}

/**
 * The account a link's first path segment names on `platform` (without its @), or null when it
 * names none: tiktok.com/@name and youtube.com/@name; instagram.com/name, x.com/name and
 * facebook.com/name. Deeper segments are the caller's business (a profile's tab, a post). The host
 * is not checked against `platform`; short-link hosts never name an account.
 */
export function profileName(url: URL, platform: Platform): string | null {
  if (shortLinkHosts.has(url.hostname.toLowerCase())) return null;
  const first = url.pathname.split("/").find(Boolean);
  if (first === undefined) return null;
  const atSign = platform === "tiktok" || platform === "youtube";
  if (first.startsWith("@") !== atSign) return null;
  const name = decodedSegment(atSign ? first.slice(1) : first);
  if (name === undefined || !namePattern.test(name) || reservedPaths[platform].has(name.toLowerCase())) return null;
  return name;
}

/** A path segment's text, or undefined when its percent-escapes are not UTF-8 ("%E0%A4%A"). */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
