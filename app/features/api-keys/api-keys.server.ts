import { createHash, randomBytes } from "node:crypto";
import { type PublicUser, countCreation, isCurrentPassword } from "~/features/auth/index.server";
import { absoluteLink, queueEmail } from "~/features/mail/index.server";
import { apiKeyCreatedMail } from "~/features/mail";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * API keys for the reseller API (issue #20). A key is 32 random bytes shown once at creation
 * (`smb_` + 43 base64url characters); only its SHA-256 is stored, so a copy of the database opens
 * nothing. A client may hold a few live keys (rotate = create the new one, then revoke the old);
 * a revoked key stops working at the next request, as every request looks the key up.
 *
 * A key outlives sessions, so a session alone cannot make one (issue #49): creating a key asks for
 * the account's password and e-mails the owner, and signing out everywhere, a password change and a
 * password reset revoke every key.
 */

export const maximumLiveKeys = 5;

export interface ApiKeyView {
  id: number;
  name: string;
  /** The key's first characters, to tell keys apart (`smb_AbCd…`). */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  requestCount: number;
  revokedAt: string | null;
}

const keySelect = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, requestCount: true, revokedAt: true } as const;

function toView(key: { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; requestCount: number; revokedAt: Date | null }): ApiKeyView {
  return { ...key, createdAt: key.createdAt.toISOString(), lastUsedAt: key.lastUsedAt?.toISOString() ?? null, revokedAt: key.revokedAt?.toISOString() ?? null };
}

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

function assertClient(user: PublicUser) {
  if (user.role !== "client") throw new AppError(403, "forbidden", "API access is for client accounts.");
}

/**
 * A new key for the client, with their current password (403 when wrong): `{ key }` is the only time
 * the secret exists outside their hands. The owner's address hears of it in the same transaction.
 */
export async function createApiKey(user: PublicUser, { name = "API key", password }: { name?: string; password: string }): Promise<ApiKeyView & { key: string }> {
  assertClient(user);
  if (!(await isCurrentPassword(user.id, password))) throw new AppError(403, "wrong_password", "Your current password is not right.");
  await countCreation("api-key", user.id);
  const key = `smb_${randomBytes(32).toString("base64url")}`;
  const prisma = getPrisma();
  const created = await prisma.$transaction(async (transaction) => {
    // Under the client's row lock, so two concurrent creations cannot both pass the count.
    const [owner] = await sqlOfPrisma(transaction).query<{ email: string }>("SELECT email FROM users WHERE id = $1::int FOR UPDATE", [user.id]);
    const live = await transaction.apiKey.count({ where: { userId: user.id, revokedAt: null } });
    if (live >= maximumLiveKeys) throw new AppError(409, "conflict", `You can hold ${maximumLiveKeys} API keys at a time. Revoke one you no longer use first.`);
    const row = await transaction.apiKey.create({ data: { userId: user.id, name, prefix: key.slice(0, 8), keyHash: hashApiKey(key) }, select: keySelect });
    const mail = apiKeyCreatedMail({ keyName: row.name, prefix: row.prefix, createdAt: row.createdAt, profileUrl: absoluteLink("/profile#api-access"), supportUrl: absoluteLink("/support") });
    await queueEmail(sqlOfPrisma(transaction), `api-key-created:${row.id}`, owner!.email, mail);
    return row;
  });
  return { ...toView(created), key };
}

/** Revokes every live key of the account, in the caller's transaction (a new password, sign out everywhere). */
export async function revokeAllApiKeys(sql: SqlQueries, userId: number, now = new Date()): Promise<void> {
  await sql.query("UPDATE api_keys SET revoked_at = $2::timestamp WHERE user_id = $1::int AND revoked_at IS NULL", [userId, now.toISOString()]);
}

/** The client's keys, newest first, without secrets (revoked ones stay listed for the record). */
export async function listApiKeys(user: PublicUser): Promise<ApiKeyView[]> {
  assertClient(user);
  const keys = await getPrisma().apiKey.findMany({ where: { userId: user.id }, orderBy: { id: "desc" }, select: keySelect });
  return keys.map(toView);
}

/** Revokes one of the client's keys (404 for anyone else's); revoking twice is harmless. */
export async function revokeApiKey(user: PublicUser, keyId: number, now = new Date()): Promise<ApiKeyView> {
  assertClient(user);
  const prisma = getPrisma();
  await prisma.apiKey.updateMany({ where: { id: keyId, userId: user.id, revokedAt: null }, data: { revokedAt: now } });
  const key = await prisma.apiKey.findFirst({ where: { id: keyId, userId: user.id }, select: keySelect });
  if (!key) throw new AppError(404, "not_found", "API key not found");
  return toView(key);
}

export type KeyUse = { keyId: number; userId: number } | { refused: "invalid" } | { refused: "rate_limited"; retryAfterSeconds: number };

/**
 * One request made with `key`: looks it up, counts it against the key's per-minute limit and records
 * its use, in one statement. Refused when the key is unknown, revoked, or its owner no longer an
 * active client; or when this minute's requests are used up.
 */
export async function acceptApiKeyRequest(key: string, perMinute: number, now = new Date()): Promise<KeyUse> {
  if (!/^smb_[A-Za-z0-9_-]{43}$/.test(key)) return { refused: "invalid" };
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const [row] = await getDatabase().sql.query<{ id: number; user_id: number; window_count: number }>(
    `UPDATE api_keys k SET
       window_count = CASE WHEN k.window_start = $1::timestamp THEN k.window_count + 1 ELSE 1 END,
       window_start = $1::timestamp,
       request_count = k.request_count + 1,
       last_used_at = $2::timestamp
     FROM users u
     WHERE k.key_hash = $3::text AND k.revoked_at IS NULL AND u.id = k.user_id AND u.role = 'client' AND u.status = 'active'
     RETURNING k.id, k.user_id, k.window_count`,
    [windowStart.toISOString(), now.toISOString(), hashApiKey(key)],
  );
  if (!row) return { refused: "invalid" };
  if (row.window_count > perMinute) return { refused: "rate_limited", retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000)) };
  return { keyId: row.id, userId: row.user_id };
}
