import { createCookieSessionStorage } from "react-router";
import { getEnv } from "~/lib/env.server";
import { signingKey } from "./signing-keys";
import { createVerifiedCache } from "./verified-cache";
import { tokenLifetimeSeconds } from "./token.server";

/**
 * The page carrier of the sign-in token: an httpOnly, SameSite=Lax cookie signed with the session
 * secret. Secure in production, except for an explicitly plain-http PUBLIC_URL (a LAN trial run).
 */
export const sessionCookieName = "smb_session";

let storage: ReturnType<typeof createSessionStorage> | undefined;

/** The attributes every cookie of ours shares: signed (with the cookie key, not the token key), httpOnly, SameSite=Lax, Secure in production. */
export function firstPartyCookieOptions() {
  const env = getEnv();
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env.NODE_ENV === "production" && !env.PUBLIC_URL?.startsWith("http:"),
    path: "/",
    secrets: [signingKey(env.SESSION_SECRET, "session cookie")],
  };
}

function createSessionStorage() {
  return createCookieSessionStorage<{ token: string }>({
    cookie: { name: sessionCookieName, ...firstPartyCookieOptions(), maxAge: tokenLifetimeSeconds },
  });
}

function sessionStorage() {
  storage ??= createSessionStorage();
  return storage;
}

/** Cookie headers whose session cookie verified, with the token it holds (the key never changes in a process). */
const verifiedCookieHeaders = createVerifiedCache<string>({ maxEntries: 5_000, maxKeyLength: 4_096 });

export async function readSessionToken(request: Request): Promise<string | undefined> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader) return undefined;
  const known = verifiedCookieHeaders.get(cookieHeader);
  if (known) return known;
  const session = await sessionStorage().getSession(cookieHeader);
  const token: unknown = session.get("token");
  if (typeof token !== "string") return undefined;
  verifiedCookieHeaders.set(cookieHeader, token);
  return token;
}

/** A Set-Cookie value that keeps the token in the session cookie. */
export async function commitSessionToken(token: string): Promise<string> {
  const session = await sessionStorage().getSession();
  session.set("token", token);
  return sessionStorage().commitSession(session);
}

/** A Set-Cookie value that removes the session cookie. */
export async function clearSessionCookie(request: Request): Promise<string> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  return sessionStorage().destroySession(session);
}
