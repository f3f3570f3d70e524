import { getPrisma } from "~/lib/database/db.server";
import { getLogger } from "~/lib/logger.server";
import { getPaystack } from "./paystack.server";

/**
 * Giving money back (the cancellation promise of SPEC §9, and any second payment of one order).
 * A refund is asked for once per payment attempt: the claim is a conditional update, and Paystack
 * itself refuses to refund a transaction beyond its amount. When every payment of a cancelled order
 * is back, the order shows `refunded`.
 */

/** Turns the refund requests of cancelled orders into refunds of their successful payments. */
export async function requestRefundsOfCancelledOrders(now = new Date()): Promise<number> {
  const { count } = await getPrisma().paymentAttempt.updateMany({
    where: { status: "success", refundState: null, order: { status: "cancelled", refundRequestedAt: { not: null } } },
    data: { refundState: "requested", refundRequestedAt: now },
  });
  return count;
}

/** A refund still "pending" after this long without Paystack's word is asked for again (Paystack refuses a duplicate). */
const pendingRefundRecheckMs = 10 * 60 * 1000;

/** Sends the requested refunds to Paystack; safe to run in several processes at once. */
export async function processRequestedRefunds(now = new Date(), limit = 20): Promise<number> {
  const prisma = getPrisma();
  const requested = await prisma.paymentAttempt.findMany({
    where: { refundState: "requested" },
    orderBy: { refundRequestedAt: "asc" },
    take: limit,
    select: { id: true, reference: true },
  });
  let sent = 0;
  for (const attempt of requested) {
    // The claim: only one process sends this refund.
    const claimed = await prisma.paymentAttempt.updateMany({ where: { id: attempt.id, refundState: "requested" }, data: { refundState: "pending", refundRequestedAt: now } });
    if (claimed.count === 0) continue;
    const result = await getPaystack().client.refund({ transaction: attempt.reference, merchant_note: "Order cancelled or paid twice" });
    if (result.ok) {
      sent += 1;
      if (result.data.status === "processed") await recordRefundProgress(attempt.reference, "processed", now);
    } else if (result.kind === "rejected") {
      getLogger().error({ reference: attempt.reference, message: result.message }, "Paystack refused a refund: it needs an admin");
      await prisma.paymentAttempt.update({ where: { id: attempt.id }, data: { refundState: "failed" } });
    } else {
      await prisma.paymentAttempt.update({ where: { id: attempt.id }, data: { refundState: "requested" } }); // try again later
    }
  }
  return sent;
}

/** Checks refunds Paystack has not reported on: a reversed transaction is refunded. */
export async function checkPendingRefunds(now = new Date()): Promise<void> {
  const prisma = getPrisma();
  const pending = await prisma.paymentAttempt.findMany({
    where: { refundState: "pending", refundRequestedAt: { lt: new Date(now.getTime() - 30_000) } },
    take: 20,
    select: { reference: true, refundRequestedAt: true },
  });
  for (const attempt of pending) {
    const result = await getPaystack().client.verifyTransaction(attempt.reference);
    if (!result.ok) continue;
    if (result.data.status === "reversed") await recordRefundProgress(attempt.reference, "processed", now);
    else if (attempt.refundRequestedAt && now.getTime() - attempt.refundRequestedAt.getTime() > pendingRefundRecheckMs) {
      await prisma.paymentAttempt.updateMany({ where: { reference: attempt.reference, refundState: "pending" }, data: { refundState: "requested" } });
    }
  }
}

/** Paystack's word on a refund (webhook or check): processed refunds close the books of their order. */
export async function recordRefundProgress(reference: string, refundStatus: string, now = new Date()): Promise<void> {
  const prisma = getPrisma();
  if (refundStatus === "failed") {
    getLogger().error({ reference }, "Paystack could not complete a refund: it needs an admin");
    await prisma.paymentAttempt.updateMany({ where: { reference, refundState: { in: ["requested", "pending"] } }, data: { refundState: "failed" } });
    return;
  }
  if (refundStatus !== "processed") return;
  await prisma.$transaction(async (transaction) => {
    const attempt = await transaction.paymentAttempt.findUnique({ where: { reference }, select: { id: true, orderId: true, amountMinor: true, currency: true, refundState: true, order: { select: { clientId: true } } } });
    if (!attempt || attempt.refundState === "processed") return;
    await transaction.paymentAttempt.update({ where: { id: attempt.id }, data: { refundState: "processed", refundedAt: now } });
    await transaction.ledgerEntry.upsert({
      where: { idempotencyKey: `refund:${reference}` },
      create: {
        userId: attempt.order.clientId,
        kind: "refund",
        amountMinor: attempt.amountMinor,
        currency: attempt.currency,
        orderId: attempt.orderId,
        idempotencyKey: `refund:${reference}`,
        description: `Refund of payment ${reference}`,
      },
      update: {},
    });
    // A cancelled order whose payments are all back is refunded.
    const unrefunded = await transaction.paymentAttempt.count({ where: { orderId: attempt.orderId, status: "success", OR: [{ refundState: null }, { refundState: { not: "processed" } }] } });
    if (unrefunded === 0) {
      await transaction.order.updateMany({ where: { id: attempt.orderId, status: "cancelled", paymentStatus: "paid" }, data: { paymentStatus: "refunded" } });
    }
  });
}
