import { FormField } from "~/components/ui/form-field";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, CircleAlert, CreditCard, Loader2, Lock, Smartphone } from "lucide-react";
import { type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { z } from "zod";
import { toast } from "~/components/toaster";
import { Button, buttonVariants } from "~/components/ui/button";
import { clearStoredDraft } from "~/features/checkout/checkout-draft";
import type { OrderConfirmation } from "~/features/orders/orders.server";
import { platformLabel } from "~/features/orders/order-display";
import { ApiError, apiRequest } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { formatMoney, toMinorUnits } from "~/lib/money";
import { ChargeStepForm, StepActions } from "./charge-step-form";
import { OtpDialog } from "./otp-dialog";
import { type ChargeStepKind, type PaymentNotice, type PaymentOutcome, cardOutcome, mobileMoneyOutcome, otpOutcome, paymentNotices, paymentStatusHref } from "./payment-outcome";
import {
  type CardChargeInput,
  type ChargeResponse,
  type MobileMoneyChargeInput,
  cardChargeSchema,
  expiryMonths,
  hostedCardPaymentSchema,
  expiryYears,
  mobileMoneyChargeSchema,
  mobileMoneyProviderLabels,
  mobileMoneyProviders,
} from "./payment-schema";

/**
 * SPEC §2's payment step: the order's summary, tabs Card Payment and Mobile Money, the PIN prompt
 * and the OTP overlay. With JavaScript the forms call /api/payment/* (SPEC §7) and react to each
 * answer as SPEC §4 says; without it the same forms post to the /checkout action, which redirects
 * to the next step (the PIN or OTP form inline, the status page, the success step).
 */
export type PaymentMethod = "card" | "mobile";

/** hosted: the card is entered on Paystack's checkout page (default); direct: on this page, for PCI-DSS-certified merchants. */
export type CardMode = "hosted" | "direct";

/**
 * The step form the page shows from its address (`?reference=&next=`): PIN or OTP after a
 * no-JavaScript post; phone, date of birth or billing address in both cases.
 */
export interface ServerPaymentStep {
  next: "pin" | "otp" | ChargeStepKind;
  reference: string;
}

/** What the /checkout action answered to a payment form (no JavaScript, or a phone, birthday or address form). */
export interface PaymentFormResult {
  intent: "card" | "mobile" | "pin" | "otp" | ChargeStepKind;
  submission: SubmissionResult<string[]> | null;
  notice: PaymentNotice | null;
  endsStep: boolean;
  /** The refusal is about another payment of the order (a prompt still open): linked to its status page. */
  statusReference?: string;
}

interface PaymentStepProps {
  order: OrderConfirmation;
  payerEmail: string;
  method: PaymentMethod;
  cardMode: CardMode;
  serverStep: ServerPaymentStep | null;
  result: PaymentFormResult | null;
}

const checkoutHref = (orderId: number, extra?: Record<string, string>) => `/checkout?${new URLSearchParams({ orderId: String(orderId), ...extra })}`;

export function PaymentStep({ order, payerEmail, method, cardMode, serverStep, result }: PaymentStepProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const amountMinor = toMinorUnits(order.amount);
  const total = formatMoney(amountMinor, order.currency);
  const [isProcessing, setProcessing] = useState(false);
  /** SPEC §4: set by send_pin, with the reference of the charge waiting for it. */
  const [pinReference, setPinReference] = useState<string | null>(null);
  const [otpStep, setOtpStep] = useState<{ reference: string; description: string } | null>(null);
  /**
   * The last call's refusal or notice, kept on the page beside the form (the toast goes away): a
   * declined card or wallet leaves the payer here to try again (issue #16, instead of SPEC §8's
   * return to the review).
   */
  const [notice, setNotice] = useState<PaymentNotice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  /** SPEC §4: a pending or unclear mobile-money payment keeps its reference; its status page follows it. */
  const [keptReference, setKeptReference] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isBusy = isProcessing || navigation.state === "submitting";

  // The no-JavaScript action's notice also shows as a toast once the page runs script.
  useEffect(() => {
    if (result?.notice) toast({ ...result.notice });
  }, [result]);

  const succeed = async () => {
    toast({ title: paymentNotices.success.title, description: paymentNotices.success.description });
    clearStoredDraft();
    setPinReference(null);
    setOtpStep(null);
    // The success step is this address once the order is paid (so a reload shows it too).
    await navigate(checkoutHref(order.id), { replace: true });
  };

  // A notice set by a call is scrolled to: on a phone the pay button is far below it.
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView({ block: "nearest" });
  }, [notice]);

  /** SPEC §8: 'Payment Failed' with the provider's message; the payer stays on this step, the form as it was. */
  const failPayment = (message: string) => {
    const failed: PaymentNotice = { title: paymentNotices.failed.title, description: message, variant: "destructive" };
    toast(failed);
    setNotice(failed);
    setPinReference(null);
    setOtpStep(null);
  };

  const follow = async (outcome: PaymentOutcome) => {
    switch (outcome.kind) {
      case "success":
        return succeed();
      case "pin":
        setPinReference(outcome.reference);
        toast({ ...outcome.notice });
        return;
      case "otp":
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOtpStep({ reference: outcome.reference, description: outcome.notice.description });
        toast({ ...outcome.notice });
        return;
      case "phone":
      case "birthday":
      case "address":
        // The step's form lives at its own address (a reload keeps it) and posts to the checkout's action.
        toast({ ...outcome.notice });
        await navigate(checkoutHref(order.id, { reference: outcome.reference, next: outcome.kind }));
        return;
      case "redirect":
        // The card's bank's page (3-D Secure), an http(s) address (payment-outcome): it sends the payer back.
        window.location.assign(outcome.url);
        return;
      case "offline":
        await navigate(paymentStatusHref(outcome.reference, order));
        return;
      case "error":
        return failPayment(outcome.message);
      case "notice":
        toast({ ...outcome.notice });
        setNotice(outcome.notice);
        if (outcome.reference) setKeptReference(outcome.reference);
        return;
    }
  };

  /** One call to /api/payment/*; a refusal (4xx) or a network error is a payment error (SPEC §8). */
  const call = async (path: string, body: unknown, read: (response: ChargeResponse) => PaymentOutcome, onError: (message: string) => void = failPayment) => {
    setProcessing(true);
    setNotice(null);
    try {
      const response = await apiRequest<ChargeResponse>(path, { method: "POST", body });
      await follow(read(response));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await navigate(`/auth?redirectTo=${encodeURIComponent(checkoutHref(order.id))}`);
        return;
      }
      if (error instanceof ApiError && error.status === 409 && /already paid/i.test(error.message)) {
        await succeed();
        return;
      }
      // Another prompt of this order still waits on the phone: its status page follows it (and offers Resend).
      if (error instanceof ApiError && error.status === 409 && error.reference) {
        toast({ title: paymentNotices.pending.title, description: error.message });
        await navigate(paymentStatusHref(error.reference, order));
        return;
      }
      onError(error instanceof Error && error.message ? error.message : paymentNotices.failed.fallback);
    } finally {
      setProcessing(false);
    }
  };

  const payByCard = (input: CardChargeInput) => {
    if (pinReference && !input.pin) {
      toast({ ...paymentNotices.pinRequired });
      return;
    }
    void call("/api/payment/charge/card", input, cardOutcome);
  };
  const payByMobileMoney = (input: MobileMoneyChargeInput) => void call("/api/payment/charge/mobile-money", input, mobileMoneyOutcome);
  const submitOtpCode = (input: { reference: string; otp: string }) =>
    void call("/api/payment/submit-otp", input, otpOutcome, (message) => {
      toast({ title: paymentNotices.otpFailed.title, description: message || paymentNotices.otpFailed.fallback, variant: "destructive" });
    });

  const hidden = { orderId: order.id, amount: amountMinor, currency: order.currency };
  const statusReference = keptReference ?? result?.statusReference ?? null;
  // The browser's last call, else the no-JavaScript action's answer.
  const shownNotice = notice ?? result?.notice ?? null;
  // A step form whose charge just ended gives way to the payment forms again.
  const showServerStep = serverStep && !(result?.endsStep && result.intent !== "card" && result.intent !== "mobile");

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="payment-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <h2 id="payment-heading" className="text-xl font-bold">
          Payment
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Pay <strong className="text-foreground">{total}</strong> for order #{order.id}. Payments are processed securely by Paystack.
        </p>

        {shownNotice ? <NoticeBox ref={noticeRef} notice={shownNotice} /> : null}
        {statusReference ? (
          <p className="mt-4 text-sm">
            <Link to={paymentStatusHref(statusReference, order)} className="font-medium text-primary underline-offset-4 hover:underline">
              Check this payment&apos;s status
            </Link>
          </p>
        ) : null}

        {showServerStep ? (
          serverStep.next === "pin" ? (
            <PinStepForm orderId={order.id} reference={serverStep.reference} isBusy={isBusy} submission={result?.intent === "pin" ? result.submission : null} />
          ) : serverStep.next === "otp" ? (
            <OtpStepForm orderId={order.id} reference={serverStep.reference} isBusy={isBusy} submission={result?.intent === "otp" ? result.submission : null} />
          ) : (
            <ChargeStepForm
              key={`${serverStep.next}-${serverStep.reference}`}
              step={serverStep.next}
              orderId={order.id}
              reference={serverStep.reference}
              isBusy={isBusy}
              submission={result?.intent === serverStep.next ? result.submission : null}
            />
          )
        ) : (
          <>
            <MethodTabs orderId={order.id} method={method} isDisabled={isBusy} />
            <div className="mt-6">
              {method === "card" && cardMode === "hosted" ? (
                <HostedCardForm key={order.id} hidden={hidden} payerEmail={payerEmail} total={total} lastResult={result?.intent === "card" ? result.submission : null} />
              ) : method === "card" ? (
                <CardForm
                  key={order.id}
                  hidden={hidden}
                  payerEmail={payerEmail}
                  total={total}
                  isBusy={isBusy}
                  pinReference={pinReference}
                  lastResult={result?.intent === "card" ? result.submission : null}
                  onPay={payByCard}
                />
              ) : (
                <MobileMoneyForm
                  key={order.id}
                  hidden={hidden}
                  payerEmail={payerEmail}
                  total={total}
                  isBusy={isBusy}
                  currency={order.currency}
                  lastResult={result?.intent === "mobile" ? result.submission : null}
                  onPay={payByMobileMoney}
                />
              )}
            </div>
          </>
        )}

        <div className="mt-6 border-t pt-4">
          <Link to="/checkout" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Link>
        </div>
      </section>

      <PaymentOrderSummary order={order} total={total} cardMode={cardMode} />

      <OtpDialog
        reference={otpStep?.reference ?? null}
        description={otpStep?.description ?? paymentNotices.otpRequired.description}
        isProcessing={isProcessing}
        opener={opener.current}
        onSubmit={submitOtpCode}
        onCancel={() => setOtpStep(null)}
      />
    </div>
  );
}

function PaymentOrderSummary({ order, total, cardMode }: { order: OrderConfirmation; total: string; cardMode: CardMode }) {
  return (
    <section aria-labelledby="payment-summary-heading" className="h-fit rounded-2xl border bg-card p-6 shadow-sm lg:sticky lg:top-24">
      <h2 id="payment-summary-heading" className="text-lg font-bold">
        Order summary
      </h2>
      <dl className="mt-4 grid gap-2 text-sm">
        <SummaryRow label="Order">#{order.id}</SummaryRow>
        <SummaryRow label="Package">{order.package.name}</SummaryRow>
        <SummaryRow label="Platform">{platformLabel(order.package.platform)}</SummaryRow>
        <SummaryRow label="Target account">{order.username}</SummaryRow>
        <SummaryRow label="Package price">{formatMoney(toMinorUnits(order.price), order.currency)}</SummaryRow>
        <SummaryRow label="Processing fee (1.7%)">{formatMoney(toMinorUnits(order.fee), order.currency)}</SummaryRow>
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t pt-3">
          <dt className="font-semibold">Total</dt>
          <dd className="text-2xl font-extrabold">{total}</dd>
        </div>
      </dl>
      <p className="mt-4 flex gap-2 text-xs text-muted-foreground">
        <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {cardMode === "hosted"
          ? "We never see or keep your card number: you enter it on Paystack's secure page."
          : "Your card number passes through our server straight to Paystack; we never store or log it."}
      </p>
    </section>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function NoticeBox({ notice, ref }: { notice: PaymentNotice; ref?: Ref<HTMLDivElement> }) {
  const isDestructive = notice.variant === "destructive";
  return (
    <div
      ref={ref}
      role={isDestructive ? "alert" : "status"}
      className={cn(
        "mt-4 flex scroll-mt-24 gap-3 rounded-lg border px-4 py-3 text-sm",
        isDestructive ? "border-destructive/40 bg-destructive/10" : "border-primary/30 bg-primary/5",
      )}
    >
      <CircleAlert className={cn("mt-0.5 size-5 shrink-0", isDestructive ? "text-destructive" : "text-primary")} aria-hidden="true" />
      <div>
        <p className={cn("font-semibold", isDestructive && "text-destructive")}>{notice.title}</p>
        <p className="mt-1">{notice.description}</p>
      </div>
    </div>
  );
}

/** SPEC §2's tabs, as links: each method is an address, so they work without JavaScript. */
function MethodTabs({ orderId, method, isDisabled }: { orderId: number; method: PaymentMethod; isDisabled: boolean }) {
  const tabs = [
    { id: "card", label: "Card Payment", icon: CreditCard, href: checkoutHref(orderId) },
    { id: "mobile", label: "Mobile Money", icon: Smartphone, href: checkoutHref(orderId, { method: "mobile" }) },
  ] as const;
  return (
    <nav aria-label="Payment method" className="mt-6 grid grid-cols-2 gap-1 rounded-xl border bg-muted p-1">
      {tabs.map(({ id, label, icon: Icon, href }) => {
        const isSelected = id === method;
        return (
          <Link
            key={id}
            to={href}
            replace
            preventScrollReset
            aria-current={isSelected ? "page" : undefined}
            aria-disabled={isDisabled || undefined}
            onClick={(event) => {
              if (isDisabled) event.preventDefault();
            }}
            className={cn(
              "flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition-colors focus-ring",
              isSelected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}

interface HiddenPaymentFields {
  orderId: number;
  amount: number;
  currency: string;
}

function HiddenFields({ intent, hidden }: { intent: string; hidden: HiddenPaymentFields }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={hidden.orderId} />
      <input type="hidden" name="amount" value={hidden.amount} />
      <input type="hidden" name="currency" value={hidden.currency} />
    </>
  );
}

const cardBrands = [
  { name: "Visa", matches: (digits: string) => digits.startsWith("4") },
  { name: "Mastercard", matches: (digits: string) => /^(5[1-5]|2[2-7])/.test(digits) },
  { name: "Verve", matches: (digits: string) => /^(506[01]|507[89]|6500)/.test(digits) },
] as const;

/**
 * The card tab with Paystack's hosted checkout: the amount and a pay button. A plain document post
 * (also with JavaScript), answered with a redirect to Paystack's checkout page; the payer comes back
 * to the payment status page, which verifies the payment.
 */
function HostedCardForm({ hidden, payerEmail, total, lastResult }: { hidden: HiddenPaymentFields; payerEmail: string; total: string; lastResult: SubmissionResult<string[]> | null }) {
  const [isLeaving, setLeaving] = useState(false);
  const [form, fields] = useForm<z.input<typeof hostedCardPaymentSchema>, z.output<typeof hostedCardPaymentSchema>>({
    id: "card-payment",
    lastResult,
    defaultValue: { email: payerEmail },
    constraint: undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: hostedCardPaymentSchema }),
    // Valid: the browser posts the form itself and follows the redirect to Paystack.
    onSubmit: (_event, { submission }) => setLeaving(submission?.status === "success"),
  });
  // Back from Paystack's page, the browser may show this page from its cache: the button works again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  return (
    <Form method="post" reloadDocument {...getFormProps(form)} noValidate className="grid gap-4">
      <HiddenFields intent="card" hidden={hidden} />
      <FormField label="Email" meta={fields.email} hint="Your receipt goes here.">
        <input {...getInputProps(fields.email, { type: "email", ariaDescribedBy: describedBy(fields.email) })} key={fields.email.key} autoComplete="email" maxLength={254} className={inputClass} />
      </FormField>
      <p className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        We accept
        {cardBrands.map(({ name }) => (
          <span key={name} className="rounded border px-1.5 py-px text-[11px] font-bold">
            {name}
          </span>
        ))}
      </p>
      <p className="text-sm text-muted-foreground">You enter your card on Paystack&apos;s secure checkout page, then come back here to see your payment confirmed.</p>
      <Button type="submit" variant="brand" size="lg" disabled={isLeaving} className="w-full">
        {isLeaving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {isLeaving ? "Opening Paystack…" : `Pay ${total} by card`}
      </Button>
    </Form>
  );
}

interface CardFormProps {
  hidden: HiddenPaymentFields;
  payerEmail: string;
  total: string;
  isBusy: boolean;
  pinReference: string | null;
  lastResult: SubmissionResult<string[]> | null;
  onPay: (input: CardChargeInput) => void;
}

function CardForm({ hidden, payerEmail, total, isBusy, pinReference, lastResult, onPay }: CardFormProps) {
  const [brand, setBrand] = useState<string | null>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm<z.input<typeof cardChargeSchema>, z.output<typeof cardChargeSchema>>({
    id: "card-payment",
    lastResult,
    defaultValue: { email: payerEmail },
    constraint: undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cardChargeSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === "success") onPay(submission.value);
    },
  });
  const card = fields.card.getFieldset();
  const years = expiryYears();

  useEffect(() => {
    if (pinReference) pinRef.current?.focus();
  }, [pinReference]);

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
      <HiddenFields intent="card" hidden={hidden} />
      <fieldset disabled={isBusy} className="grid min-w-0 gap-4">
        <legend className="sr-only">Card details</legend>
        <FormField label="Email" meta={fields.email} hint="Your receipt goes here.">
          <input {...getInputProps(fields.email, { type: "email", ariaDescribedBy: describedBy(fields.email) })} key={fields.email.key} autoComplete="email" maxLength={254} className={inputClass} />
        </FormField>
        <FormField
          label="Card number"
          meta={card.number}
          hint={
            <span className="flex flex-wrap items-center gap-1.5">
              We accept
              {cardBrands.map(({ name }) => (
                <span key={name} className={cn("rounded border px-1.5 py-px text-[11px] font-bold", brand === name ? "border-primary bg-primary/10 text-primary" : "text-muted-foreground")}>
                  {name}
                </span>
              ))}
            </span>
          }
        >
          <input
            {...getInputProps(card.number, { type: "text", ariaDescribedBy: describedBy(card.number) })}
            key={card.number.key}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={19}
            placeholder="4084 0840 8408 4081"
            onInput={(event) => {
              const digits = event.currentTarget.value.replace(/\D/g, "");
              setBrand(cardBrands.find((candidate) => candidate.matches(digits))?.name ?? null);
            }}
            className={cn(inputClass, "font-mono")}
          />
        </FormField>
        <div className="grid grid-cols-3 gap-3">
          <FormField label="Month" meta={card.expiry_month}>
            <select {...getSelectProps(card.expiry_month)} key={card.expiry_month.key} autoComplete="cc-exp-month" className={inputClass}>
              <option value="">MM</option>
              {expiryMonths.map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Year" meta={card.expiry_year}>
            <select {...getSelectProps(card.expiry_year)} key={card.expiry_year.key} autoComplete="cc-exp-year" className={inputClass}>
              <option value="">YYYY</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="CVV" meta={card.cvv}>
            <input
              {...getInputProps(card.cvv, { type: "text" })}
              key={card.cvv.key}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
              className={cn(inputClass, "font-mono")}
            />
          </FormField>
        </div>
        {pinReference ? (
          <div className="rounded-lg border border-primary/30 bg-primary/5 p-4">
            <FormField label="Card PIN" meta={fields.pin} hint="Your bank needs your 4-digit card PIN to approve this payment.">
              <input
                {...getInputProps(fields.pin, { type: "password", ariaDescribedBy: describedBy(fields.pin) })}
                key={fields.pin.key}
                ref={pinRef}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                className={cn(inputClass, "font-mono tracking-widest")}
              />
            </FormField>
          </div>
        ) : null}
      </fieldset>
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="text-sm text-destructive">
          {form.errors[0]}
        </p>
      ) : null}
      <Button type="submit" variant="brand" size="lg" disabled={isBusy} className="w-full">
        {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {isBusy ? "Processing…" : pinReference ? "Submit PIN" : `Pay ${total}`}
      </Button>
    </Form>
  );
}

interface MobileMoneyFormProps {
  hidden: HiddenPaymentFields;
  payerEmail: string;
  total: string;
  currency: string;
  isBusy: boolean;
  lastResult: SubmissionResult<string[]> | null;
  onPay: (input: MobileMoneyChargeInput) => void;
}

function MobileMoneyForm({ hidden, payerEmail, total, currency, isBusy, lastResult, onPay }: MobileMoneyFormProps) {
  const [form, fields] = useForm<z.input<typeof mobileMoneyChargeSchema>, z.output<typeof mobileMoneyChargeSchema>>({
    id: "mobile-money-payment",
    lastResult,
    defaultValue: { email: payerEmail },
    constraint: undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mobileMoneyChargeSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === "success") onPay(submission.value);
    },
  });
  const wallet = fields.mobile_money.getFieldset();

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
      <HiddenFields intent="mobile" hidden={hidden} />
      <fieldset disabled={isBusy} className="grid min-w-0 gap-4">
        <legend className="sr-only">Mobile money details</legend>
        <FormField label="Email" meta={fields.email} hint="Your receipt goes here.">
          <input {...getInputProps(fields.email, { type: "email", ariaDescribedBy: describedBy(fields.email) })} key={fields.email.key} autoComplete="email" maxLength={254} className={inputClass} />
        </FormField>
        <FormField label="Provider" meta={wallet.provider}>
          <select {...getSelectProps(wallet.provider)} key={wallet.provider.key} className={inputClass}>
            <option value="">Select your network</option>
            {mobileMoneyProviders.map((provider) => (
              <option key={provider} value={provider}>
                {mobileMoneyProviderLabels[provider]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Mobile money number" meta={wallet.phone} hint="MTN and AT send a prompt to approve; Telecel Cash sends a code.">
          <input
            {...getInputProps(wallet.phone, { type: "tel", ariaDescribedBy: describedBy(wallet.phone) })}
            key={wallet.phone.key}
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={16}
            placeholder="055 123 4567"
            className={cn(inputClass, "font-mono")}
          />
        </FormField>
      </fieldset>
      {currency !== "GHS" ? <p className="text-sm text-muted-foreground">Mobile money is charged in Ghana cedis.</p> : null}
      <Button type="submit" variant="brand" size="lg" disabled={isBusy} className="w-full">
        {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Smartphone aria-hidden="true" />}
        {isBusy ? "Processing…" : `Pay ${total}`}
      </Button>
    </Form>
  );
}

/** The PIN prompt after a no-JavaScript card post (`?next=pin`): the card itself is not asked again. */
function PinStepForm({ orderId, reference, isBusy, submission }: { orderId: number; reference: string; isBusy: boolean; submission: SubmissionResult<string[]> | null }) {
  const error = submission?.error?.pin?.[0];
  return (
    <Form method="post" className="mt-6 grid gap-4 rounded-lg border border-primary/30 bg-primary/5 p-4" aria-labelledby="pin-step-heading">
      <h3 id="pin-step-heading" className="font-semibold">
        {paymentNotices.pinRequired.title}
      </h3>
      <input type="hidden" name="intent" value="pin" />
      <input type="hidden" name="reference" value={reference} />
      <StepField label="Card PIN" name="pin" type="password" maxLength={4} error={error} hint={paymentNotices.pinRequired.description} autoComplete="off" />
      <StepActions orderId={orderId} isBusy={isBusy} label="Submit PIN" />
    </Form>
  );
}

/** The OTP overlay's no-JavaScript twin (`?next=otp`). */
function OtpStepForm({ orderId, reference, isBusy, submission }: { orderId: number; reference: string; isBusy: boolean; submission: SubmissionResult<string[]> | null }) {
  const error = submission?.error?.otp?.[0] ?? submission?.error?.reference?.[0];
  return (
    <Form method="post" className="mt-6 grid gap-4 rounded-lg border border-primary/30 bg-primary/5 p-4" aria-labelledby="otp-step-heading">
      <h3 id="otp-step-heading" className="font-semibold">
        Enter OTP
      </h3>
      <input type="hidden" name="intent" value="otp" />
      <input type="hidden" name="reference" value={reference} />
      <StepField label="One-time code" name="otp" type="text" maxLength={6} error={error} hint={paymentNotices.otpRequired.description} autoComplete="one-time-code" />
      <StepActions orderId={orderId} isBusy={isBusy} label="Verify OTP" />
    </Form>
  );
}

function StepField({ label, name, type, maxLength, error, hint, autoComplete }: { label: string; name: string; type: string; maxLength: number; error?: string; hint: string; autoComplete: string }) {
  const id = `step-${name}`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        className={cn(inputClass, "font-mono tracking-widest")}
      />
      <p id={`${id}-note`} className={cn("text-sm", error ? "text-destructive" : "text-xs text-muted-foreground")}>
        {error ?? hint}
      </p>
    </div>
  );
}

/** A field's hint describes it while no error takes its place (see Field). */
const describedBy = (meta: { errors?: string[]; descriptionId: string }) => (meta.errors?.length ? undefined : meta.descriptionId);

// scroll-mt: a field focused for its error scrolls into view below the sticky header.
const inputClass =
  "h-10 w-full scroll-mt-24 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition " +
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive disabled:opacity-60";

