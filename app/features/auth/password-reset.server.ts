import { passwordChangedMail, passwordResetMail } from "~/features/mail";
import { absoluteLink, queueEmail } from "~/features/mail/index.server";
import { getPrisma, getDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { resetLinkValidMinutes } from "./account-links";
import { type SignedIn, signedIn } from "./signed-in.server";
import { accountTokenProblem, expireAccountTokens, hashAccountToken, issueAccountToken, useAccountToken } from "./account-tokens.server";
import { withPasswordSlot } from "./password-gate.server";
import { hashPassword } from "./password.server";
import { takeWithinLimit } from "./rate-limit.server";
import { forgetSessionUser } from "./session-user-cache.server";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";

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
  // Each limit counted in one locked step (issue #49): 30 parallel requests send 3 e-mails, not 7.
  if (!(await takeWithinLimit({ bucket: "password-reset:network", key: clientAddress, windowMs: hourMs, limit: resetRequestsPerNetworkPerHour }))) {
    throw new AppError(429, "too_many_account_emails", "Too many password reset requests from this network. Please try again in an hour.", { retryAfterSeconds: 3600 });
  }
  if (!(await takeWithinLimit({ bucket: "password-reset:email", key: email, windowMs: hourMs, limit: resetEmailsPerAddressPerHour }))) return;
  const user = await getPrisma().user.findUnique({ where: { email }, select: { id: true, email: true, status: true } });
  if (!user || user.status === "suspended") return;
  await getDatabase().sql.transaction(async (sql) => {
    const token = await issueAccountToken(sql, { userId: user.id, purpose: "password_reset", validMs: resetLinkValidMinutes * 60_000, email: user.email });
    const content = passwordResetMail({ link: absoluteLink(`/auth/reset/${token}`), validMinutes: resetLinkValidMinutes });
    await queueEmail(sql, `password-reset:${hashAccountToken(token).slice(0, 32)}`, user.email, content);
  });
}

/**
 * A reset link works only while the address it was sent to is the account's (issue #49): after an
 * e-mail change, whoever still reads the old inbox holds nothing. (A new password expires the
 * links outright: revokeAccessOnPasswordChange.)
 */
const linkForAnotherAddress = () => new AppError(400, "invalid_token", "This link was sent to an e-mail address that is no longer on the account. Ask for a new one.");

/** Why the reset page should not show its form for this link, or null. */
export async function resetLinkProblem(token: string): Promise<AppError | null> {
  const problem = await accountTokenProblem(getDatabase().sql, token, "password_reset");
  if (problem) return problem;
  const link = await getPrisma().accountToken.findUniqueOrThrow({ where: { tokenHash: hashAccountToken(token) }, select: { email: true, user: { select: { email: true } } } });
  return link.email === link.user.email ? null : linkForAnotherAddress();
}

/**
 * Sets the new password through the link and signs in: every other session ends (the token version
 * moves on), every API key is revoked, other reset links die, the link is used up, and the owner
 * gets a "password changed" e-mail. Following the link also proves the address, so an unverified
 * one becomes verified.
 */
export async function confirmPasswordReset(token: string, password: string, revokeApiKeys: RevokeApiKeys): Promise<SignedIn> {
  const problem = await resetLinkProblem(token);
  if (problem) throw problem;
  const passwordHash = await withPasswordSlot(() => hashPassword(password));
  const user = await getPrisma().$transaction(async (tx) => {
    const link = await useAccountToken(sqlOfPrisma(tx), token, "password_reset");
    const current = await tx.user.findUniqueOrThrow({ where: { id: link.userId } });
    if (current.status === "suspended") throw new AppError(403, "account_suspended", "This account is suspended. Please contact support.");
    // Checked again inside the transaction: the address may have changed since the page was shown.
    if (link.email !== current.email) throw linkForAnotherAddress();
    const updated = await tx.user.update({
      where: { id: current.id },
      data: { passwordHash, tokenVersion: { increment: 1 }, ...(!current.emailVerifiedAt ? { emailVerifiedAt: new Date() } : {}) },
    });
    await revokeAccessOnPasswordChange(sqlOfPrisma(tx), updated, `password-changed:reset:${link.id}`, revokeApiKeys);
    return updated;
  });
  forgetSessionUser(user.id);
  return signedIn(user);
}

/**
 * Revokes every API key of the account in the caller's transaction. The api-keys feature owns that
 * table and sits above auth (decision 0021), so it hands its revocation in: api-keys'
 * credential-changes.server.ts is what the routes call, and no caller can leave it out.
 */
export type RevokeApiKeys = (sql: SqlQueries, userId: number) => Promise<void>;

/**
 * What every new password (a change or a reset) ends, in the transaction that sets it (issue #49):
 * unused reset links and every API key, so a thief keeps nothing; then the owner hears of it.
 */
export async function revokeAccessOnPasswordChange(sql: SqlQueries, user: { id: number; email: string }, mailKey: string, revokeApiKeys: RevokeApiKeys): Promise<void> {
  await expireAccountTokens(sql, user.id, "password_reset");
  await revokeApiKeys(sql, user.id);
  await queueEmail(sql, mailKey, user.email, passwordChangedMail({ supportUrl: absoluteLink("/support") }));
}
