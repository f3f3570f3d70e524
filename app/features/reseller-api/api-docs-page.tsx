import { type ReactNode, Fragment } from "react";
import { Link } from "~/components/link";
import { ContentPage } from "~/components/content-page";
import { evidenceHours } from "~/features/deliveries/delivery-rules";
import { nameDropsDays, refillCooldownHours, refillStatusLabels } from "~/features/refills/refill-rules";
import { type CatalogPlatform, type CatalogService, catalogPlatforms, formatMinor, platformLabels, type ServiceTarget, targetUrlFor } from "~/features/catalog/catalog";
import { maximumCommentLength } from "~/features/catalog/comment-lines";
import { postLinkExample } from "~/features/catalog/post-link";
import { maximumIntervalMinutes, maximumRuns, minimumIntervalMinutes, minimumRuns } from "~/features/drip-feed/drip-feed";
import { CodeBlock, curlExample, curlJsonExample, type ExampleParameters, exampleKey, jsonExample, phpExample, pythonExample } from "./api-docs-code";
import {
  type ApiV2Action,
  type ApiV2Service,
  type ApiV2Status,
  apiV2Actions,
  apiV2Currency,
  apiV2Errors,
  apiV2Path,
  apiV2Services,
  maximumOrdersPerRequest,
} from "./api-v2-contract";
import { cell, headerCell, InlineCode, PanelSoftwareSection, StatusTable, tableFrame, Transports } from "./api-docs-transport";

/*
 * The public /api-docs page. Every name, message and number it shows comes from api-v2-contract.ts,
 * the module the API's handler answers from, and its services from the catalogue the API sells
 * (the route's loader, apiDocsCatalogue), so the page cannot drift from the API. The Record types below make the typecheck fail when the contract gains an action, an error
 * or a status this page does not explain.
 */

export interface ApiDocsPageProps {
  /** The site's address (siteBaseUrl), so every example names the real endpoint. */
  baseUrl: string;
  /** How long after payment an order may be cancelled (the store's cancellation rule). */
  cancellationWindowHours: number;
  /** Requests per minute per key: the server's setting (API_V2_REQUESTS_PER_MINUTE, by default defaultApiV2RequestsPerMinute). */
  requestsPerMinute: number;
  /** The services on sale, as `services` answers them. */
  services: ApiV2Service[];
  /** What each of them is ordered on, and its refill period: the links and refills the page explains. */
  serviceTargets: ApiDocsServiceTarget[];
}

export interface ApiDocsServiceTarget {
  service: number;
  platform: CatalogPlatform;
  target: ServiceTarget;
  refillDays: number;
}

/** The catalogue's services on sale as the page shows them (the route's loader reads the catalogue). */
export function apiDocsCatalogue(active: readonly CatalogService[]): Pick<ApiDocsPageProps, "services" | "serviceTargets"> {
  return {
    services: apiV2Services({ active }),
    serviceTargets: active.map((service) => ({ service: service.number, platform: service.platform, target: service.target, refillDays: service.refillDays })),
  };
}

interface Parameter {
  name: string;
  isRequired: boolean;
  text: ReactNode;
}

interface Example {
  /** Told apart when an action has more than one example. */
  title?: string;
  parameters: ExampleParameters;
  answer: unknown;
}

interface ActionDoc {
  summary: string;
  intro: ReactNode;
  parameters: Parameter[];
  examples: Example[];
  /** Explanations of the answer, after the examples. */
  details?: ReactNode;
}

const hoursText = (hours: number) => `${hours} hour${hours === 1 ? "" : "s"}`;

/** The examples' story: an Instagram followers order, a YouTube one, and an order of custom comments, of the same client. */
const exampleHandles: Record<CatalogPlatform, string> = { instagram: "ama.grows", tiktok: "ama.grows", youtube: "amagrows", twitter: "amagrows", facebook: "amagrows" };
const exampleRefillId = 121;
const exampleComments = ["Congratulations Ama! 🎉", "This is so beautiful", "Where was this taken?", "Big up 🔥", "Love the colours", "Keep it up!", "Wow 😍", "Ghana to the world", "So proud of you", "Amazing work"];

/** SPEC's Instagram followers, the examples' service when the catalogue has it not on sale. */
const fallbackService: ApiV2Service = { service: 1, name: "Instagram Followers", type: "Default", category: "Instagram Followers", rate: "1500.00", min: 50, max: 100000, refill: true, cancel: true, dripfeed: true };

function exampleStory(services: ApiV2Service[]) {
  const byNumber = (number: number) => services.find((service) => service.service === number);
  const instagram = byNumber(1) ?? services[0] ?? fallbackService;
  const youtube = byNumber(3) ?? instagram;
  const link = targetUrlFor("instagram", exampleHandles.instagram);
  const order = { id: 23501, service: instagram, quantity: Math.max(100, instagram.min), link, reference: "panel-8812" };
  const drip = { id: 23504, service: instagram, quantity: Math.max(100, instagram.min), runs: 5, interval: 60, link };
  return { instagram, youtube, order, drip };
}

/** The example `add` of the first custom comments service on sale: its minimum of comments (examples keep to 10). */
function commentsExample(services: ApiV2Service[], targets: ApiDocsServiceTarget[]) {
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

function statusExamples({ instagram, youtube, order, drip }: ReturnType<typeof exampleStory>) {
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

const keyParameter: Parameter = {
  name: "key",
  isRequired: true,
  text: (
    <>
      Your API key, <InlineCode>smb_…</InlineCode>
    </>
  ),
};
const actionParameter = (action: ApiV2Action): Parameter => ({ name: "action", isRequired: true, text: <InlineCode>{action}</InlineCode> });
const orderListText = (
  <>
    Order ids separated by commas, at most {maximumOrdersPerRequest}: <InlineCode>23501,23502</InlineCode> (in a JSON body, an array of
    ids works too)
  </>
);

function describeActions({ cancellationWindowHours, services, serviceTargets }: ApiDocsPageProps): Record<ApiV2Action, ActionDoc> {
  const base = { key: exampleKey };
  const story = exampleStory(services);
  const { order: exampleOrder, drip: exampleDripOrder } = story;
  const { inProgressOrder, dripFeedOrder, completedOrder } = statusExamples(story);
  const comments = commentsExample(services, serviceTargets);
  const refillDays = [...new Set(serviceTargets.filter((target) => target.refillDays > 0).map((target) => target.refillDays))].sort((a, b) => a - b);
  const refillPeriod = refillDays.length === 0 ? "its service's refill period" : refillDays.length === 1 ? `${refillDays[0]} days` : `the refill period of its service (${refillDays.join(" or ")} days)`;
  return {
    services: {
      summary: "list the services",
      intro: (
        <p>
          The services you can order, with their ids. <InlineCode>rate</InlineCode> is the price per 1000 in {apiV2Currency};{" "}
          <InlineCode>min</InlineCode> and <InlineCode>max</InlineCode> are the quantities an order may have; <InlineCode>category</InlineCode>{" "}
          groups them by platform and kind (&ldquo;TikTok Likes&rdquo;). <InlineCode>type</InlineCode> is <InlineCode>Default</InlineCode>, or{" "}
          <InlineCode>Custom Comments</InlineCode> for a service whose <InlineCode>add</InlineCode> takes your <InlineCode>comments</InlineCode>.{" "}
          <InlineCode>refill</InlineCode>, <InlineCode>cancel</InlineCode> and <InlineCode>dripfeed</InlineCode> say whether its orders can be
          refilled, cancelled and delivered in runs.
        </p>
      ),
      parameters: [keyParameter, actionParameter("services")],
      examples: [{ parameters: { ...base, action: "services" }, answer: services }],
      details: <ServiceTable services={services} serviceTargets={serviceTargets} />,
    },
    add: {
      summary: "place an order",
      intro: (
        <p>
          Places a paid order. Its price, <InlineCode>rate</InlineCode> × <InlineCode>quantity</InlineCode> / 1000, is taken from your balance
          in the same transaction that creates the order, with no processing fee; work starts at once. When the balance does not cover it,
          nothing is charged and the answer is an error. Top up your balance on the <Link to="/wallet">wallet</Link> page. Orders placed
          here send you no receipt or delivery e-mail (follow them with <InlineCode>status</InlineCode>; each payment is in your wallet's
          history); a cancellation and its refund are e-mailed.
        </p>
      ),
      parameters: [
        keyParameter,
        actionParameter("add"),
        { name: "service", isRequired: true, text: <>A service id from <InlineCode>services</InlineCode></> },
        {
          name: "link",
          isRequired: true,
          text: "For followers and subscribers, the account to grow: its profile URL or @handle. For likes, views and comments, the link of the post or video (see Links below)",
        },
        {
          name: "quantity",
          isRequired: true,
          text: (
            <>
              A whole number from the service's <InlineCode>min</InlineCode> to its <InlineCode>max</InlineCode>. For a{" "}
              <InlineCode>Custom Comments</InlineCode> service it may be left out: it is the number of comments
            </>
          ),
        },
        {
          name: "comments",
          isRequired: false,
          text: (
            <>
              <InlineCode>Custom Comments</InlineCode> services only, and required there: your comments, one per line (separated by newlines; in a
              JSON body a list of strings works too), each at most {maximumCommentLength} characters and without links. Each is posted by a
              different person. When <InlineCode>quantity</InlineCode> is sent it must equal the number of comments
            </>
          ),
        },
        {
          name: "reference",
          isRequired: false,
          text: "Your own id for the order: 1-64 letters, digits, _ or -. Sending add again with the same reference returns the same order and charges nothing twice, so a request that timed out can be retried safely.",
        },
        {
          name: "runs",
          isRequired: false,
          text: (
            <>
              Drip-feed, for a service whose <InlineCode>dripfeed</InlineCode> is true: deliver the order in this many runs, {minimumRuns} to{" "}
              {maximumRuns}. <InlineCode>quantity</InlineCode> is then per run: the order is <InlineCode>quantity</InlineCode> ×{" "}
              <InlineCode>runs</InlineCode> (at most the service's <InlineCode>max</InlineCode>), charged in full now
            </>
          ),
        },
        {
          name: "interval",
          isRequired: false,
          text: (
            <>
              With <InlineCode>runs</InlineCode> (required then): minutes between runs, {minimumIntervalMinutes} to {maximumIntervalMinutes}
            </>
          ),
        },
      ],
      examples: [
        {
          title: "An order",
          parameters: { ...base, action: "add", service: exampleOrder.service.service, link: exampleOrder.link, quantity: exampleOrder.quantity, reference: exampleOrder.reference },
          answer: { order: exampleOrder.id },
        },
        {
          title: "A drip-feed order: 5 runs of 100, one every hour",
          parameters: { ...base, action: "add", service: exampleDripOrder.service.service, link: exampleDripOrder.link, quantity: exampleDripOrder.quantity, runs: exampleDripOrder.runs, interval: exampleDripOrder.interval },
          answer: { order: exampleDripOrder.id },
        },
        ...(comments
          ? [
              {
                title: `Custom comments: ${comments.service.min} comments on a post`,
                parameters: { ...base, action: "add" as const, service: comments.service.service, link: comments.link, comments: comments.comments },
                answer: { order: comments.id },
              },
            ]
          : []),
      ],
      details: (
        <>
          <h3 className="mt-8 text-lg font-semibold">Drip-feed</h3>
          <p>
            With <InlineCode>runs</InlineCode> and <InlineCode>interval</InlineCode> the order is delivered gradually: the first run's{" "}
            <InlineCode>quantity</InlineCode> is offered to workers at once, and each next run <InlineCode>interval</InlineCode> minutes after the previous one opened.
            A run that is not filled by then carries on alongside the next. The whole order is charged when it is placed; cancelling it while
            runs remain stops it and puts the price of every follower not delivered back on your balance at once (see{" "}
            <InlineCode>cancel</InlineCode>).
          </p>
          <h3 className="mt-8 text-lg font-semibold">Links</h3>
          <p>
            <InlineCode>link</InlineCode> takes, on the service's platform, the profile URL or the handle (with or without @) of an account for
            followers and subscribers, and the link of one post or video for likes, views and comments (the link as the app's Share button
            copies it). A profile link for a post service, or a post's for a profile service, is refused with the reason. For example:
          </p>
          <ul>
            {catalogPlatforms
              .filter((platform) => serviceTargets.some((target) => target.platform === platform))
              .map((platform) => {
                const on = (target: ServiceTarget) => serviceTargets.some((candidate) => candidate.platform === platform && candidate.target === target);
                return (
                  <li key={platform}>
                    {platformLabels[platform]}:{" "}
                    {on("profile") ? (
                      <>
                        profiles <InlineCode>{targetUrlFor(platform, exampleHandles[platform])}</InlineCode> or <InlineCode>@{exampleHandles[platform]}</InlineCode>
                      </>
                    ) : null}
                    {on("profile") && on("post") ? "; " : null}
                    {on("post") ? (
                      <>
                        posts <InlineCode>{postLinkExample[platform]}</InlineCode>
                      </>
                    ) : null}
                  </li>
                );
              })}
          </ul>
          <h3 className="mt-8 text-lg font-semibold">Custom comments</h3>
          <p>
            For a <InlineCode>Custom Comments</InlineCode> service, send <InlineCode>comments</InlineCode>: one comment per line, as panels send
            them. Blank lines are skipped; the order is as many comments as lines, at the service's <InlineCode>rate</InlineCode> per 1000. A
            comment longer than {maximumCommentLength} characters or with a link refuses the whole order, naming its line. Comments are not
            drip-fed.
          </p>
        </>
      ),
    },
    status: {
      summary: "check orders",
      intro: (
        <p>
          The state of one order (<InlineCode>order</InlineCode>) or of several (<InlineCode>orders</InlineCode>). Any order of your account can
          be asked about, whether placed here or on the website.
        </p>
      ),
      parameters: [
        keyParameter,
        actionParameter("status"),
        { name: "order", isRequired: false, text: "One order id (send order or orders)" },
        { name: "orders", isRequired: false, text: orderListText },
      ],
      examples: [
        { title: "One order", parameters: { ...base, action: "status", order: exampleOrder.id }, answer: inProgressOrder },
        {
          title: "Several orders",
          parameters: { ...base, action: "status", orders: `${exampleOrder.id},23502,10` },
          answer: { [exampleOrder.id]: inProgressOrder, 23502: completedOrder, 10: { error: apiV2Errors.incorrectOrderId } },
        },
        { title: "A drip-feed order", parameters: { ...base, action: "status", order: exampleDripOrder.id }, answer: dripFeedOrder },
      ],
      details: (
        <>
          <p>
            <InlineCode>charge</InlineCode> is what the order cost (<InlineCode>"0.00"</InlineCode> while it is unpaid),{" "}
            <InlineCode>remains</InlineCode> how many are not delivered yet.{" "}
            <InlineCode>start_count</InlineCode> is always <InlineCode>"0"</InlineCode>: the store does not read the profile's follower count. In
            a list, an id that is not one of your orders gets its own error and the others are answered.
          </p>
          <p>
            A drip-feed order also has <InlineCode>runs</InlineCode>, <InlineCode>runs_opened</InlineCode> (runs offered to workers so far),{" "}
            <InlineCode>runs_done</InlineCode> (runs delivered in full) and <InlineCode>next_run_at</InlineCode> (when the next run opens, UTC;{" "}
            <InlineCode>null</InlineCode> once all are open or the order has ended). A stopped drip-feed order is{" "}
            <InlineCode>Partial</InlineCode>, and its <InlineCode>charge</InlineCode> is what it cost after the refund.
          </p>
          <StatusTable />
        </>
      ),
    },
    cancel: {
      summary: "cancel orders",
      intro: (
        <p>
          Cancels orders under the store's rule: a paid order of a service whose <InlineCode>cancel</InlineCode> is true, within{" "}
          {hoursText(cancellationWindowHours)} of payment and before delivery has begun. The charge of an order paid from your balance goes back to the balance at once. A drip-feed order can be cancelled while
          runs remain, whenever it was paid: it stops, and the price of what was not delivered (the runs not opened and the open run's
          remainder) goes back to the balance at once; it ends <InlineCode>Partial</InlineCode>, or <InlineCode>Canceled</InlineCode> when
          nothing was delivered. Each order gets its own answer:{" "}
          <InlineCode>1</InlineCode> when it was cancelled, an error when not.
        </p>
      ),
      parameters: [keyParameter, actionParameter("cancel"), { name: "orders", isRequired: true, text: orderListText }],
      examples: [
        {
          parameters: { ...base, action: "cancel", orders: `23503,${exampleOrder.id}` },
          answer: [
            { order: 23503, cancel: 1 },
            { order: exampleOrder.id, cancel: { error: apiV2Errors.notCancellable } },
          ],
        },
      ],
    },
    refill: {
      summary: "ask for refills",
      intro: (
        <p>
          Asks for a refill of a delivered order (<InlineCode>Completed</InlineCode> or <InlineCode>Partial</InlineCode>) of a service whose{" "}
          <InlineCode>refill</InlineCode> is true, within {refillPeriod} of its delivery, at most one per order every {refillCooldownHours} hours and one open at a time. A refill
          names the accounts whose deliveries dropped: the person behind each is asked for a screenshot within {evidenceHours} hours, an
          admin decides on it, and whatever dropped is delivered again by other people, at no charge. Name them in the same call with{" "}
          <InlineCode>handles</InlineCode> (our extension), or later on the order's page in the store, ticking them in &ldquo;Who
          delivered&rdquo;; a refill with none named after {nameDropsDays} days ends <InlineCode>{refillStatusLabels.rejected}</InlineCode>.
          Send <InlineCode>order</InlineCode> for one order (the answer is the refill's id) or <InlineCode>orders</InlineCode> for several
          (one answer each; names cannot be sent with a list).
        </p>
      ),
      parameters: [
        keyParameter,
        actionParameter("refill"),
        { name: "order", isRequired: false, text: "One order id (send order or orders)" },
        { name: "orders", isRequired: false, text: orderListText },
        { name: "handles", isRequired: false, text: <>With <InlineCode>order</InlineCode>: the accounts whose deliveries dropped, separated by commas (@ optional), at most 100; our extension</> },
      ],
      examples: [
        { title: "One order, naming the drops", parameters: { ...base, action: "refill", order: exampleOrder.id, handles: "kofi.mensah,@ama_art" }, answer: { refill: exampleRefillId } },
        { title: "One order, drops named later on the order page", parameters: { ...base, action: "refill", order: exampleOrder.id }, answer: { refill: exampleRefillId } },
        {
          title: "Several orders",
          parameters: { ...base, action: "refill", orders: `${exampleOrder.id},23502` },
          answer: [
            { order: exampleOrder.id, refill: exampleRefillId },
            { order: 23502, refill: { error: "Only a delivered order can be refilled: this one is not delivered yet." } },
          ],
        },
      ],
      details: (
        <p>
          A refused refill is answered with the reason in words: its service has no refill, the order is not delivered yet, its {refillPeriod} are over, a
          refill of it is still open, or the last one was asked less than {refillCooldownHours} hours ago (the answer says when the next
          one may be asked), or a handle made no delivery of the order. <InlineCode>{apiV2Errors.incorrectOrderId}</InlineCode> is the
          answer for an order that is not yours.
        </p>
      ),
    },
    refill_status: {
      summary: "check refills",
      intro: (
        <p>
          The state of one refill (<InlineCode>refill</InlineCode>) or of several (<InlineCode>refills</InlineCode>):{" "}
          <InlineCode>{refillStatusLabels.pending}</InlineCode> until its drops are named (at most {nameDropsDays} days),{" "}
          <InlineCode>{refillStatusLabels.in_progress}</InlineCode> while the named deliveries are decided and what dropped is delivered again,{" "}
          <InlineCode>{refillStatusLabels.completed}</InlineCode> once it is, and <InlineCode>{refillStatusLabels.rejected}</InlineCode> when
          none of the named deliveries had dropped, or none was named in time.
        </p>
      ),
      parameters: [
        keyParameter,
        actionParameter("refill_status"),
        { name: "refill", isRequired: false, text: "One refill id (send refill or refills)" },
        { name: "refills", isRequired: false, text: <>Refill ids separated by commas, at most {maximumOrdersPerRequest}</> },
      ],
      examples: [
        { title: "One refill", parameters: { ...base, action: "refill_status", refill: exampleRefillId }, answer: { status: refillStatusLabels.in_progress } },
        {
          title: "Several refills",
          parameters: { ...base, action: "refill_status", refills: `${exampleRefillId},118,7` },
          answer: [
            { refill: exampleRefillId, status: refillStatusLabels.in_progress },
            { refill: 118, status: refillStatusLabels.rejected },
            { refill: 7, status: { error: apiV2Errors.incorrectRefillId } },
          ],
        },
      ],
    },
    balance: {
      summary: "your balance",
      intro: <p>What is left on your balance to pay orders with.</p>,
      parameters: [keyParameter, actionParameter("balance")],
      examples: [{ parameters: { ...base, action: "balance" }, answer: { balance: "100.84", currency: apiV2Currency } }],
    },
  };
}

type ApiV2ErrorName = keyof typeof apiV2Errors;
const apiV2ErrorNames = Object.keys(apiV2Errors) as ApiV2ErrorName[];

/** An error's message as the table shows it: a message with the service's numbers or a reason shows where they go. */
export function apiV2ErrorText(name: ApiV2ErrorName): string {
  const message = apiV2Errors[name];
  if (typeof message === "string") return message;
  if (name === "badQuantityFor") return apiV2Errors.badQuantityFor({ minQuantity: "<min>", maxQuantity: "<max>" } as unknown as { minQuantity: number; maxQuantity: number });
  return (message as (why: string) => string)("<what is wrong>");
}

/** When each error is answered; a new contract error fails the typecheck until it is explained here. */
function describeErrors({ cancellationWindowHours, requestsPerMinute }: ApiDocsPageProps): Record<ApiV2ErrorName, ReactNode> {
  const actions = (...names: ApiV2Action[]) =>
    names.map((name, index) => (
      <Fragment key={name}>
        {index > 0 ? ", " : null}
        <InlineCode>{name}</InlineCode>
      </Fragment>
    ));
  return {
    invalidKey: <>Any action: the key is missing, unknown or revoked. A revoked key stops working at once.</>,
    unknownAction: <>The action is missing or not one of {actions(...apiV2Actions)}.</>,
    unknownService: <>{actions("add")}: the service is missing or not an id that services lists.</>,
    badQuantityFor: <>{actions("add")}: the quantity is missing, not a whole number, or outside the service's min and max (the message names them).</>,
    badLink: <>{actions("add")}, a followers or subscribers service: the link is not a profile URL or handle, or it points to a post or a video rather than a profile.</>,
    badPostLink: <>{actions("add")}, a likes, views or comments service: the link is not a post or video of the service's platform (a profile, say); the message says what to send.</>,
    badComments: <>{actions("add")}, a Custom Comments service: comments are missing, fewer or more than the quantity or the service's min and max, a comment is too long or contains a link; the message names the line.</>,
    wrongPlatformLink: <>{actions("add")}: the link is an account on another platform than the service's, such as a TikTok profile for an Instagram service.</>,
    notEnoughFunds: <>{actions("add")}: the balance is less than the order's price. Nothing is charged.</>,
    incorrectOrderId: (
      <>
        {actions("status", "cancel", "refill")}: the order does not exist or is not yours, or no order id was sent. In a list it is the answer for that
        id alone.
      </>
    ),
    tooManyOrders: <>{actions("status", "cancel", "refill")}: orders lists more than {maximumOrdersPerRequest} ids.</>,
    tooManyRefills: <>{actions("refill_status")}: refills lists more than {maximumOrdersPerRequest} ids.</>,
    incorrectRefillId: <>{actions("refill_status")}: the refill does not exist or is not yours, or no refill id was sent. In a list it is the answer for that id alone.</>,
    incorrectHandles: <>{actions("refill")}: handles is empty or names more than 100 accounts.</>,
    handlesOfOneOrder: <>{actions("refill")}: handles was sent with orders; it names the drops of one order.</>,
    notCancellable: (
      <>
        {actions("cancel")}, for one order: its service's cancel is false, it was paid more than {hoursText(cancellationWindowHours)} ago, its delivery has begun, or it is
        already finished or cancelled (a drip-feed order: every run has opened).
      </>
    ),
    badReference: <>{actions("add")}: the reference is not 1-64 letters, digits, _ or -.</>,
    referenceReused: <>{actions("add")}: the reference already placed an order for another service, link or quantity. The same add sent again answers its first order.</>,
    badRuns: <>{actions("add")}: runs is sent but is not a whole number from {minimumRuns} to {maximumRuns} (an order delivered at once sends no runs).</>,
    badInterval: <>{actions("add")}, drip-feed: interval is missing, or not a whole number of minutes from {minimumIntervalMinutes} to {maximumIntervalMinutes}.</>,
    intervalWithoutRuns: <>{actions("add")}: interval is sent without runs.</>,
    dripTotalTooLarge: <>{actions("add")}, drip-feed: quantity × runs is more than the service's max.</>,
    noDripFeed: <>{actions("add")}: runs is sent for a service whose dripfeed is false (comments are never drip-fed).</>,
    rateLimited: <>Any action: more than {requestsPerMinute} requests in one minute with the same key. Answered with HTTP 429 (see below).</>,
    badRequest: <>The body cannot be read (broken JSON or multipart), or a JSON body is not one object of texts, numbers and lists of them.</>,
    wrongMethod: <>The request is neither a GET nor a POST.</>,
    unsupportedBody: <>The body is of another type than a form, multipart form or JSON (text/plain, say).</>,
  };
}

function ParameterTable({ action, parameters }: { action: ApiV2Action; parameters: Parameter[] }) {
  return (
    <div className={tableFrame}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Parameters of {action}</caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className={headerCell}>Parameter</th>
            <th scope="col" className={headerCell}>Value</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {parameters.map((parameter) => (
            <tr key={parameter.name}>
              <th scope="row" className={`${cell} font-normal`}>
                <span className="font-mono font-semibold">{parameter.name}</span>
                <span className="block text-xs text-muted-foreground">{parameter.isRequired ? "required" : "optional"}</span>
              </th>
              <td className={cell}>{parameter.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ServiceTable({ services, serviceTargets }: Pick<ApiDocsPageProps, "services" | "serviceTargets">) {
  // Five columns: tighter padding on phones, so they fit 390 px.
  const headerCell = "px-2 py-2.5 font-semibold sm:px-4";
  const cell = "px-2 py-2.5 align-top sm:px-4";
  return (
    <div className={tableFrame}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Services, with the rate per 1000 in {apiV2Currency}</caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className={headerCell}>service</th>
            <th scope="col" className={headerCell}>name</th>
            <th scope="col" className={headerCell}>
              rate <span className="font-normal">({apiV2Currency} per 1000)</span>
            </th>
            <th scope="col" className={headerCell}>min</th>
            <th scope="col" className={headerCell}>max</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {services.map((service) => (
            <tr key={service.service}>
              <td className={`${cell} font-mono`}>{service.service}</td>
              <th scope="row" className={`${cell} font-normal`}>
                {service.name}
                <span className="block text-xs text-muted-foreground">{serviceNotes(service, serviceTargets)}</span>
              </th>
              <td className={`${cell} font-mono`}>{service.rate}</td>
              <td className={`${cell} font-mono`}>{service.min}</td>
              <td className={`${cell} font-mono`}>{service.max}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Custom Comments · post link · refill 30 days · drip-feed": what a service's row says beyond its numbers. */
function serviceNotes(service: ApiV2Service, serviceTargets: ApiDocsServiceTarget[]): string {
  const target = serviceTargets.find((candidate) => candidate.service === service.service);
  return [
    service.category,
    service.type === "Custom Comments" ? "Custom Comments" : null,
    target?.target === "post" ? "post link" : "profile link",
    target && target.refillDays > 0 ? `refill ${target.refillDays} days` : "no refill",
    service.dripfeed ? "drip-feed" : null,
    service.cancel ? null : "no cancel",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** One example: the request in each language, one after the other (no tabs: works without JavaScript), then the answer. */
function ExampleBlock({ id, url, example }: { id: string; url: string; example: Example }) {
  const samples = [
    { language: "curl", code: curlExample(url, example.parameters) },
    { language: "PHP", code: phpExample(url, example.parameters) },
    { language: "Python", code: pythonExample(url, example.parameters) },
    { language: "Response", code: jsonExample(example.answer) },
  ];
  return (
    <div>
      <h3 id={id} className="mt-8 text-lg font-semibold">
        {example.title ? `Example: ${example.title.toLowerCase()}` : "Example"}
      </h3>
      {samples.map(({ language, code }) => (
        <Fragment key={language}>
          <h4 className="mt-4 text-sm font-semibold">{language}</h4>
          <CodeBlock code={code} />
        </Fragment>
      ))}
    </div>
  );
}

export function ApiDocsPage(props: ApiDocsPageProps) {
  const url = `${props.baseUrl}${apiV2Path}`;
  const actions = describeActions(props);
  const errors = describeErrors(props);
  const contents = [
    { id: "getting-started", title: "Getting started" },
    ...apiV2Actions.map((action) => ({ id: action, title: `${action}: ${actions[action].summary}` })),
    { id: "errors", title: "Errors" },
    { id: "rate-limits", title: "Rate limits" },
    { id: "panel-software", title: "Works with panel software" },
  ];

  return (
    <ContentPage
      eyebrow="Developers"
      title="Reseller API"
      lead={
        <p>
          Place and follow orders from your own panel or software. The API speaks the "API v2" that SMM panel software uses for its
          providers: one address, your key and an action, JSON answers.
        </p>
      }
    >
      <nav aria-labelledby="api-docs-contents" className="rounded-lg border bg-card p-5 text-sm">
        <h2 id="api-docs-contents" className="text-base! font-semibold">
          Contents
        </h2>
        <ol className="mt-2 list-decimal gap-x-8 pl-5 sm:columns-2 [&_li]:mt-0! [&_li]:break-inside-avoid [&_li]:pb-1.5">
          {contents.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id="getting-started" aria-labelledby="getting-started-heading" className="scroll-mt-24">
        <h2 id="getting-started-heading">Getting started</h2>
        <Transports url={url}>
          <li>
            <InlineCode>key</InlineCode> is your API key: create it on your <Link to="/profile">profile</Link> under "API access" (client
            accounts), with your account's password. It looks like <InlineCode>smb_…</InlineCode> and is shown only once; keep it secret, and
            revoke it there if it leaks. We e-mail you about every new key. Changing or resetting your password, and "Sign out everywhere",
            revoke every key of the account: create a new one afterwards and put it in your software.
          </li>
          <li>
            <InlineCode>action</InlineCode> is one of {apiV2Actions.map((action, index) => (
              <Fragment key={action}>
                {index > 0 ? ", " : null}
                <a href={`#${action}`}>{action}</a>
              </Fragment>
            ))}
            .
          </li>
          <li>
            Orders are paid from your balance, in {apiV2Currency}: top it up by card or mobile money on the <Link to="/wallet">wallet</Link>{" "}
            page.
          </li>
          <li>
            Amounts are strings with two decimals, such as <InlineCode>"{exampleStory(props.services).instagram.rate}"</InlineCode>. Errors are{" "}
            <InlineCode>{`{ "error": "…" }`}</InlineCode>: check for <InlineCode>error</InlineCode> first (<a href="#errors">errors</a>).
          </li>
        </Transports>
        <h3 className="mt-8 text-lg font-semibold">A call with a JSON body</h3>
        <CodeBlock code={curlJsonExample(url, { key: exampleKey, action: "balance" })} />
      </section>

      {apiV2Actions.map((action) => {
        const doc = actions[action];
        return (
          <section key={action} id={action} aria-labelledby={`${action}-heading`} className="scroll-mt-24">
            <h2 id={`${action}-heading`}>
              <code className="font-mono">{action}</code>: {doc.summary}
            </h2>
            {doc.intro}
            <h3 className="mt-8 text-lg font-semibold">Parameters</h3>
            <ParameterTable action={action} parameters={doc.parameters} />
            {doc.examples.map((example, index) => (
              <ExampleBlock key={index} id={`${action}-example-${index + 1}`} url={url} example={example} />
            ))}
            {doc.details}
          </section>
        );
      })}

      <section id="errors" aria-labelledby="errors-heading" className="scroll-mt-24">
        <h2 id="errors-heading">Errors</h2>
        <p>
          An error is answered as <InlineCode>{`{ "error": "<message>" }`}</InlineCode> with HTTP status 200, as panel software expects (the rate
          limit alone answers 429). A request answered with an error changes nothing and charges nothing.
        </p>
        <CodeBlock code={jsonExample({ error: apiV2Errors.invalidKey })} />
        <div className={tableFrame}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Error messages and when they are answered</caption>
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className={headerCell}>Message</th>
                <th scope="col" className={headerCell}>When</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {apiV2ErrorNames.map((name) => (
                <tr key={name}>
                  <th scope="row" className={`${cell} font-mono text-xs font-medium`}>{apiV2ErrorText(name)}</th>
                  <td className={cell}>{errors[name]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section id="rate-limits" aria-labelledby="rate-limits-heading" className="scroll-mt-24">
        <h2 id="rate-limits-heading">Rate limits</h2>
        <ul>
          <li>
            Each key may make {props.requestsPerMinute} requests per minute. Beyond that the API answers HTTP 429 with{" "}
            <InlineCode>{JSON.stringify({ error: apiV2Errors.rateLimited })}</InlineCode> and a <InlineCode>Retry-After</InlineCode> header: the
            seconds to wait before trying again.
          </li>
          <li>
            <a href="#status">status</a>, <a href="#cancel">cancel</a> and <a href="#refill">refill</a> take at most {maximumOrdersPerRequest} order ids per request, and <a href="#refill_status">refill_status</a> as many refill ids.
          </li>
        </ul>
      </section>

      <PanelSoftwareSection url={url} />
    </ContentPage>
  );
}
