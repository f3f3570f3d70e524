import { FormField } from "~/components/ui/form-field";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useFieldAsFound } from "~/lib/use-field-as-found";
import { type CardChargeInput, cardChargeSchema, expiryMonths, hostedCardPaymentSchema, expiryYears } from "~/features/payments";
import { HiddenFields, type HiddenPaymentFields, describedBy, inputClass } from "./payment-fields";

/* The card tab: the hosted checkout's one button (default) or the direct card form (PAYSTACK_CARD_MODE=direct). */


export const cardBrands = [
  { name: "Visa", matches: (digits: string) => digits.startsWith("4") },
  { name: "Mastercard", matches: (digits: string) => /^(5[1-5]|2[2-7])/.test(digits) },
  { name: "Verve", matches: (digits: string) => /^(506[01]|507[89]|6500)/.test(digits) },
] as const;

/**
 * The card tab with Paystack's hosted checkout: the amount and a pay button. A plain document post
 * (also with JavaScript), answered with a redirect to Paystack's checkout page; the payer comes back
 * to the payment status page, which verifies the payment.
 */
export function HostedCardForm({ hidden, payerEmail, total, lastResult }: { hidden: HiddenPaymentFields; payerEmail: string; total: string; lastResult: SubmissionResult<string[]> | null }) {
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

export interface CardFormProps {
  hidden: HiddenPaymentFields;
  payerEmail: string;
  total: string;
  isBusy: boolean;
  pinReference: string | null;
  lastResult: SubmissionResult<string[]> | null;
  onPay: (input: CardChargeInput) => void;
}

export function CardForm({ hidden, payerEmail, total, isBusy, pinReference, lastResult, onPay }: CardFormProps) {
  const [brand, setBrand] = useState<string | null>(null);
  const showBrandOf = (input: HTMLInputElement) => {
    const digits = input.value.replace(/\D/g, "");
    setBrand(cardBrands.find((candidate) => candidate.matches(digits))?.name ?? null);
  };
  // A number typed before the page's JavaScript ran shows its brand too.
  const numberRef = useFieldAsFound<HTMLInputElement>(showBrandOf);
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
            ref={numberRef}
            onInput={(event) => showBrandOf(event.currentTarget)}
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
