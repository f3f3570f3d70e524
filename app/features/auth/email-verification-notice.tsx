import { MailWarning } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { verificationValidHours } from "./account-links";

/** What the last "Send the link again" did (`?verification=` on the page it was pressed on). */
export type VerificationOutcome = "sent" | "wait" | "done" | null;

export function verificationOutcomeOf(url: URL): VerificationOutcome {
  const value = url.searchParams.get("verification");
  return value === "sent" || value === "wait" || value === "done" ? value : null;
}

const outcomeTexts: Record<Exclude<VerificationOutcome, null>, string> = {
  sent: `We sent a new link. It works for ${verificationValidHours} hours; check your spam folder if it does not arrive.`,
  wait: "We have sent several links in the last hour. Please use the newest one, or try again later.",
  done: "There is nothing left to confirm.",
};

/**
 * The reminder of an unconfirmed address (dashboard, withdrawals, settings) with a button that sends
 * the link again: a plain post to /profile, which brings the visitor back to `returnTo`.
 */
export function EmailVerificationNotice({ email, isChange, returnTo, outcome, note }: { email: string; isChange: boolean; returnTo: string; outcome: VerificationOutcome; note?: string }) {
  return (
    <section aria-label="E-mail confirmation" className="grid gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm">
      <p className="flex items-start gap-2">
        <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {isChange ? "Confirm your new e-mail address: " : "Please confirm your e-mail address: "}
          we sent a link to <strong className="break-all">{email}</strong>. {note}
        </span>
      </p>
      {outcome ? <p role="status">{outcomeTexts[outcome]}</p> : null}
      <Form method="post" action="/profile">
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <Button type="submit" variant="outline" size="sm">
          Send the link again
        </Button>
      </Form>
    </section>
  );
}
