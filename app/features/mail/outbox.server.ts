import type { Prisma } from "~/generated/prisma/client";
import { type SqlQueries, StatementParameters, sqlOfPrisma } from "~/lib/database/sql-client.server";
import type { MailContent } from "./mail-content";

type Db = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/**
 * Queues an e-mail in the caller's transaction: it is sent (by the outbox job) only if the event that
 * causes it commits, and it is never lost once it has. `key` names the event ("order-paid:12"): a
 * second call with the same key queues nothing, so a retried event never sends twice.
 */
export async function queueEmail(db: Db, key: string, recipient: string, content: MailContent): Promise<void> {
  await queueEmailOn(sqlOfPrisma(db), key, recipient, content);
}

/** `queueEmail` in a transaction below Prisma (a task completion's, issue #22). */
export async function queueEmailOn(sql: SqlQueries, key: string, recipient: string, content: MailContent): Promise<void> {
  const parameters = new StatementParameters();
  await sql.query(queuedEmailInsert(parameters, key, recipient, content), parameters.values);
}

/** queueEmailOn's INSERT, as a write of the caller's statement (writeTogether). */
export function queuedEmailInsert(parameters: StatementParameters, key: string, recipient: string, content: MailContent): string {
  const now = parameters.add(new Date().toISOString(), "timestamp");
  return `INSERT INTO outbox_messages (idempotency_key, channel, recipient, subject, text_body, html_body, next_attempt_at, created_at)
     VALUES (${parameters.add(key, "text")}, 'email', ${parameters.add(recipient, "text")}, ${parameters.add(content.subject, "text")}, ${parameters.add(content.text, "text")}, ${parameters.add(content.html, "text")}, ${now}, ${now})
     ON CONFLICT (idempotency_key) DO NOTHING`;
}
