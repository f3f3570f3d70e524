import { BlockList, isIP } from "node:net";
import { getLogger } from "~/lib/logger.server";

/*
 * Where a visitor is, at country level, resolved on the server so the first HTML already shows the
 * right currency (DESIGN §6). No request ever leaves this server for it:
 * - from a trusted proxy (the peer is one TRUST_PROXY names), the country header the proxy adds: Cloudflare's
 *   `CF-IPCountry`, else `X-Country-Code` (set it at the proxy; the proxy must overwrite any value a
 *   client sends);
 * - otherwise, or when the proxy gave none, the client address looked up in the GeoLite2 country
 *   database bundled in the `geoip-country` package (no download at install or run time).
 * The answer is never stored; a failure is "unknown", which the page shows as Global / USD.
 */

/** Proxy headers that carry the visitor's country, in the order they are trusted. */
export const countryHeaders = ["CF-IPCountry", "X-Country-Code"] as const;

export interface ResolveCountryOptions {
  /** Whether proxy headers are honoured: the request came from a proxy TRUST_PROXY trusts (load context viaTrustedProxy). */
  trustProxy: boolean;
}

/** The visitor's ISO 3166-1 alpha-2 country code ("GH", "US"…), or null when it cannot be told. */
export async function resolveCountry(request: Request, clientAddress: string, { trustProxy }: ResolveCountryOptions): Promise<string | null> {
  if (trustProxy) {
    const fromProxy = readProxyCountry(request.headers);
    if (fromProxy) return fromProxy;
  }
  return lookUpCountry(clientAddress);
}

/** The first country header that holds a real country (Cloudflare sends XX for unknown, T1 for Tor). */
export function readProxyCountry(headers: Pick<Headers, "get">): string | null {
  for (const name of countryHeaders) {
    const code = toCountryCode(headers.get(name));
    if (code) return code;
  }
  return null;
}

function toCountryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || code === "XX") return null;
  return code;
}

/*
 * Addresses no database can place: this host, private networks, link-local, carrier-grade NAT.
 * They are answered without loading the database (a local visitor never pays for it).
 */
const unplaceable = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  unplaceable.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  unplaceable.addSubnet(network, prefix, "ipv6");
}

/** The address as `net` reads it: no brackets, no zone, IPv4-mapped IPv6 as plain IPv4. */
export function normalizeAddress(address: string): { address: string; family: "ipv4" | "ipv6" } | null {
  let candidate = address.trim().replace(/^\[(.*)\]$/, "$1");
  candidate = candidate.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(candidate);
  if (mapped) candidate = mapped[1];
  const version = isIP(candidate);
  if (version === 0) return null;
  return { address: candidate, family: version === 4 ? "ipv4" : "ipv6" };
}

/** Whether a country database could know the address (false for loopback and private ones). */
export function isPublicAddress(address: string): boolean {
  const normalized = normalizeAddress(address);
  return normalized !== null && !unplaceable.check(normalized.address, normalized.family);
}

type CountryDatabase = typeof import("geoip-country").default;
let database: Promise<CountryDatabase> | undefined;
let hasReportedFailure = false;

/*
 * Loaded on first use, not at start-up: reading the ~8 MB database takes ~25–35 ms, which the
 * server's cold start and every visitor from a private address (tests, local runs) need not pay.
 */
function loadCountryDatabase(): Promise<CountryDatabase> {
  database ??= import("geoip-country").then((module) => module.default);
  return database;
}

/** The country of an IP address from the bundled database, or null (private, unknown, or a failure). */
export async function lookUpCountry(address: string): Promise<string | null> {
  const normalized = normalizeAddress(address);
  if (!normalized || unplaceable.check(normalized.address, normalized.family)) return null;
  try {
    const countries = await loadCountryDatabase();
    return toCountryCode(countries.lookup(normalized.address)?.country);
  } catch (error) {
    // SPEC §8: a failed location lookup silently falls back to USD. Operators still hear of it once.
    if (!hasReportedFailure) {
      hasReportedFailure = true;
      getLogger().warn({ err: error }, "the GeoIP country database could not be used; visitors are shown global (USD) rates");
    }
    return null;
  }
}
