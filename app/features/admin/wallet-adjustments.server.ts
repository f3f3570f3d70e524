import { randomUUID } from "node:crypto";
import type { PublicUser } from "~/features/auth/index.server";
import { assertAdmin } from "~/features/auth";
import { recordAdminAction } from "~/features/audit/index.server";
import { catalogCurrency } from "~/features/catalog";
import { adjustWallet, walletBalanceMinor } from "~/features/ledger/index.server";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { idempotencyKeyReusedMessage } from "~/lib/idempotency";
import { formatMoney, toMajorUnits } from "~/lib/money";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * An admin's correction of a client's wallet (issue #20): positive or negative, with a reason, in
 * the audit log, never below zero. `requestKey` (the call's Idempotency-Key) makes a retried request
 * book once, also when the copies arrive at once (they queue on the wallet's lock and the later ones
 * find the first one's entry); the key sent again with another amount or reason is refused (422),
 * as it cannot mean the same request. Without a key every call is its own adjustment.
 */
export async function adjustClientWallet(
  admin: PublicUser,
  userId: number,
  input: { amount: number; reason: string },
  requestKey: string = randomUUID(),
): Promise<{ userId: number; balance: number; adjustment: number; currency: typeof catalogCurrency }> {
  assertAdmin(admin);
  return getPrisma().$transaction(async (transaction) => {
    const client = await transaction.user.findUnique({ where: { id: userId }, select: { role: true } });
    if (!client) throw new AppError(404, "not_found", "User not found");
    if (client.role !== "client") throw new AppError(422, "forbidden", "Only client accounts have a wallet.");
    const before = await walletBalanceMinor(sqlOfPrisma(transaction), userId);
    const outcome = await adjustWallet(sqlOfPrisma(transaction), { userId, amountMinor: input.amount, currency: catalogCurrency, key: `${userId}:${requestKey}` }, input.reason);
    if (!outcome.booked && "refused" in outcome) {
      throw new AppError(422, "insufficient_balance", `The balance is ${formatMoney(before)}: an adjustment of ${formatMoney(input.amount)} would take it below zero.`);
    }
    if (!outcome.booked && (outcome.earlier.amountMinor !== input.amount || outcome.earlier.reason !== input.reason)) {
      throw new AppError(422, "idempotency_key_reused", idempotencyKeyReusedMessage);
    }
    if (outcome.booked) {
      await recordAdminAction(sqlOfPrisma(transaction), admin, {
        action: "wallet.adjust",
        targetType: "user",
        targetId: String(userId),
        details: { before: { balance: toMajorUnits(before) }, after: { balance: toMajorUnits(before + input.amount) }, amount: toMajorUnits(input.amount), reason: input.reason },
      });
    }
    return { userId, balance: toMajorUnits(await walletBalanceMinor(sqlOfPrisma(transaction), userId)), adjustment: toMajorUnits(input.amount), currency: catalogCurrency };
  });
}
