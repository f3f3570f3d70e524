import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { catalogPlatforms, kindLabels, platformLabels, serviceKinds, serviceTargets } from "./catalog";
import { createServiceSchema } from "./service-schema";
import type { AdminServiceView } from "./services.server";

/**
 * Admin › Services' form, to create a service or edit one (issue #50): a plain post to the page's
 * action, so it works without JavaScript. Errors show under their field once the form is sent, never
 * while typing; with JavaScript the same schema checks it before anything is sent.
 */

type ServiceFormInput = z.input<typeof createServiceSchema>;

const targetLabels = { profile: "Profile (followers, subscribers)", post: "Post or video (likes, views, comments)" } as const;

/** The form's starting values: the service being edited, or a new one's defaults. */
function defaultsOf(service: AdminServiceView | undefined): Record<string, string | boolean> {
  if (!service) return { platform: "", kind: "", target: "", refillDays: "0", deliveryTime: "24-48 Hours", cancel: true, active: true, dripFeed: false };
  return {
    platform: service.platform,
    kind: service.kind,
    target: service.target,
    name: service.name,
    description: service.description,
    unitPrice: service.unitPrice,
    workerReward: service.workerReward,
    min: String(service.min),
    max: String(service.max),
    refillDays: String(service.refillDays),
    deliveryTime: service.deliveryTime,
    dripFeed: service.dripFeed,
    cancel: service.cancel,
    active: service.active,
  };
}

export function ServiceForm({ id, service, lastResult, isSubmitting }: { id: "create-service" | "edit-service"; service?: AdminServiceView; lastResult?: SubmissionResult<string[]> | null; isSubmitting: boolean }) {
  const defaults = defaultsOf(service);
  const [form, fields] = useForm<ServiceFormInput, z.output<typeof createServiceSchema>>({
    id,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: ({ formData }) => {
      for (const name of ["dripFeed", "cancel", "active"]) if (!formData.has(name)) formData.set(name, "false");
      return parseWithZod(formData, { schema: createServiceSchema, disableAutoCoercion: true });
    },
  });
  const isEdit = Boolean(service);
  const describedBy = (meta: { errors?: string[]; descriptionId: string }, hasHint: boolean) => (meta.errors?.length || !hasHint ? undefined : meta.descriptionId);
  const input = (name: "name" | "unitPrice" | "workerReward" | "min" | "max" | "refillDays" | "deliveryTime", extra: { hint?: boolean; inputMode?: "decimal" | "numeric" } = {}) => (
    <input
      {...getInputProps(fields[name], { type: "text", ariaDescribedBy: describedBy(fields[name], Boolean(extra.hint)) })}
      key={fields[name].key}
      inputMode={extra.inputMode}
      autoComplete="off"
      className={inputClass}
    />
  );

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value={isEdit ? "update" : "create"} />
      {service ? (
        <>
          <input type="hidden" name="id" value={service.id} />
          {/* What a service sells cannot change: sent as it is, shown as text. */}
          <input type="hidden" name="platform" value={service.platform} />
          <input type="hidden" name="kind" value={service.kind} />
          <input type="hidden" name="target" value={service.target} />
          <p className="text-sm text-muted-foreground">
            Sells {kindLabels[service.kind].toLowerCase()} on {service.target === "profile" ? "a profile" : "a post"} on {platformLabels[service.platform === "x" ? "twitter" : (service.platform as keyof typeof platformLabels)]}. To sell something
            else, create a new service and disable this one.
          </p>
        </>
      ) : (
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-3">
          <FormField label="Platform" meta={fields.platform}>
            <select {...getSelectProps(fields.platform)} key={fields.platform.key} className={inputClass}>
              <option value="">Choose a platform</option>
              {catalogPlatforms.map((platform) => (
                <option key={platform} value={platform === "twitter" ? "x" : platform}>
                  {platformLabels[platform]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Kind" meta={fields.kind}>
            <select {...getSelectProps(fields.kind)} key={fields.kind.key} className={inputClass}>
              <option value="">Choose a kind</option>
              {serviceKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabels[kind]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Target" meta={fields.target}>
            <select {...getSelectProps(fields.target)} key={fields.target.key} className={inputClass}>
              <option value="">Choose a target</option>
              {serviceTargets.map((target) => (
                <option key={target} value={target}>
                  {targetLabels[target]}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      )}

      <FormField label="Name" meta={fields.name} hint='As clients see it, e.g. "TikTok Likes".'>
        {input("name", { hint: true })}
      </FormField>
      <FormField label="Description (optional)" meta={fields.description}>
        <textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={2} className={`${fieldClass} py-2`} />
      </FormField>

      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Price per unit (₵)" meta={fields.unitPrice} hint="e.g. 0.20">
          {input("unitPrice", { hint: true, inputMode: "decimal" })}
        </FormField>
        <FormField label="Worker reward per unit (₵)" meta={fields.workerReward} hint="Below the price.">
          {input("workerReward", { hint: true, inputMode: "decimal" })}
        </FormField>
        <FormField label="Minimum quantity" meta={fields.min}>
          {input("min", { inputMode: "numeric" })}
        </FormField>
        <FormField label="Maximum quantity" meta={fields.max}>
          {input("max", { inputMode: "numeric" })}
        </FormField>
        <FormField label="Refill days" meta={fields.refillDays} hint="0: no refills.">
          {input("refillDays", { hint: true, inputMode: "numeric" })}
        </FormField>
        <FormField label="Delivery time" meta={fields.deliveryTime}>
          {input("deliveryTime")}
        </FormField>
      </div>

      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">Options</legend>
        <Checkbox meta={fields.dripFeed}>
          Drip-feed allowed
        </Checkbox>
        <Checkbox meta={fields.cancel}>
          Clients may cancel
        </Checkbox>
        <Checkbox meta={fields.active}>
          On sale (active)
        </Checkbox>
      </fieldset>

      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="text-sm text-destructive">
          {form.errors[0]}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isEdit ? "Save service" : "Create service"}
        </Button>
      </div>
    </Form>
  );
}

function Checkbox({ meta, children }: { meta: Parameters<typeof getInputProps>[0]; children: ReactNode }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium">
      <input {...getInputProps(meta, { type: "checkbox" })} key={meta.key} className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-ring" />
      {children}
      {meta.errors?.length ? <span className="text-destructive">{meta.errors[0]}</span> : null}
    </label>
  );
}

const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none transition " +
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive";
const inputClass = `${fieldClass} h-10`;
