import { getPrisma } from "~/lib/database/db.server";
import { getLogger } from "~/lib/logger.server";
import { openAttemptStatuses } from "~/lib/payment-attempt-status";
import { refreshAttempt } from "./payments.server";
import { checkPendingRefunds, processRequestedRefunds, requestRefundsOfCancelledOrders } from "./refunds.server";
import { closeAbandonedAttempt } from "./settlement.server";

/**
 * The payments reconciler (a background job): attempts left open — no webhook yet, a lost answer, a
 * server stopped mid-payment — are verified with Paystack on a schedule, so every payment settles
 * whether or not anyone watches it; then refunds are sent. Safe with several app processes: each
 * attempt is claimed with FOR UPDATE SKIP LOCKED by moving its next check forward.
 */

/** When to look again after the n-th check: Paystack's 10 s, then past the 180 s mobile-money window, then every 5 minutes. */
const checkDelaysMs = [10_000, 20_000, 30_000, 60_000, 120_000];
const laterCheckDelayMs = 5 * 60_000;
/**
 * An attempt nobody completed after this long is abandoned for good. Paystack's own "abandoned" comes
 * much sooner (180 s for mobile money, at once for a checkout not paid yet) and is not final: until
 * then such an attempt stays open here (`not_completed`), so a late success is still credited.
 */
const giveUpAfterMs = 24 * 60 * 60_000;

interface ClaimedAttempt {
  reference: string;
  check_count: number;
  created_at: Date;
}

export async function reconcileOpenAttempts(now = new Date(), limit = 25): Promise<number> {
  const prisma = getPrisma();
  const statuses = openAttemptStatuses.map((status) => `'${status}'`).join(", ");
  // Claim: whoever moves next_check_at owns this round of checks; the others skip the locked rows.
  const claimed = await prisma.$queryRawUnsafe<ClaimedAttempt[]>(
    `UPDATE payment_attempts SET next_check_at = $1::timestamp + interval '2 minutes', check_count = check_count + 1
     WHERE id IN (
       SELECT id FROM payment_attempts
       WHERE status::text IN (${statuses}) AND paid_at IS NULL AND next_check_at <= $1::timestamp
       ORDER BY next_check_at LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED
     )
     RETURNING reference, check_count, created_at`,
    now.toISOString().replace("T", " ").replace("Z", ""),
  );
  for (const attempt of claimed) {
    try {
      const result = await refreshAttempt(attempt.reference, now);
      if (result !== "in_progress") continue;
      if (now.getTime() - new Date(attempt.created_at).getTime() > giveUpAfterMs) {
        await closeAbandonedAttempt(attempt.reference, "Not approved within 24 hours", now);
        continue;
      }
      const delay = checkDelaysMs[attempt.check_count - 1] ?? laterCheckDelayMs;
      await prisma.paymentAttempt.update({ where: { reference: attempt.reference }, data: { nextCheckAt: new Date(now.getTime() + delay) } });
    } catch (error) {
      getLogger().error({ err: error, reference: attempt.reference }, "could not reconcile a payment attempt");
    }
  }
  return claimed.length;
}

/**
 * One round of the job: open attempts, then refunds. Payout transfers nobody reported on are the
 * payouts feature's own job (reconcileProcessingPayouts, registered in server/jobs.ts).
 */
export async function reconcilePayments(now = new Date()): Promise<void> {
  await reconcileOpenAttempts(now);
  await requestRefundsOfCancelledOrders(now);
  await processRequestedRefunds(now);
  await checkPendingRefunds(now);
}
