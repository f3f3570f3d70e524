import { data, redirect } from "react-router";
import { ZodError } from "zod";
import type { PublicUser } from "~/features/auth/accounts.server";
import { isAppError } from "~/lib/errors";
import { requireAdminPage } from "./admin-access.server";
import { readFormData } from "~/lib/request-body.server";

/**
 * The admin pages' actions: every button is a plain form posting `intent` (and the record's `id`)
 * to its page, which runs the same service as the JSON endpoint. Success redirects back to the same
 * page and filters with a notice code (Post/Redirect/Get, so a reload never repeats an action);
 * a refusal (400, 404, 409, ...) re-renders the page with the service's message.
 */

export interface AdminActionFailure {
  status: number;
  message: string;
  intent: string;
  targetId: string | null;
}

type IntentHandler = (admin: PublicUser, form: FormData, fields: Record<string, string>) => Promise<string>;
export type IntentTable = Record<string, IntentHandler>;

export async function runAdminAction(request: Request, intents: IntentTable) {
  const admin = await requireAdminPage(request);
  const form = await readFormData(request);
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in fields)) fields[key] = value;
  const intent = fields.intent ?? "";
  const targetId = fields.id || null;
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) return data({ failure: { status: 400, message: "Unknown action.", intent, targetId } satisfies AdminActionFailure }, { status: 400 });
  try {
    const notice = await handler(admin, form, fields);
    const url = new URL(request.url);
    for (const key of ["notice", "target", "index"]) url.searchParams.delete(key);
    url.searchParams.set("notice", notice);
    if (targetId) url.searchParams.set("target", targetId);
    return redirect(`${url.pathname}${url.search}`, 303);
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data({ failure: { ...failure, intent, targetId } satisfies AdminActionFailure }, { status: failure.status });
  }
}

function failureOf(error: unknown): { status: number; message: string } | null {
  if (isAppError(error)) return { status: error.status, message: error.message };
  if (error instanceof ZodError) return { status: 400, message: error.issues[0]?.message ?? "Invalid input" };
  return null;
}

/** A loader's query, or a 400 page explaining which filter is wrong. */
export function parseAdminQuery<T>(schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: ZodError } }, query: Record<string, string>): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? "Invalid filter" }, { status: 400 });
  return parsed.data;
}

/** A page loader's service call: a refusal (404 and the like) becomes that status's error page, with the service's message. */
export async function adminLoad<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
