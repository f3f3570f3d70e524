import type { RefundState } from "~/generated/prisma/client";
import { PaymentAttemptStatus } from "~/generated/prisma/enums";
import type { RowWithinLimits } from "~/features/auth/index.server";
import { isoTimestamp, type SqlQueries, sqlValueList } from "~/lib/database/sql-client.server";

/**
 * The only writer of the payment_attempts table: an attempt's row, its status (where the payment
 * stands at Paystack), its refund state (where giving the money back stands) and the reconciler's
 * schedule. Every status or refund change is a named transition applied as one conditional update,
 * refused (false, nothing written) unless the attempt is in a state it may leave that way, so the
 * charge call, verify, webhooks and the reconciler may race: a success is recorded once, and a
 * refund is sent once.
 *
 * Status: an attempt starts `pending`; the charge's answers ask the payer for a step (`send_pin`,
 * `send_otp`, …, `open_url`, `pay_offline`) or say Paystack has not seen it completed
 * (`not_completed`); it ends `success` (once: `paid_at` is set, whatever it said before, as a late
 * success is credited all the same), or unpaid: `failed`, `reversed` or, when the reconciler gives
 * up, `abandoned`. Refund state (none until asked): `requested` by the store, `pending` once sent
 * (or once Paystack started one itself), then `processed`, `partially_refunded` or `failed`.
 */

type Edge<State> = readonly [from: State, to: State];
type RefundStateOrNone = RefundState | null;

const stepStatuses = ["pending", "send_pin", "send_otp", "send_phone", "send_birthday", "send_address", "open_url", "pay_offline"] as const satisfies readonly PaymentAttemptStatus[];
/** A step the payer is asked for (or pending again): what a charge answer that waits for the payer records. */
export type AttemptStep = (typeof stepStatuses)[number];
const unpaidEnds = ["failed", "reversed", "abandoned"] as const satisfies readonly PaymentAttemptStatus[];
const allStatuses = Object.values(PaymentAttemptStatus);
/**
 * The statuses in which Paystack may still report a success for an attempt: every one but its ends
 * (the generated enum's, so a status added to the schema is open until it is named an end here).
 */
export const openAttemptStatuses: PaymentAttemptStatus[] = allStatuses.filter((status) => status !== "success" && !(unpaidEnds as readonly string[]).includes(status));
const openStatuses = openAttemptStatuses;
const edges = <State>(from: readonly State[], to: readonly State[]): Edge<State>[] => from.flatMap((start) => to.map((end) => [start, end] as const));

/** Every status transition and the changes it may make (a test enumerates them and checks every other start is refused). */
export const attemptTransitions = {
  stepAsked: edges(openStatuses, stepStatuses),
  notCompleted: edges(openStatuses, ["not_completed"]),
  succeeded: edges(allStatuses.filter((status) => status !== "success"), ["success"]),
  closedUnpaid: edges(openStatuses, unpaidEnds),
} satisfies Record<string, Edge<PaymentAttemptStatus>[]>;

/** Every refund transition (`null`: no refund asked or seen). `booked`: what Paystack reported processed, booked to the ledger. */
export const refundTransitions = {
  requested: [[null, "requested"], ["partially_refunded", "requested"]],
  claimedForSending: [["requested", "pending"]],
  retriedLater: [["pending", "requested"]],
  nothingLeft: [["pending", "processed"]],
  refused: [["pending", "failed"]],
  startedOutside: [[null, "pending"]],
  failedReported: [[null, "failed"], ["pending", "failed"], ["requested", "failed"]],
  // Full: processed; part of it while the store's own refund is outstanding: as it was; else partially refunded.
  booked: [...edges<RefundStateOrNone>([null, "requested", "pending", "partially_refunded", "processed", "failed"], ["processed", "partially_refunded"]), ["requested", "requested"], ["pending", "pending"]],
} as const satisfies Record<string, readonly Edge<RefundStateOrNone>[]>;

type RefundTransition = keyof typeof refundTransitions;

const startsOf = <State>(transitionEdges: readonly Edge<State>[]): State[] => [...new Set(transitionEdges.map(([start]) => start))];
const statusesFrom = (transition: keyof typeof attemptTransitions) => startsOf(attemptTransitions[transition]);
/**
 * A condition on the refund state, for a statement's WHERE: one of the transition's starts
 * (`onlyFrom` narrows it). Constant enum values only, so they are written into the statement.
 */
function refundFrom(transition: RefundTransition, onlyFrom?: readonly RefundStateOrNone[]): string {
  const starts = startsOf<RefundStateOrNone>(refundTransitions[transition]).filter((start) => !onlyFrom || onlyFrom.includes(start));
  const states = starts.filter((start): start is RefundState => start !== null);
  const conditions = [...(starts.includes(null) ? ["refund_state IS NULL"] : []), ...(states.length > 0 ? [`refund_state::text IN (${sqlValueList(states)})`] : [])];
  return `(${conditions.join(" OR ") || "false"})`;
}

/** Runs a conditional update of one attempt; true when it applied. */
async function updated(sql: SqlQueries, statement: string, params: unknown[]): Promise<boolean> {
  return (await sql.query(`${statement} RETURNING id`, params)).length === 1;
}

/** An attempt's row (`started`, status pending), for the statement that inserts it within the payment limits (charge-limits.server.ts). */
export function newAttemptRow(columns: Record<string, string>): RowWithinLimits {
  const valueOf = { ...columns, status: "'pending'::payment_attempt_status", check_count: "0", refunded_amount_minor: "0" };
  return { into: "payment_attempts", columns: Object.keys(valueOf).join(", "), values: Object.values(valueOf).join(", ") };
}

/** The payer is asked for a step (stepAsked); nothing changes once the attempt has ended. */
export async function askForStep(sql: SqlQueries, reference: string, status: AttemptStep, displayText: string | null): Promise<boolean> {
  return updated(
    sql,
    `UPDATE payment_attempts SET status = $2::payment_attempt_status, display_text = $3::text, updated_at = $4::timestamp
     WHERE reference = $1::text AND status::text IN (${sqlValueList(statusesFrom("stepAsked"))})`,
    [reference, status, displayText, new Date().toISOString()],
  );
}

/** Paystack says the payer has not completed it (notCompleted): still open, still watched. */
export async function markNotCompleted(sql: SqlQueries, attemptId: number, gatewayResponse: string | null, now: Date): Promise<boolean> {
  return updated(
    sql,
    `UPDATE payment_attempts SET status = 'not_completed', gateway_response = $2::text, last_checked_at = $3::timestamp, updated_at = $3::timestamp
     WHERE id = $1::int AND paid_at IS NULL AND status::text IN (${sqlValueList(statusesFrom("notCompleted"))})`,
    [attemptId, gatewayResponse, now.toISOString()],
  );
}

/** Ends an attempt unpaid (closedUnpaid); false when it had ended already. */
export async function closeUnpaid(sql: SqlQueries, attemptId: number, status: (typeof unpaidEnds)[number], gatewayResponse: string | null, now: Date): Promise<boolean> {
  return updated(
    sql,
    `UPDATE payment_attempts SET status = $2::payment_attempt_status, gateway_response = $3::text, last_checked_at = $4::timestamp, updated_at = $4::timestamp
     WHERE id = $1::int AND paid_at IS NULL AND status::text IN (${sqlValueList(statusesFrom("closedUnpaid"))})`,
    [attemptId, status, gatewayResponse, now.toISOString()],
  );
}

/** An order's attempt whose success was just recorded. */
type RecordedOrderSuccess = { id: number; orderId: number; amountMinor: number; currency: string };

/** The success recorded once (succeeded) on the attempt `which` names: its row, or none when an earlier call already did (its `paid_at` is set). */
async function succeeded(sql: SqlQueries, which: "id = $1::int" | "reference = $1::text AND order_id IS NOT NULL", key: number | string, gatewayResponse: string, now: Date) {
  return sql.query<RecordedOrderSuccess>(
    `UPDATE payment_attempts SET status = 'success', paid_at = $2::timestamp, gateway_response = $3::text, last_checked_at = $2::timestamp, updated_at = $2::timestamp
     WHERE ${which} AND paid_at IS NULL AND status::text IN (${sqlValueList(statusesFrom("succeeded"))})
     RETURNING id, order_id AS "orderId", amount_minor AS "amountMinor", currency::text AS currency`,
    [key, now.toISOString(), gatewayResponse],
  );
}

/** Records the success once (succeeded): false when an earlier call already did. */
export async function recordSuccess(sql: SqlQueries, attemptId: number, gatewayResponse: string, now: Date): Promise<boolean> {
  return (await succeeded(sql, "id = $1::int", attemptId, gatewayResponse, now)).length === 1;
}

/** recordSuccess for an order's attempt named by its reference: the attempt, or null when none was recorded. */
export async function recordOrderSuccess(sql: SqlQueries, reference: string, gatewayResponse: string, now: Date): Promise<RecordedOrderSuccess | null> {
  const [recorded] = await succeeded(sql, "reference = $1::text AND order_id IS NOT NULL", reference, gatewayResponse, now);
  return recorded ?? null;
}

/** An attempt named by its id or its reference, for a statement's WHERE on $1. */
const attemptNamed = (attempt: { id: number } | { reference: string }) => ("id" in attempt ? { where: "id = $1::int", key: attempt.id } : { where: "reference = $1::text", key: attempt.reference });

/** Looked at now (verify, the reconciler), whatever it said. */
export async function markChecked(sql: SqlQueries, attempt: { id: number } | { reference: string }, now: Date): Promise<void> {
  const { where, key } = attemptNamed(attempt);
  await sql.query(`UPDATE payment_attempts SET last_checked_at = $2::timestamp, updated_at = $2::timestamp WHERE ${where}`, [key, now.toISOString()]);
}

/**
 * The reconciler's claim of up to `limit` open attempts due a check: whoever moves their next check
 * forward owns this round; the others skip the locked rows.
 */
export async function claimDueChecks(sql: SqlQueries, now: Date, limit: number): Promise<{ reference: string; checkCount: number; createdAt: Date }[]> {
  const claimed = await sql.query<{ reference: string; checkCount: number; createdAt: string }>(
    `UPDATE payment_attempts SET next_check_at = $1::timestamp + interval '2 minutes', check_count = check_count + 1
     WHERE id IN (
       SELECT id FROM payment_attempts
       WHERE status::text IN (${sqlValueList(openStatuses)}) AND paid_at IS NULL AND next_check_at <= $1::timestamp
       ORDER BY next_check_at LIMIT $2::int FOR UPDATE SKIP LOCKED
     )
     RETURNING reference, check_count AS "checkCount", ${isoTimestamp("created_at")} AS "createdAt"`,
    [now.toISOString(), limit],
  );
  return claimed.map((attempt) => ({ ...attempt, createdAt: new Date(attempt.createdAt) }));
}

/** When the reconciler looks at an attempt again. */
export async function scheduleNextCheck(sql: SqlQueries, reference: string, at: Date): Promise<void> {
  await sql.query("UPDATE payment_attempts SET next_check_at = $2::timestamp, updated_at = $3::timestamp WHERE reference = $1::text", [reference, at.toISOString(), new Date().toISOString()]);
}

/** The money of this attempt goes back (requested), in the caller's statement's transaction. */
export async function requestRefund(sql: SqlQueries, attemptId: number, now: Date): Promise<boolean> {
  const requested = await sql.query(
    `UPDATE payment_attempts SET refund_state = 'requested', refund_requested_at = $2::timestamp, updated_at = $2::timestamp
     WHERE id = $1::int AND ${refundFrom("requested")}
     RETURNING id`,
    [attemptId, now.toISOString()],
  );
  return requested.length === 1;
}

/** Every successful payment of a cancelled order whose refund was asked for (requested); how many. */
export async function requestRefundsOfCancelledOrders(sql: SqlQueries, now: Date): Promise<number> {
  const requested = await sql.query(
    `UPDATE payment_attempts a SET refund_state = 'requested', refund_requested_at = $1::timestamp, updated_at = $1::timestamp
     FROM orders o
     WHERE o.id = a.order_id AND o.status = 'cancelled' AND o.refund_requested_at IS NOT NULL AND a.status = 'success' AND ${refundFrom("requested").replaceAll("refund_state", "a.refund_state")}
     RETURNING a.id`,
    [now.toISOString()],
  );
  return requested.length;
}

/** One process claims a requested refund for sending (claimedForSending); the store's own from now on, unless Paystack's dashboard started one first. */
export async function claimRefundForSending(sql: SqlQueries, attemptId: number, now: Date): Promise<boolean> {
  return updated(
    sql,
    `UPDATE payment_attempts SET refund_state = 'pending', refund_requested_at = $2::timestamp, paystack_refund_id = NULL,
       refund_origin = COALESCE(refund_origin, 'store'), updated_at = $2::timestamp
     WHERE id = $1::int AND ${refundFrom("claimedForSending")}`,
    [attemptId, now.toISOString()],
  );
}

/** The id Paystack gave the refund the store sent (to look it up later). */
export async function recordRefundSent(sql: SqlQueries, attemptId: number, paystackRefundId: string): Promise<void> {
  await sql.query("UPDATE payment_attempts SET paystack_refund_id = $2::text, updated_at = $3::timestamp WHERE id = $1::int", [attemptId, paystackRefundId, new Date().toISOString()]);
}

/** A claimed refund's next state: nothing was left to send (nothingLeft), Paystack refused it (refused), or no answer (retriedLater). */
export async function settleClaimedRefund(sql: SqlQueries, attemptId: number, transition: "nothingLeft" | "refused" | "retriedLater"): Promise<boolean> {
  const [, to] = refundTransitions[transition][0];
  return updated(sql, `UPDATE payment_attempts SET refund_state = $2::refund_state, updated_at = $3::timestamp WHERE id = $1::int AND ${refundFrom(transition)}`, [attemptId, to, new Date().toISOString()]);
}

/** Paystack started a refund the store did not ask for (startedOutside): flagged as the dashboard's. */
export async function noteOutsideRefund(sql: SqlQueries, attemptId: number): Promise<boolean> {
  return updated(
    sql,
    `UPDATE payment_attempts SET refund_state = 'pending', refund_origin = 'paystack_dashboard', updated_at = $2::timestamp WHERE id = $1::int AND ${refundFrom("startedOutside")}`,
    [attemptId, new Date().toISOString()],
  );
}

/**
 * Paystack reported a refund failed (failedReported): the store's refund in flight (`storeSent`,
 * pending), the store's refund asked or sent (`storeAsked`, requested or pending), or a refund the
 * store did not ask for that nothing else is known of (`outside`: none, or pending without the
 * store's request), marked as the dashboard's.
 */
export async function failRefund(sql: SqlQueries, attempt: { id: number } | { reference: string }, which: "storeSent" | "storeAsked" | "outside"): Promise<boolean> {
  const condition: Record<typeof which, string> = {
    storeSent: refundFrom("failedReported", ["pending"]),
    storeAsked: refundFrom("failedReported", ["requested", "pending"]),
    outside: "(refund_state IS NULL OR (refund_state = 'pending' AND refund_requested_at IS NULL))",
  };
  const { where, key } = attemptNamed(attempt);
  return updated(
    sql,
    `UPDATE payment_attempts SET refund_state = 'failed', refund_origin = ${which === "outside" ? "'paystack_dashboard'" : "refund_origin"}, updated_at = $2::timestamp
     WHERE ${where} AND ${condition[which]}`,
    [key, new Date().toISOString()],
  );
}

/**
 * A refund Paystack reported processed, booked (booked): the amount refunded so far and the state it
 * leaves (`from`, as read under the attempt's lock, to `to`); `outside` marks it as the dashboard's.
 */
export async function recordRefundBooked(
  sql: SqlQueries,
  attemptId: number,
  { from, to, refundedAmountMinor, outside, now }: { from: RefundStateOrNone; to: RefundState; refundedAmountMinor: number; outside: boolean; now: Date },
): Promise<void> {
  if (!refundTransitions.booked.some(([start, end]) => start === from && end === to)) throw new Error(`A refund cannot be booked from ${from} to ${to}`);
  await sql.query(
    `UPDATE payment_attempts SET refunded_amount_minor = $2::int, refunded_at = $3::timestamp, refund_state = $4::refund_state,
       refund_origin = ${outside ? "'paystack_dashboard'" : "refund_origin"}, updated_at = $3::timestamp
     WHERE id = $1::int`,
    [attemptId, refundedAmountMinor, now.toISOString(), to],
  );
}
