/**
 * The refill promise (issue #21, decision 0025), in one place: the pages, the terms, /api-docs and
 * the services all read these numbers, so what the store says is what it does.
 */

/** A refill may be requested for this many days after the order was delivered. */
export const refillWindowDays = 30;
/** At most one refill request per order in this many hours. */
export const refillCooldownHours = 24;
/** The workers who delivered have this long to confirm; no answer counts as a drop. */
export const recheckHours = 48;
/** Reliability is confirmed re-checks out of answered ones over this many days. */
export const reliabilityWindowDays = 90;
/** A worker under this share of confirmed re-checks stops receiving tasks until an admin reviews them... */
export const reliabilityThresholdPercent = 80;
/** ...once they have at least this many re-checks in the window (one unlucky drop pauses nobody). */
export const reliabilityMinimumChecks = 5;

export type RefillStatus = "pending" | "in_progress" | "completed" | "rejected";

/** As the order page and the API (SMM panels' `refill_status`) show them. */
export const refillStatusLabels: Record<RefillStatus, string> = { pending: "Pending", in_progress: "In progress", completed: "Completed", rejected: "Rejected" };

export type RecheckAnswer = "confirmed" | "dropped";
