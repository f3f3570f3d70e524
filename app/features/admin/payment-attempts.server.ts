import { toMajorUnits } from "~/lib/money";
import { assertAdmin } from "~/features/auth";
import type { PublicUser } from "~/features/auth/index.server";
import { refreshAttempt } from "~/features/payments/index.server";
import { openAttemptStatuses } from "~/features/attempt-lifecycle/index.server";
import type { PaymentAttemptStatus, Prisma, RefundOrigin, RefundState } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { type AdminPage, isoOrNull, pageWindow, toAdminPage } from "./admin-access.server";
import type { PaymentListQuery } from "./admin-schemas";
import { recordAdminAction } from "~/features/audit/index.server";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * Payment attempts for admins: every charge with its gateway answer and refund state, and "re-verify
 * now", which asks Paystack at once instead of waiting for the reconciler's next round. No card
 * data exists to show (only Paystack sees card numbers); a mobile-money number is shown masked.
 */

export interface AdminPaymentAttempt {
  id: number;
  reference: string;
  /** The order paid, or null for a wallet top-up's payment (topUpId). */
  orderId: number | null;
  topUpId: number | null;
  channel: "card" | "mobile_money";
  provider: "mtn" | "vod" | "tgo" | null;
  /** "055•••987": enough to recognise a payer's wallet on a call, not to reuse it. */
  phone: string | null;
  payerEmail: string | null;
  amount: number;
  currency: "GHS" | "USD";
  status: PaymentAttemptStatus;
  gatewayResponse: string | null;
  refundState: RefundState | null;
  /** Who started the refund: "paystack_dashboard" is a refund the store did not ask for. */
  refundOrigin: RefundOrigin | null;
  /** What Paystack reported refunded so far, in major units like `amount`. */
  refundedAmount: number;
  refundRequestedAt: string | null;
  refundedAt: string | null;
  paidAt: string | null;
  createdAt: string;
  lastCheckedAt: string | null;
  checkCount: number;
  /** Not yet credited: Paystack may still have news. */
  canReverify: boolean;
}

export const paymentAttemptSelect = {
  id: true,
  reference: true,
  orderId: true,
  topUpId: true,
  channel: true,
  provider: true,
  phone: true,
  payerEmail: true,
  amountMinor: true,
  currency: true,
  status: true,
  gatewayResponse: true,
  refundState: true,
  refundOrigin: true,
  refundedAmountMinor: true,
  refundRequestedAt: true,
  refundedAt: true,
  paidAt: true,
  createdAt: true,
  lastCheckedAt: true,
  checkCount: true,
} satisfies Prisma.PaymentAttemptSelect;

export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length <= 6 ? "•••" : `${phone.slice(0, 3)}•••${phone.slice(-3)}`;
}

export function toPaymentAttemptView(attempt: Prisma.PaymentAttemptGetPayload<{ select: typeof paymentAttemptSelect }>): AdminPaymentAttempt {
  return {
    id: attempt.id,
    reference: attempt.reference,
    orderId: attempt.orderId,
    topUpId: attempt.topUpId,
    channel: attempt.channel,
    provider: attempt.provider,
    phone: maskPhone(attempt.phone),
    payerEmail: attempt.payerEmail,
    amount: toMajorUnits(attempt.amountMinor),
    currency: attempt.currency,
    status: attempt.status,
    gatewayResponse: attempt.gatewayResponse,
    refundState: attempt.refundState,
    refundOrigin: attempt.refundOrigin,
    refundedAmount: toMajorUnits(attempt.refundedAmountMinor),
    refundRequestedAt: isoOrNull(attempt.refundRequestedAt),
    refundedAt: isoOrNull(attempt.refundedAt),
    paidAt: isoOrNull(attempt.paidAt),
    createdAt: attempt.createdAt.toISOString(),
    lastCheckedAt: isoOrNull(attempt.lastCheckedAt),
    checkCount: attempt.checkCount,
    canReverify: attempt.paidAt === null,
  };
}

/** An order id ("12", "#12", "SMB-12-2026"), else a piece of a reference or of the payer's e-mail. */
function searchWhere(q: string | undefined): Prisma.PaymentAttemptWhereInput {
  if (!q) return {};
  const order = /^(?:#|SMB-)?(\d{1,9})(?:-\d{4})?$/i.exec(q);
  // A bare number is an order id, not a piece of every reference that contains it.
  if (order) return { orderId: Number(order[1]) };
  return { OR: [{ reference: { contains: q } }, { payerEmail: { contains: q, mode: "insensitive" } }] };
}

export async function listPaymentAttempts(admin: PublicUser, query: PaymentListQuery): Promise<AdminPage<AdminPaymentAttempt>> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const where: Prisma.PaymentAttemptWhereInput = {
    ...searchWhere(query.q),
    ...(query.status === "open" ? { status: { in: openAttemptStatuses } } : query.status ? { status: query.status } : {}),
    ...(query.channel ? { channel: query.channel } : {}),
    ...(query.refund ? { refundState: query.refund === "none" ? null : query.refund } : {}),
  };
  const [attempts, total] = await Promise.all([
    prisma.paymentAttempt.findMany({ where, orderBy: { id: "desc" }, ...pageWindow(query.page), select: paymentAttemptSelect }),
    prisma.paymentAttempt.count({ where }),
  ]);
  return toAdminPage(attempts.map(toPaymentAttemptView), query.page, total);
}

export interface ReverifyResult {
  attempt: AdminPaymentAttempt;
  /** What the check did: credited the order, closed the attempt, found it still open, ... */
  outcome: string;
}

/**
 * Asks Paystack now where a payment stands and applies the answer through the one settlement path
 * every payment road uses (so it never credits twice). A payment already credited has nothing left
 * to learn: 409. The audit entry records the status before and after.
 */
export async function reverifyPaymentAttempt(admin: PublicUser, reference: string, now = new Date()): Promise<ReverifyResult> {
  assertAdmin(admin);
  const prisma = getPrisma();
  const before = await prisma.paymentAttempt.findUnique({ where: { reference }, select: { status: true, paidAt: true } });
  if (!before) throw new AppError(404, "not_found", "Payment not found");
  if (before.paidAt !== null) throw new AppError(409, "stale_state", "This payment is already credited: there is nothing to re-verify.");
  const outcome = await refreshAttempt(reference, now);
  // The settlement wrote its own transaction; this one records who asked and what changed.
  return prisma.$transaction(async (transaction) => {
    const after = await transaction.paymentAttempt.findUniqueOrThrow({ where: { reference }, select: paymentAttemptSelect });
    await recordAdminAction(sqlOfPrisma(transaction), admin, {
      action: "payment.reverify",
      targetType: "payment_attempt",
      targetId: reference,
      details: { before: before.status, after: after.status, outcome, orderId: after.orderId },
    });
    return { attempt: toPaymentAttemptView(after), outcome };
  });
}
