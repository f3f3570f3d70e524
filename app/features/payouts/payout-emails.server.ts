import { absoluteLink, queueEmail } from "~/features/mail/index.server";
import { payoutFailedMail, payoutRequestedMail, payoutSentMail } from "~/features/mail";
import type { Prisma } from "~/generated/prisma/client";
import { payoutNetworkName } from "./payout-display";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * The worker's e-mail when a withdrawal is requested (issue #49) and when it ends (issue #19): sent to
 * the wallet, or not (failed, reversed or rejected, the amount back in the balance). Queued in the
 * transaction that makes the change; keyed by the payout and the event, so a repeated webhook sends
 * nothing more.
 */
export async function queuePayoutEmail(db: Prisma.TransactionClient, payoutId: number, ending: "requested" | "success" | "failed" | "reversed" | "rejected"): Promise<void> {
  const payout = await db.payout.findUniqueOrThrow({
    where: { id: payoutId },
    select: { id: true, amountMinor: true, accountNumber: true, bankCode: true, failureReason: true, worker: { select: { email: true, fullName: true } } },
  });
  const { worker } = payout;
  const destination = `${payoutNetworkName(payout.bankCode)} ${maskedNumber(payout.accountNumber)}`;
  const content =
    ending === "requested"
      ? payoutRequestedMail({ name: worker.fullName, payoutId: payout.id, amountMinor: payout.amountMinor, destination, payoutsUrl: absoluteLink("/payouts"), supportUrl: absoluteLink("/support") })
      : ending === "success"
        ? payoutSentMail({ name: worker.fullName, payoutId: payout.id, amountMinor: payout.amountMinor, destination })
        : payoutFailedMail({ name: worker.fullName, payoutId: payout.id, amountMinor: payout.amountMinor, reason: payout.failureReason, payoutsUrl: absoluteLink("/payouts") });
  await queueEmail(sqlOfPrisma(db), `payout:${payout.id}:${ending}`, worker.email, content);
}

/** "055 *** 4987": enough for the worker to recognise the wallet, not enough to reuse the number. */
export function maskedNumber(accountNumber: string): string {
  return accountNumber.length > 6 ? `${accountNumber.slice(0, 3)} *** ${accountNumber.slice(-4)}` : accountNumber;
}
