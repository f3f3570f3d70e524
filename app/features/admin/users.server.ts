import { toMajorUnits } from "~/lib/money";
import { assertAdmin } from "~/features/auth";
import { type PublicUser, forgetSessionUser } from "~/features/auth/index.server";
import { balanceOf, walletBalanceMinor } from "~/features/ledger/index.server";
import type { Prisma, UserStatus } from "~/generated/prisma/client";
import { getPrisma, getDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { type AdminPage, isoOrNull, pageWindow, toAdminPage } from "./admin-access.server";
import { type SuspensionInput, type UserListQuery, userStatuses } from "./admin-schemas";
import { type AuditEntryView, auditEntriesFor } from "./audit-log.server";
import { recordAdminAction } from "~/features/audit/index.server";
import { type Reliability, reliabilityOf } from "~/features/deliveries/index.server";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * Users for admins: search and filter every account, look at one, suspend or unsuspend it.
 * Suspension revokes the account's tokens in the same transaction (the token version moves on), so
 * every session ends at once, and unsuspending never revives an old token.
 */

export interface AdminUserListItem {
  id: number;
  email: string;
  username: string;
  fullName: string;
  role: "client" | "worker" | "admin";
  status: UserStatus;
  platforms: string[];
  createdAt: string;
  lastLoginAt: string | null;
}

export interface AdminUserDetail extends AdminUserListItem {
  handles: { platform: string; handle: string }[];
  activity: {
    orders: number;
    paidOrders: number;
    completions: number;
    /** Cedis under review, and released but not paid out (workers). */
    heldEarnings: number;
    availableBalance: number;
    /** A client's wallet, in cedis; below zero only when a top-up was refunded after it was spent (issue #49). */
    walletBalance: number;
    isWalletBelowZero: boolean;
  };
  /** A worker's flagged deliveries decided over the last 90 days, and whether their tasks are paused for it (issue #48). */
  reliability: Reliability | null;
  recentOrders: { id: number; packageName: string; platform: string; status: string; paymentStatus: string; total: number; currency: string; createdAt: string }[];
  history: AuditEntryView[];
}

const listSelect = { id: true, email: true, username: true, fullName: true, role: true, status: true, platforms: true, createdAt: true, lastLoginAt: true } satisfies Prisma.UserSelect;
type UserRow = Prisma.UserGetPayload<{ select: typeof listSelect }>;

function toListItem(user: UserRow): AdminUserListItem {
  return { ...user, platforms: [...user.platforms], createdAt: user.createdAt.toISOString(), lastLoginAt: isoOrNull(user.lastLoginAt) };
}

function searchWhere(q: string | undefined): Prisma.UserWhereInput {
  if (!q) return {};
  const text = q.replace(/^@/, "");
  const byId = /^#?\d{1,9}$/.test(q) ? [{ id: Number(q.replace("#", "")) }] : [];
  return {
    OR: [...byId, { email: { contains: text.toLowerCase() } }, { usernameLower: { contains: text.toLowerCase() } }, { fullName: { contains: text, mode: "insensitive" } }],
  };
}

export async function listUsers(admin: PublicUser, query: UserListQuery): Promise<AdminPage<AdminUserListItem>> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const where: Prisma.UserWhereInput = { ...searchWhere(query.q), ...(query.role ? { role: query.role } : {}), ...(query.status ? { status: query.status } : {}) };
  const [users, total] = await Promise.all([
    prisma.user.findMany({ where, orderBy: { id: "desc" }, ...pageWindow(query.page), select: listSelect }),
    prisma.user.count({ where }),
  ]);
  return toAdminPage(users.map(toListItem), query.page, total);
}

export async function getUserDetail(admin: PublicUser, userId: number): Promise<AdminUserDetail> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: listSelect });
  if (!user) throw new AppError(404, "not_found", "User not found");
  const [handles, orders, paidOrders, completions, balance, walletMinor, recentOrders, history, reliability] = await Promise.all([
    prisma.workerHandle.findMany({ where: { workerId: userId }, orderBy: { platform: "asc" }, select: { platform: true, handle: true } }),
    prisma.order.count({ where: { clientId: userId } }),
    prisma.order.count({ where: { clientId: userId, paymentStatus: { not: "unpaid" } } }),
    prisma.taskCompletion.count({ where: { workerId: userId, review: { not: "rejected" }, droppedAt: null } }),
    balanceOf(getDatabase().sql, userId),
    walletBalanceMinor(getDatabase().sql, userId),
    prisma.order.findMany({
      where: { clientId: userId },
      orderBy: { id: "desc" },
      take: 5,
      select: { id: true, packageName: true, platform: true, status: true, paymentStatus: true, totalMinor: true, currency: true, createdAt: true },
    }),
    auditEntriesFor("user", String(userId)),
    user.role === "worker" ? reliabilityOf(userId) : null,
  ]);
  return {
    ...toListItem(user),
    handles,
    activity: {
      orders,
      paidOrders,
      completions,
      heldEarnings: toMajorUnits(balance.heldMinor),
      availableBalance: toMajorUnits(balance.availableMinor),
      walletBalance: toMajorUnits(walletMinor),
      isWalletBelowZero: walletMinor < 0,
    },
    recentOrders: recentOrders.map(({ totalMinor, createdAt, ...order }) => ({ ...order, total: toMajorUnits(totalMinor), createdAt: createdAt.toISOString() })),
    history,
    reliability,
  };
}

/** Suspends an account and ends its sessions at once; 409 when it is already suspended. */
export async function suspendUser(admin: PublicUser, userId: number, { reason }: SuspensionInput): Promise<AdminUserListItem> {
  assertAdmin(admin);
  if (userId === admin.id) throw new AppError(422, "cannot_suspend_self", "You cannot suspend your own account.");
  const suspended = await getPrisma().$transaction(async (transaction) => {
    const user = await transaction.user.findUnique({ where: { id: userId }, select: { status: true } });
    if (!user) throw new AppError(404, "not_found", "User not found");
    // The token version moves with the status in one statement: no token outlives the suspension.
    const { count } = await transaction.user.updateMany({ where: { id: userId, status: { not: "suspended" } }, data: { status: "suspended", tokenVersion: { increment: 1 } } });
    if (count === 0) throw new AppError(409, "stale_state", "This account is already suspended.");
    await recordAdminAction(sqlOfPrisma(transaction), admin, { action: "user.suspend", targetType: "user", targetId: String(userId), details: { before: user.status, after: "suspended", reason } });
    return toListItem(await transaction.user.findUniqueOrThrow({ where: { id: userId }, select: listSelect }));
  });
  forgetSessionUser(userId);
  return suspended;
}

/**
 * Lifts a suspension: the account returns to the status it had before (a worker still waiting for
 * review stays waiting), as the suspension's audit entry recorded it. 409 when it is not suspended.
 */
export async function unsuspendUser(admin: PublicUser, userId: number): Promise<AdminUserListItem> {
  assertAdmin(admin);
  const restored = await getPrisma().$transaction(async (transaction) => {
    const user = await transaction.user.findUnique({ where: { id: userId }, select: { status: true } });
    if (!user) throw new AppError(404, "not_found", "User not found");
    const suspension = await transaction.adminAuditLog.findFirst({ where: { action: "user.suspend", targetType: "user", targetId: String(userId) }, orderBy: { id: "desc" }, select: { details: true } });
    const status = statusBefore(suspension?.details);
    const { count } = await transaction.user.updateMany({ where: { id: userId, status: "suspended" }, data: { status } });
    if (count === 0) throw new AppError(409, "stale_state", `This account is not suspended (it is ${user.status.replace("_", " ")}).`);
    await recordAdminAction(sqlOfPrisma(transaction), admin, { action: "user.unsuspend", targetType: "user", targetId: String(userId), details: { before: "suspended", after: status } });
    return toListItem(await transaction.user.findUniqueOrThrow({ where: { id: userId }, select: listSelect }));
  });
  forgetSessionUser(userId);
  return restored;
}

function statusBefore(details: Prisma.JsonValue | undefined): UserStatus {
  const before = details && typeof details === "object" && !Array.isArray(details) ? details.before : undefined;
  return typeof before === "string" && before !== "suspended" && (userStatuses as readonly string[]).includes(before) ? (before as UserStatus) : "active";
}
