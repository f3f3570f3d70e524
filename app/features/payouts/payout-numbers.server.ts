import { hashAccountToken, issueAccountToken, useAccountToken, type PublicUser, countWithinLimits } from "~/features/auth/index.server";
import { absoluteLink, queueEmail } from "~/features/mail/index.server";
import { payoutNumberMail } from "~/features/mail";
import { getPrisma } from "~/lib/database/db.server";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { payoutNetworkName } from "./payout-display";
import { maskedNumber } from "./payout-emails.server";

/**
 * Payout numbers (issue #49): the mobile-money numbers a worker has confirmed. A withdrawal to a
 * number the worker has not confirmed is refused and a single-use link (an account token, stored
 * hashed) is e-mailed to the worker's address instead; opening it confirms that number, after which
 * withdrawals go to it. Someone who learns the password cannot send the earnings to their own wallet
 * without the mailbox. The only writer of payout numbers: unconfirmed → confirmed, never back.
 */
export const payoutNumberTransitions = { confirm: { from: ["unconfirmed"], to: "confirmed" } } as const;

export const payoutNumberLinkValidHours = 24;
const hourMs = 60 * 60 * 1000;
/** Links one worker may be sent per hour: refusals cannot be turned into a flood of their mailbox. */
export const payoutNumberLinksPerHour = 5;

type Destination = { accountNumber: string; bankCode: string };

/** "MTN 024 *** 4567". */
export const destinationName = (destination: Destination) => `${payoutNetworkName(destination.bankCode)} ${maskedNumber(destination.accountNumber)}`;

export async function isConfirmedPayoutNumber(workerId: number, destination: Destination): Promise<boolean> {
  const row = await getPrisma().payoutNumber.findUnique({ where: { workerId_accountNumber_bankCode: { workerId, ...destination } }, select: { confirmedAt: true } });
  return row?.confirmedAt != null;
}

/**
 * Refuses a withdrawal to a number the worker has not confirmed, e-mailing them the link that does
 * (the newest link is the one that works). The refusal says where the link went.
 */
export async function requireConfirmedPayoutNumber(worker: PublicUser, destination: Destination): Promise<void> {
  if (await isConfirmedPayoutNumber(worker.id, destination)) return;
  await getPrisma().$transaction(async (transaction) => {
    const [waitMs] = await countWithinLimits([{ bucket: "payout-number-link", key: String(worker.id), windowMs: hourMs, limit: payoutNumberLinksPerHour }], sqlOfPrisma(transaction));
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError(429, "too_many_account_emails", `We have sent you several links to confirm payout numbers in the last hour. Use the newest one, or try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`, {
        retryAfterSeconds: seconds,
      });
    }
    const number = await transaction.payoutNumber.upsert({
      where: { workerId_accountNumber_bankCode: { workerId: worker.id, ...destination } },
      create: { workerId: worker.id, ...destination },
      update: {},
      select: { id: true },
    });
    await queueConfirmationLink(sqlOfPrisma(transaction), worker, number.id, destination);
  });
  throw new AppError(
    422,
    "payout_number_unconfirmed",
    `${destinationName(destination)} is a new payout number: we e-mailed a link to ${worker.email} to confirm it. Open the link, then request the withdrawal again.`,
  );
}

async function queueConfirmationLink(sql: SqlQueries, worker: PublicUser, payoutNumberId: number, destination: Destination) {
  const token = await issueAccountToken(sql, { userId: worker.id, purpose: "payout_number", validMs: payoutNumberLinkValidHours * hourMs, payoutNumberId });
  const content = payoutNumberMail({ name: worker.fullName, destination: destinationName(destination), link: absoluteLink(`/payouts/confirm-number/${token}`), validHours: payoutNumberLinkValidHours });
  await queueEmail(sql, `payout-number:${hashAccountToken(token).slice(0, 32)}`, worker.email, content);
}

/** Follows the e-mailed link: the number it names is confirmed (once; a used, expired or unknown link is a 400 saying which). */
export async function confirmPayoutNumber(token: string): Promise<{ destination: string }> {
  return getPrisma().$transaction(async (transaction) => {
    const link = await useAccountToken(sqlOfPrisma(transaction), token, "payout_number");
    if (link.payoutNumberId === null) throw new AppError(400, "invalid_token", "This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.");
    // Confirmed once: a number already confirmed keeps its first confirmation.
    await transaction.payoutNumber.updateMany({ where: { id: link.payoutNumberId, confirmedAt: null }, data: { confirmedAt: new Date() } });
    const number = await transaction.payoutNumber.findUniqueOrThrow({ where: { id: link.payoutNumberId }, select: { accountNumber: true, bankCode: true } });
    return { destination: destinationName(number) };
  });
}
