import { assertAdmin } from "~/features/auth";
import type { PublicUser } from "~/features/auth/index.server";
import type { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { type AdminPage, pageWindow, toAdminPage } from "./admin-access.server";
import type { AuditListQuery } from "./admin-schemas";

/**
 * Reading the admin audit log (written by recordAdminAction inside each action's transaction).
 * Append-only: nothing here or anywhere else updates or deletes an entry. Newest first.
 */

export interface AuditEntryView {
  id: number;
  action: string;
  /** null: the store decided it by itself. */
  admin: { id: number; username: string; email: string } | null;
  targetType: string;
  targetId: string;
  /** As recorded: usually `{ before, after }` plus a reason. */
  details: Prisma.JsonValue;
  createdAt: string;
}

export interface AuditLogPage extends AdminPage<AuditEntryView> {
  /** What the filters offer: every action recorded so far, and every admin. */
  filters: { actions: string[]; admins: { id: number; username: string }[] };
}

const entrySelect = {
  id: true,
  action: true,
  targetType: true,
  targetId: true,
  details: true,
  createdAt: true,
  admin: { select: { id: true, username: true, email: true } },
} satisfies Prisma.AdminAuditLogSelect;

function toView(entry: Prisma.AdminAuditLogGetPayload<{ select: typeof entrySelect }>): AuditEntryView {
  return { ...entry, createdAt: entry.createdAt.toISOString() };
}

export async function listAuditEntries(admin: PublicUser, query: AuditListQuery): Promise<AuditLogPage> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const where: Prisma.AdminAuditLogWhereInput = {
    ...(query.action ? { action: query.action } : {}),
    ...(query.adminId ? { adminId: query.adminId } : {}),
    ...(query.targetType ? { targetType: query.targetType } : {}),
    ...(query.targetId ? { targetId: query.targetId } : {}),
  };
  const [entries, total, actions, admins] = await Promise.all([
    prisma.adminAuditLog.findMany({ where, orderBy: { id: "desc" }, ...pageWindow(query.page), select: entrySelect }),
    prisma.adminAuditLog.count({ where }),
    prisma.adminAuditLog.findMany({ distinct: ["action"], orderBy: { action: "asc" }, select: { action: true } }),
    prisma.user.findMany({ where: { role: "admin" }, orderBy: { id: "asc" }, select: { id: true, username: true } }),
  ]);
  return { ...toAdminPage(entries.map(toView), query.page, total), filters: { actions: actions.map((item) => item.action), admins } };
}

/** The latest entries about one record, for its detail page. */
export async function auditEntriesFor(targetType: string, targetId: string, limit = 20): Promise<AuditEntryView[]> {
  const entries = await getPrisma().adminAuditLog.findMany({ where: { targetType, targetId }, orderBy: { id: "desc" }, take: limit, select: entrySelect });
  return entries.map(toView);
}
