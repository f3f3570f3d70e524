import { z } from "zod";
import { maximumQuantity, minimumQuantity } from "~/features/catalog";

/**
 * Drip-feed (issue #21, decision 0026): an order delivered in `runs` runs, one every `interval`
 * minutes. The rules both the reseller API's `add` and the checkout's "Deliver gradually" apply, and
 * the arithmetic of runs, shared by the server and the pages.
 */

export const minimumRuns = 2;
export const maximumRuns = 50;
export const minimumIntervalMinutes = 1;
/** One week. */
export const maximumIntervalMinutes = 10_080;

export const dripFeedErrors = {
  badRuns: `Runs must be a whole number from ${minimumRuns} to ${maximumRuns}`,
  badInterval: `Interval must be a whole number of minutes from ${minimumIntervalMinutes} to ${maximumIntervalMinutes}`,
  intervalWithoutRuns: "Incorrect request: interval is only for a drip-feed order, which needs runs",
  totalTooLarge: `Quantity × runs must be at most ${maximumQuantity}`,
  runTooSmall: `Each run must be at least ${minimumQuantity}: choose fewer runs`,
} as const;

export interface DripFeed {
  runs: number;
  intervalMinutes: number;
}

const wholeText = (value: string | undefined) => (value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null);

/**
 * `runs` and `interval` as a form or the API sent them (text): null when neither is sent (an order
 * delivered at once), the drip-feed, or why not.
 */
export function checkDripFeed(fields: { runs?: string; interval?: string }): DripFeed | null | { error: string } {
  const isBlank = (value: string | undefined) => value === undefined || value.trim() === "";
  if (isBlank(fields.runs)) return isBlank(fields.interval) ? null : { error: dripFeedErrors.intervalWithoutRuns };
  const runs = wholeText(fields.runs);
  if (runs === null || runs < minimumRuns || runs > maximumRuns) return { error: dripFeedErrors.badRuns };
  const intervalMinutes = wholeText(fields.interval);
  if (intervalMinutes === null || intervalMinutes < minimumIntervalMinutes || intervalMinutes > maximumIntervalMinutes) return { error: dripFeedErrors.badInterval };
  return { runs, intervalMinutes };
}

/** The checkout's "Deliver gradually" fields (empty runs: delivered at once), checked by the same rules. */
export const dripFeedFormSchema = z
  .object({ runs: z.string().max(20).optional(), interval: z.string().max(20).optional() })
  .transform((fields, context) => {
    const checked = checkDripFeed(fields);
    if (checked !== null && "error" in checked) {
      context.addIssue({ code: "custom", message: checked.error });
      return z.NEVER;
    }
    return checked;
  });

/** A whole order of `quantity` split into `runs`: each run at least the catalogue's minimum. */
export function checkRunSizes(quantity: number, runs: number): string | null {
  return Math.floor(quantity / runs) < minimumQuantity ? dripFeedErrors.runTooSmall : null;
}

/**
 * The slots open once `runsOpened` runs have opened: run k ends at floor(quantity × k / runs), so
 * runs differ by at most one unit and the last ends at the whole quantity (the API's orders are
 * quantity × runs, so each run is exactly the quantity asked).
 */
export function slotsOpenedAfter(quantity: number, runs: number, runsOpened: number): number {
  if (runsOpened >= runs) return quantity;
  return Math.floor((quantity * Math.max(runsOpened, 0)) / runs);
}

/** Runs whose every unit has been delivered. */
export function runsDelivered(quantity: number, runs: number, deliveredQuantity: number): number {
  let done = 0;
  while (done < runs && slotsOpenedAfter(quantity, runs, done + 1) <= deliveredQuantity) done += 1;
  return done;
}

/**
 * The price of `units` of an order of `quantity` that cost `priceMinor`: rounded down to the pesewa.
 * The catalogue prices per unit (price = unit price × quantity), so it is exact: no rounding happens.
 */
export function priceOfUnits(priceMinor: number, quantity: number, units: number): number {
  return Math.floor((priceMinor * units) / quantity);
}
