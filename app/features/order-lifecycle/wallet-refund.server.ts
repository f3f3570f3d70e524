import { refundToWallet } from "~/features/ledger/index.server";
import { markRefunded } from "./order-lifecycle.server";
import type { Prisma } from "~/generated/prisma/client";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * A cancelled order that was paid from the wallet is refunded there at once (issue #20): its payment
 * back into the wallet and the order marked refunded, in the cancellation's own transaction. Orders
 * paid by card or mobile money are left to the payments side (refunds.server.ts), which asks Paystack.
 */
export async function refundIfPaidFromWallet(db: Prisma.TransactionClient, orderId: number, description: string): Promise<boolean> {
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, select: { paidFromWallet: true } });
  if (!order.paidFromWallet) return false;
  if (!(await refundToWallet(sqlOfPrisma(db), orderId, description))) return false;
  await markRefunded(sqlOfPrisma(db), orderId);
  return true;
}
