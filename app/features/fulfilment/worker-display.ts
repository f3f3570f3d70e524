import { isCatalogPlatform, platformLabels } from "~/features/catalog";
import { formatApiAmount } from "~/lib/money";

/** Display helpers shared by the worker dashboard and profile (browser and server). */

/** Cedis from an API shape's major-unit number: 0.45 → "₵0.45" (DESIGN §6: never the original's $). */
export const cedis = (amount: number) => formatApiAmount(amount);

/** "Instagram" for the platforms the store sells; other values capitalised ("twitter" → "Twitter"). */
export function platformName(platform: string): string {
  return isCatalogPlatform(platform) ? platformLabels[platform] : platform.charAt(0).toUpperCase() + platform.slice(1);
}

/** The account a task's target URL points at: "https://www.tiktok.com/@ama" → "ama". */
export function targetNameOf(targetUrl: string): string {
  try {
    const segment = new URL(targetUrl).pathname.split("/").filter(Boolean).pop();
    return segment ? decodeURIComponent(segment).replace(/^@/, "") : targetUrl;
  } catch {
    return targetUrl;
  }
}

/** Whether a task's target is an account (follow, subscribe) rather than one post or video. */
export function isProfileTask(task: { type: string }): boolean {
  return task.type === "followers" || task.type === "subscribers";
}

/**
 * What the worker does for one action, as the task card says it: "Follow" (an account's handle
 * follows), "Subscribe to" on YouTube, "Like this post", "Watch this video for at least 30 seconds"
 * ("Open and read this post" on X, whose views are reads), "Post this comment".
 */
export function actionOf(task: { type: string; platform: string }): string {
  switch (task.type) {
    case "followers":
      return task.platform === "youtube" ? "Subscribe to" : "Follow";
    case "subscribers":
      return "Subscribe to";
    case "likes":
      return "Like this post";
    case "views":
      return task.platform === "twitter" ? "Open and read this post" : "Watch this video for at least 30 seconds";
    case "comments":
      return "Post this comment";
    default:
      return "Engage with";
  }
}

/** A done action in the worker's activity: "Follow @ama" for an account, "Liked a post" for a post. */
export function doneActionOf(task: { type: string; platform: string; targetUrl: string }): string {
  switch (task.type) {
    case "likes":
      return "Liked a post";
    case "views":
      return task.platform === "twitter" ? "Read a post" : "Watched a video";
    case "comments":
      return "Commented on a post";
    default:
      return `${actionOf(task)} @${targetNameOf(task.targetUrl)}`;
  }
}

/** SPEC §8's task notices (toasts with JavaScript, inline notes without). */
export const taskNotices = {
  completed: { title: "Task completed!", description: "Your earnings have been updated." },
  failed: { title: "Error", description: "Failed to complete task. Please try again." },
} as const;

/** A hold period for people: "3 days", "12 hours". */
export function reviewPeriod(hours: number): string {
  if (hours >= 24 && hours % 24 === 0) return `${hours / 24} ${hours === 24 ? "day" : "days"}`;
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** "Instagram", "Instagram and TikTok", "Instagram, TikTok and YouTube". */
export function listOf(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
