import { clawBackEarning, releaseHeldEarning, reverseHeldEarning } from "~/features/ledger/index.server";
import type { CompletionReview, DeliveryState } from "~/generated/prisma/client";
import type { SqlQueries } from "~/lib/database/sql-client.server";

/**
 * The only writer of a delivery's state (issue #48, decision 0040). A delivery is one completion,
 * one row of `task_completions`: its `delivery_state` (what the buyer's check made of it), its
 * `review` (whether its earning is still held, released or taken back) and the timestamps and
 * words that go with them. Every change is a named transition taking the caller's transaction and
 * applied as one conditional update on the completion's row, so it is refused (nothing written)
 * from any state its row in `deliveryTransitions` does not list, and two callers racing on one
 * delivery (a client's flag and the release job, an admin and the evidence deadline) meet on that
 * row: the second waits for the first and finds the state changed.
 *
 * A drop is the one way work is taken back: the delivery stops counting and its earning comes back
 * through the ledger, reversed while held or clawed back once released, in the same transaction.
 */

type StateEdge = readonly [from: DeliveryState, to: DeliveryState];

/** Every transition and the state changes it may make (a test enumerates them and tries each from every state). */
export const deliveryTransitions = {
  /** The client says the delivery is not there; the worker is asked for evidence. */
  flagged: [["counted", "flagged"]],
  /** The store's spot check picked the new delivery: the worker is asked for evidence all the same. */
  sampled: [["counted", "flagged"]],
  /** The same, from a client whose flags admins keep rejecting: an admin looks first. */
  flaggedForScreening: [["counted", "screening"]],
  /** The admin finds the screened flag worth asking the worker about. */
  passedToWorker: [["screening", "flagged"]],
  /** The worker's screenshot arrived; an admin decides. */
  evidenceSubmitted: [["flagged", "under_review"]],
  /** The admin finds the delivery missing. */
  upheld: [["under_review", "dropped"]],
  /** The admin finds the delivery there (on the worker's screenshot, or screening the client's flag). */
  stood: [["screening", "stood"], ["under_review", "stood"]],
  /** No evidence by its deadline. */
  evidenceMissed: [["flagged", "dropped"]],
  /** Taken back without a flag: an admin's rejection during the hold, or (before decision 0041) a refill's re-check. */
  takenBack: [["counted", "dropped"]],
  /** Another worker delivered the dropped unit again. */
  replaced: [["dropped", "replaced"]],
} as const satisfies Record<string, readonly StateEdge[]>;

export type DeliveryTransition = keyof typeof deliveryTransitions;

const from = (transition: DeliveryTransition): DeliveryState[] => [...new Set(deliveryTransitions[transition].map(([start]) => start))];

/** While a delivery is contested its held earning waits (the release job passes it by). */
export const contestedStates: DeliveryState[] = ["screening", "flagged", "under_review"];

/** The earning's review: held until released, or taken back by a drop. */
export const earningTransitions = {
  released: [["held", "approved"]],
  reversed: [["held", "rejected"]],
} as const satisfies Record<string, readonly (readonly [CompletionReview, CompletionReview])[]>;

/** A client's flag: their note, and the refill that names the deliveries as dropped, if it is one. */
export type Flag = { note: string | null; refillId: number | null };

/**
 * The client flags deliveries of their order: each moves from counted to flagged with the client's
 * note and the worker's evidence deadline. Returns the ids flagged; the caller refuses the whole
 * request (rolling back) when that is not every id it asked for.
 */
export async function flagDeliveries(sql: SqlQueries, completionIds: number[], flag: Flag & { evidenceDueAt: Date }, now: Date): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `UPDATE task_completions SET delivery_state = 'flagged', flagged_at = $2::timestamp, flag_note = $3::text, refill_id = $4::int, evidence_due_at = $5::timestamp
     WHERE id = ANY($1::int[]) AND delivery_state::text = ANY($6::text[])
     RETURNING id`,
    [completionIds, now.toISOString(), flag.note, flag.refillId, flag.evidenceDueAt.toISOString(), from("flagged")],
  );
  return rows.map((row) => row.id);
}

/** The store's spot check (decision 0042), in the completion's transaction below Prisma: flagged, with no client's note, evidence due by `evidenceDueAt`. */
export async function sampleForSpotCheck(sql: SqlQueries, completionId: number, evidenceDueAt: Date, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE task_completions SET delivery_state = 'flagged', is_spot_check = true, flagged_at = $2::timestamp, evidence_due_at = $3::timestamp
     WHERE id = $1::int AND delivery_state::text = ANY($4::text[]) RETURNING id`,
    [completionId, now.toISOString(), evidenceDueAt.toISOString(), from("sampled")],
  );
  return updated.length === 1;
}

/** flagDeliveries for a client under screening: the flags wait for an admin; no worker is asked yet, so no deadline runs. */
export async function flagDeliveriesForScreening(sql: SqlQueries, completionIds: number[], flag: Flag, now: Date): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `UPDATE task_completions SET delivery_state = 'screening', flagged_at = $2::timestamp, flag_note = $3::text, refill_id = $4::int
     WHERE id = ANY($1::int[]) AND delivery_state::text = ANY($5::text[])
     RETURNING id`,
    [completionIds, now.toISOString(), flag.note, flag.refillId, from("flaggedForScreening")],
  );
  return rows.map((row) => row.id);
}

/** An admin screened the flag and asks the worker for evidence, due by `evidenceDueAt`. */
export async function passToWorker(sql: SqlQueries, completionId: number, evidenceDueAt: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE task_completions SET delivery_state = 'flagged', evidence_due_at = $2::timestamp
     WHERE id = $1::int AND delivery_state::text = ANY($3::text[]) RETURNING id`,
    [completionId, evidenceDueAt.toISOString(), from("passedToWorker")],
  );
  return updated.length === 1;
}

/** The worker's screenshot (an upload) for a flagged delivery, before its deadline: an admin decides next. */
export async function submitEvidence(sql: SqlQueries, completionId: number, uploadId: string, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE task_completions SET delivery_state = 'under_review', proof_upload_id = $2::text, evidence_at = $3::timestamp
     WHERE id = $1::int AND delivery_state::text = ANY($4::text[]) AND evidence_due_at > $3::timestamp RETURNING id`,
    [completionId, uploadId, now.toISOString(), from("evidenceSubmitted")],
  );
  return updated.length === 1;
}

/** An admin finds a contested delivery there: it stands, with the reason both sides see. Its earning is released as usual. */
export async function markStood(sql: SqlQueries, completionId: number, decision: { reason: string; adminId: number }, now: Date): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE task_completions SET delivery_state = 'stood', decided_at = $2::timestamp, decision_reason = $3::text, decided_by_id = $4::int
     WHERE id = $1::int AND delivery_state::text = ANY($5::text[]) RETURNING id`,
    [completionId, now.toISOString(), decision.reason, decision.adminId, from("stood")],
  );
  return updated.length === 1;
}

/** A dropped delivery as its drop left it: who loses the earning, and for which order. */
export type DroppedDelivery = { id: number; workerId: number; orderId: number; taskId: number; refillId: number | null; rewardMinor: number; currency: "GHS" | "USD"; earning: "reversed" | "clawed back" };

/**
 * Work found undone (`upheld`, `evidenceMissed` or `takenBack`): the delivery is dropped and its
 * earning comes back, reversed while still held (the review becomes rejected, so the release job
 * passes it by) or clawed back once released. `evidenceMissed` applies only once the deadline has
 * passed. Null when the transition does not apply (nothing written).
 */
export async function dropDelivery(
  sql: SqlQueries,
  completionId: number,
  transition: "upheld" | "evidenceMissed" | "takenBack",
  drop: { reason: string; adminId: number | null; ledgerDescription: string },
  now: Date,
): Promise<DroppedDelivery | null> {
  // The row's lock first: what the earning was (held or released) decides how it comes back.
  const [locked] = await sql.query<Omit<DroppedDelivery, "earning"> & { review: CompletionReview; state: DeliveryState; evidenceDue: boolean }>(
    `SELECT c.id, c.worker_id AS "workerId", t.order_id AS "orderId", t.id AS "taskId", t.refill_id AS "refillId", c.reward_minor AS "rewardMinor",
       c.currency::text AS currency, c.review::text AS review, c.delivery_state::text AS state, COALESCE(c.evidence_due_at <= $2::timestamp, false) AS "evidenceDue"
     FROM task_completions c JOIN tasks t ON t.id = c.task_id
     WHERE c.id = $1::int
     FOR UPDATE OF c`,
    [completionId, now.toISOString()],
  );
  if (!locked || !from(transition).includes(locked.state)) return null;
  if (transition === "evidenceMissed" && !locked.evidenceDue) return null;
  const isHeld = locked.review === "held";
  await sql.query(
    `UPDATE task_completions SET delivery_state = 'dropped', dropped_at = $2::timestamp, decided_at = $2::timestamp, decision_reason = $3::text, decided_by_id = $4::int,
       review = CASE WHEN $5::boolean THEN 'rejected'::completion_review ELSE review END,
       reviewed_at = CASE WHEN $5::boolean THEN $2::timestamp ELSE reviewed_at END,
       rejection_reason = CASE WHEN $5::boolean THEN $3::text ELSE rejection_reason END
     WHERE id = $1::int AND delivery_state::text = $6::text`,
    [completionId, now.toISOString(), drop.reason, drop.adminId, isHeld, locked.state],
  );
  const delivery = { id: locked.id, workerId: locked.workerId, orderId: locked.orderId, taskId: locked.taskId, refillId: locked.refillId, rewardMinor: locked.rewardMinor, currency: locked.currency };
  const reward = { completionId: delivery.id, workerId: delivery.workerId, rewardMinor: delivery.rewardMinor, currency: delivery.currency, orderId: delivery.orderId };
  if (isHeld) {
    await reverseHeldEarning(sql, reward, drop.ledgerDescription);
    return { ...delivery, earning: "reversed" };
  }
  await clawBackEarning(sql, reward, drop.ledgerDescription);
  return { ...delivery, earning: "clawed back" };
}

/** A dropped delivery's unit was delivered again by another worker (in the completion's transaction, below Prisma). */
export async function markReplaced(sql: SqlQueries, completionId: number): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE task_completions SET delivery_state = 'replaced' WHERE id = $1::int AND delivery_state::text = ANY($2::text[]) RETURNING id`,
    [completionId, from("replaced")],
  );
  return updated.length === 1;
}

/** What releasing a held earning needs of its completion. */
export type HeldEarning = { id: number; workerId: number; rewardMinor: number; currency: "GHS" | "USD"; orderId: number };

/**
 * A held earning becomes available: approved, its amount moved from held to available in the
 * ledger. Refused while the delivery is contested or dropped, and when it is no longer held: only
 * the caller whose update applies writes the ledger entries.
 */
export async function releaseEarning(sql: SqlQueries, completion: HeldEarning, now: Date, description: string): Promise<boolean> {
  const updated = await sql.query(
    `UPDATE task_completions SET review = 'approved', reviewed_at = $2::timestamp
     WHERE id = $1::int AND review = 'held' AND delivery_state::text <> ALL($3::text[]) RETURNING id`,
    [completion.id, now.toISOString(), [...contestedStates, "dropped", "replaced"]],
  );
  if (updated.length !== 1) return false;
  await releaseHeldEarning(sql, { completionId: completion.id, workerId: completion.workerId, rewardMinor: completion.rewardMinor, currency: completion.currency, orderId: completion.orderId }, description);
  return true;
}

/** Retention: the proof text of completions done before `before` is forgotten (their rows stay). */
export async function forgetProofsBefore(sql: SqlQueries, before: Date): Promise<number> {
  const forgotten = await sql.query("UPDATE task_completions SET proof = NULL WHERE completed_at < $1::timestamp AND proof IS NOT NULL RETURNING id", [before.toISOString()]);
  return forgotten.length;
}
