import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { ZodError, type z } from "zod";
import type { PublicUser } from "~/features/auth/index.server";
import { isAppError } from "~/lib/errors";
import { requireAdminPage } from "./admin-access.server";
import { readFormData } from "~/lib/request-body.server";

/**
 * The admin pages' actions: every button is a plain form posting `intent` (and the record's `id`)
 * to its page, which parses the fields with conform + zod (the intent's schema) and runs the same service as the JSON endpoint. Success redirects back to the same
 * page and filters with a notice code (Post/Redirect/Get, so a reload never repeats an action);
 * a refusal (400, 404, 409, ...) re-renders the page with the service's message.
 */

export interface AdminActionFailure {
  status: number;
  message: string;
  intent: string;
  targetId: string | null;
}

/** One `intent`: the zod schema its form's fields must pass (conform parses the post) and the service call, answering a notice code. */
export interface AdminIntent {
  schema: z.ZodType;
  run(admin: PublicUser, input: unknown): Promise<string>;
}
export type IntentTable = Record<string, AdminIntent>;

/** Pairs an intent's schema with the call that takes its parsed fields. */
export function adminIntent<Schema extends z.ZodType>(schema: Schema, run: (admin: PublicUser, input: z.output<Schema>) => Promise<string>): AdminIntent {
  return { schema, run: (admin, input) => run(admin, input as z.output<Schema>) };
}

export async function runAdminAction(request: Request, url: URL, intents: IntentTable) {
  const admin = await requireAdminPage(request, url);
  const form = await readFormData(request);
  const intent = textField(form, "intent") ?? "";
  const targetId = textField(form, "id") || null;
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) return data({ failure: { status: 400, message: "Unknown action.", intent, targetId } satisfies AdminActionFailure }, { status: 400 });
  // No automatic coercion: the schemas see the posted strings, as the JSON endpoints' bodies do.
  const submission = parseWithZod(form, { schema: handler.schema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Invalid input";
    return data({ failure: { status: 400, message, intent, targetId } satisfies AdminActionFailure }, { status: 400 });
  }
  try {
    const notice = await handler.run(admin, submission.value);
    const back = new URL(url);
    for (const key of ["notice", "target", "index"]) back.searchParams.delete(key);
    back.searchParams.set("notice", notice);
    if (targetId) back.searchParams.set("target", targetId);
    return redirect(`${back.pathname}${back.search}`, 303);
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data({ failure: { ...failure, intent, targetId } satisfies AdminActionFailure }, { status: failure.status });
  }
}

/** A field's first text value (a file or a missing field: undefined). */
function textField(form: FormData, name: string) {
  const value = form.getAll(name).find((entry) => typeof entry === "string");
  return typeof value === "string" ? value : undefined;
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
