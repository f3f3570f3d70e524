import { getDatabase } from "~/lib/database/db.server";
import { getLogger } from "~/lib/logger.server";
import { claimDueChecks, scheduleNextCheck } from "~/features/attempt-lifecycle/index.server";
import { refreshAttempt } from "./payment-checks.server";
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


export async function reconcileOpenAttempts(now = new Date(), limit = 25): Promise<number> {
  const claimed = await claimDueChecks(getDatabase().sql, now, limit);
  for (const attempt of claimed) {
    try {
      const result = await refreshAttempt(attempt.reference, now);
      if (result !== "in_progress") continue;
      if (now.getTime() - new Date(attempt.createdAt).getTime() > giveUpAfterMs) {
        await closeAbandonedAttempt(attempt.reference, "Not approved within 24 hours", now);
        continue;
      }
      const delay = checkDelaysMs[attempt.checkCount - 1] ?? laterCheckDelayMs;
      await scheduleNextCheck(getDatabase().sql, attempt.reference, new Date(now.getTime() + delay));
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
