import { hkdfSync } from "node:crypto";

/**
 * One secret, separate keys: SESSION_SECRET is the operator's only setting, and each use signs with
 * its own key derived from it (HKDF-SHA256), so a value signed for one purpose can never be passed
 * off as another (a cookie's signature as a token's, or the other way round).
 */
export type SigningPurpose = "session cookie" | "sign-in token" | "trusted device";

const derived = new Map<string, string>();

/** The key for `purpose` (base64url, 256 bits), derived from `secret`; the same inputs give the same key. */
export function signingKey(secret: string, purpose: SigningPurpose): string {
  const id = `${purpose}\u0000${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "social-media-boost", `smb ${purpose} v1`, 32)).toString("base64url");
    derived.set(id, key);
  }
  return key;
}
