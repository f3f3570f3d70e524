import type { PublicUser } from "~/features/auth/index.server";
import type { Prisma } from "~/generated/prisma/client";

/** The admin audit log (append-only): who did what to which record, with before and after. */
export async function recordAdminAction(
  transaction: Prisma.TransactionClient,
  admin: Pick<PublicUser, "id">,
  entry: { action: string; targetType: string; targetId: string; details?: Prisma.InputJsonValue },
): Promise<void> {
  await transaction.adminAuditLog.create({ data: { adminId: admin.id, ...entry } });
}

/** What the store decided by itself (no admin acted): audited beside the admins' actions. */
export async function recordStoreAction(
  transaction: Prisma.TransactionClient,
  entry: { action: string; targetType: string; targetId: string; details?: Prisma.InputJsonValue },
): Promise<void> {
  await transaction.adminAuditLog.create({ data: { adminId: null, ...entry } });
}
