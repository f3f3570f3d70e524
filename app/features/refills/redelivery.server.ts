import type { SqlQueries } from "~/lib/database/sql-client.server";

/**
 * A refill's re-delivery, counted by the task side (fulfilment's completion and an admin's
 * rejection) in their own transaction: like an order's delivery, each a conditional update, so a
 * refill is never re-delivered past what dropped; the last unit completes it.
 */

/** One unit re-delivered: false when the refill no longer takes one (the caller refuses the completion). */
export async function recordRedelivery(sql: SqlQueries, refillId: number, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE refills SET
       redelivered_count = redelivered_count + 1,
       status = CASE WHEN redelivered_count + 1 >= dropped_count THEN 'completed'::refill_status ELSE status END,
       completed_at = CASE WHEN redelivered_count + 1 >= dropped_count THEN $2::timestamp ELSE completed_at END,
       updated_at = $2::timestamp
     WHERE id = $1::int AND status = 'in_progress' AND redelivered_count < dropped_count
     RETURNING id`,
    [refillId, now.toISOString()],
  );
  return updated.length === 1;
}

/** A re-delivery an admin rejected: the unit is owed again, so a completed refill is in progress again. */
export async function revertRedelivery(sql: SqlQueries, refillId: number, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE refills SET redelivered_count = redelivered_count - 1, status = 'in_progress', completed_at = NULL, updated_at = $2::timestamp
     WHERE id = $1::int AND redelivered_count > 0 RETURNING id`,
    [refillId, now.toISOString()],
  );
  return updated.length === 1;
}
