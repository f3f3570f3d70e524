import { CircleCheck } from "lucide-react";
import { evidenceHours } from "~/features/deliveries";
import { refillCooldownHours } from "./refill-rules";
import type { RefillPanel as RefillPanelData } from "./refills.server";

type RefillItem = RefillPanelData["refills"][number];

const count = (n: number) => n.toLocaleString("en-GB");

/** One refill's state in words, from its numbers. */
function refillProgressText(refill: RefillItem): string {
  const { named } = refill;
  if (named.total === 0 && refill.droppedCount > 0) {
    // A refill of the earlier re-checks (decision 0025), still re-delivering or done.
    return `${count(refill.droppedCount)} dropped; ${count(refill.redeliveredCount)} of them delivered again.`;
  }
  switch (refill.status) {
    case "pending":
      return `Waiting for the deliveries that dropped: tick them in "Who delivered" and press "Refill selected" by ${refill.nameDropsByText}.`;
    case "in_progress": {
      const parts = [
        named.deciding > 0 ? `${count(named.deciding)} waiting for the evidence or an admin's decision` : "",
        named.stood > 0 ? `${count(named.stood)} found still there` : "",
        named.dropped > 0 ? `${count(named.dropped)} dropped, ${count(named.replaced)} of them delivered again so far` : "",
      ];
      return `${count(named.total)} named as dropped: ${parts.filter(Boolean).join("; ")}.`;
    }
    case "completed":
      return `${count(named.dropped)} dropped and delivered again by other people${named.stood > 0 ? `; ${count(named.stood)} found still there` : ""}.`;
    case "rejected":
      return named.total === 0 ? "No drops named in time." : `Nothing dropped: all ${count(named.total)} named deliveries were found still there on the evidence.`;
  }
}

/**
 * The order page's refill panel (decision 0041): what a refill does, in the store's own numbers, how
 * to ask for one (the "Who delivered" checklist's "Refill selected"), and each refill's state.
 */
export function RefillPanel({ refill, isJustRequested }: { refill: RefillPanelData; isJustRequested: boolean }) {
  return (
    <section id="refill" aria-labelledby="refill-heading" className="scroll-mt-24 rounded-2xl border bg-card p-6 shadow-sm sm:p-8 print:hidden">
      <h2 id="refill-heading" className="text-xl font-bold tracking-tight">
        Refill
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        For {refill.refillDays} days after delivery you can ask for a refill, once every {refillCooldownHours} hours: tick the deliveries that dropped in &ldquo;Who
        delivered&rdquo; and press &ldquo;Refill selected&rdquo;. The person who delivered each one is asked for a screenshot within {evidenceHours} hours and an admin
        decides on it; whatever dropped is delivered again by other people, at no cost to you.
      </p>
      {isJustRequested ? (
        <p role="status" className="mt-4 flex items-center gap-2 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-semibold">
          <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
          Refill requested. The people who delivered the deliveries you named have been asked for a screenshot.
        </p>
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
