import type { Logger } from "pino";
import { deleteExpiredEvents } from "~/features/auth/rate-limit.server";
import { openDueDripRuns } from "~/features/drip-feed/drip-feed.server";
import { releaseHeldEarnings } from "~/features/fulfilment/review.server";
import { expireUnpaidOrders } from "~/features/orders/order-expiry.server";
import { emailTransport } from "~/features/mail/mail-delivery.server";
import { sendDueMessages } from "~/features/mail/outbox-sender.server";
import { getEnv } from "~/lib/env.server";
import { applyRetentionPolicy } from "~/features/retention/retention.server";
import { reconcilePayments } from "~/features/payments/reconciler.server";
import { expireUnpaidTopUps } from "~/features/top-ups/top-ups.server";
import { reconcileProcessingPayouts } from "~/features/payouts/payouts.server";
import { dropDeliveriesWithoutEvidence } from "~/features/deliveries/decisions.server";

/**
 * Periodic housekeeping of this process. Each job is idempotent, so several app processes running
 * it against one database is harmless.
 */
const hourMs = 60 * 60 * 1000;

// `atStart`: also run once at start-up. The payments job waits for its first interval instead: it
// calls Paystack (the sandbox is this server), which is reachable only once the server listens.
const jobs: { name: string; everyMs: number; atStart?: boolean; run: () => Promise<unknown> }[] = [
  { name: "delete expired rate-limit events", everyMs: hourMs, atStart: true, run: deleteExpiredEvents },
  // Settles payments nobody is watching (lost answers, restarts, missed webhooks) and sends refunds.
  { name: "reconcile payments", everyMs: 5_000, run: () => reconcilePayments() },
  // Payout transfers nobody reported on (no webhook): asked about again, resent or failed. Like the
  // payments job it calls Paystack, so it too waits for its first interval.
  { name: "reconcile payouts", everyMs: 5_000, run: () => reconcileProcessingPayouts() },
  // Completions whose review period ended: their rewards become available.
  { name: "release held earnings", everyMs: 60_000, atStart: true, run: () => releaseHeldEarnings() },
  // Flagged deliveries whose screenshot did not come in time: dropped and delivered again (decision 0040).
  { name: "drop deliveries without evidence", everyMs: 60_000, atStart: true, run: () => dropDeliveriesWithoutEvidence() },
  // Drip-feed orders (decision 0026): each run whose time has come opens its slots on the order's task, once.
  { name: "open due drip-feed runs", everyMs: 30_000, atStart: true, run: () => openDueDripRuns() },
  // Unpaid orders past UNPAID_ORDER_EXPIRY_HOURS are cancelled as expired (decision 0020); a page
  // showing one expires it at once, so a minute late here is never seen.
  { name: "expire unpaid orders", everyMs: 60_000, atStart: true, run: () => expireUnpaidOrders() },
  // Unpaid top-ups expire the same way; a top-up's page expires one at once too.
  { name: "expire unpaid top-ups", everyMs: 60_000, atStart: true, run: () => expireUnpaidTopUps() },
  // E-mails queued by events (the outbox): sent, retried with backoff, never twice (features/mail).
  { name: "send queued e-mails", everyMs: getEnv().OUTBOX_POLL_MS, atStart: true, run: () => sendDueMessages(emailTransport(), { leaseSeconds: getEnv().OUTBOX_LEASE_SECONDS }) },
  // Deletes screenshots, proofs and tickets the privacy policy keeps only for a while.
  { name: "apply the retention policy", everyMs: hourMs, atStart: true, run: () => applyRetentionPolicy() },
];

/** How long a stop waits for job runs in progress (within SHUTDOWN_TIMEOUT_MS, 10 s by default). */
const stopWaitMs = 5_000;

/**
 * Starts the jobs; the returned function stops them and resolves once the runs in progress have
 * finished (at most `stopWaitMs`), so shutdown never closes the database under a running job.
 */
export function startBackgroundJobs(logger: Logger, jobList = jobs): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const timers = jobList.map((job) => {
    let isRunning = false;
    // A run never overlaps the previous one of the same job.
    const runSafely = () => {
      if (isRunning) return;
      isRunning = true;
      const run: Promise<void> = job
        .run()
        .then(() => undefined, (error: unknown) => void logger.error({ err: error, job: job.name }, "background job failed"))
        .finally(() => {
          isRunning = false;
          running.delete(run);
        });
      running.add(run);
    };
    if (job.atStart) runSafely();
    const timer = setInterval(runSafely, job.everyMs);
    timer.unref(); // never keeps the process alive on its own
    return timer;
  });
  return async () => {
    timers.forEach(clearInterval);
    let timeout: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timeout = setTimeout(resolve, stopWaitMs)));
    await Promise.race([Promise.all(running), waited]);
    clearTimeout(timeout);
  };
}
