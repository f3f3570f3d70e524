import { passwordChangedMail, passwordResetMail } from "~/features/mail/templates";
import { absoluteLink } from "~/features/mail/mail-delivery.server";
import { queueEmail } from "~/features/mail/outbox.server";
import type { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { resetLinkValidMinutes } from "./account-links";
import { type SignedIn, signedIn } from "./signed-in.server";
import { accountTokenProblem, hashAccountToken, issueAccountToken, useAccountToken } from "./account-tokens.server";
import { withPasswordSlot } from "./password-gate.server";
import { hashPassword } from "./password.server";
import { countRecentEvents, recordEvent } from "./rate-limit.server";
import { forgetSessionUser } from "./session-user-cache.server";

/**
 * Password reset (issue #19): a single-use link valid one hour, the same answer whether or not the
 * address has an account, limits per address and per network address, and a reset that ends every
 * other session of the account.
 */
const hourMs = 60 * 60 * 1000;
/** Reset e-mails one address receives in an hour: more requests are answered alike and send nothing. */
export const resetEmailsPerAddressPerHour = 3;
/**
 * Reset requests from one network address in an hour: only a flood's ceiling. A Ghanaian carrier's NAT
 * puts thousands of honest people behind one address (decision 0019); the per-address limit above is
 * what protects an inbox.
 */
export const resetRequestsPerNetworkPerHour = 1000;

/** Asks for a reset link. Answers nothing either way: only the owner of the address learns whether it has an account. */
export async function requestPasswordReset(email: string, clientAddress: string): Promise<void> {
  if ((await countRecentEvents("password-reset:network", clientAddress, hourMs)) >= resetRequestsPerNetworkPerHour) {
    throw new AppError(429, "too_many_account_emails", "Too many password reset requests from this network. Please try again in an hour.", { retryAfterSeconds: 3600 });
  }
  const sentToAddress = await countRecentEvents("password-reset:email", email, hourMs);
  await Promise.all([recordEvent("password-reset:network", clientAddress), recordEvent("password-reset:email", email)]);
  if (sentToAddress >= resetEmailsPerAddressPerHour) return;
  const user = await getPrisma().user.findUnique({ where: { email }, select: { id: true, fullName: true, email: true, status: true } });
  if (!user || user.status === "suspended") return;
  await getPrisma().$transaction(async (tx) => {
    const token = await issueAccountToken(tx, { userId: user.id, purpose: "password_reset", validMs: resetLinkValidMinutes * 60_000, email: user.email });
    const content = passwordResetMail({ name: user.fullName, link: absoluteLink(`/auth/reset/${token}`), validMinutes: resetLinkValidMinutes });
    await queueEmail(tx, `password-reset:${hashAccountToken(token).slice(0, 32)}`, user.email, content);
  });
}

/** Why the reset page should not show its form for this link, or null. */
export function resetLinkProblem(token: string) {
  return accountTokenProblem(getPrisma(), token, "password_reset");
}

/**
 * Sets the new password through the link and signs in: every other session ends (the token version
 * moves on), the link is used up, and the owner gets a "password changed" e-mail. Following the
 * link also proves the address, so an unverified one becomes verified.
 */
export async function confirmPasswordReset(token: string, password: string): Promise<SignedIn> {
  const problem = await resetLinkProblem(token);
  if (problem) throw problem;
  const passwordHash = await withPasswordSlot(() => hashPassword(password));
  const user = await getPrisma().$transaction(async (tx) => {
    const link = await useAccountToken(tx, token, "password_reset");
    const current = await tx.user.findUniqueOrThrow({ where: { id: link.userId } });
    if (current.status === "suspended") throw new AppError(403, "account_suspended", "This account is suspended. Please contact support.");
    const updated = await tx.user.update({
      where: { id: current.id },
      data: { passwordHash, tokenVersion: { increment: 1 }, ...(link.email === current.email && !current.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}) },
    });
    await queuePasswordChangedEmail(tx, updated, `password-changed:reset:${link.id}`);
    return updated;
  });
  forgetSessionUser(user.id);
  return signedIn(user);
}

/** The "your password was changed" e-mail, in the transaction that changed it. */
export async function queuePasswordChangedEmail(tx: Prisma.TransactionClient, user: { email: string; fullName: string }, key: string): Promise<void> {
  await queueEmail(tx, key, user.email, passwordChangedMail({ name: user.fullName, supportUrl: absoluteLink("/support") }));
}
