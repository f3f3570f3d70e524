import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Loader2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";

export interface AccountFormField {
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  hint?: string;
  defaultValue?: string;
}

interface AccountFormProps {
  /** Unique on the page: conform keys its state by it, and `intent` tells the action which form posted. */
  id: string;
  schema: z.ZodType<Record<string, unknown>>;
  fields: AccountFormField[];
  submitLabel: string;
  busyLabel: string;
  lastResult?: SubmissionResult<string[]> | null;
  action?: string;
  variant?: "brand" | "default" | "outline";
}

/**
 * One small account form (password reset, settings): conform with the action's own zod schema, checked
 * in the browser on submit only (nothing complains while tabbing through), and again by the action.
 * A plain post without JavaScript; the action's answer (lastResult) shows its errors either way.
 */
export function AccountForm({ id, schema, fields, submitLabel, busyLabel, lastResult, action, variant = "brand" }: AccountFormProps) {
  const navigation = useNavigation();
  const [form, fieldMeta] = useForm({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const isBusy = navigation.state === "submitting" && navigation.formData?.get("intent") === id;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-2">
      <input type="hidden" name="intent" value={id} />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {form.errors[0]}
        </p>
      ) : null}
      {fields.map((field) => {
        const meta = fieldMeta[field.name]!;
        return (
          <FormField key={field.name} label={field.label} hint={field.hint} meta={meta}>
            <input {...getInputProps(meta, { type: field.type })} key={meta.key} defaultValue={meta.initialValue as string | undefined ?? field.defaultValue} autoComplete={field.autoComplete} className={inputClass} />
          </FormField>
        );
      })}
      <Button type="submit" variant={variant} disabled={isBusy} className="justify-self-start">
        {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}

/** The text field style of the account forms (sign-in, sign-up, reset, settings). */
export const inputClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition " +
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive";
