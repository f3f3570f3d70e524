import { z } from "zod";
import { discardUpload, storeImage } from "~/features/uploads/index.server";
import type { DeliveryState } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { formatOrderDateTime } from "~/lib/date-time";
import { AppError } from "~/lib/errors";
import { maximumRecordId } from "~/lib/record-id";
import { submitEvidence } from "./delivery-lifecycle.server";
import { evidenceRequest } from "./delivery-rules";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * The worker's side of a flag (issue #48): the deliveries of theirs a client flagged or the store's
 * spot check picked (decision 0042), and the screenshot that answers one. The screenshot is stored by the upload rules every image follows
 * (checked by its bytes, 5 MB at most) and readable by its worker and admins only.
 */

/** Who answers: the worker whose delivery was flagged. */
export interface EvidenceWorker {
  id: number;
  role: string;
}

/** One flagged delivery, as `GET /api/worker/flags` answers it. */
export interface WorkerFlagView {
  deliveryId: number;
  targetUrl: string;
  handle: string;
  flaggedAt: string;
  evidenceDueAt: string;
  state: DeliveryState;
}

/** The dashboard's view: the API's, with the request in the task's words and the deadline formatted. */
export interface WorkerFlagItem extends WorkerFlagView {
  platform: string;
  /** Asked by the store's spot check, not by a client. */
  isSpotCheck: boolean;
  /** Why an admin decided as they did. */
  decisionReason: string | null;
  request: string;
  evidenceDueText: string;
}

const deliveryNotFound = () => new AppError(404, "not_found", "Delivery not found");

const flagSelect = { id: true, targetUrl: true, handle: true, platform: true, flaggedAt: true, evidenceDueAt: true, deliveryState: true, decisionReason: true, isSpotCheck: true, task: { select: { type: true } } } as const;

/** The worker's flagged deliveries, newest flag first: those waiting for a screenshot, and those it answered. */
export async function listWorkerFlags(worker: EvidenceWorker, limit = 50): Promise<WorkerFlagItem[]> {
  if (worker.role !== "worker") throw new AppError(403, "forbidden", "Only workers answer flags.");
  // A flag an admin is still screening has asked the worker nothing yet.
  const rows = await getPrisma().taskCompletion.findMany({ where: { workerId: worker.id, flaggedAt: { not: null }, evidenceDueAt: { not: null } }, orderBy: [{ flaggedAt: "desc" }, { id: "desc" }], take: limit, select: flagSelect });
  return rows.map((row) => ({
    deliveryId: row.id,
    targetUrl: row.targetUrl,
    handle: row.handle,
    flaggedAt: row.flaggedAt!.toISOString(),
    evidenceDueAt: row.evidenceDueAt!.toISOString(),
    state: row.deliveryState,
    platform: row.platform,
    decisionReason: row.decisionReason,
    isSpotCheck: row.isSpotCheck,
    request: evidenceRequest(row.task.type, row.platform, row.isSpotCheck),
    evidenceDueText: formatOrderDateTime(row.evidenceDueAt!),
  }));
}

/** POST /api/worker/flags/{deliveryId}/evidence. */
export const evidenceRequestSchema = z.object({ screenshot: z.string({ error: "screenshot must be an image as a data: URL" }).min(1, "screenshot must be an image as a data: URL") });

/**
 * The worker's screenshot for their flagged delivery, before its deadline: stored, and the delivery
 * goes to an admin. Another worker's delivery is 404 alike with one that does not exist; one not
 * waiting for a screenshot (answered, decided, never flagged) or past its deadline is 409.
 */
export async function submitDeliveryEvidence(worker: EvidenceWorker, deliveryId: number, bytes: Uint8Array, now = new Date()): Promise<WorkerFlagView> {
  if (worker.role !== "worker") throw new AppError(403, "forbidden", "Only workers answer flags.");
  if (!Number.isSafeInteger(deliveryId) || deliveryId <= 0 || deliveryId > maximumRecordId) throw deliveryNotFound();
  const delivery = await getPrisma().taskCompletion.findFirst({ where: { id: deliveryId, workerId: worker.id }, select: { deliveryState: true, evidenceDueAt: true } });
  if (!delivery) throw deliveryNotFound();
  assertWaitingForEvidence(delivery, now);
  const upload = await storeImage({ ownerId: worker.id, purpose: "task_proof", bytes });
  const submitted = await getPrisma().$transaction((transaction) => submitEvidence(sqlOfPrisma(transaction), deliveryId, upload.id, now));
  if (!submitted) {
    // A second screenshot raced this one, or the deadline passed meanwhile: nothing refers to this upload.
    await discardUpload(upload.id);
    const current = await getPrisma().taskCompletion.findUniqueOrThrow({ where: { id: deliveryId }, select: { deliveryState: true, evidenceDueAt: true } });
    assertWaitingForEvidence(current, now);
    throw new AppError(409, "stale_state", "This delivery changed meanwhile; please reload the page.");
  }
  const row = await getPrisma().taskCompletion.findUniqueOrThrow({ where: { id: deliveryId }, select: flagSelect });
  return { deliveryId: row.id, targetUrl: row.targetUrl, handle: row.handle, flaggedAt: row.flaggedAt!.toISOString(), evidenceDueAt: row.evidenceDueAt!.toISOString(), state: row.deliveryState };
}

function assertWaitingForEvidence(delivery: { deliveryState: DeliveryState; evidenceDueAt: Date | null }, now: Date): void {
  if (delivery.deliveryState === "under_review") throw new AppError(409, "already_answered", "You have already sent a screenshot for this delivery; an admin is reviewing it.");
  if (delivery.deliveryState !== "flagged") throw new AppError(409, "stale_state", "This delivery is not waiting for a screenshot.");
  if (delivery.evidenceDueAt && delivery.evidenceDueAt <= now) {
    throw new AppError(409, "stale_state", `The screenshot for this delivery was due by ${formatOrderDateTime(delivery.evidenceDueAt)}.`);
  }
}
