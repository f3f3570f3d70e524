import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { isAppError } from "~/lib/errors";

/**
 * Runs one account form's post (password reset, settings): conform parses it with the form's zod
 * schema, then `run` does the work. Invalid input and a service's refusal (a 4xx AppError, or the 503
 * of a full password-hashing queue, which says when to try again) come back as the form's answer
 * (`result`, for conform's lastResult) and the response's status, with the typed values kept;
 * anything else propagates to the error page.
 */
export async function runAccountForm<Schema extends z.ZodType<Record<string, unknown>>, Result>(
  formData: FormData,
  schema: Schema,
  run: (value: z.output<Schema>) => Promise<Result>,
) {
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
  if (submission.status !== "success") return { ok: false as const, result: submission.reply({ hideFields: passwordFields }), init: { status: 400 } as ResponseInit };
  try {
    return { ok: true as const, value: await run(submission.value) };
  } catch (error) {
    if (!isAppError(error) || (error.status >= 500 && error.status !== 503)) throw error;
    const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
    return { ok: false as const, result: submission.reply({ formErrors: [error.message], hideFields: passwordFields }), init: { status: error.status, headers } as ResponseInit };
  }
}

/** Passwords are never sent back into a page. */
const passwordFields = ["password", "currentPassword", "newPassword"];
