import { useEffect } from "react";
import { AUTH_TOKEN_STORAGE_KEY } from "~/lib/storage-keys";

/**
 * SPEC §4 "Session": on start, a stored token is checked with GET /api/auth/me; a failure removes it
 * (and logs why), so a revoked or expired token never lingers in the browser.
 */
export function useStoredTokenCheck(signedInEmail: string | undefined) {
  useEffect(() => {
    const token = window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    if (!token) return;
    const controller = new AbortController();
    fetch("/api/auth/me", { headers: { Authorization: `Bearer ${token}` }, credentials: "include", signal: controller.signal })
      .then((response) => {
        if (!response.ok) forgetStoredToken(`the stored sign-in token was refused (${response.status})`);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) forgetStoredToken(`the session check failed: ${String(error)}`);
      });
    return () => controller.abort();
  }, [signedInEmail]);
}

export function forgetStoredToken(reason?: string) {
  if (reason) console.log(`Signed out in this browser: ${reason}`);
  window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
}
