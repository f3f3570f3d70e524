import { expireUnpaid } from "~/features/order-lifecycle/index.server";
import { openAttemptStatuses } from "~/features/attempt-lifecycle/index.server";
import type { Prisma } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";

/*
 * Unpaid orders expire (issue #17, decision 0020). An order still unpaid UNPAID_ORDER_EXPIRY_HOURS
 * (24) after it was placed is cancelled by the store, with `expiredAt` saying why; the retention job
 * then deletes its screenshot, and the client starts a new checkout (the expired order gives up its
 * checkout key, so the same draft makes a new order).
 *
 * Money is never lost to an expiry:
 * - an order with a payment attempt that may still succeed (any open status, Paystack's "abandoned"
 *   included) does not expire until that attempt has ended; the reconciler ends it at the latest 24 h
 *   after it started;
 * - a charge starts only on a pending, unpaid order, checked under the order's row lock that the
 *   expiry takes too (payments.server.ts recordAttempt), so a charge and an expiry never overlap;
 * - a success that still arrives for an expired order is refunded by settlement, as for any
 *   cancelled order (the order is not revived: its client may well have ordered again).
 *
 * Idempotent: every expiry is one conditional update under the order's lock, so the job running in
 * several processes at once, or beside a read that expires the order it shows, expires it once.
 */

export function unpaidOrderExpiryMs(): number {
  return getEnv().UNPAID_ORDER_EXPIRY_HOURS * 60 * 60 * 1000;
}

/** When an unpaid order placed at `createdAt` expires (later while a payment of it is still open). */
export function expiryTimeOf(createdAt: Date): Date {
  return new Date(createdAt.getTime() + unpaidOrderExpiryMs());
}

/** Orders placed before this are old enough to expire. */
const placedBeforeExpiry = (now: Date) => new Date(now.getTime() - unpaidOrderExpiryMs());

function dueForExpiry(now: Date) {
  return {
    status: "pending",
    paymentStatus: "unpaid",
    createdAt: { lte: placedBeforeExpiry(now) },
    paymentAttempts: { none: { paidAt: null, status: { in: openAttemptStatuses } } },
  } satisfies Prisma.OrderWhereInput;
}

/**
 * Expires one order if it is due: true when this call expired it. The row lock makes the check of
 * open attempts see every attempt committed before it (a charge starting meanwhile waits for it,
 * then finds the order cancelled).
 */
export async function expireOrderIfDue(orderId: number, now = new Date()): Promise<boolean> {
  return getDatabase().sql.transaction(async (sql) => {
    await sql.query("SELECT id FROM orders WHERE id = $1::int FOR UPDATE", [orderId]);
    return expireUnpaid(sql, orderId, { placedBefore: placedBeforeExpiry(now), openAttemptStatuses }, now);
  });
}

/** The background job (server/jobs.ts): expires the orders that are due, oldest first, in bounded batches. */
export async function expireUnpaidOrders(now = new Date(), batchSize = 100): Promise<number> {
  const due = await getPrisma().order.findMany({
    where: dueForExpiry(now),
    orderBy: { createdAt: "asc" },
    take: batchSize,
    select: { id: true },
  });
  return expireEach(due, (id) => expireOrderIfDue(id, now), "an unpaid order");
}

/** Expires each record in turn (unpaid orders, top-ups): one that fails is logged and left for the next run. How many this call expired. */
export async function expireEach(due: { id: number }[], expireOne: (id: number) => Promise<boolean>, what: string): Promise<number> {
  let expired = 0;
  for (const { id } of due) {
    try {
      if (await expireOne(id)) expired += 1;
    } catch (error) {
      getLogger().error({ err: error, id }, `could not expire ${what}; the next run retries`);
    }
  }
  return expired;
}
