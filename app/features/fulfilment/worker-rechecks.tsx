import { ShieldCheck } from "lucide-react";
import { FormOutcome } from "~/components/form-outcome";
import { Form, useNavigation } from "react-router";
import { ProfileLink } from "~/components/profile-link";
import { Button } from "~/components/ui/button";
import { targetUrlFor, isCatalogPlatform } from "~/features/catalog/catalog";
import type { RecheckView } from "~/features/refills/rechecks.server";
import { recheckHours } from "~/features/refills/refill-rules";
import { reliabilityMinimumDecisions, reliabilityThresholdPercent, reliabilityWindowDays } from "~/features/deliveries/delivery-rules";
import type { Reliability } from "~/features/deliveries/reliability.server";
import { platformName, targetNameOf } from "./worker-display";

/** What a dashboard re-check form just did (PRG `?rechecked=`), or why it was refused. */
export type RecheckOutcome = { answer: "confirmed" | "dropped" } | { error: string };

/** Past tense of the task's action, for the re-check's question: "follow", "like", "subscription". */
function doneWordOf(check: RecheckView): string {
  if (check.type === "followers") return check.platform === "youtube" ? "subscription to" : "follow of";
  if (check.type === "likes") return "like on";
  return "engagement with";
}

/** The two answers in the task's own words: "Still following", "No longer subscribed". */
function answerLabelsOf(check: RecheckView): { confirmed: string; dropped: string } {
  const verb = check.type === "followers" ? (check.platform === "youtube" ? "subscribed" : "following") : check.type === "likes" ? "liked" : "in place";
  return { confirmed: `Still ${verb}`, dropped: `No longer ${verb}` };
}

/**
 * The re-checks a client's refill asked this worker (issue #21): one question per completion, with
 * the handle linked to their profile, and two plain form buttons (no JavaScript needed).
 */
export function WorkerRechecks({ rechecks, outcome }: { rechecks: RecheckView[]; outcome: RecheckOutcome | null }) {
  const navigation = useNavigation();
  const answering = navigation.state !== "idle" && navigation.formData?.get("intent") === "recheck" ? Number(navigation.formData.get("checkId")) : null;
  if (rechecks.length === 0 && !outcome) return null;
  return (
    <section aria-labelledby="rechecks-heading" className="rounded-xl border border-primary/30 bg-card p-6">
      <h2 id="rechecks-heading" className="text-lg font-bold">
        Re-checks
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        A client asked for a refill: please confirm whether your work still stands. Answer within {recheckHours} hours; work reported dropped, or not confirmed in
        time, no longer counts and its reward is taken back.
      </p>
      <FormOutcome
        done={outcome && "answer" in outcome ? (outcome.answer === "confirmed" ? "Thank you: confirmed as still standing." : "Thank you for telling us: it will be delivered again by someone else.") : null}
        error={outcome && "error" in outcome ? outcome.error : null}
      />
      {rechecks.length > 0 ? (
        <ul aria-label="Re-checks waiting for your answer" className="mt-4 grid gap-3">
          {rechecks.map((check) => (
            <li key={check.id} className="rounded-lg border p-4 text-sm">
              <p>
                Does your {doneWordOf(check)}{" "}
                <ProfileLink url={check.targetUrl}>@{targetNameOf(check.targetUrl)}</ProfileLink> on {platformName(check.platform)} still stand? You did it as{" "}
                {isCatalogPlatform(check.platform) ? <ProfileLink url={targetUrlFor(check.platform, check.handle)}>@{check.handle}</ProfileLink> : `@${check.handle}`} on{" "}
                {check.completedAt}.
              </p>
              <p className="mt-1 text-muted-foreground">Answer by {check.answerBy}.</p>
              <Form method="post" action="/dashboard" className="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="intent" value="recheck" />
                <input type="hidden" name="checkId" value={check.id} />
                <Button type="submit" name="answer" value="confirmed" size="sm" disabled={answering === check.id}>
                  {answerLabelsOf(check).confirmed}
                </Button>
                <Button type="submit" name="answer" value="dropped" size="sm" variant="outline" disabled={answering === check.id}>
                  {answerLabelsOf(check).dropped}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

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
          Your tasks are paused: too many of your flagged deliveries were found missing. An admin will review your account; screenshots, re-checks and withdrawals go on
          meanwhile.
        </p>
      ) : (
        <p className="mt-1 text-xs text-muted-foreground">Under {reliabilityThresholdPercent} % (over {reliabilityMinimumDecisions} or more decided flags), tasks pause until an admin reviews your account.</p>
      )}
    </section>
  );
}
