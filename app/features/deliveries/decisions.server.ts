import { z } from "zod";
import { assertAdmin } from "~/features/auth";
import { recordAdminAction, recordStoreAction } from "~/features/audit/index.server";
import { isCatalogPlatform, targetUrlFor } from "~/features/catalog";
import type { Currency, DeliveryState, EngagementType, OrderStatus, Platform } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { maximumRecordId } from "~/lib/record-id";
import { openRedelivery } from "~/features/task-lifecycle/index.server";
import { askWorkersForEvidence } from "./deliveries.server";
import { type DroppedDelivery, dropDelivery, markStood, passToWorker } from "./delivery-lifecycle.server";
import { evidenceHours } from "./delivery-rules";
import { pauseIfUnreliable } from "./reliability.server";

/**
 * How a contested delivery ends (issue #48): an admin decides on the worker's screenshot, or the
 * deadline passes without one. A drop takes the earning back (delivery-lifecycle.server.ts) and the
 * unit is delivered again, at the store's cost, by a worker who never did the target: a task of one
 * slot that names the dropped delivery, whose completion marks it replaced, so the order's delivered
 * count stays whole.
 */

/** Orders whose client still expects the unit: a cancelled order's money went back instead. */
const ordersStillDelivered = ["processing", "completed", "partial"];

async function dropAndRedeliver(sql: SqlQueries, completionId: number, transition: "upheld" | "evidenceMissed", drop: { reason: string; adminId: number | null }, now: Date): Promise<DroppedDelivery | null> {
  const dropped = await dropDelivery(sql, completionId, transition, { ...drop, ledgerDescription: `Delivery ${completionId} dropped: ${drop.reason}` }, now);
  if (!dropped) return null;
  await pauseIfUnreliable(sql, dropped.workerId, now);
  const [task] = await sql.query<{ platform: Platform; type: EngagementType; targetUrl: string; currency: Currency; orderStatus: OrderStatus }>(
    `SELECT t.platform::text AS platform, t.type::text AS type, t.target_url AS "targetUrl", t.currency::text AS currency, o.status::text AS "orderStatus"
     FROM tasks t JOIN orders o ON o.id = t.order_id
     WHERE t.id = $1::int`,
    [dropped.taskId],
  );
  if (!task) throw new Error(`Task ${dropped.taskId} of delivery ${completionId} not found`);
  if (ordersStillDelivered.includes(task.orderStatus)) {
    // The re-delivery pays what the order was bought with, as the dropped delivery did.
    const redelivery = { orderId: dropped.orderId, platform: task.platform, type: task.type, targetUrl: task.targetUrl, rewardMinor: dropped.rewardMinor, currency: task.currency };
    await openRedelivery(sql, { ...redelivery, replacesCompletionId: dropped.id }, now);
  }
  return dropped;
}

/** The background job: flagged (or spot-checked) deliveries whose screenshot did not come in time are dropped and delivered again. */
export async function dropDeliveriesWithoutEvidence(now = new Date(), limit = 100): Promise<number> {
  const prisma = getPrisma();
  const due = await prisma.taskCompletion.findMany({ where: { deliveryState: "flagged", evidenceDueAt: { lte: now } }, orderBy: { evidenceDueAt: "asc" }, take: limit, select: { id: true } });
  let dropped = 0;
  for (const { id } of due) {
    const done = await getDatabase().sql.transaction(async (sql) => {
      const delivery = await dropAndRedeliver(sql, id, "evidenceMissed", { reason: "No screenshot by the deadline", adminId: null }, now);
      if (!delivery) return false;
      await recordStoreAction(sql, {
        action: "delivery.drop",
        targetType: "task_completion",
        targetId: String(id),
        details: { before: "flagged", after: "dropped", reason: "no screenshot by the deadline", earning: delivery.earning, workerId: delivery.workerId },
      });
      return true;
    });
    if (done) dropped += 1;
  }
  return dropped;
}

/** POST /api/admin/flags/{deliveryId} and Admin › Flags' form. */
export const flagDecisionSchema = z.object({
  decision: z.enum(["uphold", "reject", "ask"], { error: 'decision must be "uphold", "reject" or "ask"' }),
  reason: z.string({ error: "Give a reason: the worker and the client see it." }).trim().min(1, "Give a reason: the worker and the client see it.").max(500, "Keep the reason under 500 characters."),
});

export type FlagDecision = z.infer<typeof flagDecisionSchema>;

/**
 * An admin decides a delivery under review: *uphold* (it is missing: dropped and delivered again) or
 * *reject* (it stands), with a reason both the worker and the client see; audited. A flag under
 * screening is rejected the same way, or *ask*ed of the worker (it is flagged, and they are e-mailed).
 * 404 for no such delivery, 409 for one the decision does not fit (decided already, still waiting for
 * its screenshot, or not screened).
 */
export async function decideFlag(admin: { id: number; role: "client" | "worker" | "admin" }, deliveryId: number, { decision, reason }: FlagDecision, now = new Date()): Promise<{ deliveryId: number; state: DeliveryState }> {
  assertAdmin(admin);
  if (!Number.isSafeInteger(deliveryId) || deliveryId <= 0 || deliveryId > maximumRecordId) throw new AppError(404, "not_found", "Delivery not found");
  const evidenceDueAt = new Date(now.getTime() + evidenceHours * 3_600_000);
  return getDatabase().sql.transaction(async (sql) => {
    const [delivery] = await sql.query<{ deliveryState: DeliveryState }>(`SELECT delivery_state::text AS "deliveryState" FROM task_completions WHERE id = $1::int`, [deliveryId]);
    if (!delivery) throw new AppError(404, "not_found", "Delivery not found");
    const decided =
      decision === "uphold"
        ? (await dropAndRedeliver(sql, deliveryId, "upheld", { reason, adminId: admin.id }, now)) !== null
        : decision === "ask"
          ? await passToWorker(sql, deliveryId, evidenceDueAt)
          : await markStood(sql, deliveryId, { reason, adminId: admin.id }, now);
    if (!decided) throw new AppError(409, "stale_state", refusalOf(delivery.deliveryState));
    if (decision === "ask") await askWorkersForEvidence(sql, [deliveryId], evidenceDueAt);
    const state: DeliveryState = decision === "uphold" ? "dropped" : decision === "ask" ? "flagged" : "stood";
    await recordAdminAction(sql, admin, { action: `delivery.${decision}`, targetType: "task_completion", targetId: String(deliveryId), details: { before: delivery.deliveryState, after: state, reason } });
    return { deliveryId, state };
  });
}

/** Why a decision did not fit the delivery's state. */
function refusalOf(state: DeliveryState): string {
  if (state === "flagged") return "This delivery is still waiting for the worker's screenshot.";
  if (state === "screening") return "Screen this flag first: ask the worker for a screenshot, or reject it.";
  if (state === "under_review") return "The worker has already sent a screenshot: uphold or reject the flag.";
  return "This delivery has been decided already.";
}

/** One contested delivery as Admin › Flags shows it: both sides' words, the screenshot, both profiles, both records. */
export interface AdminFlagView {
  deliveryId: number;
  orderId: number;
  state: DeliveryState;
  platform: string;
  /** The client's profile (the order's target) and the worker's. */
  targetUrl: string;
  handle: string;
  handleUrl: string | null;
  clientNote: string | null;
  /** Asked by the store's spot check (decision 0042), not by the client. */
  isSpotCheck: boolean;
  flaggedAt: string;
  /** Null while an admin screens the flag: no worker asked yet. */
  evidenceDueAt: string | null;
  evidenceAt: string | null;
  /** The worker's screenshot, readable by admins at /api/uploads/{id}. */
  screenshotUrl: string | null;
  worker: { id: number; username: string; stood: number; dropped: number };
  client: { id: number; username: string; flagsRejected: number; flagsUpheld: number };
  decisionReason: string | null;
}

export const adminFlagStates = ["under_review", "screening", "flagged", "stood", "dropped"] as const;
export const adminFlagQuerySchema = z.object({ state: z.enum(adminFlagStates, { error: `state must be one of ${adminFlagStates.join(", ")}` }).default("under_review") });

const dayMs = 24 * 3_600_000;

/** Admin › Flags: the contested deliveries in `state`, oldest first, 50 at most. */
export async function listFlagsForAdmin(admin: { role: "client" | "worker" | "admin" }, { state }: z.infer<typeof adminFlagQuerySchema>, now = new Date()): Promise<AdminFlagView[]> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const rows = await prisma.taskCompletion.findMany({
    where: { deliveryState: state === "dropped" ? { in: ["dropped", "replaced"] } : state, flaggedAt: { not: null } },
    orderBy: [{ evidenceAt: "asc" }, { flaggedAt: "asc" }, { id: "asc" }],
    take: 50,
    select: {
      id: true,
      deliveryState: true,
      platform: true,
      targetUrl: true,
      handle: true,
      flagNote: true,
      isSpotCheck: true,
      flaggedAt: true,
      evidenceDueAt: true,
      evidenceAt: true,
      proofUploadId: true,
      decisionReason: true,
      worker: { select: { id: true, username: true } },
      task: { select: { orderId: true, order: { select: { client: { select: { id: true, username: true } } } } } },
    },
  });
  const since90 = new Date(now.getTime() - 90 * dayMs);
  const since30 = new Date(now.getTime() - 30 * dayMs);
  const workerIds = [...new Set(rows.map((row) => row.worker.id))];
  const clientIds = [...new Set(rows.map((row) => row.task.order.client.id))];
  const [workerRecords, clientRecords] = await Promise.all([
    prisma.taskCompletion.groupBy({ by: ["workerId", "deliveryState"], where: { workerId: { in: workerIds }, decidedAt: { gte: since90 }, flaggedAt: { not: null } }, _count: { _all: true } }),
    prisma.taskCompletion.findMany({ where: { task: { order: { clientId: { in: clientIds } } }, decidedAt: { gte: since30 }, flaggedAt: { not: null }, isSpotCheck: false }, select: { deliveryState: true, task: { select: { order: { select: { clientId: true } } } } } }),
  ]);
  const workerCount = (workerId: number, states: DeliveryState[]) => workerRecords.filter((group) => group.workerId === workerId && states.includes(group.deliveryState)).reduce((sum, group) => sum + group._count._all, 0);
  const clientCount = (clientId: number, states: DeliveryState[]) => clientRecords.filter((row) => row.task.order.clientId === clientId && states.includes(row.deliveryState)).length;
  return rows.map((row) => ({
    deliveryId: row.id,
    orderId: row.task.orderId,
    state: row.deliveryState,
    platform: row.platform,
    targetUrl: row.targetUrl,
    handle: row.handle,
    handleUrl: isCatalogPlatform(row.platform) ? targetUrlFor(row.platform, row.handle) : null,
    clientNote: row.flagNote,
    isSpotCheck: row.isSpotCheck,
    flaggedAt: row.flaggedAt!.toISOString(),
    evidenceDueAt: row.evidenceDueAt?.toISOString() ?? null,
    evidenceAt: row.evidenceAt?.toISOString() ?? null,
    screenshotUrl: row.proofUploadId ? `/api/uploads/${row.proofUploadId}` : null,
    worker: { id: row.worker.id, username: row.worker.username, stood: workerCount(row.worker.id, ["stood"]), dropped: workerCount(row.worker.id, ["dropped", "replaced"]) },
    client: { id: row.task.order.client.id, username: row.task.order.client.username, flagsRejected: clientCount(row.task.order.client.id, ["stood"]), flagsUpheld: clientCount(row.task.order.client.id, ["dropped", "replaced"]) },
    decisionReason: row.decisionReason,
  }));
}
