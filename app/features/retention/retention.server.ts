import { getUploadStorage, type UploadStorage } from "~/features/uploads/storage.server";
import { getPrisma } from "~/lib/database/db.server";
import { getLogger } from "~/lib/logger.server";

/*
 * Deletes what the privacy policy (app/routes/privacy.tsx, "How long we keep data") says we keep
 * only for a while. Run by the server every hour (server/jobs.ts); every step is idempotent, so a
 * crash halfway or several processes running it at once do no harm. Rate-limit events (24 hours)
 * are deleted by their own job.
 */
const dayMs = 24 * 60 * 60 * 1000;
export const retentionPeriods = {
  /**
   * Account screenshots: 90 days after a paid order is completed, cancelled or refunded. An order
   * that ended before it was paid (cancelled, or expired after UNPAID_ORDER_EXPIRY_HOURS) has nothing
   * to deliver or dispute: its screenshot goes at the next run (decision 0020).
   */
  screenshotAfterOrderEndsMs: 90 * dayMs,
  /**
   * A screenshot no order used (a checkout without JavaScript not finished): as long as an unpaid
   * order lasts. It counts against the client's screenshot quota meanwhile (upload-quota.server.ts).
   */
  unusedScreenshotMs: dayMs,
  /** Proofs submitted for tasks: 12 months after the task was completed. */
  taskProofMs: 365 * dayMs,
  /** Support tickets: 2 years after the ticket is closed. */
  closedTicketMs: 2 * 365 * dayMs,
};

// Bounded batches: one run never holds a long transaction or loads a whole table.
const batchSize = 200;

export interface RetentionResult {
  screenshots: number;
  proofs: number;
  tickets: number;
}

export async function applyRetentionPolicy(now = new Date(), storage: UploadStorage = getUploadStorage()): Promise<RetentionResult> {
  return {
    screenshots: await deleteExpiredScreenshots(now, storage),
    proofs: await deleteExpiredProofs(now, storage),
    tickets: await deleteClosedTickets(now),
  };
}

function before(now: Date, periodMs: number): Date {
  return new Date(now.getTime() - periodMs);
}

async function deleteExpiredScreenshots(now: Date, storage: UploadStorage): Promise<number> {
  const endedBefore = before(now, retentionPeriods.screenshotAfterOrderEndsMs);
  // Every order that used the screenshot has ended long enough ago ("partial" orders ended with a
  // refund of the rest; their last change is when they ended), or ended unpaid.
  const orderEndedLongAgo = {
    OR: [
      { status: "completed" as const, completedAt: { lt: endedBefore } },
      { status: "cancelled" as const, cancelledAt: { lt: endedBefore } },
      { status: "partial" as const, updatedAt: { lt: endedBefore } },
      { status: "cancelled" as const, paymentStatus: "unpaid" as const },
    ],
  };
  const uploads = await getPrisma().upload.findMany({
    where: {
      purpose: "account_screenshot",
      OR: [
        { orders: { some: {}, every: orderEndedLongAgo } },
        { orders: { none: {} }, createdAt: { lt: before(now, retentionPeriods.unusedScreenshotMs) } },
      ],
    },
    select: { id: true, storageKey: true },
    take: batchSize,
  });
  return deleteUploads(uploads, storage);
}

async function deleteExpiredProofs(now: Date, storage: UploadStorage): Promise<number> {
  const completedBefore = before(now, retentionPeriods.taskProofMs);
  const { count } = await getPrisma().taskCompletion.updateMany({
    where: { completedAt: { lt: completedBefore }, proof: { not: null } },
    data: { proof: null },
  });
  const uploads = await getPrisma().upload.findMany({
    where: { purpose: "task_proof", createdAt: { lt: completedBefore }, taskCompletions: { every: { completedAt: { lt: completedBefore } } } },
    select: { id: true, storageKey: true },
    take: batchSize,
  });
  return count + (await deleteUploads(uploads, storage));
}

/** The bytes first, then the row: a crash between leaves a row whose bytes the next run deletes again. */
async function deleteUploads(uploads: { id: string; storageKey: string }[], storage: UploadStorage): Promise<number> {
  let deleted = 0;
  for (const upload of uploads) {
    try {
      await storage.delete(upload.storageKey);
      // Orders and completions keep their rows: their reference to the upload becomes null.
      await getPrisma().upload.deleteMany({ where: { id: upload.id } });
      deleted++;
    } catch (error) {
      getLogger().error({ err: error, uploadId: upload.id }, "could not delete an expired upload; the next run retries");
    }
  }
  return deleted;
}

async function deleteClosedTickets(now: Date): Promise<number> {
  const { count } = await getPrisma().supportTicket.deleteMany({
    where: { status: "closed", updatedAt: { lt: before(now, retentionPeriods.closedTicketMs) } },
  });
  return count;
}
