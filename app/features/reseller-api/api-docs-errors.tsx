import { type ReactNode, Fragment } from "react";
import { maximumIntervalMinutes, maximumRuns, minimumIntervalMinutes, minimumRuns } from "~/features/drip-feed";
import { type ApiV2Action, apiV2Actions, apiV2Errors, maximumOrdersPerRequest } from "./api-v2-contract";
import { InlineCode } from "./api-docs-transport";
import type { ApiDocsPageProps } from "./api-docs-catalogue";
import { hoursText } from "./api-docs-examples";

export type ApiV2ErrorName = keyof typeof apiV2Errors;
export const apiV2ErrorNames = Object.keys(apiV2Errors) as ApiV2ErrorName[];

/** An error's message as the table shows it: a message with the service's numbers or a reason shows where they go. */
export function apiV2ErrorText(name: ApiV2ErrorName): string {
  const message = apiV2Errors[name];
  if (typeof message === "string") return message;
  if (name === "badQuantityFor") return apiV2Errors.badQuantityFor({ minQuantity: "<min>", maxQuantity: "<max>" } as unknown as { minQuantity: number; maxQuantity: number });
  return (message as (why: string) => string)("<what is wrong>");
}

/** When each error is answered; a new contract error fails the typecheck until it is explained here. */
export function describeErrors({ cancellationWindowHours, requestsPerMinute }: ApiDocsPageProps): Record<ApiV2ErrorName, ReactNode> {
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
