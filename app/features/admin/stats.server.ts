import { toMajorUnits } from "~/lib/money";
import { assertAdmin } from "~/features/auth";
import { z } from "zod";
import type { PublicUser } from "~/features/auth/index.server";
import { getPrisma } from "~/lib/database/db.server";

/**
 * The admin dashboard's figures (SPEC §3 admin stats, plus the overview cards SPEC's original showed
 * as fixed text — DESIGN §6: measured here). Amounts are cedis as numbers (decision 0010).
 */
export const statsPeriods = { "7d": 7, "30d": 30, "90d": 90 } as const;
export type StatsPeriod = keyof typeof statsPeriods;
export const statsPeriodSchema = z.enum(["7d", "30d", "90d"], { error: "Period must be 7d, 30d or 90d" }).default("30d");

export interface AdminStats {
  totalUsers: number;
  totalOrders: number;
  /** Paid order totals, refunded ones excluded. */
  totalRevenue: number;
  /** Approved workers. */
  activeWorkers: number;
  overview: {
    period: StatsPeriod;
    /** New accounts this period against the one before, in percent; null when there were none before. */
    growthRate: number | null;
    newUsers: number;
    /** Of the orders paid this period, the percent completed. */
    completionRate: number | null;
    paidOrders: number;
    revenue: number;
    /** Work that needs an admin: payments open for more than 10 minutes, refunds Paystack refused, workers waiting for review, completions under review. */
    attention: { stalePayments: number; failedRefunds: number; pendingWorkers: number; completionsUnderReview: number; pendingPayouts: number };
    /** Seconds this app process has been running. */
    uptimeSeconds: number;
  };
}

const dayMs = 24 * 60 * 60 * 1000;

function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 1000) / whole) / 10;
}

export async function adminStats(admin: PublicUser, period: StatsPeriod = "30d", now = new Date()): Promise<AdminStats> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const days = statsPeriods[period];
  const since = new Date(now.getTime() - days * dayMs);
  const before = new Date(since.getTime() - days * dayMs);
  const [totalUsers, totalOrders, revenue, activeWorkers, newUsers, previousUsers, paidInPeriod, completedInPeriod, periodRevenue, stalePayments, failedRefunds, pendingWorkers, completionsUnderReview, pendingPayouts] =
    await Promise.all([
      prisma.user.count(),
      prisma.order.count(),
      prisma.order.aggregate({ where: { paymentStatus: "paid" }, _sum: { totalMinor: true } }),
      prisma.user.count({ where: { role: "worker", status: "active" } }),
      prisma.user.count({ where: { createdAt: { gte: since } } }),
      prisma.user.count({ where: { createdAt: { gte: before, lt: since } } }),
      prisma.order.count({ where: { paidAt: { gte: since } } }),
      prisma.order.count({ where: { paidAt: { gte: since }, status: "completed" } }),
      prisma.order.aggregate({ where: { paidAt: { gte: since }, paymentStatus: "paid" }, _sum: { totalMinor: true } }),
      // Still waiting on a step (not those Paystack already reads as abandoned: the payer left).
      prisma.paymentAttempt.count({
        where: { status: { in: ["pending", "send_pin", "send_otp", "send_phone", "send_birthday", "send_address", "open_url", "pay_offline"] }, createdAt: { lt: new Date(now.getTime() - 10 * 60_000) } },
      }),
      prisma.paymentAttempt.count({ where: { refundState: "failed" } }),
      prisma.user.count({ where: { role: "worker", status: "pending_review" } }),
      prisma.taskCompletion.count({ where: { review: "held" } }),
      prisma.payout.count({ where: { status: "pending" } }),
    ]);
  return {
    totalUsers,
    totalOrders,
    totalRevenue: toMajorUnits(revenue._sum.totalMinor ?? 0),
    activeWorkers,
    overview: {
      period,
      growthRate: previousUsers === 0 ? null : Math.round(((newUsers - previousUsers) * 1000) / previousUsers) / 10,
      newUsers,
      completionRate: percent(completedInPeriod, paidInPeriod),
      paidOrders: paidInPeriod,
      revenue: toMajorUnits(periodRevenue._sum.totalMinor ?? 0),
      attention: { stalePayments, failedRefunds, pendingWorkers, completionsUnderReview, pendingPayouts },
      uptimeSeconds: Math.round(process.uptime()),
    },
  };
}
