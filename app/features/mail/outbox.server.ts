import type { Prisma } from "~/generated/prisma/client";
import type { MailContent } from "./mail-content";

type Db = Pick<Prisma.TransactionClient, "outboxMessage">;

/**
 * Queues an e-mail in the caller's transaction: it is sent (by the outbox job) only if the event that
 * causes it commits, and it is never lost once it has. `key` names the event ("order-paid:12"): a
 * second call with the same key queues nothing, so a retried event never sends twice.
 */
export async function queueEmail(db: Db, key: string, recipient: string, content: MailContent): Promise<void> {
  await db.outboxMessage.createMany({
    data: [{ idempotencyKey: key, channel: "email", recipient, subject: content.subject, textBody: content.text, htmlBody: content.html }],
    skipDuplicates: true,
  });
}
