// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { changePassword } from "./account-settings.server";
export { hashAccountToken, issueAccountToken, useAccountToken } from "./account-tokens.server";
export { type PublicUser } from "./accounts.server";
export { type AuthFormResult } from "./auth-form-action.server";
export { findRequestUser, requirePageUser, signInHref, signOut } from "./authenticate.server";
export { countCreation } from "./creation-limits.server";
export { isCurrentPassword } from "./current-password.server";
export { confirmPasswordReset } from "./password-reset.server";
export { type RowWithinLimits, countWithinLimits, lockLimitKeys, msUntilBelowLimit, recordEvent, takeWithinLimits } from "./rate-limit.server";
export { forgetSessionUser } from "./session-user-cache.server";
export { firstPartyCookieOptions } from "./session.server";
