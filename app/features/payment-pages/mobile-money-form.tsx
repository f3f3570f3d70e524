import { FormField } from "~/components/ui/form-field";
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Smartphone } from "lucide-react";
import { Form } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { type MobileMoneyChargeInput, mobileMoneyChargeSchema } from "~/features/payments";
import { HiddenFields, type HiddenPaymentFields, MobileMoneyWalletFields, describedBy, inputClass } from "./payment-fields";

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
        <MobileMoneyWalletFields provider={wallet.provider} phone={wallet.phone} ported={wallet.ported} />
      </fieldset>
      {currency !== "GHS" ? <p className="text-sm text-muted-foreground">Mobile money is charged in Ghana cedis.</p> : null}
      <Button type="submit" variant="brand" size="lg" disabled={isBusy} className="w-full">
        {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Smartphone aria-hidden="true" />}
        {isBusy ? "Processing…" : `Pay ${total}`}
      </Button>
    </Form>
  );
}
