import { toMajorUnits } from "~/lib/money";
import { assertAdmin } from "~/features/auth";
import type { PublicUser } from "~/features/auth/index.server";
import type { CompletionReview, Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { type AdminPage, isoOrNull, pageWindow, toAdminPage } from "./admin-access.server";
import type { CompletionListQuery } from "./admin-schemas";

/**
 * Completions for admins: the review queue (held rewards) and past decisions. Approving and
 * rejecting live beside the hold job in fulfilment/review.server.ts (approveCompletion,
 * rejectCompletion), so the ledger moves the same way whoever decides.
 */

export interface AdminCompletion {
  id: number;
  worker: { id: number; username: string; email: string };
  platform: string;
  handle: string;
  targetUrl: string;
  orderId: number;
  taskId: number;
  reward: number;
  currency: "GHS" | "USD";
  review: CompletionReview;
  completedAt: string;
  holdUntil: string;
  reviewedAt: string | null;
  rejectionReason: string | null;
}

const completionSelect = {
  id: true,
  platform: true,
  handle: true,
  targetUrl: true,
  taskId: true,
  rewardMinor: true,
  currency: true,
  review: true,
  completedAt: true,
  holdUntil: true,
  reviewedAt: true,
  rejectionReason: true,
  worker: { select: { id: true, username: true, email: true } },
  task: { select: { orderId: true } },
} satisfies Prisma.TaskCompletionSelect;

/** A worker (e-mail or username), a handle, a target, an order id ("12", "#12", "SMB-12-2026"), or "#c7" for completion 7. */
function searchWhere(q: string | undefined): Prisma.TaskCompletionWhereInput {
  if (!q) return {};
  const completion = /^#c(\d{1,9})$/i.exec(q);
  if (completion) return { id: Number(completion[1]) };
  const order = /^(?:#|SMB-)?(\d{1,9})(?:-\d{4})?$/i.exec(q);
  const text = q.replace(/^@/, "").toLowerCase();
  return {
    OR: [
      ...(order ? [{ task: { orderId: Number(order[1]) } }] : []),
      { handle: { contains: text } },
      { targetUrl: { contains: text, mode: "insensitive" } },
      { worker: { email: { contains: text } } },
      { worker: { usernameLower: { contains: text } } },
    ],
  };
}

export async function listCompletions(admin: PublicUser, query: CompletionListQuery): Promise<AdminPage<AdminCompletion>> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const where: Prisma.TaskCompletionWhereInput = { ...searchWhere(query.q), ...(query.review === "all" ? {} : { review: query.review }) };
  const [completions, total] = await Promise.all([
    // The queue oldest first (first in, first reviewed); decisions newest first.
    prisma.taskCompletion.findMany({ where, orderBy: { id: query.review === "held" ? "asc" : "desc" }, ...pageWindow(query.page), select: completionSelect }),
    prisma.taskCompletion.count({ where }),
  ]);
  return toAdminPage(
    completions.map(({ worker, task, rewardMinor, completedAt, holdUntil, reviewedAt, ...completion }) => ({
      ...completion,
      worker,
      orderId: task.orderId,
      reward: toMajorUnits(rewardMinor),
      completedAt: completedAt.toISOString(),
      holdUntil: holdUntil.toISOString(),
      reviewedAt: isoOrNull(reviewedAt),
    })),
    query.page,
    total,
  );
}
