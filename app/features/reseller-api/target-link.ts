import { pastedUrl, platformOfHost, profileName } from "~/features/catalog";
import { targetUsernameSchema } from "~/features/orders";
import type { Platform } from "~/generated/prisma/client";

/**
 * The `link` of a reseller API order, as panels pass what their customers pasted: a profile URL
 * (instagram.com/<name>, tiktok.com/@<name>, youtube.com/@<name>, x.com/<name> or twitter.com/<name>,
 * facebook.com/<name>; with or without the scheme, www./m./mobile./web., a trailing slash or a query)
 * or a handle (@name or name). It becomes the order's target username under the same rule as the
 * checkout's verification form, or a reason it cannot.
 *
 * facebook.com/profile.php?id=<digits> is refused: an order keeps a username, and a profile known
 * only by its number has none.
 */

export type TargetLink = { username: string } | { problem: "bad_link" | "wrong_platform" };

export function targetFromLink(link: string, platform: Platform): TargetLink {
  const text = link.trim();
  if (text.length === 0 || text.length > 300) return { problem: "bad_link" };
  const url = pastedUrl(text);
  // "ama.grows" is a handle that looks like a host name: a link has a scheme, a path or a platform's host.
  const isLink = url !== null && (/^https?:\/\//i.test(text) || /[/?#]/.test(text) || platformOfHost(url.hostname) !== null);
  const candidate = isLink ? usernameFromUrl(url, platform) : { name: text };
  if ("problem" in candidate) return candidate;
  const username = targetUsernameSchema.safeParse(candidate.name);
  return username.success ? { username: username.data } : { problem: "bad_link" };
}

function usernameFromUrl(url: URL, platform: Platform): { name: string } | { problem: "bad_link" | "wrong_platform" } {
  const owner = platformOfHost(url.hostname);
  if (!owner) return { problem: "bad_link" };
  if (owner !== platform) return { problem: "wrong_platform" };
  // A profile only: a post, a reel or a video (anything deeper) is not what followers are sent to.
  if (url.pathname.split("/").filter(Boolean).length !== 1) return { problem: "bad_link" };
  const name = profileName(url, platform);
  return name === null ? { problem: "bad_link" } : { name };
}
