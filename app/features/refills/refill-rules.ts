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

export type RefillStatus = "pending" | "in_progress" | "completed" | "rejected";

/** As the order page and the API (SMM panels' `refill_status`) show them. */
export const refillStatusLabels: Record<RefillStatus, string> = { pending: "Pending", in_progress: "In progress", completed: "Completed", rejected: "Rejected" };

export type RecheckAnswer = "confirmed" | "dropped";
