import { createHash, randomBytes } from "node:crypto";
import type { AccountTokenPurpose } from "~/generated/prisma/client";
import { isoTimestamp, type SqlQueries } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";

/**
 * Single-use links sent by e-mail (password reset, e-mail verification, a new payout number). The link carries 32 random
 * bytes; the database keeps only their SHA-256, so a leaked copy of it resets nobody's password.
 */
export function hashAccountToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new link token for `userId`; earlier unused ones of the same purpose stop working (only the newest e-mail's link works). */
export async function issueAccountToken(sql: SqlQueries, input: { userId: number; purpose: AccountTokenPurpose; validMs: number; email?: string; payoutNumberId?: number; now?: Date }): Promise<string> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  await expireAccountTokens(sql, input.userId, input.purpose, now);
  await sql.query(
    `INSERT INTO account_tokens (user_id, purpose, token_hash, email, payout_number_id, expires_at, created_at)
     VALUES ($1::int, $2::"AccountTokenPurpose", $3::text, $4::text, $5::int, $6::timestamp, $7::timestamp)`,
    [input.userId, input.purpose, hashAccountToken(token), input.email ?? null, input.payoutNumberId ?? null, new Date(now.getTime() + input.validMs).toISOString(), now.toISOString()],
  );
  return token;
}

/**
 * Ends every unused link of `purpose` the account holds. Reset links die when the password or the
 * e-mail address changes (issue #49): a link read by someone who once had the old inbox must not
 * outlive the change that shut them out.
 */
export async function expireAccountTokens(sql: SqlQueries, userId: number, purpose: AccountTokenPurpose, now = new Date()): Promise<void> {
  await sql.query(
    `UPDATE account_tokens SET expires_at = $3::timestamp
     WHERE user_id = $1::int AND purpose = $2::"AccountTokenPurpose" AND used_at IS NULL AND expires_at > $3::timestamp`,
    [userId, purpose, now.toISOString()],
  );
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

const tokenProblems = {
  unknown: () => new AppError(400, "invalid_token", "This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one."),
  used: () => new AppError(400, "token_used", "This link has already been used. Ask for a new one if you need it."),
  expired: () => new AppError(400, "token_expired", "This link has expired. Ask for a new one."),
};

/** A link's row. */
export type AccountTokenRow = { id: number; userId: number; purpose: AccountTokenPurpose; email: string | null; payoutNumberId: number | null; expiresAt: Date; usedAt: Date | null };

async function tokenRow(sql: SqlQueries, token: string): Promise<AccountTokenRow | null> {
  const [row] = await sql.query<Omit<AccountTokenRow, "expiresAt" | "usedAt"> & { expiresAt: string; usedAt: string | null }>(
    `SELECT id, user_id AS "userId", purpose::text AS purpose, email, payout_number_id AS "payoutNumberId", ${isoTimestamp("expires_at")} AS "expiresAt", ${isoTimestamp("used_at")} AS "usedAt"
     FROM account_tokens WHERE token_hash = $1::text`,
    [hashAccountToken(token)],
  );
  return row ? { ...row, expiresAt: new Date(row.expiresAt), usedAt: row.usedAt === null ? null : new Date(row.usedAt) } : null;
}

/** The link's row while it may be used; a 400 saying why not otherwise (unknown and tampered look alike). */
async function usableToken(sql: SqlQueries, token: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountTokenRow> {
  const row = tokenShape.test(token) ? await tokenRow(sql, token) : null;
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
export async function useAccountToken(sql: SqlQueries, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<AccountTokenRow> {
  const row = await usableToken(sql, token, purpose, now);
  // Still unused and unexpired when written: a password change that expired it meanwhile wins.
  const used = await sql.query("UPDATE account_tokens SET used_at = $2::timestamp WHERE id = $1::int AND used_at IS NULL AND expires_at > $2::timestamp RETURNING id", [row.id, now.toISOString()]);
  if (used.length !== 1) {
    await usableToken(sql, token, purpose, now); // says why: used or expired
    throw tokenProblems.used();
  }
  return row;
}

/** Why a link would be refused now, or null (the page behind a link checks before showing its form). */
export async function accountTokenProblem(sql: SqlQueries, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<AppError | null> {
  try {
    await usableToken(sql, token, purpose, now);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
