/*
 * The path a log line may name. Query strings are left out (they can carry e-mails, references and
 * API keys: `?key=`), and the token of a single-use e-mailed link is replaced, because such a link
 * still works for hours after it is logged. Matched as the router matches, so the same link written
 * in capitals or with escapes (`/AUTH/re%73et/<token>`) is redacted too.
 */
const secretLinkPrefixes = ["/auth/reset/", "/auth/verify/", "/payouts/confirm-number/"];

export function loggablePath(url: string): string {
  const path = url.split("?")[0];
  const comparable = decodedOrAsIs(path).replace(/\/{2,}/g, "/").toLowerCase();
  const prefix = secretLinkPrefixes.find((candidate) => comparable.startsWith(candidate));
  return prefix ? `${prefix}[redacted]` : path;
}

function decodedOrAsIs(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
