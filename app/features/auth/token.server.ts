import { SignJWT, jwtVerify } from "jose";
import type { UserRole } from "~/lib/session-user";
import { createVerifiedCache } from "./verified-cache";

/**
 * The one sign-in token (DESIGN §2): an HS256 JWT carried in the page session cookie and sent by
 * the browser as a Bearer header to /api. `ver` is the user's token version: logout and suspension
 * raise it, which revokes every token issued before.
 */
export interface TokenClaims {
  userId: number;
  role: UserRole;
  tokenVersion: number;
}

export const tokenLifetimeSeconds = 7 * 24 * 60 * 60;
const issuer = "social-media-boost";

/**
 * The HMAC key of a secret, imported once: given raw bytes, jose imports a new WebCrypto key on
 * every sign and verify, and every signed-in request verifies a token (issue #9).
 */
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

export async function issueToken(claims: TokenClaims, secret: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ role: claims.role, ver: claims.tokenVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + tokenLifetimeSeconds)
    .sign(await keyOf(secret));
}

/** Tokens whose signature and claims checked out, by token and key: their claims and expiry (seconds). */
const verifiedTokens = createVerifiedCache<{ secret: string; claims: TokenClaims; expiresAt: number }>({ maxEntries: 10_000, maxKeyLength: 1_000 });

/** The token's claims, or null for anything forged, expired, malformed or not HS256 (e.g. alg none). */
export async function readToken(token: string, secret: string): Promise<TokenClaims | null> {
  const verified = verifiedTokens.get(token);
  if (verified?.secret === secret) {
    // As jose decides it: expired once `exp` is not after the current second.
    if (verified.expiresAt > Math.floor(Date.now() / 1000)) return verified.claims;
    verifiedTokens.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: ["HS256"], issuer });
    const userId = Number(payload.sub);
    const { role, ver } = payload as { role?: unknown; ver?: unknown };
    if (!Number.isSafeInteger(userId) || typeof ver !== "number" || !isRole(role) || typeof payload.exp !== "number") return null;
    const claims = { userId, role, tokenVersion: ver };
    verifiedTokens.set(token, { secret, claims, expiresAt: payload.exp });
    return claims;
  } catch {
    return null;
  }
}

const isRole = (value: unknown): value is UserRole => value === "client" || value === "worker" || value === "admin";
