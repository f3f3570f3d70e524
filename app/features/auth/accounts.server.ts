import { Prisma } from "~/generated/prisma/client";
import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { adminAccountSchema, type LoginInput, type RegisterInput } from "./auth-schema";
import { withPasswordSlot } from "./password-gate.server";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./password.server";
import { takeWithinLimit } from "./rate-limit.server";
import { countSignInAttempt, forgetPairFailures } from "./sign-in-limits.server";
import { queueEmailVerification } from "./email-verification.server";
import type { RevokeApiKeys } from "./password-reset.server";
import { type PublicUser, type SessionUserFields, type SignedIn, signedIn, toPublicUser, type UserRow } from "./signed-in.server";
import { forgetSessionUser, sessionUserCacheOf } from "./session-user-cache.server";
import { signingKey } from "./signing-keys";
import { readToken } from "./token.server";
import { type SqlQueries, sqlOfPrisma } from "~/lib/database/sql-client.server";

export { type PublicUser, type SignedIn, signedIn, toPublicUser } from "./signed-in.server";

const registrationWindowMs = 60 * 60 * 1000;

/**
 * Creates a client (active at once) or a worker (pending an admin's review). The messages are the
 * ones the front end maps (SPEC §8): "already exists" for a taken e-mail, "Username" for a taken name.
 */
export async function registerAccount(input: RegisterInput, clientAddress: string): Promise<SignedIn> {
  // A flood's ceiling, not a tight limit: one carrier address serves a whole town (decision 0044).
  // Counted whatever the outcome (a taken e-mail answers 409, and must not let anyone test addresses
  // without limit: decision 0019), in one locked step so parallel sign-ups cannot pass it together.
  const limit = { bucket: "register", key: clientAddress, windowMs: registrationWindowMs, limit: getEnv().REGISTER_LIMIT_PER_HOUR };
  if (!(await takeWithinLimit(limit))) {
    throw new AppError(429, "too_many_registrations", "Too many accounts were created from this network. Please try again in an hour.");
  }
  const isWorker = input.role === "worker";
  const user = await insertUser(
    { ...input, status: isWorker ? "pending_review" : "active", platforms: isWorker ? [...new Set(input.platforms ?? [])] : [] },
    // The e-mail verification link (issue #19) is queued with the account: both or neither.
    (sql, created) => queueEmailVerification(sql, created, created.email, false),
  );
  return signedIn(user);
}

/** Creates an admin. Only `npm run create-admin` and the bootstrap admin call this: no web form or API can make an admin. */
export async function createAdminAccount(input: unknown): Promise<PublicUser> {
  return toPublicUser(await insertUser({ ...adminAccountSchema.parse(input), role: "admin", status: "active", platforms: [] }));
}

interface NewUser {
  email: string;
  username: string;
  fullName: string;
  password: string;
  role: UserRow["role"];
  status: UserRow["status"];
  platforms: string[];
}

async function insertUser({ password, ...user }: NewUser, onCreated?: (sql: SqlQueries, created: UserRow) => Promise<void>): Promise<UserRow> {
  const prisma = getPrisma();
  const usernameLower = user.username.toLowerCase();
  const taken = await prisma.user.findFirst({ where: { OR: [{ email: user.email }, { usernameLower }] }, select: { email: true } });
  if (taken) throw takenError(taken.email === user.email ? "email" : "username");
  try {
    const passwordHash = await withPasswordSlot(() => hashPassword(password));
    return await prisma.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { ...user, usernameLower, passwordHash } });
      await onCreated?.(sqlOfPrisma(tx), created);
      return created;
    });
  } catch (error) {
    // Two registrations racing for the same e-mail or username: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw takenError(String(error.meta?.target ?? error.message).includes("email") ? "email" : "username");
    }
    throw error;
  }
}

function takenError(field: "email" | "username") {
  return field === "email"
    ? new AppError(409, "email_taken", "An account with this email already exists.")
    : new AppError(409, "username_taken", "Username is already taken.");
}

/**
 * Signs in with e-mail and password, within the failure limits of sign-in-limits.server.ts (429
 * with Retry-After). `trustedDeviceUserId`: the account the browser's trusted-device cookie names.
 */
export async function signIn(input: LoginInput, clientAddress: string, trustedDeviceUserId: number | null = null): Promise<SignedIn> {
  // The whole attempt (limit checks, hash) holds a slot of the password gate; an owner's browser queues first.
  const user = await withPasswordSlot(() => checkSignIn(input, clientAddress, trustedDeviceUserId), { isPriority: trustedDeviceUserId !== null });
  if (user.status === "suspended") {
    throw new AppError(403, "account_suspended", "This account is suspended. Please contact support.");
  }
  const updated = await getPrisma().user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return signedIn(updated);
}

/** The account whose password this is, within the failure limits (the attempt counted before the hash runs); 401 or 429 otherwise. */
async function checkSignIn(input: LoginInput, clientAddress: string, trustedDeviceUserId: number | null): Promise<UserRow> {
  const user = await getPrisma().user.findUnique({ where: { email: input.email } });
  const attempt = { email: input.email, clientAddress, fromTrustedDevice: user !== null && user.id === trustedDeviceUserId };
  const counted = await countSignInAttempt(attempt);
  const isPasswordRight = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
  if (!user || !isPasswordRight) throw new AppError(401, "invalid_credentials", "Invalid email or password");
  await Promise.all([counted.withdraw(), forgetPairFailures(attempt)]);
  return user;
}

/**
 * The user a token belongs to, or null when the token is forged, expired, revoked (its version is
 * behind the user's) or the account is suspended or gone.
 */
export async function findUserByToken(token: string): Promise<PublicUser | null> {
  const claims = await readToken(token, signingKey(getEnv().SESSION_SECRET, "sign-in token"));
  if (!claims) return null;
  const user = await sessionUserCacheOf<SessionUserFields>().find(claims.userId, findSessionUser);
  if (!user || user.tokenVersion !== claims.tokenVersion || user.status === "suspended") return null;
  return toPublicUser(user);
}

/**
 * The user a token names, with one SQL statement below Prisma, when session-user-cache.server.ts
 * does not keep it: every signed-in request (every /api call, every page) needs it, and Prisma's own
 * work per query (compiling it, mapping the row) was about a tenth of a signed-in page's CPU time
 * (issue #9). Same pool and connection as Prisma. A named statement: PostgreSQL parses and plans it
 * once per connection (issue #22).
 */
async function findSessionUser(userId: number): Promise<SessionUserFields | undefined> {
  const [row] = await getDatabase().sql.query<SessionUserRow>(
    "SELECT id, email, username, full_name, role::text AS role, status::text AS status, platforms, token_version, email_verified_at FROM users WHERE id = $1",
    [userId],
    { statementName: "session-user" },
  );
  return (
    row && {
      id: row.id,
      email: row.email,
      username: row.username,
      fullName: row.full_name,
      role: row.role,
      status: row.status,
      platforms: row.platforms,
      tokenVersion: row.token_version,
      emailVerifiedAt: row.email_verified_at,
    }
  );
}

type SessionUserRow = {
  id: number;
  email: string;
  username: string;
  full_name: string;
  role: UserRow["role"];
  status: UserRow["status"];
  platforms: string[];
  token_version: number;
  email_verified_at: Date | null;
};

/**
 * Revokes every token of the user at once (logout signs out on every device). `revokeApiKeys`:
 * "Sign out everywhere" revokes every API key too, in the same transaction (issue #49): a key made
 * from a stolen session must not outlive it. The header's plain sign-out leaves keys to the owner's software.
 */
export async function revokeTokens(userId: number, revokeApiKeys?: RevokeApiKeys): Promise<void> {
  await getPrisma().$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } });
    await revokeApiKeys?.(sqlOfPrisma(tx), userId);
  });
  forgetSessionUser(userId);
}
