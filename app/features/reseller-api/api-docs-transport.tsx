import type { ReactNode } from "react";
import { CodeBlock, exampleKey } from "./api-docs-code";
import { type ApiV2Status, apiV2Actions, apiV2Errors, apiV2Path, apiV2Statuses } from "./api-v2-contract";

/*
 * The parts of /api-docs about how a call travels and what panel software books from the answers
 * (issue #51): the transports the handler reads (api-v2-request.server.ts), the meaning of each status
 * for `charge` and `remains`, and the actions panels call.
 */

export function InlineCode({ children }: { children: ReactNode }) {
  return <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] break-words">{children}</code>;
}

/* Tables: the cookie policy's style, narrow enough for a 390 px phone without scrolling. */
export const tableFrame = "mt-4 overflow-hidden rounded-lg border";
export const headerCell = "px-3 py-2.5 font-semibold sm:px-4";
export const cell = "px-3 py-2.5 align-top sm:px-4";

/** "Getting started": the one address and the ways to send the parameters, then the page's other points (`children`). */
export function Transports({ url, children }: { url: string; children: ReactNode }) {
  return (
    <>
      <p>Every call goes to one address, as a POST or a GET:</p>
      <CodeBlock code={`POST ${url}\nGET  ${url}?key=${exampleKey}&action=balance`} />
      <ul>
        <li>
          Send the parameters in the body, form-encoded (<InlineCode>application/x-www-form-urlencoded</InlineCode>, also when the request names no
          type), as <InlineCode>multipart/form-data</InlineCode> or as JSON (<InlineCode>application/json</InlineCode>); or in the query string, of
          a GET or of a POST. A parameter sent in both places takes the body's value. Prefer the body for your key: an address with the
          key in it can end up in the logs of proxies between you and us.
        </li>
        <li>
          <InlineCode>{apiV2Path}/</InlineCode>, with a trailing slash, is the same address.
        </li>
        <li>
          An optional parameter sent empty, or as <InlineCode>undefined</InlineCode> or <InlineCode>null</InlineCode>, counts as not sent, and so
          does a <InlineCode>runs</InlineCode> or <InlineCode>interval</InlineCode> that is not a number: panel software sends every field,
          empty when it does not apply.
        </li>
        {children}
      </ul>
    </>
  );
}

/** What each status means, and what `charge` and `remains` then say. */
const statusMeanings: Record<ApiV2Status, { meaning: string; charge: string; remains: string }> = {
  Pending: {
    meaning: "Placed, not paid yet. Orders placed with add are paid as they are created, so they never show this.",
    charge: "0.00",
    remains: "the whole quantity",
  },
  Processing: { meaning: "Paid, waiting for workers to start.", charge: "the price paid", remains: "the whole quantity" },
  "In progress": { meaning: "Being delivered.", charge: "the price paid", remains: "how many (followers, likes, views, comments…) are still to come" },
  Completed: { meaning: "Delivered in full.", charge: "the price paid", remains: "0" },
  Partial: {
    meaning:
      "A drip-feed order you stopped with cancel while runs remained. It is final: nothing more is delivered, and the price of what was not delivered went back to your balance at once, when it stopped.",
    charge: "the delivered part's price: what you paid less that refund",
    remains: "the units not delivered, whose price was refunded",
  },
  Canceled: {
    meaning: "Cancelled by you, by our team, or because it was not paid in time. Whatever was paid went back in full.",
    charge: "0.00",
    remains: "the units not delivered",
  },
};

export function StatusTable() {
  return (
    <div className={tableFrame}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Order statuses, with what charge and remains say for each</caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className={headerCell}>status</th>
            <th scope="col" className={headerCell}>Meaning</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {apiV2Statuses.map((status) => (
            <tr key={status}>
              <th scope="row" className={`${cell} font-mono font-semibold whitespace-nowrap`}>{status}</th>
              <td className={cell}>
                {statusMeanings[status].meaning}
                <span className="mt-1 block text-muted-foreground">
                  <InlineCode>charge</InlineCode>: {statusMeanings[status].charge}. <InlineCode>remains</InlineCode>: {statusMeanings[status].remains}.
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Which calls panel software makes, and what it should be set to. */
export function PanelSoftwareSection({ url }: { url: string }) {
  const calls: [string, ReactNode][] = [
    ["Importing and syncing services", <>services: the ids, rates, min, max and the refill, cancel and dripfeed flags as booleans.</>],
    ["Placing an order", <>add, with runs and interval for drip-feed and comments for Custom Comments services; reference makes a retry safe.</>],
    ["The order status job", <>status with orders (up to 100 ids, answered by id), or with order for one.</>],
    ["Cancelling and refilling", <>cancel, refill and refill_status, one id or a list.</>],
    ["Showing your provider balance", <>balance.</>],
  ];
  return (
    <section id="panel-software" aria-labelledby="panel-software-heading" className="scroll-mt-24">
      <h2 id="panel-software-heading">Works with panel software</h2>
      <p>
        SMM panel software adds us as a provider of the "API v2" kind: set the provider's API URL to <InlineCode>{url}</InlineCode> and its key to
        your API key. Nothing else needs changing; these are the calls it makes:
      </p>
      <ul>
        {calls.map(([what, call]) => (
          <li key={what}>
            {what}: {call}
          </li>
        ))}
      </ul>
      <p>
        Every refusal is <InlineCode>{`{ "error": "…" }`}</InlineCode> with HTTP 200, including a wrong method (
        <InlineCode>{JSON.stringify({ error: apiV2Errors.wrongMethod })}</InlineCode>), a body of another type and a body over the size limit;
        only the rate limit answers 429. The actions are {apiV2Actions.join(", ")}.
      </p>
    </section>
  );
}
