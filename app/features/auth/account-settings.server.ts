import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { type PublicUser, type SignedIn, signedIn, toPublicUser } from "./signed-in.server";
import { countVerificationEmail, queueEmailVerification } from "./email-verification.server";
import { isCurrentPassword } from "./current-password.server";
import { withPasswordSlot } from "./password-gate.server";
import { forgetSessionUser } from "./session-user-cache.server";
import { hashPassword } from "./password.server";
import { type RevokeApiKeys, revokeAccessOnPasswordChange } from "./password-reset.server";
import { sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * Account settings (issue #19, /profile for every role): name, password, e-mail address. Changes that
 * need the current password count its wrong guesses (current-password.server.ts), so a borrowed
 * session cannot try passwords freely.
 */
export async function changeName(user: PublicUser, fullName: string): Promise<PublicUser> {
  const row = await getPrisma().user.update({ where: { id: user.id }, data: { fullName } });
  forgetSessionUser(user.id);
  return toPublicUser(row);
}

/** The current password; 400 when wrong, 429 once the account's checks are spent. */
async function checkCurrentPassword(userId: number, password: string): Promise<void> {
  if (!(await isCurrentPassword(userId, password))) throw new AppError(400, "wrong_password", "Your current password is not right.");
}

/** A new password: every other session ends, reset links and API keys are revoked; this session continues with the returned token. */
export async function changePassword(user: PublicUser, input: { currentPassword: string; newPassword: string }, revokeApiKeys: RevokeApiKeys): Promise<SignedIn> {
  await checkCurrentPassword(user.id, input.currentPassword);
  const passwordHash = await withPasswordSlot(() => hashPassword(input.newPassword));
  const updated = await getPrisma().$transaction(async (tx) => {
    const row = await tx.user.update({ where: { id: user.id }, data: { passwordHash, tokenVersion: { increment: 1 } } });
    await revokeAccessOnPasswordChange(sqlOfPrisma(tx), row, `password-changed:${row.id}:${row.tokenVersion}`, revokeApiKeys);
    return row;
  });
  forgetSessionUser(user.id);
  return signedIn(updated);
}

/** Asks to move the account to `newEmail`: a link goes there, and the address changes only once it is followed. */
export async function requestEmailChange(user: PublicUser, input: { newEmail: string; currentPassword: string }): Promise<{ pendingEmail: string }> {
  await checkCurrentPassword(user.id, input.currentPassword);
  if (input.newEmail === user.email) throw new AppError(400, "same_email", "This is already your e-mail address.");
  if (await getPrisma().user.findUnique({ where: { email: input.newEmail }, select: { id: true } })) {
    throw new AppError(409, "email_taken", "An account with this email already exists.");
  }
  await countVerificationEmail(user.id);
  await getPrisma().$transaction(async (tx) => {
    const row = await tx.user.update({ where: { id: user.id }, data: { pendingEmail: input.newEmail } });
    await queueEmailVerification(sqlOfPrisma(tx), row, input.newEmail, true);
  });
  return { pendingEmail: input.newEmail };
}

/** Drops a pending e-mail change (its link stops working: it no longer matches the account). */
export async function cancelEmailChange(user: PublicUser): Promise<void> {
  await getPrisma().user.update({ where: { id: user.id }, data: { pendingEmail: null } });
}

/** What the settings page shows of the account beyond the session's fields. */
export async function loadAccountSettings(user: PublicUser) {
  const row = await getPrisma().user.findUniqueOrThrow({ where: { id: user.id }, select: { fullName: true, email: true, emailVerifiedAt: true, pendingEmail: true } });
  return { fullName: row.fullName, email: row.email, isEmailVerified: row.emailVerifiedAt !== null, pendingEmail: row.pendingEmail };
}
