import type { DeliveryState } from "~/generated/prisma/client";

/**
 * The buyer's check (issue #48, decision 0040), in one place: the order page, the terms, /api-docs
 * and the services read these numbers, so what the store says is what it does.
 */

/** A client may flag deliveries until this many days after the order completed. */
export const flagWindowDays = 30;
/** A flagged delivery's worker has this long to upload a screenshot; none by then drops it. */
export const evidenceHours = 48;
/** A spot-checked delivery's worker has this long to upload a screenshot (decision 0042). */
export const spotCheckHours = 24;
/** A client whose flags admins rejected this many times... */
export const screeningRejectedFlags = 3;
/** ...in this many days has further flags screened by an admin before any worker is asked. */
export const screeningWindowDays = 30;
/** An order page (and the API) lists this many deliveries a page. */
export const deliveriesPageSize = 50;
/** At most this many deliveries in one flag request (a page and then some). */
export const maximumFlagsPerRequest = 200;
/** A flag's note, as long as a client needs to say what they see. */
export const flagNoteMaxLength = 500;

/** A delivery's state as its client sees it: a spot check waiting for its screenshot or decision is the store's, not a flag. */
export type DeliveryViewState = DeliveryState | "spot_check";

/** As the order page and the API show a delivery's state. */
export const deliveryStateLabels: Record<DeliveryViewState, string> = {
  spot_check: "Spot check",
  counted: "Counted",
  screening: "Flagged",
  flagged: "Flagged",
  under_review: "Under review",
  stood: "Stood",
  dropped: "Dropped",
  replaced: "Replaced",
};

/**
 * What the worker's screenshot must show, in the task's own words, for every kind the store sells:
 * "of their profile showing you follow", "of the post showing you liked it", "of the post showing
 * your comment". A screenshot cannot prove a view, so for views it asks for what one can show: the
 * video in the worker's watch history (X: the post among the worker's recent views, if any).
 */
function evidenceShowing(type: string, platform: string): string {
  switch (type) {
    case "followers":
      return platform === "youtube" ? "of their profile showing you subscribe" : "of their profile showing you follow";
    case "subscribers":
      return "of their profile showing you subscribe";
    case "likes":
      return "of the post showing you liked it";
    case "comments":
      return "of the post showing your comment";
    case "views":
      return platform === "twitter"
        ? "of the post as you opened it (a screenshot cannot prove a view; show what you can)"
        : "showing the video in your watch history (a screenshot cannot prove a view; this is the closest sign of one)";
    default:
      return "showing your engagement";
  }
}

/** The worker's request, as the dashboard and the e-mail say it: a client's flag, or the store's spot check. */
export function evidenceRequest(type: string, platform: string, isSpotCheck = false): string {
  return isSpotCheck
    ? `Screenshot needed within ${spotCheckHours} hours: upload one ${evidenceShowing(type, platform)}`
    : `Upload a screenshot ${evidenceShowing(type, platform)} within ${evidenceHours} hours`;
}

/** Reliability is flagged deliveries that stood out of those decided over this many days. */
export const reliabilityWindowDays = 90;
/** A worker under this share stops receiving tasks until an admin reviews them... */
export const reliabilityThresholdPercent = 80;
/** ...once at least this many of their flagged deliveries were decided in the window (one unlucky flag pauses nobody). */
export const reliabilityMinimumDecisions = 5;
