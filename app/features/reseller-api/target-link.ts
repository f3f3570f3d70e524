import type { CatalogPlatform } from "~/features/catalog/catalog";
import { targetUsernameSchema } from "~/features/orders/order-schema";

/**
 * The `link` of a reseller API order, as panels pass what their customers pasted: a profile URL
 * (instagram.com/<name>, tiktok.com/@<name>, youtube.com/@<name>, with or without www./m., a trailing
 * slash or a query) or a handle (@name or name). It becomes the order's target username under the
 * same rule as the checkout's verification form, or a reason it cannot.
 */

const hostsByPlatform: Record<CatalogPlatform, RegExp> = {
  instagram: /^(?:www\.|m\.)?instagram\.com$/,
  tiktok: /^(?:www\.|m\.|vm\.)?tiktok\.com$/,
  youtube: /^(?:www\.|m\.)?youtube\.com$/,
};

export type TargetLink = { username: string } | { problem: "bad_link" | "wrong_platform" };

export function targetFromLink(link: string, platform: CatalogPlatform): TargetLink {
  const text = link.trim();
  if (text.length === 0 || text.length > 300) return { problem: "bad_link" };
  const candidate = /^https?:\/\//i.test(text) || /^(?:www\.|m\.)?[a-z]+\.com\//i.test(text) ? usernameFromUrl(text, platform) : { name: text };
  if ("problem" in candidate) return candidate;
  const username = targetUsernameSchema.safeParse(candidate.name);
  return username.success ? { username: username.data } : { problem: "bad_link" };
}

function usernameFromUrl(text: string, platform: CatalogPlatform): { name: string } | { problem: "bad_link" | "wrong_platform" } {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { problem: "bad_link" };
  }
  const host = url.hostname.toLowerCase();
  const owner = (Object.keys(hostsByPlatform) as CatalogPlatform[]).find((candidate) => hostsByPlatform[candidate].test(host));
  if (!owner) return { problem: "bad_link" };
  if (owner !== platform) return { problem: "wrong_platform" };
  const [first, ...rest] = url.pathname.split("/").filter(Boolean);
  // A profile only: a post, a reel or a video (anything deeper) is not what followers are sent to.
  if (!first || rest.length > 0) return { problem: "bad_link" };
  // TikTok and YouTube profiles are /@name; Instagram's are /name.
  if (platform !== "instagram" && !first.startsWith("@")) return { problem: "bad_link" };
  if (platform === "instagram" && first.startsWith("@")) return { problem: "bad_link" };
  const name = decodedSegment(first);
  return name === undefined ? { problem: "bad_link" } : { name };
}

/** A path segment's text, or undefined when its percent-escapes are not UTF-8 ("%E0%A4%A"). */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
