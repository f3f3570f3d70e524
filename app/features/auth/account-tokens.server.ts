import { createHash, randomBytes } from "node:crypto";
import type { AccountTokenPurpose, Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/errors";

type Db = Pick<Prisma.TransactionClient, "accountToken">;

/**
 * Single-use links sent by e-mail (password reset, e-mail verification, a new payout number). The link carries 32 random
 * bytes; the database keeps only their SHA-256, so a leaked copy of it resets nobody's password.
 */
export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new link token for `userId`; earlier unused ones of the same purpose stop working (only the newest e-mail's link works). */
export async function issueAccountToken(db: Db, input: { userId: number; purpose: AccountTokenPurpose; validMs: number; email?: string; payoutNumberId?: number; now?: Date }): Promise<string> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  await expireAccountTokens(db, input.userId, input.purpose, now);
  await db.accountToken.create({
    data: { userId: input.userId, purpose: input.purpose, tokenHash: hashAccountToken(token), email: input.email, payoutNumberId: input.payoutNumberId, expiresAt: new Date(now.getTime() + input.validMs) },
  });
  return token;
}

/**
 * Ends every unused link of `purpose` the account holds. Reset links die when the password or the
 * e-mail address changes (issue #49): a link read by someone who once had the old inbox must not
 * outlive the change that shut them out.
 */
export async function expireAccountTokens(db: Db, userId: number, purpose: AccountTokenPurpose, now = new Date()): Promise<void> {
  await db.accountToken.updateMany({ where: { userId, purpose, usedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const tokenProblems = {
  unknown: () => new AppError(400, "invalid_token", "This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one."),
  used: () => new AppError(400, "token_used", "This link has already been used. Ask for a new one if you need it."),
  expired: () => new AppError(400, "token_expired", "This link has expired. Ask for a new one."),
};

/** The link's row while it may be used; a 400 saying why not otherwise (unknown and tampered look alike). */
async function usableToken(db: Db, token: string, purpose: AccountTokenPurpose, now: Date) {
  const row = tokenShape.test(token) ? await db.accountToken.findUnique({ where: { tokenHash: hashAccountToken(token) } }) : null;
  if (!row || row.purpose !== purpose) throw tokenProblems.unknown();
  if (row.usedAt) throw tokenProblems.used();
  if (row.expiresAt <= now) throw tokenProblems.expired();
  return row;
}

/**
 * Uses the link: marks it used (one conditional update, so two uses racing cannot both succeed, nor a
 * use and the expiry of a password change) and
 * answers its row. Unknown, tampered, used or expired links throw a 400 saying which, and change nothing.
 */
export async function useAccountToken(db: Db, token: string, purpose: AccountTokenPurpose, now = new Date()) {
  const row = await usableToken(db, token, purpose, now);
  // Still unused and unexpired when written: a password change that expired it meanwhile wins.
  const { count } = await db.accountToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (count !== 1) {
    await usableToken(db, token, purpose, now); // says why: used or expired
    throw tokenProblems.used();
  }
  return row;
}

/** Why a link would be refused now, or null (the page behind a link checks before showing its form). */
export async function accountTokenProblem(db: Db, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<AppError | null> {
  try {
    await usableToken(db, token, purpose, now);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
