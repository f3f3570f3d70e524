import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, CheckCircle2, Loader2, Lock, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { type PaymentNotice, otpSubmissionSchema, topUpPaymentHref } from "~/features/payments";
import { MobileMoneyWalletFields, inputClass, paymentPrivacyNote } from "~/features/payment-pages";
import { cn } from "~/lib/cn";
import { topUpMobileMoneySchema } from "./top-up-payment-schema";

/*
 * /wallet/top-ups/:id (issue #20): what the top-up adds and costs, and two ways to pay it, both plain
 * forms that work without JavaScript: mobile money first (the prompt is followed on the payment
 * status page; Telecel Cash asks for its voucher here), or the card on Paystack's checkout page.
 */

export interface TopUpPageData {
  id: number;
  amount: string;
  fee: string;
  total: string;
  isCredited: boolean;
  /** Not paid in time (issue #49): nothing can pay it now. */
  isExpired: boolean;
}

/** What the page's action answered (top-up-payment.server.ts), as the page needs it. */
export interface TopUpFormAnswer {
  intent: "card" | "mobile" | "otp";
  submission: SubmissionResult<string[]> | null;
  notice: PaymentNotice | null;
  endsStep: boolean;
  statusHref?: string;
}

export function TopUpPaymentPage({ topUp, otpReference, answer }: { topUp: TopUpPageData; otpReference: string | null; answer: TopUpFormAnswer | null }) {
  const isOtpStep = otpReference !== null && !answer?.endsStep;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div>
        <Link to="/wallet" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <ArrowLeft aria-hidden="true" />
          Wallet
        </Link>
      </div>
      <header>
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Wallet top-up #{topUp.id}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Top up your wallet</h1>
      </header>

      <section aria-labelledby="top-up-summary" className="rounded-2xl border bg-card p-6 shadow-sm">
        <h2 id="top-up-summary" className="text-lg font-bold">
          Summary
        </h2>
        <dl className="mt-3 grid gap-2 text-sm">
          <SummaryRow label="Added to your wallet">{topUp.amount}</SummaryRow>
          <SummaryRow label="Processing fee (1.7%)">{topUp.fee}</SummaryRow>
          <div className="flex justify-between gap-4 border-t pt-2 text-base font-bold">
            <dt>Total to pay</dt>
            <dd className="tabular-nums">{topUp.total}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">The fee is the payment's only cost: orders paid from your balance carry none.</p>
      </section>

      {topUp.isCredited ? (
        <section role="status" aria-labelledby="credited-heading" className="rounded-2xl border border-primary/30 bg-primary/5 p-6">
          <h2 id="credited-heading" className="flex items-center gap-2 text-lg font-bold">
            <CheckCircle2 className="size-5 text-primary" aria-hidden="true" />
            This top-up is paid
          </h2>
          <p className="mt-1 text-sm">{topUp.amount} is in your wallet.</p>
          <Link to="/wallet" className={buttonVariants({ variant: "brand", className: "mt-4" })}>
            Go to your wallet
          </Link>
        </section>
      ) : topUp.isExpired ? (
        <section role="status" aria-labelledby="expired-heading" className="rounded-2xl border p-6">
          <h2 id="expired-heading" className="text-lg font-bold">
            This top-up has expired
          </h2>
          <p className="mt-1 text-sm">It was not paid in time, and can no longer be paid. Start a new top-up from your wallet.</p>
          <Link to="/wallet" className={buttonVariants({ variant: "brand", className: "mt-4" })}>
            Go to your wallet
          </Link>
        </section>
      ) : (
        <>
          {answer?.notice ? <RefusalNotice notice={answer.notice} statusHref={answer.statusHref} /> : null}
          {isOtpStep ? (
            <OtpForm topUpId={topUp.id} reference={otpReference} lastResult={answer?.intent === "otp" ? answer.submission : null} />
          ) : (
            // Mobile money first, as at checkout: most buyers in Ghana pay with it.
            <div className="grid gap-6 md:grid-cols-2">
              <MobileMoneyForm total={topUp.total} lastResult={answer?.intent === "mobile" ? answer.submission : null} />
              <CardForm total={topUp.total} />
            </div>
          )}
        </>
      )}
    </div>
  );
}

function SummaryRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** A refused payment in the service's words; a prompt still open links to its status page. */
function RefusalNotice({ notice, statusHref }: { notice: PaymentNotice; statusHref?: string }) {
  const isError = notice.variant === "destructive";
  return (
    <div role={isError ? "alert" : "status"} className={cn("rounded-md border px-4 py-3 text-sm", isError ? "border-destructive/40 bg-destructive/10 text-destructive" : "border-primary/30 bg-primary/5")}>
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-0.5">{notice.description}</p>
      {statusHref ? (
        <Link to={statusHref} className="mt-2 inline-block font-semibold underline underline-offset-4 focus-ring">
          See that payment&apos;s status
        </Link>
      ) : null}
    </div>
  );
}

/**
 * "Pay by card": a document post also with JavaScript (reloadDocument), since its answer is a
 * redirect to Paystack's page, off this app. Paystack sends the payer back to the status page.
 */
function CardForm({ total }: { total: string }) {
  const [isLeaving, setLeaving] = useState(false);
  // Back from Paystack's page, the browser may show this page from its cache: the button works again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  return (
    <section aria-labelledby="card-heading" className="grid content-start gap-3 rounded-2xl border bg-card p-6 shadow-sm">
      <h2 id="card-heading" className="flex items-center gap-2 text-lg font-bold">
        <Lock className="size-5 text-primary" aria-hidden="true" />
        Pay by card
      </h2>
      <p className="text-sm text-muted-foreground">You enter your card on Paystack&apos;s secure checkout page, then come back here to see your balance.</p>
      <Form method="post" reloadDocument onSubmit={() => setLeaving(true)}>
        <input type="hidden" name="intent" value="card" />
        <Button type="submit" variant="brand" size="lg" disabled={isLeaving} className="w-full">
          {isLeaving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
          {isLeaving ? "Opening Paystack…" : `Pay ${total} by card`}
        </Button>
      </Form>
    </section>
  );
}

function MobileMoneyForm({ total, lastResult }: { total: string; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "top-up-mobile-money",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: topUpMobileMoneySchema }),
  });
  const wallet = fields.mobile_money.getFieldset();
  const isBusy = navigation.state === "submitting" && navigation.formData?.get("intent") === "mobile";
  return (
    <section aria-labelledby="mobile-money-heading" className="grid content-start gap-3 rounded-2xl border bg-card p-6 shadow-sm">
      <h2 id="mobile-money-heading" className="flex items-center gap-2 text-lg font-bold">
        <Smartphone className="size-5 text-primary" aria-hidden="true" />
        Mobile money
      </h2>
      <p className="text-sm text-muted-foreground">{paymentPrivacyNote("mobile", "hosted")}</p>
      <Form method="post" {...getFormProps(form)} className="grid gap-2">
        <input type="hidden" name="intent" value="mobile" />
        <MobileMoneyWalletFields provider={wallet.provider} phone={wallet.phone} ported={wallet.ported} />
        <Button type="submit" variant="brand" size="lg" disabled={isBusy} className="w-full">
          {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Smartphone aria-hidden="true" />}
          {isBusy ? "Processing…" : `Pay ${total} with mobile money`}
        </Button>
      </Form>
    </section>
  );
}

/** Telecel Cash's voucher (Paystack's send_otp), after a redirect to `?reference=&next=otp`. */
function OtpForm({ topUpId, reference, lastResult }: { topUpId: number; reference: string; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "top-up-otp",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: otpSubmissionSchema }),
  });
  const isBusy = navigation.state === "submitting";
  return (
    <section aria-labelledby="otp-heading" className="rounded-2xl border border-primary/30 bg-primary/5 p-6">
      <h2 id="otp-heading" className="text-lg font-bold">
        Enter OTP
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="otp" />
        <input type="hidden" name="reference" value={reference} />
        <FormField label="One-time code" meta={fields.otp} hint="Please enter the OTP sent to your phone.">
          <input
            {...getInputProps(fields.otp, { type: "text", ariaDescribedBy: fields.otp.errors?.length ? undefined : fields.otp.descriptionId })}
            key={fields.otp.key}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={cn(inputClass, "font-mono tracking-widest")}
          />
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="brand" disabled={isBusy}>
            {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Verify OTP
          </Button>
          <Link to={topUpPaymentHref(topUpId)} className={buttonVariants({ variant: "ghost" })}>
            Pay another way
          </Link>
        </div>
      </Form>
    </section>
  );
}
