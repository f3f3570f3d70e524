import { dripFeedErrors } from "~/features/drip-feed";
import { type CatalogService, catalogCurrency, formatMinor, kindLabels, platformLabels } from "~/features/catalog";

/**
 * The reseller API's contract (issue #20): the de facto "API v2" of SMM panels (one URL, `key` and
 * `action` parameters, JSON answers), as the /api-docs page documents it. One module for the
 * handler and the docs page, so the page cannot describe another API than the one answering.
 */

export const apiV2Path = "/api/v2";

/** Whether a request's path is the API's (as the router matches it: `/api/v2/` and `/API/V2` too). */
export const isApiV2Path = (pathname: string) => pathname.replace(/\/+$/, "").toLowerCase() === apiV2Path;

/** The ways a call may send its parameters: the query string, and a body in one of these. */
export const apiV2BodyTypes = ["application/x-www-form-urlencoded", "multipart/form-data", "application/json"] as const;

export const apiV2Actions = ["services", "add", "status", "cancel", "refill", "refill_status", "balance"] as const;
export type ApiV2Action = (typeof apiV2Actions)[number];

/** Every error an action answers, as `{ "error": "<message>" }` with HTTP 200 (429 for the rate limit). */
export const apiV2Errors = {
  invalidKey: "Invalid API key",
  unknownAction: "Incorrect request: unknown action",
  unknownService: "Incorrect service ID",
  badLink: "Incorrect link: send the profile URL or @handle of the account",
  wrongPlatformLink: "Incorrect link: this service is for another platform",
  notEnoughFunds: "Not enough funds on balance",
  incorrectOrderId: "Incorrect order ID",
  tooManyOrders: "Too many orders: at most 100 per request",
  tooManyRefills: "Too many refills: at most 100 per request",
  notCancellable: "Order cannot be cancelled",
  // The panels' own words for an unknown refill (their refill_status answers `{ "status": { "error": "Refill not found" } }`).
  incorrectRefillId: "Refill not found",
  // `handles` in `refill`, our extension (decision 0041).
  incorrectHandles: "Incorrect handles: name 1 to 100 accounts, separated by commas",
  handlesOfOneOrder: "Incorrect request: handles names the drops of one order; send it with order, not orders",
  badReference: "Incorrect reference: use 1-64 letters, digits, _ or -",
  // A reference names one order (issue #49): sent again for another order, it is refused.
  referenceReused: "Incorrect reference: already used for a different order",
  rateLimited: "Too many requests: slow down",
  badRequest: "Incorrect request",
  wrongMethod: "Incorrect request: send it as GET or POST",
  unsupportedBody: `Incorrect request: send the parameters in the query string or as a body of ${apiV2BodyTypes.join(", ")}`,
  // Drip-feed `add` (issue #21, decision 0026).
  badRuns: dripFeedErrors.badRuns,
  badInterval: dripFeedErrors.badInterval,
  intervalWithoutRuns: dripFeedErrors.intervalWithoutRuns,
  dripTotalTooLarge: dripFeedErrors.totalTooLarge,
  noDripFeed: "Incorrect request: this service is not drip-fed",
  // Issue #50: the bounds are the service's, and a post or comments service says what is wrong with the link or the lines.
  badQuantityFor: (service: Pick<CatalogService, "minQuantity" | "maxQuantity">) => `Quantity must be a whole number from ${service.minQuantity} to ${service.maxQuantity}`,
  badPostLink: (why: string) => `Incorrect link: ${why}`,
  badComments: (why: string) => `Incorrect comments: ${why}`,
} as const;

/** The de facto API's order statuses. */
export const apiV2Statuses = ["Pending", "In progress", "Processing", "Completed", "Partial", "Canceled"] as const;
export type ApiV2Status = (typeof apiV2Statuses)[number];

/** Requests per minute per key; more answer 429 with `{ error }`. */
export const defaultApiV2RequestsPerMinute = 600;

/** `orders` lists in `status`, `cancel` and `refill` (and `refills` in `refill_status`) take at most this many ids. */
export const maximumOrdersPerRequest = 100;

/** `handles` in `refill` names at most this many accounts. */
export const maximumHandlesPerRefill = 100;

export interface ApiV2Service {
  service: number;
  name: string;
  /** "Custom Comments" for a comments service (`add` takes `comments`), as panels name it. */
  type: "Default" | "Custom Comments";
  category: string;
  /** Price per 1000 in the wallet currency, two decimals. */
  rate: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

/** "TikTok Likes", "YouTube Subscribers": a service's category as panels group services. */
export const apiV2CategoryOf = (service: Pick<CatalogService, "platform" | "kind">) => `${platformLabels[service.platform]} ${kindLabels[service.kind]}`;

/** "Custom Comments" for a comments service, whose `add` takes `comments` (one per line), as panels name that type. */
export const apiV2TypeOf = (service: Pick<CatalogService, "kind">): ApiV2Service["type"] => (service.kind === "comments" ? "Custom Comments" : "Default");

/**
 * The services on sale (the catalogue's active ones, in its order), from the same table as /packages:
 * the price per 1000 is 1000 units' price. Takes the services rather than reading them, so the docs
 * page (a browser module) can share it: its loader reads the catalogue.
 */
export function apiV2Services(catalogue: { readonly active: readonly CatalogService[] }): ApiV2Service[] {
  return catalogue.active.map((service) => ({
    service: service.number,
    name: service.name,
    type: apiV2TypeOf(service),
    category: apiV2CategoryOf(service),
    rate: formatMinor(service.unitPriceMinor * 1000),
    min: service.minQuantity,
    max: service.maxQuantity,
    refill: service.refillDays > 0,
    cancel: service.cancel,
    dripfeed: service.dripFeed,
  }));
}

export const apiV2Currency = catalogCurrency;

/** Why a wallet order was not placed, in the API's words. */
export const placedRefusal = { insufficient_balance: apiV2Errors.notEnoughFunds, reference_reused: apiV2Errors.referenceReused } as const;
