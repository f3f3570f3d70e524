import { type SqlQueries, StatementParameters } from "~/lib/database/sql-client.server";
import type { MailContent } from "./mail-content";

/**
 * Queues an e-mail in the caller's transaction: it is sent (by the outbox job) only if the event that
 * causes it commits, and it is never lost once it has. `key` names the event ("order-paid:12"): a
 * second call with the same key queues nothing, so a retried event never sends twice.
 */
export async function queueEmail(sql: SqlQueries, key: string, recipient: string, content: MailContent): Promise<void> {
  const parameters = new StatementParameters();
  await sql.query(queuedEmailInsert(parameters, key, recipient, content), parameters.values);
}

/** queueEmail's INSERT, as a write of the caller's statement (writeTogether). */
export function queuedEmailInsert(parameters: StatementParameters, key: string, recipient: string, content: MailContent): string {
  const now = parameters.add(new Date().toISOString(), "timestamp");
  return `INSERT INTO outbox_messages (idempotency_key, channel, recipient, subject, text_body, html_body, next_attempt_at, created_at)
     VALUES (${parameters.add(key, "text")}, 'email', ${parameters.add(recipient, "text")}, ${parameters.add(content.subject, "text")}, ${parameters.add(content.text, "text")}, ${parameters.add(content.html, "text")}, ${now}, ${now})
     ON CONFLICT (idempotency_key) DO NOTHING`;
}
