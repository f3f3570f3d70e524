import { FormField } from "~/components/ui/form-field";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Smartphone } from "lucide-react";
import { Form } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { type MobileMoneyChargeInput, mobileMoneyChargeSchema, mobileMoneyProviderLabels, mobileMoneyProviders } from "./payment-schema";
import { HiddenFields, type HiddenPaymentFields, describedBy, inputClass } from "./payment-fields";

/* The Mobile Money tab: network, wallet number, and the prompt on the payer's phone. */


export interface MobileMoneyFormProps {
  hidden: HiddenPaymentFields;
  payerEmail: string;
  total: string;
  currency: string;
  isBusy: boolean;
  lastResult: SubmissionResult<string[]> | null;
  onPay: (input: MobileMoneyChargeInput) => void;
}

export function MobileMoneyForm({ hidden, payerEmail, total, currency, isBusy, lastResult, onPay }: MobileMoneyFormProps) {
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
