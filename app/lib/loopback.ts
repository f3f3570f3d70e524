import { BlockList, isIP } from "node:net";

/** 127.0.0.0/8 and ::1: addresses a packet from which never left the machine. */
const loopbackRanges = new BlockList();
loopbackRanges.addSubnet("127.0.0.0", 8, "ipv4");
loopbackRanges.addAddress("::1", "ipv6");

/** Whether a socket's address is this machine's own loopback (IPv4-mapped IPv6 included, as a dual-stack listener reports it). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  const candidate = mapped ? mapped[1] : plain;
  const version = isIP(candidate);
  return version !== 0 && loopbackRanges.check(candidate, version === 4 ? "ipv4" : "ipv6");
}

/**
 * Whether a URL's or Host header's host names this machine: "localhost" and its subdomains (which
 * browsers resolve to loopback themselves, RFC 6761) or a loopback address. A port is ignored.
 */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  const hostname = (host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d*$/, "")).toLowerCase().replace(/\.$/, "");
  return hostname === "localhost" || hostname.endsWith(".localhost") || isLoopbackAddress(hostname);
}
