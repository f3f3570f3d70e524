import type { SubmissionResult } from "@conform-to/react";
import { Loader2 } from "lucide-react";
import { Form } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { type ChargeStepKind, type PaymentNotice, paymentNotices } from "~/features/payments";

/**
 * The steps a card's bank may ask for besides the PIN and the OTP (Paystack's send_phone,
 * send_birthday, send_address), as forms on `/checkout?orderId=&reference=&next=phone|birthday|address`.
 * They post to the checkout's action with and without JavaScript (React Router sends them with
 * fetch when it runs), which answers Paystack through the payment service and redirects to what
 * comes next. Field names are Paystack's (payment-schema.ts checks them).
 */
interface StepFieldSpec {
  name: string;
  label: string;
  type: "text" | "tel" | "date";
  autoComplete: string;
  maxLength?: number;
  placeholder?: string;
  inputMode?: "tel" | "text";
}

const steps: Record<ChargeStepKind, { notice: PaymentNotice; submitLabel: string; fields: StepFieldSpec[] }> = {
  phone: {
    notice: paymentNotices.phoneRequired,
    submitLabel: "Submit phone number",
    fields: [{ name: "phone", label: "Phone number", type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 16, placeholder: "055 123 4567" }],
  },
  birthday: {
    notice: paymentNotices.birthdayRequired,
    submitLabel: "Submit date of birth",
    // A date input posts YYYY-MM-DD, Paystack's format; without date inputs the placeholder says it.
    fields: [{ name: "birthday", label: "Date of birth", type: "date", autoComplete: "bday", placeholder: "YYYY-MM-DD", maxLength: 10 }],
  },
  address: {
    notice: paymentNotices.addressRequired,
    submitLabel: "Submit address",
    fields: [
      { name: "address", label: "Street address", type: "text", autoComplete: "street-address", maxLength: 200 },
      { name: "city", label: "City", type: "text", autoComplete: "address-level2", maxLength: 100 },
      { name: "state", label: "State or region", type: "text", autoComplete: "address-level1", maxLength: 100 },
      { name: "zip_code", label: "Postal code", type: "text", autoComplete: "postal-code", maxLength: 20 },
    ],
  },
};

interface ChargeStepFormProps {
  step: ChargeStepKind;
  orderId: number;
  reference: string;
  isBusy: boolean;
  /** The action's answer to this form: field errors, and the values to show again. */
  submission: SubmissionResult<string[]> | null;
}

export function ChargeStepForm({ step, orderId, reference, isBusy, submission }: ChargeStepFormProps) {
  const { notice, submitLabel, fields } = steps[step];
  const headingId = `${step}-step-heading`;
  return (
    <Form method="post" className="mt-6 grid gap-4 rounded-lg border border-primary/30 bg-primary/5 p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {notice.title}
      </h3>
      <p className="text-sm">{notice.description}</p>
      <input type="hidden" name="intent" value={step} />
      <input type="hidden" name="reference" value={reference} />
      {fields.map((field, index) => (
        <StepInput key={field.name} field={field} error={submission?.error?.[field.name]?.[0]} defaultValue={valueOf(submission, field.name)} autoFocus={index === 0} />
      ))}
      {submission?.error?.reference?.[0] ? (
        <p role="alert" className="text-sm text-destructive">
          {submission.error.reference[0]}
        </p>
      ) : null}
      <StepActions orderId={orderId} isBusy={isBusy} label={submitLabel} isCard />
    </Form>
  );
}

const valueOf = (submission: SubmissionResult<string[]> | null, name: string) => {
  const value = submission?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
};

function StepInput({ field, error, defaultValue, autoFocus }: { field: StepFieldSpec; error?: string; defaultValue?: string; autoFocus: boolean }) {
  const id = `step-${field.name}`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {field.label}
      </label>
      <input
        id={id}
        name={field.name}
        type={field.type}
        inputMode={field.inputMode}
        autoComplete={field.autoComplete}
        maxLength={field.maxLength}
        placeholder={field.placeholder}
        defaultValue={defaultValue}
        // The form appears because the payer must fill it in: the first field takes the focus.
        autoFocus={autoFocus}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={stepInputClass}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Cancel and submit under a step form (the PIN and OTP forms' too). */
/** `isCard`: a card's step, whose Cancel opens the card tab again (mobile money is the page's default). */
export function StepActions({ orderId, isBusy, label, isCard }: { orderId: number; isBusy: boolean; label: string; isCard: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {/* Cancel forgets the code and the reference (SPEC §4): the payment forms again. */}
      <Link to={`/checkout?${new URLSearchParams({ orderId: String(orderId), ...(isCard && { method: "card" }) })}`} replace className={buttonVariants({ variant: "outline" })}>
        Cancel
      </Link>
      <Button type="submit" variant="brand" disabled={isBusy}>
        {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {label}
      </Button>
    </div>
  );
}

const stepInputClass =
  "h-10 w-full scroll-mt-24 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition " +
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive disabled:opacity-60";
