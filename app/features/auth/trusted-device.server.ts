import { createCookie } from "react-router";
import { getEnv } from "~/lib/env.server";
import { signingKey } from "./signing-keys";

/*
 * A browser its owner has signed in on (OWASP's "device cookie"): set on every successful sign-in
 * or sign-up, signed with its own key. A sign-in that carries it for the account it names skips the
 * per-account delay and the per-address limit, so strangers failing against an account, or many
 * people behind one carrier address, never lock its owner out on their own browser.
 */
const lifetimeSeconds = 180 * 24 * 60 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function deviceCookie() {
  const env = getEnv();
  cookie ??= createCookie("smb_device", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production" && !env.PUBLIC_URL?.startsWith("http:"),
    path: "/",
    maxAge: lifetimeSeconds,
    secrets: [signingKey(env.SESSION_SECRET, "trusted device")],
  });
  return cookie;
}

/** The account id this browser was trusted for, or null (no cookie, a forged or expired one). */
export async function readTrustedDevice(request: Request): Promise<number | null> {
  const value = (await deviceCookie().parse(request.headers.get("Cookie"))) as { userId?: unknown; issuedAt?: unknown } | null;
  if (!value || typeof value.userId !== "number" || typeof value.issuedAt !== "number") return null;
  return Date.now() - value.issuedAt < lifetimeSeconds * 1000 ? value.userId : null;
}

/** The Set-Cookie value that trusts this browser for `userId`. */
export function trustDevice(userId: number): Promise<string> {
  return deviceCookie().serialize({ userId, issuedAt: Date.now() });
}
