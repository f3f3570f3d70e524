import { Prisma } from "~/generated/prisma/client";
import { emailChangedMail, emailVerificationMail } from "~/features/mail";
import { absoluteLink, queueEmail } from "~/features/mail/index.server";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { verificationValidHours } from "./account-links";
import { type PublicUser, toPublicUser } from "./signed-in.server";
import { expireAccountTokens, hashAccountToken, issueAccountToken, useAccountToken } from "./account-tokens.server";
import { takeWithinLimit } from "./rate-limit.server";
import { forgetSessionUser } from "./session-user-cache.server";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * E-mail verification (issue #19): a link sent at sign-up and on an e-mail change, valid 24 hours.
 * An unverified account can browse and buy; a worker cannot request a payout until verified, and a
 * new address replaces the old one only once its link is followed.
 */
const hourMs = 60 * 60 * 1000;
/** Verification e-mails one account may ask for in an hour (resends and e-mail changes). */
export const verificationEmailsPerHour = 5;

/** Queues the link to `email` (the account's address, or the one it is changing to) in the caller's transaction. */
export async function queueEmailVerification(sql: SqlQueries, user: { id: number }, email: string, isChange: boolean): Promise<void> {
  const token = await issueAccountToken(sql, { userId: user.id, purpose: "email_verification", validMs: verificationValidHours * hourMs, email });
  // No name in it: the address is not confirmed, and a name is whatever the sender typed (issue #49).
  const content = emailVerificationMail({ link: absoluteLink(`/auth/verify/${token}`), validHours: verificationValidHours, isChange });
  await queueEmail(sql, `verify-email:${hashAccountToken(token).slice(0, 32)}`, email, content);
}

/** Counts a verification e-mail against the account's hourly allowance, in one locked step (issue #49); 429 once it is spent. */
export async function countVerificationEmail(userId: number): Promise<void> {
  if (!(await takeWithinLimit({ bucket: "verification-email", key: String(userId), windowMs: hourMs, limit: verificationEmailsPerHour }))) {
    throw new AppError(429, "too_many_account_emails", "We have sent several e-mails to this account in the last hour. Please wait a while, and check your spam folder.", { retryAfterSeconds: 3600 });
  }
}

/** Sends the link again: to the pending new address when a change waits, else to the unverified address. */
export async function resendEmailVerification(user: PublicUser): Promise<{ sentTo: string }> {
  const row = await getPrisma().user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, email: true, emailVerifiedAt: true, pendingEmail: true } });
  const email = row.pendingEmail ?? (row.emailVerifiedAt ? null : row.email);
  if (!email) throw new AppError(409, "conflict", "Your e-mail address is already confirmed.");
  await countVerificationEmail(user.id);
  await getDatabase().sql.transaction((sql) => queueEmailVerification(sql, row, email, row.pendingEmail !== null));
  return { sentTo: email };
}

/**
 * Follows a verification link: confirms the account's address, or switches the account to the new
 * address the link was sent to. A link for an address no longer on the account changes nothing.
 * A switch ends the reset links sent to the old address, and tells the old address (issue #49).
 */
export async function verifyEmail(token: string): Promise<PublicUser> {
  try {
    const verified = await getPrisma().$transaction(async (tx) => {
      const link = await useAccountToken(sqlOfPrisma(tx), token, "email_verification");
      const user = await tx.user.findUniqueOrThrow({ where: { id: link.userId } });
      const now = new Date();
      if (link.email === user.email) {
        return toPublicUser(user.emailVerifiedAt ? user : await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: now } }));
      }
      if (link.email && link.email === user.pendingEmail) {
        const switched = await tx.user.update({ where: { id: user.id }, data: { email: link.email, pendingEmail: null, emailVerifiedAt: now } });
        await expireAccountTokens(sqlOfPrisma(tx), user.id, "password_reset", now);
        await queueEmail(sqlOfPrisma(tx), `email-changed:${link.id}`, user.email, emailChangedMail({ newEmail: link.email, supportUrl: absoluteLink("/support") }));
        return toPublicUser(switched);
      }
      throw new AppError(400, "invalid_token", "This link is for an e-mail address that is no longer on your account. Nothing was changed.");
    });
    forgetSessionUser(verified.id);
    return verified;
  } catch (error) {
    // Someone registered the new address after the change was asked for: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError(409, "email_taken", "An account with this email already exists.");
    }
    throw error;
  }
}
