import { CircleCheck, Flag, RefreshCw } from "lucide-react";
import { FormRefusal } from "~/components/form-outcome";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { ProfileLink } from "~/components/profile-link";
import { Button, buttonVariants } from "~/components/ui/button";
import { type DeliveryViewState, deliveryStateLabels, evidenceHours, flagNoteMaxLength } from "./delivery-rules";

/** One delivery as the order page shows it (times formatted by the server). */
export interface DeliveryRow {
  id: number;
  handle: string;
  profileUrl: string | null;
  platformLabel: string;
  deliveredAtText: string;
  state: DeliveryViewState;
  /** Why an admin decided a flag as they did. */
  decisionReason: string | null;
  /** The comment this worker posted (comments orders). */
  comment: string | null;
}

/** The order page's deliveries: one page of them and what the viewer may do with them. */
export interface DeliveriesPanelData {
  deliveries: DeliveryRow[];
  page: number;
  pages: number;
  total: number;
  /** The viewer is the order's client and the flag window is open. */
  canFlag: boolean;
  /** "until 28 December 2026 at 10:00 GMT" once the order completed; null while it is being delivered. */
  flagUntilText: string | null;
  /** The page was opened with "Select all on this page". */
  isAllSelected: boolean;
  /** How many deliveries the client just flagged (the redirect after a flag). */
  justFlagged: number | null;
}

const pageHref = (orderId: number, page: number, selectAll = false) => `/orders/${orderId}?deliveries=${page}${selectAll ? "&select=all" : ""}#deliveries`;

/**
 * Who delivered the order (issue #48): each handle with its profile, so the client can check it
 * against their own followers list, and a checklist to flag the ones they cannot find. A plain form
 * and plain links: flagging and "select all on this page" work without JavaScript.
 */
export function DeliveriesPanel({
  orderId,
  panel,
  flagError,
  refillError,
  isRefillOffered,
}: {
  orderId: number;
  panel: DeliveriesPanelData;
  flagError: string | null;
  refillError: string | null;
  /** The client may name drops for a refill now (refills.server.ts, refillOfferFor). */
  isRefillOffered: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" ? navigation.formData?.get("intent") : null;
  const flaggable = panel.deliveries.filter((delivery) => delivery.state === "counted");
  const offersFlags = (panel.canFlag || isRefillOffered) && flaggable.length > 0;
  return (
    <section id="deliveries" aria-labelledby="deliveries-heading" className="scroll-mt-24 rounded-2xl border bg-card p-6 shadow-sm sm:p-8 print:hidden">
      <h2 id="deliveries-heading" className="text-xl font-bold tracking-tight">
        Who delivered
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Each delivery was made by the account named below: check them against your own followers list.
        {panel.canFlag
          ? ` Flag any you cannot find${panel.flagUntilText ? ` (until ${panel.flagUntilText})` : ""}: the person who delivered it is asked for a screenshot within ${evidenceHours} hours and an admin decides on it. What is missing, or not shown in time, is delivered again by someone else at no cost to you.`
          : ""}
      </p>
      {panel.justFlagged ? (
        <p role="status" className="mt-4 flex items-center gap-2 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-semibold">
          <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {panel.justFlagged === 1 ? "1 delivery flagged." : `${panel.justFlagged.toLocaleString("en-GB")} deliveries flagged.`} The people who delivered them have been asked for a screenshot.
        </p>
      ) : null}
      {flagError ? <FormRefusal title="Nothing was flagged" message={flagError} className="mt-4" /> : null}
      {refillError ? <FormRefusal title="No refill was requested" message={refillError} className="mt-4" /> : null}
      {panel.total === 0 ? (
        <p className="mt-4 text-sm">No deliveries yet. Each one appears here as soon as it is made.</p>
      ) : (
        <Form method="post" action={pageHref(orderId, panel.page)} className="mt-4 grid gap-4">
          <ul aria-label="Deliveries" className="divide-y rounded-xl border">
            {panel.deliveries.map((delivery) => (
              <DeliveryItem key={`${delivery.id}:${panel.isAllSelected}`} delivery={delivery} isFlaggable={offersFlags && delivery.state === "counted"} isSelected={panel.isAllSelected} />
            ))}
          </ul>
          {panel.pages > 1 ? <DeliveryPages orderId={orderId} page={panel.page} pages={panel.pages} total={panel.total} /> : null}
          {offersFlags ? (
            <>
              <p className="text-sm">
                <Link to={pageHref(orderId, panel.page, true)} className="font-medium text-primary underline-offset-4 hover:underline focus-ring">
                  Select all on this page
                </Link>
              </p>
              <label className="grid gap-1.5 text-sm font-medium">
                What do you see? (optional)
                <textarea
                  name="note"
                  rows={2}
                  maxLength={flagNoteMaxLength}
                  className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm font-normal shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
                />
              </label>
              <div className="flex flex-wrap gap-2">
                {panel.canFlag ? (
                  <Button type="submit" name="intent" value="flag" variant="outline" disabled={Boolean(submitting)}>
                    <Flag aria-hidden="true" />
                    {submitting === "flag" ? "Flagging…" : "Flag selected"}
                  </Button>
                ) : null}
                {isRefillOffered ? (
                  <Button type="submit" name="intent" value="refill" variant="outline" disabled={Boolean(submitting)}>
                    <RefreshCw aria-hidden="true" />
                    {submitting === "refill" ? "Requesting…" : "Refill selected"}
                  </Button>
                ) : null}
              </div>
            </>
          ) : null}
        </Form>
      )}
    </section>
  );
}

function DeliveryItem({ delivery, isFlaggable, isSelected }: { delivery: DeliveryRow; isFlaggable: boolean; isSelected: boolean }) {
  const handle = `@${delivery.handle}`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
      {isFlaggable ? (
        <input type="checkbox" name="deliveryIds" value={delivery.id} defaultChecked={isSelected} aria-label={`Select ${handle}`} className="size-4 accent-primary" />
      ) : null}
      <span className="min-w-0 flex-1">
        {delivery.profileUrl ? <ProfileLink url={delivery.profileUrl}>{handle}</ProfileLink> : <span className="font-medium">{handle}</span>}
        <span className="block text-muted-foreground">
          {delivery.platformLabel} · {delivery.deliveredAtText}
        </span>
        {delivery.comment ? <span className="block break-words">Posted: &ldquo;{delivery.comment}&rdquo;</span> : null}
        {delivery.decisionReason ? <span className="block">Decision: {delivery.decisionReason}</span> : null}
      </span>
      <span className="rounded-full bg-muted px-2.5 py-0.5 font-semibold">{deliveryStateLabels[delivery.state]}</span>
    </li>
  );
}

function DeliveryPages({ orderId, page, pages, total }: { orderId: number; page: number; pages: number; total: number }) {
  return (
    <nav aria-label="Pages of deliveries" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span>
        Page {page} of {pages} · {total.toLocaleString("en-GB")} deliveries
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link to={pageHref(orderId, page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={pageHref(orderId, page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
