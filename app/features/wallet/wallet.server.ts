import type { PublicUser } from "~/features/auth/index.server";
import { catalogCurrency } from "~/features/catalog";
import type { DripFeed } from "~/features/drip-feed";
import { makeDripFeedIn } from "~/features/drip-feed/index.server";
import { creditWalletPaidOrder } from "~/features/fulfilment/index.server";
import { spendFromWallet, walletBalanceMinor } from "~/features/ledger/index.server";
import { closedOrderMessage } from "~/features/orders";
import type { Currency, LedgerEntryKind } from "~/generated/prisma/client";
import { getDatabase } from "~/lib/database/db.server";
import { isoTimestamp, type SqlQueries } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { orderReference } from "~/lib/order-reference";

/**
 * A client's prepaid wallet (issue #20): its balance and history, read from the ledger's `wallet`
 * bucket, and paying an order from it. Spending carries no processing fee; the debit, the order's
 * payment and its task are one transaction, so an order is never paid without its money or the
 * other way round.
 */

export interface WalletEntryView {
  id: number;
  kind: LedgerEntryKind;
  /** Minor units, signed: credits positive. */
  amountMinor: number;
  /** The balance right after this entry. */
  balanceMinor: number;
  description: string;
  orderId: number | null;
  topUpId: number | null;
  createdAt: Date;
}

export interface WalletView {
  balanceMinor: number;
  currency: typeof catalogCurrency;
  /** Newest first. */
  entries: WalletEntryView[];
}

export function assertWalletOwner(user: PublicUser) {
  if (user.role !== "client") throw new AppError(403, "forbidden", "Only client accounts have a wallet.");
}

const historyLength = 100;

/** The client's balance and their latest wallet movements, each with the balance it left. */
export async function walletOf(user: PublicUser): Promise<WalletView> {
  assertWalletOwner(user);
  const rows = await getDatabase().sql.query<{ id: number; kind: LedgerEntryKind; amount_minor: number; balance_minor: number; description: string | null; order_id: number | null; top_up_id: number | null; created_at: string }>(
    `SELECT id, kind::text AS kind, amount_minor, (sum(amount_minor) OVER (ORDER BY id))::int AS balance_minor, description, order_id, top_up_id, ${isoTimestamp("created_at")} AS created_at
     FROM ledger_entries WHERE user_id = $1::int AND bucket = 'wallet'
     ORDER BY id DESC LIMIT $2::int`,
    [user.id, historyLength],
  );
  return {
    balanceMinor: rows[0]?.balance_minor ?? 0,
    currency: catalogCurrency,
    entries: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amountMinor: row.amount_minor,
      balanceMinor: row.balance_minor,
      description: row.description ?? "",
      orderId: row.order_id,
      topUpId: row.top_up_id,
      createdAt: new Date(row.created_at),
    })),
  };
}

export function walletBalanceOf(user: PublicUser): Promise<number> {
  assertWalletOwner(user);
  return walletBalanceMinor(getDatabase().sql, user.id);
}

export const insufficientFunds = (balanceMinor: number, neededMinor: number) =>
  new AppError(402, "insufficient_balance", `Your balance of ${formatMoney(balanceMinor)} does not cover ${formatMoney(neededMinor)}. Top up your wallet, or pay by card or mobile money.`);

/**
 * Pays an unpaid order from the client's wallet inside `db`'s transaction: the order becomes paid
 * (without the processing fee), its price leaves the wallet and its task opens. Throws when the
 * order cannot be paid or the balance does not cover it; the caller's transaction then rolls back.
 */
export async function payFromWalletIn(sql: SqlQueries, clientId: number, orderId: number, now: Date, dripFeed: DripFeed | null = null): Promise<void> {
  const [order] = await sql.query<{ id: number; priceMinor: number; currency: Currency; createdAt: string; status: string; paymentStatus: string; expiredAt: string | null }>(
    `SELECT id, price_minor AS "priceMinor", currency::text AS currency, ${isoTimestamp("created_at")} AS "createdAt", status::text AS status,
       payment_status::text AS "paymentStatus", ${isoTimestamp("expired_at")} AS "expiredAt"
     FROM orders WHERE id = $1::int AND client_id = $2::int`,
    [orderId, clientId],
  );
  if (!order) throw new AppError(404, "not_found", "Order not found");
  if (order.paymentStatus !== "unpaid") throw new AppError(409, "already_paid", "This order is already paid.");
  if (order.status !== "pending") throw new AppError(422, "order_closed", closedOrderMessage(order));
  // "Deliver gradually" (issue #21): only an order paid from the wallet is drip-fed (decision 0026).
  if (dripFeed) await makeDripFeedIn(sql, order.id, dripFeed);
  // The order's transition first: it takes the order's row, so a second payment of the same order
  // waits here and is refused, before it could reach the wallet.
  // Fulfilment opens its task in this transaction too.
  if (!(await creditWalletPaidOrder(sql, order.id, now))) throw new AppError(409, "already_paid", "This order is already paid.");
  const description = `Order ${orderReference(order.id, order.createdAt)}`;
  if (!(await spendFromWallet(sql, { userId: clientId, orderId: order.id, amountMinor: order.priceMinor, currency: order.currency }, description))) {
    throw insufficientFunds(await walletBalanceMinor(sql, clientId), order.priceMinor);
  }
}

/** "Pay from balance" at checkout: the client's own unpaid order, paid from the wallet in one transaction. */
export async function payOrderFromWallet(user: PublicUser, orderId: number, now = new Date(), dripFeed: DripFeed | null = null): Promise<void> {
  assertWalletOwner(user);
  await getDatabase().sql.transaction((sql) => payFromWalletIn(sql, user.id, orderId, now, dripFeed));
}
