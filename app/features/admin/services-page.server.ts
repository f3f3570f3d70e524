import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { createServiceSchema } from "~/features/catalog";
import { createService, moveService, updateService } from "~/features/catalog/index.server";
import { isAppError } from "~/lib/errors";
import { readFormData } from "~/lib/request-body.server";
import { requireAdminPage } from "./admin-access.server";
import type { AdminActionFailure } from "./admin-form.server";

/**
 * Admin › Services' action (issue #50). The create and edit forms post every field of a service and
 * answer conform's submission, so each error shows under its field; the row buttons (enable,
 * disable, move) post `intent` and `id`. Success redirects with a notice (Post/Redirect/Get).
 */

export type ServiceFormId = "create-service" | "edit-service";

export type ServicesActionData =
  | { form: ServiceFormId; submission: SubmissionResult<string[]>; failure?: undefined }
  | { form?: undefined; submission?: undefined; failure: AdminActionFailure };

/** The flags a form sends as checkboxes: an unticked box sends nothing, which here means false. */
const checkboxes = ["dripFeed", "cancel", "active"] as const;

export async function servicesPageAction(request: Request, url: URL) {
  const admin = await requireAdminPage(request, url);
  const form = await readFormData(request);
  const intent = text(form, "intent");
  const id = text(form, "id");

  if (intent === "create" || intent === "update") {
    const formId: ServiceFormId = intent === "create" ? "create-service" : "edit-service";
    for (const name of checkboxes) if (!form.has(name)) form.set(name, "false");
    const submission = parseWithZod(form, { schema: createServiceSchema, disableAutoCoercion: true });
    if (submission.status !== "success") return data<ServicesActionData>({ form: formId, submission: submission.reply() }, { status: 400 });
    try {
      const saved = intent === "create" ? await createService(admin, submission.value) : await updateService(admin, id, submission.value);
      return done(intent === "create" ? "service-created" : "service-updated", saved.id);
    } catch (error) {
      if (!isAppError(error)) throw error;
      const field = typeof error.details?.field === "string" ? error.details.field : undefined;
      // "Invalid workerReward: Worker reward must be…": under its field, in the field's own words.
      const reply = field ? submission.reply({ fieldErrors: { [field]: [error.message.replace(/^Invalid \w+: /, "")] } }) : submission.reply({ formErrors: [error.message] });
      return data<ServicesActionData>({ form: formId, submission: reply }, { status: error.status });
    }
  }

  try {
    switch (intent) {
      case "enable":
      case "disable":
        await updateService(admin, id, { active: intent === "enable" });
        return done(intent === "enable" ? "service-enabled" : "service-disabled", id);
      case "up":
      case "down":
        await moveService(admin, id, intent);
        return done("service-moved", id);
      default:
        return data<ServicesActionData>({ failure: { status: 400, message: "Unknown action.", intent, targetId: id || null } }, { status: 400 });
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ServicesActionData>({ failure: { status: error.status, message: error.message, intent, targetId: id || null } }, { status: error.status });
  }
}

function done(notice: string, id: string) {
  return redirect(`/admin/services?${new URLSearchParams({ notice, target: id })}`, 303);
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
