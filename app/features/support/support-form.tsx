import { FormField } from "~/components/ui/form-field";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { supportCategories, supportFieldLimits, supportTicketSchema } from "./support-schema";

/**
 * The support form (SPEC §2 "/support", §3, §5). A plain post to the route's action, so it works
 * without JavaScript (the action answers with inline errors or a success message); with JavaScript
 * conform checks the same zod schema on blur and on submit before anything is sent.
 */
export interface SupportFormProps {
  lastResult?: SubmissionResult<string[]> | null;
  /** A signed-in visitor's name and e-mail, filled in for them. */
  defaultValue?: { name?: string; email?: string };
  isSubmitting?: boolean;
}

export function SupportForm({ lastResult, defaultValue, isSubmitting }: SupportFormProps) {
  const [form, fields] = useForm<z.input<typeof supportTicketSchema>>({
    id: "support",
    lastResult,
    defaultValue,
    constraint: undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportTicketSchema }),
  });

  const emailHint = "We reply to this address.";
  const messageHint = "At least 20 characters.";
  // The hint is the description only while no error takes its place (see Field).
  const describedBy = (meta: { errors?: string[]; descriptionId: string }) => (meta.errors?.length ? undefined : meta.descriptionId);

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-3">
      <div className="grid gap-x-5 gap-y-3 sm:grid-cols-2">
        <FormField label="Name" meta={fields.name}>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            autoComplete="name"
            required
            maxLength={supportFieldLimits.name}
            className={inputClass}
          />
        </FormField>
        <FormField label="Email" meta={fields.email} hint={emailHint}>
          <input
            {...getInputProps(fields.email, { type: "email", ariaDescribedBy: describedBy(fields.email) })}
            key={fields.email.key}
            autoComplete="email"
            required
            maxLength={254}
            className={inputClass}
          />
        </FormField>
      </div>

      <FormField label="Category" meta={fields.category}>
        <select {...getSelectProps(fields.category)} key={fields.category.key} required className={inputClass}>
          <option value="">Select a category</option>
          {supportCategories.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
        </select>
      </FormField>

      <FormField label="Subject" meta={fields.subject}>
        <input {...getInputProps(fields.subject, { type: "text" })} key={fields.subject.key} required maxLength={supportFieldLimits.subject} className={inputClass} />
      </FormField>

      <FormField label="Message" meta={fields.message} hint={messageHint}>
        <textarea
          {...getTextareaProps(fields.message, { ariaDescribedBy: describedBy(fields.message) })}
          key={fields.message.key}
          required
          rows={6}
          maxLength={supportFieldLimits.message}
          className={`${textareaClass} min-h-36`}
        />
      </FormField>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">We answer by e-mail, and aim to reply within 24 hours.</p>
        <Button type="submit" variant="brand" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? "Sending…" : "Send Message"}
        </Button>
      </div>
    </Form>
  );
}

// scroll-mt: a field focused for its error is scrolled into view below the sticky header.
const fieldClass =
  "w-full scroll-mt-24 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition " +
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive";
const inputClass = `${fieldClass} h-10`;
const textareaClass = `${fieldClass} py-2`;

