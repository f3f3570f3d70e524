import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Wallet } from "lucide-react";
import { useEffect } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { StatCards } from "~/components/ui/stat-cards";
import { requirePageUser } from "~/features/auth/authenticate.server";
import { EmailVerificationNotice, verificationOutcomeOf } from "~/features/auth/email-verification-notice";
import { workerStats } from "~/features/fulfilment/earnings.server";
import { movedToOf, portedLabel } from "~/features/payments/ghana-mobile-networks";
import { mobileMoneyProviderLabels, mobileMoneyProviders } from "~/features/payments/payment-schema";
import { listMyPayouts, payoutRequestSchema, requestPayout, type PayoutView } from "~/features/payouts/payouts.server";
import { getEnv } from "~/lib/env.server";
import { isAppError } from "~/lib/errors";
import { formatMoney, toMinorUnits } from "~/lib/money";
import type { Route } from "./+types/payouts";
import { payoutNetworkName } from "~/features/payouts/payout-display";
import { readFormData } from "~/lib/request-body.server";

export function meta() {
  return [{ title: "Withdraw earnings | Social Media Boost" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requirePageUser(request, url);
  if (user.role !== "worker") return { isWorker: false as const };
  const canWithdraw = user.status === "active";
  return {
    isWorker: true as const,
    canWithdraw,
    // Withdrawals need a confirmed address (issue #19): the form is replaced by the reminder until then.
    unconfirmedEmail: user.emailVerified ? null : user.email,
    verification: verificationOutcomeOf(url),
    stats: canWithdraw ? await workerStats(user) : null,
    payouts: await listMyPayouts(user),
    minimum: getEnv().PAYOUT_MINIMUM_CEDIS,
  };
}

/** The withdrawal form (works without JavaScript): reserve, then back here with the outcome. */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requirePageUser(request, url);
  // No automatic coercion: the schema sees the posted strings, as the JSON API's body does.
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: payoutRequestSchema, disableAutoCoercion: true });
  // A number of another network's prefix: the form offers "My number moved to …" (ticked as it was sent).
  const ported = { movedTo: movedToOf(form.get("phone"), form.get("provider")), isTicked: form.get("ported") === "on" };
  if (submission.status !== "success") return data({ result: submission.reply(), ported }, 400);
  try {
    await requestPayout(user, submission.value);
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }), ported }, error.status);
  }
  throw redirect("/payouts?requested=1", 303);
}

const statusWords: Record<PayoutView["status"], string> = {
  pending: "Waiting for approval",
  processing: "Sending to your wallet",
  awaiting_otp: "Sending to your wallet",
  success: "Paid",
  failed: "Failed: the amount is back in your balance",
  reversed: "Reversed: the amount is back in your balance",
  rejected: "Rejected: the amount is back in your balance",
};

export default function Payouts({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  // Checked on the server only (the schema lives in payouts.server.ts): conform shows its answer
  // (lastResult) and keeps the typed values; nothing is checked on Tab or as you type.
  const [form, fields] = useForm({ id: "payout", lastResult: actionData?.result, shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" });
  const justRequested = searchParams.get("requested") === "1";

  useEffect(() => {
    if (justRequested) toast({ title: "Withdrawal requested", description: "Our team reviews it and sends it to your wallet." });
  }, [justRequested]);

  if (!loaderData.isWorker) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Withdrawals are for workers</h1>
        <p className="mt-2 text-muted-foreground">This page is where workers withdraw their earnings.</p>
      </div>
    );
  }

  const { stats, payouts, minimum, canWithdraw, unconfirmedEmail } = loaderData;
  const errors = {
    form: form.errors?.[0],
    amount: fields.amount.errors?.[0],
    phone: fields.phone.errors?.[0],
    provider: fields.provider.errors?.[0],
  };
  const values = { amount: textOf(fields.amount.initialValue), phone: textOf(fields.phone.initialValue), provider: textOf(fields.provider.initialValue) };
  const isSubmitting = navigation.state === "submitting";
  const ported = actionData?.ported;

  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">Worker</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Withdraw earnings</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        A task's reward is held for 72 hours while we check the follow stays, then it is available here. Our team approves each withdrawal and sends it to your mobile money wallet.
        If a client's refill later finds a task of yours undone, its reward is taken back.
      </p>

      {justRequested ? (
        <p role="status" className="mt-6 rounded-md border border-primary/30 bg-primary/5 px-4 py-3 text-sm font-medium">
          Withdrawal requested. Our team reviews it and sends it to your wallet.
        </p>
      ) : null}

      {stats ? (
        <StatCards
          className="mt-8 sm:grid-cols-2"
          stats={[
            ["Available to withdraw", formatMoney(toMinorUnits(stats.availableBalance))],
            ["Held for review", formatMoney(toMinorUnits(stats.heldEarnings))],
          ]}
        />
      ) : null}

      {stats && stats.availableBalance < 0 ? (
        <p role="status" className="mt-6 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
          Your balance is {formatMoney(-toMinorUnits(stats.availableBalance))} below zero: work you were paid for was found undone at a refill&rsquo;s re-check. Withdrawals open
          again once new earnings cover it.
        </p>
      ) : null}

      {canWithdraw && unconfirmedEmail ? (
        <div className="mt-8">
          <EmailVerificationNotice email={unconfirmedEmail} isChange={false} returnTo="/payouts" outcome={loaderData.verification} note="Withdrawals open once it is confirmed." />
        </div>
      ) : canWithdraw ? (
        <section aria-labelledby="withdraw-heading" className="mt-8 rounded-2xl border bg-card p-6 shadow-sm">
          <h2 id="withdraw-heading" className="flex items-center gap-2 text-lg font-bold">
            <Wallet className="size-5 text-primary" aria-hidden="true" />
            Request a withdrawal
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">The minimum is {formatMoney(toMinorUnits(minimum))}.</p>
          {errors.form ? (
            <p id={form.errorId} role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
            <Field label="Amount (₵)" name="amount" error={errors.amount}>
              <input id="amount" name="amount" inputMode="decimal" defaultValue={values.amount} aria-invalid={errors.amount ? true : undefined} aria-describedby={errors.amount ? "amount-error" : undefined} className={inputClass} />
            </Field>
            <Field label="Mobile money number" name="phone" error={errors.phone}>
              <input id="phone" name="phone" type="tel" autoComplete="tel" defaultValue={values.phone} aria-invalid={errors.phone ? true : undefined} aria-describedby={errors.phone ? "phone-error" : undefined} className={inputClass} />
            </Field>
            <Field label="Network" name="provider" error={errors.provider}>
              <select id="provider" name="provider" defaultValue={values.provider ?? "mtn"} aria-invalid={errors.provider ? true : undefined} className={inputClass}>
                {mobileMoneyProviders.map((provider) => (
                  <option key={provider} value={provider}>
                    {mobileMoneyProviderLabels[provider]}
                  </option>
                ))}
              </select>
            </Field>
            {ported?.movedTo ? (
              // After a number of another network's prefix was sent: the worker whose number moved says so.
              <label className="flex items-start gap-2 text-sm sm:col-span-3">
                <input type="checkbox" name="ported" value="on" defaultChecked={ported.isTicked} className="mt-0.5 size-4 shrink-0 accent-primary" />
                <span>
                  {portedLabel(ported.movedTo)} <span className="text-muted-foreground">(numbers can move networks and keep their prefix)</span>
                </span>
              </label>
            ) : null}
            <div className="sm:col-span-3">
              <Button type="submit" variant="brand" disabled={isSubmitting}>
                {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Request withdrawal
              </Button>
            </div>
          </Form>
        </section>
      ) : (
        <p className="mt-8 rounded-md border bg-muted/50 px-4 py-3 text-sm">Withdrawals open once an admin has approved your worker account.</p>
      )}

      <section aria-labelledby="history-heading" className="mt-10">
        <h2 id="history-heading" className="text-lg font-bold">
          Your withdrawals
        </h2>
        {payouts.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">No withdrawals yet.</p>
        ) : (
          <ul className="mt-4 divide-y rounded-xl border bg-card">
            {payouts.map((payout) => (
              <li key={payout.id} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
                <span>
                  <span className="font-semibold">{formatMoney(toMinorUnits(payout.amount), payout.currency)}</span> to {payoutNetworkName(payout.provider)} {payout.phone}
                </span>
                <span className={payout.status === "success" ? "font-semibold text-primary" : "text-muted-foreground"}>{statusWords[payout.status]}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="mt-8 text-sm">
        <Link to="/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to your dashboard
        </Link>
      </p>
    </div>
  );
}

/** A posted field's text as conform kept it (nothing for a field posted twice or not at all). */
function textOf(value: unknown) {
  return typeof value === "string" ? value : undefined;
}

const inputClass =
  "h-11 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive";

function Field({ label, name, error, children }: { label: string; name: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={name} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${name}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
