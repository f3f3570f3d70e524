import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { type PublicUser, type SignedIn, signedIn, toPublicUser } from "./signed-in.server";
import { countVerificationEmail, queueEmailVerification } from "./email-verification.server";
import { withPasswordSlot } from "./password-gate.server";
import { forgetSessionUser } from "./session-user-cache.server";
import { hashPassword, verifyPassword } from "./password.server";
import { queuePasswordChangedEmail } from "./password-reset.server";
import { countRecentEvents, recordEvent } from "./rate-limit.server";

/**
 * Account settings (issue #19, /profile for every role): name, password, e-mail address. Changes that
 * need the current password count its wrong guesses, so a borrowed session cannot try passwords freely.
 */
const wrongPasswordWindowMs = 15 * 60 * 1000;
export const wrongPasswordsPerWindow = 10;

export async function changeName(user: PublicUser, fullName: string): Promise<PublicUser> {
  const row = await getPrisma().user.update({ where: { id: user.id }, data: { fullName } });
  forgetSessionUser(user.id);
  return toPublicUser(row);
}

/** The current password, checked within the account's allowance of wrong guesses; 400 when wrong. */
async function checkCurrentPassword(userId: number, password: string): Promise<void> {
  const key = String(userId);
  if ((await countRecentEvents("settings-wrong-password", key, wrongPasswordWindowMs)) >= wrongPasswordsPerWindow) {
    throw new AppError(429, "too_many_login_failures", "Too many wrong passwords. Please try again in 15 minutes.", { retryAfterSeconds: 900 });
  }
  const { passwordHash } = await getPrisma().user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await withPasswordSlot(() => verifyPassword(passwordHash, password)))) {
    await recordEvent("settings-wrong-password", key);
    throw new AppError(400, "wrong_password", "Your current password is not right.");
  }
}

/** A new password: every other session ends; this one continues with the returned token. */
export async function changePassword(user: PublicUser, input: { currentPassword: string; newPassword: string }): Promise<SignedIn> {
  await checkCurrentPassword(user.id, input.currentPassword);
  const passwordHash = await withPasswordSlot(() => hashPassword(input.newPassword));
  const updated = await getPrisma().$transaction(async (tx) => {
    const row = await tx.user.update({ where: { id: user.id }, data: { passwordHash, tokenVersion: { increment: 1 } } });
    await queuePasswordChangedEmail(tx, row, `password-changed:${row.id}:${row.tokenVersion}`);
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
    await queueEmailVerification(tx, row, input.newEmail, true);
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
