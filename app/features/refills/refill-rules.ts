import type { RefillStatus } from "~/generated/prisma/client";

/**
 * The refill promise (issue #21; decision 0041, replacing 0025), in one place: the pages, the terms, /api-docs and
 * the services all read these numbers, so what the store says is what it does.
 */

/** A refill may be requested for this many days after the order was delivered. */
export const refillWindowDays = 30;
/** At most one refill request per order in this many hours. */
export const refillCooldownHours = 24;
/** A refill opened without naming its drops (the reseller API's) waits this long for them, then ends rejected. */
export const nameDropsDays = 7;

export type { RefillStatus };

/** As the order page and the API (SMM panels' `refill_status`) show them. */
export const refillStatusLabels: Record<RefillStatus, string> = { pending: "Pending", in_progress: "In progress", completed: "Completed", rejected: "Rejected" };
