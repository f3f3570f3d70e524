import { absoluteLink, queueEmail } from "~/features/mail/index.server";
import { payoutFailedMail, payoutRequestedMail, payoutSentMail } from "~/features/mail";
import type { SqlQueries } from "~/lib/database/sql-client.server";
import { payoutNetworkName } from "./payout-display";

/**
 * The worker's e-mail when a withdrawal is requested (issue #49) and when it ends (issue #19): sent to
 * the wallet, or not (failed, reversed or rejected, the amount back in the balance). Queued in the
 * transaction that makes the change; keyed by the payout and the event, so a repeated webhook sends
 * nothing more.
 */
export async function queuePayoutEmail(sql: SqlQueries, payoutId: number, ending: "requested" | "success" | "failed" | "reversed" | "rejected"): Promise<void> {
  const [payout] = await sql.query<{ id: number; amountMinor: number; accountNumber: string; bankCode: string; failureReason: string | null; email: string; fullName: string }>(
    `SELECT p.id, p.amount_minor AS "amountMinor", p.account_number AS "accountNumber", p.bank_code AS "bankCode", p.failure_reason AS "failureReason", u.email, u.full_name AS "fullName"
     FROM payouts p JOIN users u ON u.id = p.worker_id
     WHERE p.id = $1::int`,
    [payoutId],
  );
  if (!payout) throw new Error(`Payout ${payoutId} not found`);
  const destination = `${payoutNetworkName(payout.bankCode)} ${maskedNumber(payout.accountNumber)}`;
  const content =
    ending === "requested"
      ? payoutRequestedMail({ name: payout.fullName, payoutId: payout.id, amountMinor: payout.amountMinor, destination, payoutsUrl: absoluteLink("/payouts"), supportUrl: absoluteLink("/support") })
      : ending === "success"
        ? payoutSentMail({ name: payout.fullName, payoutId: payout.id, amountMinor: payout.amountMinor, destination })
        : payoutFailedMail({ name: payout.fullName, payoutId: payout.id, amountMinor: payout.amountMinor, reason: payout.failureReason, payoutsUrl: absoluteLink("/payouts") });
  await queueEmail(sql, `payout:${payout.id}:${ending}`, payout.email, content);
}

/** "055 *** 4987": enough for the worker to recognise the wallet, not enough to reuse the number. */
export function maskedNumber(accountNumber: string): string {
  return accountNumber.length > 6 ? `${accountNumber.slice(0, 3)} *** ${accountNumber.slice(-4)}` : accountNumber;
}
