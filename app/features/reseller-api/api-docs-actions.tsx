import { type ReactNode } from "react";
import { Link } from "~/components/link";
import { evidenceHours } from "~/features/deliveries";
import { nameDropsDays, refillCooldownHours, refillStatusLabels } from "~/features/refills";
import { catalogPlatforms, platformLabels, type ServiceTarget, targetUrlFor, maximumCommentLength, postLinkExample } from "~/features/catalog";
import { maximumIntervalMinutes, maximumRuns, minimumIntervalMinutes, minimumRuns } from "~/features/drip-feed";
import { type ExampleParameters, exampleKey } from "./api-docs-code";
import { type ApiV2Action, apiV2Currency, apiV2Errors, maximumOrdersPerRequest } from "./api-v2-contract";
import { InlineCode, StatusTable } from "./api-docs-transport";
import type { ApiDocsPageProps } from "./api-docs-catalogue";
import { commentsExample, exampleHandles, exampleRefillId, exampleStory, hoursText, statusExamples } from "./api-docs-examples";
import { ServiceTable } from "./api-docs-services";

/* Each action of the API v2 as /api-docs explains it: its parameters, and examples told as one story (orders, refills, statuses) on the catalogue on sale. */

export interface Parameter {
  name: string;
  isRequired: boolean;
  text: ReactNode;
}

export interface Example {
  /** Told apart when an action has more than one example. */
  title?: string;
  parameters: ExampleParameters;
  answer: unknown;
}

export interface ActionDoc {
  summary: string;
  intro: ReactNode;
  parameters: Parameter[];
  examples: Example[];
  /** Explanations of the answer, after the examples. */
  details?: ReactNode;
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

export function describeActions({ cancellationWindowHours, services, serviceTargets }: ApiDocsPageProps): Record<ApiV2Action, ActionDoc> {
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
