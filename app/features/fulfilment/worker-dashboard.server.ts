import type { PublicUser } from "~/features/auth/index.server";
import { type CatalogPlatform, isCatalogPlatform } from "~/features/catalog";
import { getEnv } from "~/lib/env.server";
import { AppError, isAppError } from "~/lib/errors";
import { type WorkerStats, workerStats } from "./earnings.server";
import { type TaskView, accountScreenshotsOf, listAvailableTasks, listMyTasks } from "./tasks.server";
import { completeTask, reserveCommentLine } from "./task-completion.server";
import { listWorkerHandles } from "./worker-handles.server";
import { type Reliability, reliabilityOf, listWorkerFlags, submitDeliveryEvidence, type WorkerFlagItem } from "~/features/deliveries/index.server";
import { MAX_IMAGE_BYTES } from "~/features/uploads/index.server";

/**
 * The worker's /dashboard (SPEC §2 "Worker: stats, the first 10 available tasks each with a Complete
 * action, the last 5 completed tasks"), plus what stands between the worker and tasks: an account
 * under review or turned down, platforms without a linked handle.
 */
export interface RecentCompletion {
  completionId: number;
  taskId: number;
  platform: string;
  type: string;
  targetUrl: string;
  reward: number;
  review: "held" | "approved" | "rejected";
  /** "Under review until 24 Nov 2026, 15:16 GMT", "Approved", "Rejected" (formatted on the server). */
  reviewLabel: string;
  completedAt: string;
}

export type WorkerDashboard =
  | { state: "pending_review" | "rejected" | "inactive" }
  | {
      state: "active";
      stats: WorkerStats;
      /** Each with the client's account screenshot, so the worker finds the right account (issue #48). */
      tasks: (TaskView & { accountScreenshotUrl: string | null })[];
      recent: RecentCompletion[];
      /** The worker's handle per platform they joined that the store sells (null: not linked yet). */
      handles: { platform: CatalogPlatform; handle: string | null }[];
      /** Joined platforms the store sells no packages for (so no tasks yet). */
      otherPlatforms: string[];
      holdHours: number;
      /** The completion a no-JavaScript Complete just made (PRG `?completed=`), if it is this worker's. */
      justCompleted: RecentCompletion | null;
      /** Refills' re-checks waiting for this worker's answer (issue #21). */
      reliability: Reliability;
      /** Deliveries of theirs a client flagged (issue #48): the screenshots owed, and how the answered ones went. */
      flags: WorkerFlagItem[];
    };

/** SPEC §9: 5 recent completed tasks. */
const recentLimit = 5;

// Ghana's time (GMT all year), as on the order pages; formatted here so server and browser agree.
const reviewDateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Africa/Accra",
  timeZoneName: "short",
});

export const formatReviewDate = (date: Date | string) => reviewDateFormat.format(typeof date === "string" ? new Date(date) : date);

function reviewLabelOf(review: RecentCompletion["review"], holdUntil: string): string {
  if (review === "approved") return "Approved";
  if (review === "rejected") return "Rejected";
  return `Under review until ${formatReviewDate(holdUntil)}`;
}

export async function loadWorkerDashboard(worker: PublicUser, { completedId }: { completedId?: number } = {}): Promise<WorkerDashboard> {
  if (worker.role !== "worker") throw new AppError(403, "forbidden", "Only workers have a worker dashboard.");
  if (worker.status === "pending_review" || worker.status === "rejected") return { state: worker.status };
  if (worker.status !== "active") return { state: "inactive" };

  const [stats, tasks, mine, linked, reliability, flags] = await Promise.all([
    workerStats(worker),
    listAvailableTasks(worker),
    listMyTasks(worker, recentLimit),
    listWorkerHandles(worker),
    reliabilityOf(worker.id),
    listWorkerFlags(worker, 20),
  ]);
  const screenshots = await accountScreenshotsOf(tasks.map((task) => task.id));
  const recent = mine.map((item) => ({
    completionId: item.completionId,
    taskId: item.id,
    platform: item.platform,
    type: item.type,
    targetUrl: item.targetUrl,
    reward: item.reward,
    review: item.review,
    reviewLabel: reviewLabelOf(item.review, item.holdUntil),
    completedAt: formatReviewDate(item.completedAt),
  }));
  const handleOf = new Map(linked.map((item) => [item.platform, item.handle]));
  return {
    state: "active",
    stats,
    tasks: tasks.map((task) => ({ ...task, accountScreenshotUrl: screenshots.get(task.id) ?? null })),
    recent,
    handles: worker.platforms.filter(isCatalogPlatform).map((platform) => ({ platform, handle: handleOf.get(platform) ?? null })),
    otherPlatforms: worker.platforms.filter((platform) => !isCatalogPlatform(platform)),
    holdHours: getEnv().COMPLETION_HOLD_HOURS,
    justCompleted: completedId === undefined ? null : (recent.find((item) => item.completionId === completedId) ?? null),
    reliability,
    flags,
  };
}

export type CompleteFromFormResult = { ok: true; completionId: number } | { ok: false; status: number; taskId: number | null; message: string };

/**
 * The dashboard's Complete form without JavaScript (intent=complete, taskId): the same service as
 * POST /api/tasks/{id}/complete. Refusals (4xx) come back with the service's message to show.
 */
export async function completeTaskFromForm(worker: PublicUser, form: FormData): Promise<CompleteFromFormResult> {
  const taskId = Number(form.get("taskId"));
  if (!Number.isSafeInteger(taskId) || taskId < 1) return { ok: false, status: 400, taskId: null, message: "Task not found" };
  try {
    const completion = await completeTask(worker, taskId, {});
    return { ok: true, completionId: completion.completionId };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, status: error.status, taskId, message: error.message };
    throw error;
  }
}

export type CommentFromFormResult = { ok: true; taskId: number } | { ok: false; status: number; taskId: number | null; message: string };

/** The card's "Get my comment" form (intent=comment, taskId), with or without JavaScript: reserves one of the client's lines for this worker (decision 0047). */
export async function reserveCommentFromForm(worker: PublicUser, form: FormData): Promise<CommentFromFormResult> {
  const taskId = Number(form.get("taskId"));
  if (!Number.isSafeInteger(taskId) || taskId < 1) return { ok: false, status: 400, taskId: null, message: "Task not found" };
  try {
    await reserveCommentLine(worker, taskId);
    return { ok: true, taskId };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, status: error.status, taskId, message: error.message };
    throw error;
  }
}

export type EvidenceFromFormResult = { ok: true } | { ok: false; status: number; message: string };

/** The dashboard's screenshot form (intent=evidence, deliveryId, screenshot file): the same service as POST /api/worker/flags/{id}/evidence. */
export async function sendEvidenceFromForm(worker: PublicUser, form: FormData): Promise<EvidenceFromFormResult> {
  const deliveryId = Number(form.get("deliveryId"));
  const screenshot = form.get("screenshot");
  if (!(screenshot instanceof File) || screenshot.size === 0) return { ok: false, status: 400, message: "Choose a screenshot to send." };
  if (screenshot.size > MAX_IMAGE_BYTES) return { ok: false, status: 413, message: "Please upload an image smaller than 5MB" };
  try {
    await submitDeliveryEvidence(worker, Number.isSafeInteger(deliveryId) ? deliveryId : 0, new Uint8Array(await screenshot.arrayBuffer()));
    return { ok: true };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

