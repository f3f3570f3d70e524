import { absoluteLink, queueEmail } from "~/features/mail/index.server";
import { greetingNameOf, workerApplicationMail } from "~/features/mail";
import { assertAdmin } from "~/features/auth";
import { type PublicUser, forgetSessionUser } from "~/features/auth/index.server";
import type { UserStatus } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { recordAdminAction } from "~/features/audit/index.server";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/** Worker applications (DESIGN §6, §7): workers register as pending_review; an admin decides. */
export interface WorkerApplication {
  id: number;
  email: string;
  username: string;
  fullName: string;
  platforms: string[];
  status: UserStatus;
  createdAt: string;
}

export const workerStatuses = ["pending_review", "active", "suspended", "rejected"] as const;

export async function listWorkers(admin: PublicUser, status?: UserStatus): Promise<WorkerApplication[]> {
  assertAdmin(admin);
  const workers = await getPrisma().user.findMany({
    where: { role: "worker", ...(status ? { status } : {}) },
    orderBy: { id: "asc" },
    take: 200,
    select: { id: true, email: true, username: true, fullName: true, platforms: true, status: true, createdAt: true },
  });
  return workers.map((worker) => ({ ...worker, createdAt: worker.createdAt.toISOString() }));
}

/** Approves (pending or rejected → active) or rejects (pending → rejected) a worker; 409 if it changed meanwhile. */
export async function decideWorker(admin: PublicUser, workerId: number, decision: "approve" | "reject"): Promise<WorkerApplication> {
  assertAdmin(admin);
  const from: UserStatus[] = decision === "approve" ? ["pending_review", "rejected"] : ["pending_review"];
  const to: UserStatus = decision === "approve" ? "active" : "rejected";
  const prisma = getPrisma();
  const application = await prisma.$transaction(async (transaction) => {
    const worker = await transaction.user.findFirst({ where: { id: workerId, role: "worker" }, select: { status: true } });
    if (!worker) throw new AppError(404, "not_found", "Worker not found");
    const { count } = await transaction.user.updateMany({ where: { id: workerId, role: "worker", status: { in: from } }, data: { status: to } });
    if (count === 0) throw new AppError(409, "stale_state", `This worker is ${worker.status.replace("_", " ")} and cannot be ${decision === "approve" ? "approved" : "rejected"}.`);
    await recordAdminAction(sqlOfPrisma(transaction), admin, { action: `worker.${decision}`, targetType: "user", targetId: String(workerId), details: { before: worker.status, after: to } });
    const updated = await transaction.user.findUniqueOrThrow({ where: { id: workerId }, select: { id: true, email: true, username: true, fullName: true, platforms: true, status: true, createdAt: true, updatedAt: true, emailVerifiedAt: true } });
    // The applicant hears of the decision; the key names this decision (a later re-approval is another).
    const content = workerApplicationMail({ name: greetingNameOf(updated), approved: decision === "approve", dashboardUrl: absoluteLink("/dashboard"), supportUrl: absoluteLink("/support") });
    await queueEmail(sqlOfPrisma(transaction), `worker:${workerId}:${decision}:${updated.updatedAt.getTime()}`, updated.email, content);
    const { updatedAt: _updatedAt, emailVerifiedAt: _emailVerifiedAt, ...fields } = updated;
    return { ...fields, createdAt: updated.createdAt.toISOString() };
  });
  forgetSessionUser(workerId);
  return application;
}
