import { changePassword, type PublicUser, signOut, confirmPasswordReset } from "~/features/auth/index.server";
import { revokeAllApiKeys } from "./api-keys.server";

/*
 * The changes of an account's credentials that end its API keys too (issue #49): a key outlives
 * sessions, so one minted from a stolen session would otherwise outlive the owner's "Sign out
 * everywhere", a password change and a password reset. Auth does each change and revokes the keys
 * in its transaction with the function handed in here: api-keys owns its table and sits above auth
 * (decision 0021). Routes call these, never auth's directly.
 */

/** A new password from /profile: other sessions end, every key is revoked. */
export function changePasswordRevokingKeys(user: PublicUser, input: { currentPassword: string; newPassword: string }) {
  return changePassword(user, input, revokeAllApiKeys);
}

/** A new password through a reset link: other sessions end, every key is revoked. */
export function resetPasswordRevokingKeys(token: string, password: string) {
  return confirmPasswordReset(token, password, revokeAllApiKeys);
}

/** /profile's "Sign out everywhere": every session and every key; answers the Set-Cookie that clears this one. */
export function signOutEverywhere(request: Request) {
  return signOut(request, revokeAllApiKeys);
}
