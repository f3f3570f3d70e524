import { redirect } from "react-router";
import { AppError } from "~/lib/errors";
import { type PublicUser, findUserByToken, revokeTokens } from "./accounts.server";
import type { RevokeApiKeys } from "./password-reset.server";
import { clearSessionCookie, readSessionToken } from "./session.server";
import type { UserRole } from "~/lib/session-user";

/** The token a request carries: a Bearer header (the browser's /api calls) or the session cookie. */
export async function readRequestToken(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Authorization");
  if (header?.toLowerCase().startsWith("bearer ")) return header.slice(7).trim() || undefined;
  return readSessionToken(request);
}

/** The signed-in user, or null. Never throws for a bad token: a bad token is simply no user. */
export async function findRequestUser(request: Request): Promise<PublicUser | null> {
  const token = await readRequestToken(request);
  return token ? findUserByToken(token) : null;
}

/** The signed-in user with one of `roles`; 401 without a valid token, 403 with another role. */
export async function requireUser(request: Request, roles?: readonly UserRole[]): Promise<PublicUser> {
  const user = await findRequestUser(request);
  if (!user) throw new AppError(401, "unauthenticated", "Authentication required");
  if (roles && !roles.includes(user.role)) throw new AppError(403, "forbidden", "Access denied");
  return user;
}

/** The sign-in page's address that brings the visitor back to `path` (path and query) once signed in. */
export function signInHref(path: string): string {
  return `/auth?redirectTo=${encodeURIComponent(path)}`;
}

/**
 * A page's signed-in user: signed out goes to sign-in, which brings the visitor back to this very
 * address. `url` is the loader's or action's own (React Router's normalised address: a client
 * navigation's `request.url` ends in `.data`).
 */
export async function requirePageUser(request: Request, url: URL): Promise<PublicUser> {
  const user = await findRequestUser(request);
  if (user) return user;
  throw redirect(signInHref(`${url.pathname}${url.search}`));
}

/**
 * Revokes the caller's tokens (if any) and answers the Set-Cookie value that clears the session.
 * `revokeApiKeys`: /profile's "Sign out everywhere" revokes every API key too (revokeTokens).
 */
export async function signOut(request: Request, revokeApiKeys?: RevokeApiKeys): Promise<string> {
  const user = await findRequestUser(request);
  if (user) await revokeTokens(user.id, revokeApiKeys);
  return clearSessionCookie(request);
}

