import fs from "node:fs/promises";
import path from "node:path";
import { outboxDirectory, emlFileName } from "~/features/mail/index.server";
import { forgetProofsBefore } from "~/features/deliveries/index.server";
import { getUploadStorage, type UploadStorage } from "~/features/uploads/index.server";
import { getPrisma, getDatabase } from "~/lib/database/db.server";
import { getLogger } from "~/lib/logger.server";
import { retentionPeriods } from "~/lib/retention-periods";

/*
 * Deletes what the privacy policy (app/routes/privacy.tsx, "How long we keep data") says we keep
 * only for a while. Run by the server every hour (server/jobs.ts); every step is idempotent, so a
 * crash halfway or several processes running it at once do no harm. Rate-limit events (24 hours)
 * are deleted by their own job. The periods are in app/lib/retention-periods.ts.
 */

// Bounded batches: one run never holds a long transaction or loads a whole table.
const batchSize = 200;

export interface RetentionResult {
  screenshots: number;
  proofs: number;
  tickets: number;
  emails: number;
  accountLinks: number;
}

export async function applyRetentionPolicy(now = new Date(), storage: UploadStorage = getUploadStorage()): Promise<RetentionResult> {
  return {
    screenshots: await deleteExpiredScreenshots(now, storage),
    proofs: await deleteExpiredProofs(now, storage),
    tickets: await deleteClosedTickets(now),
    emails: await deleteOldEmails(now),
    accountLinks: await deleteOldAccountLinks(now),
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
  const count = await forgetProofsBefore(getDatabase().sql, completedBefore);
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

/** Sent or given-up e-mails, and their .eml copies (the file first: a crash leaves a row the next run deletes again). */
async function deleteOldEmails(now: Date): Promise<number> {
  const rows = await getPrisma().outboxMessage.findMany({
    where: { status: { in: ["sent", "failed"] }, createdAt: { lt: before(now, retentionPeriods.sentEmailMs) } },
    select: { id: true },
    take: batchSize,
  });
  for (const row of rows) await fs.rm(path.join(outboxDirectory(), emlFileName(row.id)), { force: true });
  const { count } = await getPrisma().outboxMessage.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
  return count;
}

async function deleteOldAccountLinks(now: Date): Promise<number> {
  const cutoff = before(now, retentionPeriods.accountLinkMs);
  const { count } = await getPrisma().accountToken.deleteMany({ where: { OR: [{ usedAt: { lt: cutoff } }, { expiresAt: { lt: cutoff } }] } });
  return count;
}
