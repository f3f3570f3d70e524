import type { Prisma } from "~/generated/prisma/client";
import { getEnv } from "~/lib/env.server";
import type { SessionUser } from "~/lib/session-user";
import { signingKey } from "./signing-keys";
import { issueToken } from "./token.server";

/** The user as /api answers it (SPEC §3 fields, plus id and status for the dashboards). */
export interface PublicUser extends SessionUser {
  id: number;
  status: "active" | "pending_review" | "suspended" | "rejected";
  platforms: string[];
  /** Whether the account's e-mail address was confirmed through a link sent to it (issue #19). */
  emailVerified: boolean;
}

export interface SignedIn {
  token: string;
  user: PublicUser;
}

export type UserRow = Prisma.UserGetPayload<object>;

/** What a signed-in request needs of its user: the public fields and the token version (not the password hash). */
export type SessionUserFields = Pick<UserRow, "id" | "email" | "username" | "fullName" | "role" | "status" | "platforms" | "tokenVersion" | "emailVerifiedAt">;

export function toPublicUser(user: SessionUserFields): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    fullName: user.fullName,
    role: user.role,
    status: user.status,
    platforms: user.platforms,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/** The sign-in answer for a user row: a fresh token (of the row's token version) and the public fields. */
export async function signedIn(user: UserRow): Promise<SignedIn> {
  const token = await issueToken({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion }, signingKey(getEnv().SESSION_SECRET, "sign-in token"));
  return { token, user: toPublicUser(user) };
}
