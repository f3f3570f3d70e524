import { getDatabase, getPrisma } from "~/lib/database/db.server";
import type { MessageTransport, OutgoingMessage } from "./transports.server";

/**
 * The outbox job: sends queued messages one at a time, each claimed first with a lease
 * (`locked_until`) so that several app processes never send the same message, and a process that
 * dies mid-send leaves it to be taken again once the lease has passed. A message is marked sent
 * right after the transport accepted it; a failure is retried later with a doubling delay. The claim
 * and the mark are plain SQL: every payment's receipt goes through them (issue #22).
 */

export interface SenderOptions {
  leaseSeconds: number;
  /** Messages one run sends at most, so a long backlog never holds a run (and shutdown) for long. */
  maxMessages?: number;
  now?: () => Date;
}

export interface SendRun {
  sent: number;
  retrying: number;
  failed: number;
}

/** Attempts before a message is given up (about 17 hours of retries with the delays below). */
export const maxAttempts = 12;

/** 30 s after the first failure, doubling, at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(failedAttempts - 1, 0), 60 * 60 * 1000);
}

export async function sendDueMessages(transport: MessageTransport, { leaseSeconds, maxMessages = 50, now = () => new Date() }: SenderOptions): Promise<SendRun> {
  const run: SendRun = { sent: 0, retrying: 0, failed: 0 };
  /** The message just sent, marked sent by the statement that claims the next: one round trip per message. */
  let justSent: number | undefined;
  for (let count = 0; count < maxMessages; count += 1) {
    const message = await claimNext(transport.channel, now(), leaseSeconds, justSent);
    justSent = undefined;
    if (!message) break;
    try {
      await transport.send(message);
    } catch (error) {
      const gaveUp = await recordFailure(message, error, now());
      run[gaveUp ? "failed" : "retrying"] += 1;
      continue;
    }
    justSent = message.id;
    run.sent += 1;
  }
  if (justSent !== undefined) await getDatabase().sql.query(`${markSent(1, 2)} SELECT 1`, [justSent, now().toISOString()]);
  return run;
}

/** A CTE that marks message `$idParameter` sent at `$atParameter`. */
const markSent = (idParameter: number, atParameter: number) =>
  `WITH sent AS (UPDATE outbox_messages SET status = 'sent', sent_at = $${atParameter}::timestamp, locked_until = NULL, last_error = NULL WHERE id = $${idParameter}::int)`;

type ClaimedRow = { id: number; idempotency_key: string; channel: string; recipient: string; subject: string; text_body: string; html_body: string; attempts: number };

/**
 * The oldest due message of the channel nobody holds, now held by this process until the lease ends;
 * `justSent` is marked sent by the same statement (whose snapshot still sees it pending: it is
 * left out of the claim by its id, even when its send outlasted its lease).
 */
async function claimNext(channel: string, now: Date, leaseSeconds: number, justSent: number | undefined): Promise<(OutgoingMessage & { attempts: number }) | undefined> {
  const leaseEnd = new Date(now.getTime() + leaseSeconds * 1000);
  const [row] = await getDatabase().sql.query<ClaimedRow>(
    `${justSent === undefined ? "" : markSent(4, 3)}
     UPDATE outbox_messages SET locked_until = $1::timestamp
     WHERE id = (
       SELECT id FROM outbox_messages
       WHERE status = 'pending' AND channel = $2::text AND next_attempt_at <= $3::timestamp AND (locked_until IS NULL OR locked_until <= $3::timestamp)
         ${justSent === undefined ? "" : "AND id <> $4::int"}
       ORDER BY next_attempt_at, id LIMIT 1
       FOR UPDATE SKIP LOCKED)
     RETURNING id, idempotency_key, channel, recipient, subject, text_body, html_body, attempts`,
    [leaseEnd.toISOString(), channel, now.toISOString(), ...(justSent === undefined ? [] : [justSent])],
  );
  return (
    row && {
      id: row.id,
      idempotencyKey: row.idempotency_key,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      textBody: row.text_body,
      htmlBody: row.html_body,
      attempts: row.attempts,
    }
  );
}

/** Records a failed attempt: retried after a delay, or given up after `maxAttempts`. True when given up. */
async function recordFailure(message: { id: number; attempts: number }, error: unknown, now: Date): Promise<boolean> {
  const attempts = message.attempts + 1;
  const gaveUp = attempts >= maxAttempts;
  await getPrisma().outboxMessage.update({
    where: { id: message.id },
    data: {
      attempts,
      status: gaveUp ? "failed" : "pending",
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      lockedUntil: null,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
    },
  });
  return gaveUp;
}
