import { paymentModeOf } from "~/features/paystack/index.server";
import type { Env } from "~/lib/env.server";
import { isLoopbackAddress, isLoopbackHost } from "~/lib/loopback";

/*
 * Who may read /dev/outbox, the page that lists the e-mails this store wrote to files instead of
 * sending them, with their links: password resets among them, so whoever reads the page can take
 * any account (decision 0049).
 */

export type OutboxPageAudience = { audience: "everyone" } | { audience: "this machine" } | { audience: "nobody"; reason: string };

type AccessSettings = Pick<Env, "NODE_ENV" | "SMTP_URL" | "PAYSTACK_SECRET_KEY" | "PUBLIC_URL" | "TRUST_PROXY">;

/**
 * A development server shows the page to everyone. A production build (`npm start` included) shows
 * it only to a browser on the machine itself, and only on a store that is evidently a local try-out:
 * no e-mail is sent (the page is the only mailbox there is), no real money moves, its public address
 * is on this machine, and no proxy is said to be in front of it. Anything else is a deployment.
 */
export function outboxPageAudience(env: AccessSettings): OutboxPageAudience {
  if (env.NODE_ENV !== "production") return { audience: "everyone" };
  if (env.SMTP_URL) return { audience: "nobody", reason: "SMTP_URL is set, so e-mails are sent" };
  if (paymentModeOf(env) === "live") return { audience: "nobody", reason: "payments are live" };
  if (!env.PUBLIC_URL || !isLoopbackHost(new URL(env.PUBLIC_URL).host)) return { audience: "nobody", reason: "PUBLIC_URL is not an address on this machine" };
  if (env.TRUST_PROXY !== false && env.TRUST_PROXY !== 0) return { audience: "nobody", reason: "TRUST_PROXY says a proxy is in front of the store" };
  return { audience: "this machine" };
}

/**
 * Headers a proxy adds. A proxy on this machine connects from loopback, so a request that carries one
 * came from elsewhere through it. (A proxy that adds none is why PUBLIC_URL and TRUST_PROXY count too.)
 */
const forwardingHeaders = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"] as const;

/**
 * Whether this request may read the page. "This machine": the connection comes from a loopback
 * address, through no proxy, and names a loopback host — a web page a local browser opened under a
 * name of its own that resolves to 127.0.0.1 (DNS rebinding) sends its own name as Host and is refused.
 */
export function mayReadOutboxPage(audience: OutboxPageAudience, request: { peerAddress: string; headers: Pick<Headers, "get" | "has"> }): boolean {
  if (audience.audience !== "this machine") return audience.audience === "everyone";
  return isLoopbackAddress(request.peerAddress) && isLoopbackHost(request.headers.get("host")) && !forwardingHeaders.some((name) => request.headers.has(name));
}
