import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";

/**
 * The page behind a link e-mailed to confirm something (an e-mail address, a payout number): a
 * button to press (a post, so mail scanners that open links confirm nothing), then what it confirmed
 * or why the link was refused, with what to do next.
 */
export function LinkConfirmation({
  headingId,
  title,
  prompt,
  buttonLabel,
  outcome,
  confirmed,
  next,
  afterRefusal,
}: {
  headingId: string;
  title: string;
  /** Shown before the button is pressed. */
  prompt: string;
  buttonLabel: string;
  /** The action's answer, once the button was pressed. */
  outcome: { ok: true } | { ok: false; message: string } | undefined;
  /** What was confirmed, as a sentence. */
  confirmed: ReactNode;
  next: { href: string; label: string };
  /** How to get a new link. */
  afterRefusal: ReactNode;
}) {
  const isBusy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section aria-labelledby={headingId} className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 id={headingId} className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {outcome?.ok ? (
          <div className="mt-6 grid gap-4">
            <p role="status" className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{confirmed}</span>
            </p>
            <Link to={next.href} className={buttonVariants({ variant: "brand", className: "justify-self-start" })}>
              {next.label}
            </Link>
          </div>
        ) : (
          <div className="mt-6 grid gap-4">
            {outcome ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {outcome.message}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">{prompt}</p>
            )}
            {outcome ? (
              <p className="text-sm text-muted-foreground">{afterRefusal}</p>
            ) : (
              <Form method="post">
                <Button type="submit" variant="brand" disabled={isBusy}>
                  {isBusy ? "Confirming…" : buttonLabel}
                </Button>
              </Form>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
