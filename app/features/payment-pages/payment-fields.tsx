import { type FieldMetadata, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field";
import { Form } from "react-router";
import { cn } from "~/lib/cn";
import { StepActions } from "./charge-step-form";
import { paymentNotices, networkNote, portedLabel, typedNationalPrefix, type MobileMoneyProviderCode, mobileMoneyProviderLabels, mobileMoneyProviders } from "~/features/payments";
import { useState } from "react";

/* What the payment forms share: the hidden order fields, the PIN and OTP step forms, field styling. */

/** The checkout's payment step of an order (with `extra` query fields, e.g. the method). */
export const checkoutHref = (orderId: number, extra?: Record<string, string>) => `/checkout?${new URLSearchParams({ orderId: String(orderId), ...extra })}`;


export interface HiddenPaymentFields {
  orderId: number;
  amount: number;
  currency: string;
}

export function HiddenFields({ intent, hidden }: { intent: string; hidden: HiddenPaymentFields }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={hidden.orderId} />
      <input type="hidden" name="amount" value={hidden.amount} />
      <input type="hidden" name="currency" value={hidden.currency} />
    </>
  );
}
/** The PIN prompt after a no-JavaScript card post (`?next=pin`): the card itself is not asked again. */
export function PinStepForm({ orderId, reference, isBusy, submission }: { orderId: number; reference: string; isBusy: boolean; submission: SubmissionResult<string[]> | null }) {
  const error = submission?.error?.pin?.[0];
  return (
    <Form method="post" className="mt-6 grid gap-4 rounded-lg border border-primary/30 bg-primary/5 p-4" aria-labelledby="pin-step-heading">
      <h3 id="pin-step-heading" className="font-semibold">
        {paymentNotices.pinRequired.title}
      </h3>
      <input type="hidden" name="intent" value="pin" />
      <input type="hidden" name="reference" value={reference} />
      <StepField label="Card PIN" name="pin" type="password" maxLength={4} error={error} hint={paymentNotices.pinRequired.description} autoComplete="off" />
      <StepActions orderId={orderId} isBusy={isBusy} label="Submit PIN" isCard />
    </Form>
  );
}

/** The OTP overlay's no-JavaScript twin (`?next=otp`): a card's (after its PIN) or Telecel Cash's voucher. */
export function OtpStepForm({ orderId, reference, isBusy, submission, isCard }: { orderId: number; reference: string; isBusy: boolean; submission: SubmissionResult<string[]> | null; isCard: boolean }) {
  const error = submission?.error?.otp?.[0] ?? submission?.error?.reference?.[0];
  return (
    <Form method="post" className="mt-6 grid gap-4 rounded-lg border border-primary/30 bg-primary/5 p-4" aria-labelledby="otp-step-heading">
      <h3 id="otp-step-heading" className="font-semibold">
        Enter OTP
      </h3>
      <input type="hidden" name="intent" value="otp" />
      <input type="hidden" name="reference" value={reference} />
      <StepField label="One-time code" name="otp" type="text" maxLength={6} error={error} hint={paymentNotices.otpRequired.description} autoComplete="one-time-code" />
      <StepActions orderId={orderId} isBusy={isBusy} label="Verify OTP" isCard={isCard} />
    </Form>
  );
}

export function StepField({ label, name, type, maxLength, error, hint, autoComplete }: { label: string; name: string; type: string; maxLength: number; error?: string; hint: string; autoComplete: string }) {
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
export const describedBy = (meta: { errors?: string[]; descriptionId: string }) => (meta.errors?.length ? undefined : meta.descriptionId);

// scroll-mt: a field focused for its error scrolls into view below the sticky header.
export const inputClass =
  "h-10 w-full scroll-mt-24 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition " +
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive disabled:opacity-60";

const defaultWalletHint = "MTN and AT send a prompt to approve; Telecel Cash sends a code.";

const isProviderCode = (value: unknown): value is MobileMoneyProviderCode => (mobileMoneyProviders as readonly unknown[]).includes(value);

/**
 * The network and the number of a mobile-money payment (an order's at checkout, a wallet top-up's).
 * Under the number, a sentence names the network it belongs to, as it is typed (with JavaScript) or
 * as it was sent (the server's answer); when that is not the network chosen, the sentence says what
 * to do and a checkbox lets a payer whose number moved networks say so (mobileMoneyWalletSchema
 * refuses the pair without it, with the same words).
 */
export function MobileMoneyWalletFields({ provider, phone, ported }: { provider: FieldMetadata<MobileMoneyProviderCode | string>; phone: FieldMetadata<string>; ported: { name: string; initialValue?: unknown } }) {
  // What is in the fields now: the last answer's values at first, then what the payer types.
  const [typed, setTyped] = useState({ provider: String(provider.initialValue ?? ""), phone: String(phone.initialValue ?? "") });
  const national = typedNationalPrefix(typed.phone);
  const note = national ? networkNote(national, isProviderCode(typed.provider) ? typed.provider : null) : null;
  return (
    <>
      <FormField label="Provider" meta={provider}>
        <select {...getSelectProps(provider)} key={provider.key} onChange={(event) => setTyped((current) => ({ ...current, provider: event.target.value }))} className={inputClass}>
          <option value="">Select your network</option>
          {mobileMoneyProviders.map((code) => (
            <option key={code} value={code}>
              {mobileMoneyProviderLabels[code]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Mobile money number"
        meta={phone}
        // One polite live region, so the sentence is read as it changes while the number is typed.
        hint={
          <span role="status" className={cn(note?.isMismatch && "font-medium text-amber-800 dark:text-amber-300")}>
            {note?.sentence ?? defaultWalletHint}
          </span>
        }
      >
        <input
          {...getInputProps(phone, { type: "tel", ariaDescribedBy: describedBy(phone) })}
          key={phone.key}
          onChange={(event) => setTyped((current) => ({ ...current, phone: event.target.value }))}
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={16}
          placeholder="055 123 4567"
          className={cn(inputClass, "font-mono")}
        />
      </FormField>
      {note?.isMismatch && isProviderCode(typed.provider) ? (
        <label className="-mt-2 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name={ported.name}
            value="on"
            defaultChecked={ported.initialValue === "on"}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>
            {portedLabel(typed.provider)} <span className="text-muted-foreground">(numbers can move networks and keep their prefix)</span>
          </span>
        </label>
      ) : null}
    </>
  );
}
