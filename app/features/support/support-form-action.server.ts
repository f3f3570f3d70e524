import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { findRequestUser } from "~/features/auth/index.server";
import { isAppError } from "~/lib/errors";
import { getLogger } from "~/lib/logger.server";
import { supportNotices, supportTicketSchema } from "./support-schema";
import { createSupportTicket } from "./support.server";
import { readFormData } from "~/lib/request-body.server";

export interface SupportNotice {
  title: string;
  description: string;
}

export type SupportFormResult =
  /** `ticket`: the stored ticket's number and the address its answer goes to, for the success notice. */
  | { ok: true; submission: SubmissionResult<string[]>; ticket: { id: number; email: string } }
  | { ok: false; submission: SubmissionResult<string[]>; notice: SupportNotice | null };

/**
 * Handles a post of the support form: checks it with the form's schema, stores a ticket (with the
 * signed-in author, if any) and answers data either way. The page shows the result inline, and as a
 * toast too with JavaScript. A stored ticket resets the form and is answered with its number.
 */
export async function submitSupportForm(request: Request, clientAddress: string) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: supportTicketSchema });
  if (submission.status !== "success") {
    return data<SupportFormResult>({ ok: false, submission: submission.reply(), notice: null }, { status: 400 });
  }
  try {
    const user = await findRequestUser(request);
    const ticket = await createSupportTicket(submission.value, { userId: user?.id ?? null, clientAddress });
    return data<SupportFormResult>({ ok: true, submission: submission.reply({ resetForm: true }), ticket: { id: ticket.id, email: submission.value.email } });
  } catch (error) {
    if (isAppError(error)) {
      const title = error.status === 429 ? "Too many support requests" : supportNotices.failed.title;
      const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
      return data<SupportFormResult>({ ok: false, submission: submission.reply(), notice: { title, description: error.message } }, { status: error.status, headers });
    }
    getLogger().error({ err: error }, "could not store a support ticket");
    return data<SupportFormResult>({ ok: false, submission: submission.reply(), notice: { ...supportNotices.failed } }, { status: 500 });
  }
}
