import { type OrderOfPayment, type OrderOfPaymentRow, orderOfPayment, orderOfPaymentColumns } from "~/features/orders/index.server";
import type { PaymentAttemptStatus } from "~/generated/prisma/client";
import { getDatabase } from "~/lib/database/db.server";
import { isoTimestamp } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { waitForWebhookOf } from "./settlements-underway.server";
import { markChecked, openAttemptStatuses } from "~/features/attempt-lifecycle/index.server";
import type { VerifyResponse } from "./payment-schema";
import { getPaystack } from "~/features/paystack/index.server";
import { applyTransactionOutcome } from "./settlement.server";

/* Where a payment stands: verify and the status page read the attempt, and ask Paystack when it is due (refreshAttempt, also the reconciler's). */

const unknownReference = () => new AppError(404, "not_found", "Transaction reference not found");

/**
 * SPEC §7 GET /api/payment/verify/{reference}: no sign-in, so it answers nothing beyond the status
 * and the gateway's words.
 */
export async function verifyPayment(reference: string): Promise<VerifyResponse> {
  const { status, gatewayResponse } = await checkPayment(reference);
  return { status: true, message: "Verification successful", data: { status, gateway_response: gatewayResponse } };
}

/** Where a payment stands, in Paystack's words (`status`), and how it is paid. */
export type PaymentCheck = { status: string; gatewayResponse: string | null; channel: "card" | "mobile_money" };

/**
 * The payment's check: an attempt still open is verified with Paystack first (at most every few
 * seconds per attempt, however often a page polls).
 */
export async function checkPayment(reference: string): Promise<PaymentCheck> {
  return (await checkAttempt(reference, readAttemptState)).check;
}

/**
 * checkPayment, and the payment's order as its status page shows it (null for a top-up's), read in
 * the statement that reads the attempt's state (after any settlement the check waited for): one
 * round trip fewer per status page (issue #22).
 */
export async function checkPaymentWithOrder(reference: string): Promise<PaymentCheck & { order: OrderOfPayment | null }> {
  const { check, attempt } = await checkAttempt(reference, readAttemptStateWithOrder);
  return { ...check, order: orderOfPayment(attempt) };
}

async function checkAttempt<State extends AttemptState>(reference: string, read: (reference: string) => Promise<State | undefined>): Promise<{ check: PaymentCheck; attempt: State }> {
  const first = await read(reference);
  if (!first) throw unknownReference();
  let attempt = first;
  const isRecent = attempt.lastCheckedAt !== null && Date.now() - Date.parse(attempt.lastCheckedAt) < verifyThrottleMs;
  const isOpen = () => openAttemptStatuses.includes(attempt.status) && !isRecent;
  // A settled attempt (most checks) is answered from the one read. An open one is settled by the
  // webhook this process is applying, if any (settlements-underway.server), else asked about first.
  if (isOpen() && (await waitForWebhookOf(reference))) attempt = (await read(reference)) ?? attempt;
  if (isOpen()) {
    await refreshAttempt(reference);
    attempt = (await read(reference)) ?? attempt;
  }
  return { check: { status: verifyStatusOf(attempt.status), gatewayResponse: attempt.gatewayResponse, channel: attempt.channel }, attempt };
}

type AttemptState = { status: PaymentAttemptStatus; lastCheckedAt: string | null; gatewayResponse: string | null; channel: "card" | "mobile_money" };
const attemptStateColumns = `a.status::text AS status, ${isoTimestamp("a.last_checked_at")} AS "lastCheckedAt", a.gateway_response AS "gatewayResponse", a.channel::text AS channel`;

/** One named statement: every verify call reads it (issue #22). */
async function readAttemptState(reference: string): Promise<AttemptState | undefined> {
  const [attempt] = await getDatabase().sql.query<AttemptState>(`SELECT ${attemptStateColumns} FROM payment_attempts a WHERE a.reference = $1::text`, [reference], {
    statementName: "payment-attempt-state",
  });
  return attempt;
}

/** One named statement: every status page reads it. */
async function readAttemptStateWithOrder(reference: string): Promise<(AttemptState & OrderOfPaymentRow) | undefined> {
  const [attempt] = await getDatabase().sql.query<AttemptState & OrderOfPaymentRow>(
    `SELECT ${attemptStateColumns}, ${orderOfPaymentColumns} FROM payment_attempts a LEFT JOIN orders o ON o.id = a.order_id WHERE a.reference = $1::text`,
    [reference],
    { statementName: "payment-attempt-state-and-order" },
  );
  return attempt;
}

const verifyThrottleMs = 3_000;

/**
 * Paystack's words for where an attempt stands: open attempts are "ongoing" (or "pending" before any
 * answer), and one Paystack last read as abandoned is "abandoned" although it is still watched.
 */
function verifyStatusOf(status: PaymentAttemptStatus): string {
  if (status === "pending") return "pending";
  if (status === "not_completed") return "abandoned";
  if (openAttemptStatuses.includes(status)) return "ongoing";
  return status;
}

/** Asks Paystack where an attempt stands and applies the answer. Used by verify, resend and the reconciler. */
export async function refreshAttempt(reference: string, now = new Date()) {
  const result = await getPaystack().client.verifyTransaction(reference);
  if (!result.ok) {
    // Unknown to Paystack: the charge call never reached it (it was never attempted).
    if (result.kind === "rejected" && /not found/i.test(result.message)) {
      await applyTransactionOutcome({ reference, status: "failed", gatewayResponse: "The payment was not started. Please try again." }, now);
      return "closed" as const;
    }
    await markChecked(getDatabase().sql, { reference }, now);
    return "in_progress" as const;
  }
  const { status, amount, currency, gateway_response: gatewayResponse } = result.data;
  return applyTransactionOutcome({ reference, status, amount, currency, gatewayResponse }, now);
}
