import { refundToWallet } from "~/features/ledger/index.server";
import { markRefunded } from "./order-lifecycle.server";
import type { SqlQueries } from "~/lib/database/sql-client.server";

/**
 * A cancelled order that was paid from the wallet is refunded there at once (issue #20): its payment
 * back into the wallet and the order marked refunded, in the cancellation's own transaction. Orders
 * paid by card or mobile money are left to the payments side (refunds.server.ts), which asks Paystack.
 */
export async function refundIfPaidFromWallet(sql: SqlQueries, orderId: number, description: string): Promise<boolean> {
  const [order] = await sql.query<{ paidFromWallet: boolean }>(`SELECT paid_from_wallet AS "paidFromWallet" FROM orders WHERE id = $1::int`, [orderId]);
  if (!order) throw new Error(`Order ${orderId} not found to refund`);
  if (!order.paidFromWallet) return false;
  if (!(await refundToWallet(sql, orderId, description))) return false;
  await markRefunded(sql, orderId);
  return true;
}
