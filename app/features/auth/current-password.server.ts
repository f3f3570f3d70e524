import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { withPasswordSlot } from "./password-gate.server";
import { verifyPassword } from "./password.server";
import { forgetEvents, takeWithinLimit } from "./rate-limit.server";

/**
 * The current password asked again by a signed-in session before it changes what a thief would keep
 * (password, e-mail address, a new API key: issue #49). A borrowed session cannot try passwords
 * freely: each check is counted before the hash runs, in one locked step (takeWithinLimit), so
 * parallel guesses cannot pass the count together; the right password forgets the count, as only the
 * owner knows it.
 */
const bucket = "settings-wrong-password";
const windowMs = 15 * 60 * 1000;
export const wrongPasswordsPerWindow = 10;

/** Whether `password` is the account's; 429 once the account's checks in 15 minutes are spent. */
export async function isCurrentPassword(userId: number, password: string): Promise<boolean> {
  const key = String(userId);
  if (!(await takeWithinLimit({ bucket, key, windowMs, limit: wrongPasswordsPerWindow }))) {
    throw new AppError(429, "too_many_login_failures", "Too many wrong passwords. Please try again in 15 minutes.", { retryAfterSeconds: 900 });
  }
  const { passwordHash } = await getPrisma().user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  const isRight = await withPasswordSlot(() => verifyPassword(passwordHash, password));
  if (isRight) await forgetEvents(bucket, key);
  return isRight;
}
