import { ShieldCheck } from "lucide-react";
import { reliabilityMinimumDecisions, reliabilityThresholdPercent, reliabilityWindowDays } from "./delivery-rules";
import type { Reliability } from "./reliability.server";

/** The worker's reliability figure, and the pause it can bring. */
export function WorkerReliability({ reliability }: { reliability: Reliability }) {
  return (
    <section aria-labelledby="reliability-heading" className={`rounded-xl border p-6 ${reliability.paused ? "border-destructive/40 bg-destructive/5" : "bg-card"}`}>
      <h2 id="reliability-heading" className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
        Reliability
      </h2>
      <p className="mt-2 text-sm">
        {reliability.percent === null
          ? `No delivery of yours was flagged and decided in the last ${reliabilityWindowDays} days.`
          : `${reliability.percent} % of your flagged deliveries stood on the evidence (${reliability.stood} stood, ${reliability.dropped} dropped, last ${reliabilityWindowDays} days).`}
      </p>
      {reliability.paused ? (
        <p role="status" className="mt-2 text-sm font-semibold text-destructive">
          Your tasks are paused: too many of your flagged deliveries were found missing. An admin will review your account; screenshots and withdrawals go on
          meanwhile.
        </p>
      ) : (
        <p className="mt-1 text-xs text-muted-foreground">Under {reliabilityThresholdPercent} % (over {reliabilityMinimumDecisions} or more decided flags), tasks pause until an admin reviews your account.</p>
      )}
    </section>
  );
}
