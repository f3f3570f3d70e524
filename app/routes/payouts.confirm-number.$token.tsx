import { CheckCircle2 } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { confirmPayoutNumber } from "~/features/payouts/payout-numbers.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/payouts.confirm-number.$token";

export function meta() {
  return [{ title: "Confirm your payout number | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Confirming takes a press of the button (a post): mail scanners that open links confirm nothing (issue #49). */
export async function action({ params }: Route.ActionArgs) {
  try {
    return { ok: true as const, destination: (await confirmPayoutNumber(params.token)).destination };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return data({ ok: false as const, message: error.message }, error.status);
  }
}

export default function ConfirmPayoutNumber({ actionData }: Route.ComponentProps) {
  const isBusy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section aria-labelledby="payout-number-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 id="payout-number-heading" className="text-2xl font-bold tracking-tight">
          Confirm your payout number
        </h1>
        {actionData?.ok ? (
          <div className="mt-6 grid gap-4">
            <p role="status" className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <strong>{actionData.destination}</strong> is confirmed: you can withdraw to it now.
              </span>
            </p>
            <Link to="/payouts" className={buttonVariants({ variant: "brand", className: "justify-self-start" })}>
              Go to withdrawals
            </Link>
          </div>
        ) : (
          <div className="mt-6 grid gap-4">
            {actionData ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {actionData.message}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">Press the button to confirm that this mobile money number is yours. Withdrawals go only to numbers you confirmed.</p>
            )}
            {actionData ? (
              <p className="text-sm text-muted-foreground">
                Request the withdrawal again from{" "}
                <Link to="/payouts" className="font-semibold text-primary underline-offset-4 hover:underline">
                  your withdrawals
                </Link>{" "}
                to get a new link.
              </p>
            ) : (
              <Form method="post">
                <Button type="submit" variant="brand" disabled={isBusy}>
                  {isBusy ? "Confirming…" : "Confirm my payout number"}
                </Button>
              </Form>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
