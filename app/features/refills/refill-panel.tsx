import { CircleCheck, RefreshCw } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { recheckHours, refillCooldownHours, refillWindowDays } from "./refill-rules";
import type { RefillPanel as RefillPanelData } from "./refills.server";

type RefillItem = RefillPanelData["refills"][number];

/** One refill's state in words, from its numbers. */
function refillProgressText(refill: RefillItem): string {
  switch (refill.status) {
    case "pending":
      return `${refill.checks.total - refill.checks.pending} of ${refill.checks.total} re-checks answered; unanswered ones count as dropped after ${refill.checkUntilText}.`;
    case "in_progress":
      return `${refill.droppedCount.toLocaleString("en-GB")} dropped; ${refill.redeliveredCount.toLocaleString("en-GB")} of them delivered again so far.`;
    case "completed":
      return `${refill.droppedCount.toLocaleString("en-GB")} dropped and delivered again by other people${refill.completedAtText ? ` (done ${refill.completedAtText})` : ""}.`;
    case "rejected":
      return `Nothing dropped: all ${refill.checks.total.toLocaleString("en-GB")} deliveries were confirmed still standing.`;
  }
}

/**
 * The order page's refill panel (issue #21): what a refill does, in the store's own numbers, the
 * "Request a refill" form while the refill service would take it (a plain form: no JavaScript
 * needed), and each refill's state.
 */
export function RefillPanel({ orderId, refill, canRequest, isJustRequested }: { orderId: number; refill: RefillPanelData; canRequest: boolean; isJustRequested: boolean }) {
  const navigation = useNavigation();
  const isRequesting = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "refill";
  return (
    <section aria-labelledby="refill-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8 print:hidden">
      <h2 id="refill-heading" className="text-xl font-bold tracking-tight">
        Refill
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        For {refillWindowDays} days after delivery you can ask for a refill, once every {refillCooldownHours} hours. We ask each person who delivered to confirm within {recheckHours} hours
        that their follow still stands; whatever dropped, or was not confirmed in time, is delivered again by other people, at no cost to you.
      </p>
      {isJustRequested ? (
        <p role="status" className="mt-4 flex items-center gap-2 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-semibold">
          <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
          Refill requested. The people who delivered have been asked to re-check.
        </p>
      ) : null}
      {refill.offer.state === "available" && canRequest ? (
        <Form method="post" action={`/orders/${orderId}`} className="mt-4">
          <input type="hidden" name="intent" value="refill" />
          <Button type="submit" disabled={isRequesting}>
            <RefreshCw aria-hidden="true" />
            {isRequesting ? "Requesting…" : "Request a refill"}
          </Button>
        </Form>
      ) : null}
      {refill.offer.state === "unavailable" ? <p className="mt-4 text-sm">{refill.offer.reason}</p> : null}
      {refill.refills.length > 0 ? (
        <ul aria-label="Refills" className="mt-5 divide-y rounded-xl border">
          {refill.refills.map((item) => (
            <li key={item.id} className="grid gap-1 px-4 py-3 text-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">
                  Refill {item.id} · requested {item.requestedAtText}
                </span>
                <span className="rounded-full bg-muted px-2.5 py-0.5 font-semibold">{item.statusLabel}</span>
              </p>
              <p className="text-muted-foreground">{refillProgressText(item)}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
