import { type CatalogPlatform, formatMinor, targetUrlFor, postLinkExample } from "~/features/catalog";
import { type ApiV2Service, type ApiV2Status, apiV2Currency } from "./api-v2-contract";
import type { ApiDocsServiceTarget } from "./api-docs-catalogue";

/* The story /api-docs tells its examples in (one client's orders, refills and statuses), on the catalogue on sale. */

export const hoursText = (hours: number) => `${hours} hour${hours === 1 ? "" : "s"}`;

/** The examples' story: an Instagram followers order, a YouTube one, and an order of custom comments, of the same client. */
export const exampleHandles: Record<CatalogPlatform, string> = { instagram: "ama.grows", tiktok: "ama.grows", youtube: "amagrows", twitter: "amagrows", facebook: "amagrows" };
export const exampleRefillId = 121;
const exampleComments = ["Congratulations Ama! 🎉", "This is so beautiful", "Where was this taken?", "Big up 🔥", "Love the colours", "Keep it up!", "Wow 😍", "Ghana to the world", "So proud of you", "Amazing work"];

/** SPEC's Instagram followers, the examples' service when the catalogue has it not on sale. */
const fallbackService: ApiV2Service = { service: 1, name: "Instagram Followers", type: "Default", category: "Instagram Followers", rate: "1500.00", min: 50, max: 100000, refill: true, cancel: true, dripfeed: true };

export function exampleStory(services: ApiV2Service[]) {
  const byNumber = (number: number) => services.find((service) => service.service === number);
  const instagram = byNumber(1) ?? services[0] ?? fallbackService;
  const youtube = byNumber(3) ?? instagram;
  const link = targetUrlFor("instagram", exampleHandles.instagram);
  const order = { id: 23501, service: instagram, quantity: Math.max(100, instagram.min), link, reference: "panel-8812" };
  const drip = { id: 23504, service: instagram, quantity: Math.max(100, instagram.min), runs: 5, interval: 60, link };
  return { instagram, youtube, order, drip };
}

/** The example `add` of the first custom comments service on sale: its minimum of comments (examples keep to 10). */
export function commentsExample(services: ApiV2Service[], targets: ApiDocsServiceTarget[]) {
  const service = services.find((candidate) => candidate.type === "Custom Comments" && candidate.min <= exampleComments.length);
  const target = service && targets.find((candidate) => candidate.service === service.service);
  if (!service || !target) return null;
  return { id: 23505, service, link: postLinkExample[target.platform], comments: exampleComments.slice(0, service.min).join("\n") };
}

/** The example order of `services`'s story (the status example's charge is its rate × quantity / 1000). */
export const exampleOrderOf = (services: ApiV2Service[]) => exampleStory(services).order;

/** rate is the price per 1000 in cedis: the charge of `quantity` units, as the API writes amounts. */
function chargeOf(service: ApiV2Service, quantity: number): string {
  return formatMinor(Math.round((Math.round(Number(service.rate) * 100) * quantity) / 1000));
}

interface StatusAnswer {
  charge: string;
  start_count: string;
  status: ApiV2Status;
  remains: string;
  currency: typeof apiV2Currency;
  /** A drip-feed order only. */
  runs?: string;
  runs_opened?: string;
  runs_done?: string;
  next_run_at?: string | null;
}

export function statusExamples({ instagram, youtube, order, drip }: ReturnType<typeof exampleStory>) {
  const inProgressOrder: StatusAnswer = { charge: chargeOf(instagram, order.quantity), start_count: "0", status: "In progress", remains: String(Math.round(order.quantity * 0.63)), currency: apiV2Currency };
  /** A drip-feed order: 5 runs, one every 60 minutes; the second run open and partly delivered. */
  const dripFeedOrder: StatusAnswer = {
    charge: chargeOf(instagram, drip.quantity * drip.runs),
    start_count: "0",
    status: "In progress",
    remains: String(drip.quantity * drip.runs - Math.round(drip.quantity * 1.4)),
    currency: apiV2Currency,
    runs: String(drip.runs),
    runs_opened: "2",
    runs_done: "1",
    next_run_at: "2026-11-26T11:00:00.000Z",
  };
  const completedOrder: StatusAnswer = { charge: chargeOf(youtube, Math.max(500, youtube.min)), start_count: "0", status: "Completed", remains: "0", currency: apiV2Currency };
  return { inProgressOrder, dripFeedOrder, completedOrder };
}

