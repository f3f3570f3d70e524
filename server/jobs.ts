import type { Logger } from "pino";
import { deleteExpiredEvents } from "~/features/auth/rate-limit.server";

/**
 * Periodic housekeeping of this process. Each job is idempotent, so several app processes running
 * it against one database is harmless.
 */
const hourMs = 60 * 60 * 1000;

const jobs: { name: string; everyMs: number; run: () => Promise<unknown> }[] = [
  { name: "delete expired rate-limit events", everyMs: hourMs, run: deleteExpiredEvents },
];

export function startBackgroundJobs(logger: Logger): () => void {
  const timers = jobs.map((job) => {
    const runSafely = () => job.run().catch((error: unknown) => logger.error({ err: error, job: job.name }, "background job failed"));
    void runSafely();
    const timer = setInterval(runSafely, job.everyMs);
    timer.unref(); // never keeps the process alive on its own
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
