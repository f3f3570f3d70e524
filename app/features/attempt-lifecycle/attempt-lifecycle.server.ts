import type { Prisma, RefundState } from "~/generated/prisma/client";
import { PaymentAttemptStatus } from "~/generated/prisma/enums";
import type { RowWithinLimits } from "~/features/auth/index.server";
import { type SqlQueries, sqlValueList } from "~/lib/database/sql-client.server";

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

type Db = Prisma.TransactionClient;
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
/** A Prisma condition on the refund state: one of the transition's starts (`onlyFrom` narrows it). */
function refundFrom(transition: RefundTransition, onlyFrom?: readonly RefundStateOrNone[]): Prisma.PaymentAttemptWhereInput {
  const starts = startsOf<RefundStateOrNone>(refundTransitions[transition]).filter((start) => !onlyFrom || onlyFrom.includes(start));
  const states = starts.filter((start): start is RefundState => start !== null);
  return { OR: [...(starts.includes(null) ? [{ refundState: null }] : []), ...(states.length > 0 ? [{ refundState: { in: states } }] : [])] };
}

/** An attempt's row (`started`, status pending), for the statement that inserts it within the payment limits (charge-limits.server.ts). */
export function newAttemptRow(columns: Record<string, string>): RowWithinLimits {
  const valueOf = { ...columns, status: "'pending'::payment_attempt_status", check_count: "0", refunded_amount_minor: "0" };
  return { into: "payment_attempts", columns: Object.keys(valueOf).join(", "), values: Object.values(valueOf).join(", ") };
}

/** The payer is asked for a step (stepAsked); nothing changes once the attempt has ended. */
export async function askForStep(db: Db, reference: string, status: AttemptStep, displayText: string | null): Promise<boolean> {
  const { count } = await db.paymentAttempt.updateMany({ where: { reference, status: { in: statusesFrom("stepAsked") } }, data: { status, displayText } });
  return count === 1;
}

/** Paystack says the payer has not completed it (notCompleted): still open, still watched. */
export async function markNotCompleted(db: Db, attemptId: number, gatewayResponse: string | null, now: Date): Promise<boolean> {
  const { count } = await db.paymentAttempt.updateMany({
    where: { id: attemptId, paidAt: null, status: { in: statusesFrom("notCompleted") } },
    data: { status: "not_completed", gatewayResponse, lastCheckedAt: now },
  });
  return count === 1;
}

/** Ends an attempt unpaid (closedUnpaid); false when it had ended already. */
export async function closeUnpaid(db: Db, attemptId: number, status: (typeof unpaidEnds)[number], gatewayResponse: string | null, now: Date): Promise<boolean> {
  const { count } = await db.paymentAttempt.updateMany({
    where: { id: attemptId, paidAt: null, status: { in: statusesFrom("closedUnpaid") } },
    data: { status, gatewayResponse, lastCheckedAt: now },
  });
  return count === 1;
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

/** Looked at now (verify, the reconciler), whatever it said. */
export async function markChecked(db: Db, attempt: { id: number } | { reference: string }, now: Date): Promise<void> {
  await db.paymentAttempt.updateMany({ where: attempt, data: { lastCheckedAt: now } });
}

/**
 * The reconciler's claim of up to `limit` open attempts due a check: whoever moves their next check
 * forward owns this round; the others skip the locked rows.
 */
export async function claimDueChecks(db: Db, now: Date, limit: number): Promise<{ reference: string; check_count: number; created_at: Date }[]> {
  return db.$queryRawUnsafe(
    `UPDATE payment_attempts SET next_check_at = $1::timestamp + interval '2 minutes', check_count = check_count + 1
     WHERE id IN (
       SELECT id FROM payment_attempts
       WHERE status::text IN (${sqlValueList(openStatuses)}) AND paid_at IS NULL AND next_check_at <= $1::timestamp
       ORDER BY next_check_at LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED
     )
     RETURNING reference, check_count, created_at`,
    now.toISOString().replace("T", " ").replace("Z", ""),
  );
}

/** When the reconciler looks at an attempt again. */
export async function scheduleNextCheck(db: Db, reference: string, at: Date): Promise<void> {
  await db.paymentAttempt.updateMany({ where: { reference }, data: { nextCheckAt: at } });
}

/** The money of this attempt goes back (requested), in the caller's statement's transaction. */
export async function requestRefund(sql: SqlQueries, attemptId: number, now: Date): Promise<boolean> {
  const requested = await sql.query(
    `UPDATE payment_attempts SET refund_state = 'requested', refund_requested_at = $2::timestamp, updated_at = $2::timestamp
     WHERE id = $1::int AND (refund_state IS NULL OR refund_state::text IN (${sqlValueList(startsOf(refundTransitions.requested).filter((start) => start !== null))}))
     RETURNING id`,
    [attemptId, now.toISOString()],
  );
  return requested.length === 1;
}

/** Every successful payment of a cancelled order whose refund was asked for (requested); how many. */
export async function requestRefundsOfCancelledOrders(db: Db, now: Date): Promise<number> {
  const { count } = await db.paymentAttempt.updateMany({
    where: { status: "success", ...refundFrom("requested"), order: { status: "cancelled", refundRequestedAt: { not: null } } },
    data: { refundState: "requested", refundRequestedAt: now },
  });
  return count;
}

/** One process claims a requested refund for sending (claimedForSending); the store's own from now on, unless Paystack's dashboard started one first. */
export async function claimRefundForSending(db: Db, attemptId: number, now: Date): Promise<boolean> {
  const { count } = await db.paymentAttempt.updateMany({ where: { id: attemptId, ...refundFrom("claimedForSending") }, data: { refundState: "pending", refundRequestedAt: now, paystackRefundId: null } });
  if (count === 1) await db.paymentAttempt.updateMany({ where: { id: attemptId, refundOrigin: null }, data: { refundOrigin: "store" } });
  return count === 1;
}

/** The id Paystack gave the refund the store sent (to look it up later). */
export async function recordRefundSent(db: Db, attemptId: number, paystackRefundId: string): Promise<void> {
  await db.paymentAttempt.updateMany({ where: { id: attemptId }, data: { paystackRefundId } });
}

/** A claimed refund's next state: nothing was left to send (nothingLeft), Paystack refused it (refused), or no answer (retriedLater). */
export async function settleClaimedRefund(db: Db, attemptId: number, transition: "nothingLeft" | "refused" | "retriedLater"): Promise<boolean> {
  const [, to] = refundTransitions[transition][0];
  const { count } = await db.paymentAttempt.updateMany({ where: { id: attemptId, ...refundFrom(transition) }, data: { refundState: to } });
  return count === 1;
}

/** Paystack started a refund the store did not ask for (startedOutside): flagged as the dashboard's. */
export async function noteOutsideRefund(db: Db, attemptId: number): Promise<boolean> {
  const { count } = await db.paymentAttempt.updateMany({ where: { id: attemptId, ...refundFrom("startedOutside") }, data: { refundState: "pending", refundOrigin: "paystack_dashboard" } });
  return count === 1;
}

/**
 * Paystack reported a refund failed (failedReported): the store's refund in flight (`storeSent`,
 * pending), the store's refund asked or sent (`storeAsked`, requested or pending), or a refund the
 * store did not ask for that nothing else is known of (`outside`: none, or pending without the
 * store's request), marked as the dashboard's.
 */
export async function failRefund(db: Db, attempt: { id: number } | { reference: string }, which: "storeSent" | "storeAsked" | "outside"): Promise<boolean> {
  const where: Record<typeof which, Prisma.PaymentAttemptWhereInput> = {
    storeSent: refundFrom("failedReported", ["pending"]),
    storeAsked: refundFrom("failedReported", ["requested", "pending"]),
    outside: { OR: [{ refundState: null }, { refundState: "pending", refundRequestedAt: null }] },
  };
  const { count } = await db.paymentAttempt.updateMany({
    where: { ...attempt, ...where[which] },
    data: { refundState: "failed", ...(which === "outside" ? { refundOrigin: "paystack_dashboard" as const } : {}) },
  });
  return count === 1;
}

/**
 * A refund Paystack reported processed, booked (booked): the amount refunded so far and the state it
 * leaves (`from`, as read under the attempt's lock, to `to`); `outside` marks it as the dashboard's.
 */
export async function recordRefundBooked(
  db: Db,
  attemptId: number,
  { from, to, refundedAmountMinor, outside, now }: { from: RefundStateOrNone; to: RefundState; refundedAmountMinor: number; outside: boolean; now: Date },
): Promise<void> {
  if (!refundTransitions.booked.some(([start, end]) => start === from && end === to)) throw new Error(`A refund cannot be booked from ${from} to ${to}`);
  await db.paymentAttempt.update({
    where: { id: attemptId },
    data: { refundedAmountMinor, refundedAt: now, refundState: to, ...(outside ? { refundOrigin: "paystack_dashboard" as const } : {}) },
  });
}
