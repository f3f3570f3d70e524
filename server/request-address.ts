import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyAddr from "proxy-addr";

/** Whether the proxy at `address`, `hop` hops away, is believed (proxy-addr's trust function). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** TRUST_PROXY (app/lib/env.server.ts) as a trust function: off, a hop count or a list of proxy addresses. */
export function compileProxyTrust(setting: false | number | string[]): ProxyTrust {
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting || []);
}

/**
 * Where a request came from and the address it was sent to, as the store sees them: a proxy's
 * X-Forwarded-For, -Proto and -Host are believed only when the nearest hop is a proxy TRUST_PROXY
 * trusts (the rules Express applies with its `trust proxy` setting).
 */
export function requestAddress(request: IncomingMessage, trust: ProxyTrust) {
  const peerAddress = request.socket.remoteAddress ?? "";
  const viaTrustedProxy = trust(peerAddress, 0);
  const forwarded = (name: string) => (viaTrustedProxy ? String(request.headers[name] ?? "").split(",")[0]!.trim() || undefined : undefined);
  const protocol = forwarded("x-forwarded-proto") ?? ((request.socket as TLSSocket).encrypted ? "https" : "http");
  return {
    clientAddress: proxyAddr(request, trust) || "unknown",
    viaTrustedProxy,
    peerAddress: peerAddress || "unknown",
    protocol,
    /** The request's address as React Router sees it; its hostname cut at the first character no hostname has. */
    url: `${protocol}://${hostOf(forwarded("x-forwarded-host") ?? request.headers.host ?? "")}${request.url}`,
  };
}

function hostOf(host: string) {
  const portAt = host.indexOf(":", host.startsWith("[") ? host.indexOf("]") + 1 : 0);
  const hostname = (portAt === -1 ? host : host.slice(0, portAt)).split(/[\\/?#@]/)[0] || "localhost";
  const port = portAt === -1 ? Number.NaN : Number.parseInt(host.slice(portAt + 1), 10);
  return Number.isSafeInteger(port) ? `${hostname}:${port}` : hostname;
}
