/**
 * The loopback URL this process answers on, known only once the listener is bound (PORT may be 0).
 * server/start.js sets it after `listen`; the Paystack client (sandbox mode) and the sandbox's webhooks
 * call the server through it. Kept on globalThis: dev evaluates server modules more than once.
 */
const selfUrlKey = Symbol.for("smb.selfBaseUrl");
type SelfUrlHolder = { [selfUrlKey]?: string };

export function setSelfBaseUrl(url: string): void {
  const parsed = new URL(url);
  (globalThis as SelfUrlHolder)[selfUrlKey] = parsed.origin;
}

export function getSelfBaseUrl(): string {
  const url = (globalThis as SelfUrlHolder)[selfUrlKey];
  if (!url) throw new Error("The server's own base URL is not known yet: setSelfBaseUrl() runs once the server listens.");
  return url;
}

/** The port this process listens on, once it does. */
export function selfPort(): number | undefined {
  const url = (globalThis as SelfUrlHolder)[selfUrlKey];
  return url ? Number(new URL(url).port) : undefined;
}
