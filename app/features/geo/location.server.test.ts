import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { isPublicAddress, lookUpCountry, normalizeAddress, readProxyCountry, resolveCountry } from "./location.server";
import { marketForCountry } from "./market";

/*
 * Addresses from the bundled database's own data (checked against the geoip-country release in the
 * lock file): AFRINIC blocks allocated to Ghanaian networks, and Google's public resolver.
 */
const ghanaianAddresses = ["154.160.0.1", "41.66.192.1", "102.176.0.1"];
const americanAddress = "8.8.8.8";

const envKey = Symbol.for("smb.env");
type EnvHolder = { [envKey]?: unknown };

/** Sets the process's parsed environment (as getEnv() returns it) without touching ./data. */
function setEnvironment(variables: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smb-geo-"));
  (globalThis as EnvHolder)[envKey] = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...variables });
}

function requestWith(headers: Record<string, string> = {}) {
  return new Request("http://localhost/join-network", { headers });
}

beforeEach(() => setEnvironment({}));
afterEach(() => {
  delete (globalThis as EnvHolder)[envKey];
});

describe("lookUpCountry (the bundled GeoIP database)", () => {
  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.2.3", "172.20.0.5", "192.168.1.10", "100.64.0.1", "169.254.1.1", "fd00::1", "fe80::1%eth0", "0.0.0.0"])(
    "cannot place the loopback or private address %s",
    async (address) => {
      expect(isPublicAddress(address)).toBe(false);
      expect(await lookUpCountry(address)).toBeNull();
    },
  );

  it.each(["unknown", "", "not-an-ip", "999.1.1.1"])("treats %j, which is no address, as unknown", async (address) => {
    expect(await lookUpCountry(address)).toBeNull();
  });

  it.each(ghanaianAddresses)("places %s, in a Ghanaian range, in GH", async (address) => {
    expect(isPublicAddress(address)).toBe(true);
    expect(await lookUpCountry(address)).toBe("GH");
  });

  it("reads IPv4-mapped IPv6 addresses (as a dual-stack listener reports them) as IPv4", async () => {
    expect(normalizeAddress("::ffff:154.160.0.1")).toEqual({ address: "154.160.0.1", family: "ipv4" });
    expect(await lookUpCountry("::ffff:154.160.0.1")).toBe("GH");
  });

  it("places addresses elsewhere in their own country", async () => {
    expect(await lookUpCountry(americanAddress)).toBe("US");
  });
});

describe("resolveCountry", () => {
  const direct = { trustProxy: false };
  const viaProxy = { trustProxy: true };

  it("gives a loopback visitor no country, which the page shows as Global / USD", async () => {
    const country = await resolveCountry(requestWith(), "127.0.0.1", direct);
    expect(country).toBeNull();
    expect(marketForCountry(country)).toEqual({ currency: "USD", symbol: "$", label: "Global" });
  });

  it("looks up the client address without a proxy", async () => {
    const country = await resolveCountry(requestWith(), ghanaianAddresses[0], direct);
    expect(country).toBe("GH");
    expect(marketForCountry(country)).toEqual({ currency: "GHS", symbol: "₵", label: "Ghana" });
  });

  it("ignores country headers unless the request came from a trusted proxy: any client could send them", async () => {
    expect(await resolveCountry(requestWith({ "CF-IPCountry": "GH" }), "127.0.0.1", direct)).toBeNull();
    expect(await resolveCountry(requestWith({ "X-Country-Code": "GH" }), "127.0.0.1", direct)).toBeNull();
    expect(await resolveCountry(requestWith({ "CF-IPCountry": "GH" }), americanAddress, direct)).toBe("US");
  });

  it("honours the trusted proxy's country header", async () => {
    expect(await resolveCountry(requestWith({ "CF-IPCountry": "GH" }), "127.0.0.1", viaProxy)).toBe("GH");
    expect(await resolveCountry(requestWith({ "X-Country-Code": "gh" }), "127.0.0.1", viaProxy)).toBe("GH");
    expect(await resolveCountry(requestWith({ "CF-IPCountry": "US" }), ghanaianAddresses[0], viaProxy)).toBe("US");
  });

  it("falls back to the address when the trusted proxy does not know the country", async () => {
    expect(await resolveCountry(requestWith({ "CF-IPCountry": "XX" }), ghanaianAddresses[1], viaProxy)).toBe("GH");
    expect(await resolveCountry(requestWith({ "CF-IPCountry": "T1" }), ghanaianAddresses[2], viaProxy)).toBe("GH");
    expect(await resolveCountry(requestWith(), ghanaianAddresses[1], viaProxy)).toBe("GH");
  });
});

describe("readProxyCountry", () => {
  it("prefers CF-IPCountry, then X-Country-Code, and ignores values that are no country code", () => {
    expect(readProxyCountry(new Headers({ "CF-IPCountry": "GH", "X-Country-Code": "US" }))).toBe("GH");
    expect(readProxyCountry(new Headers({ "CF-IPCountry": "XX", "X-Country-Code": "US" }))).toBe("US");
    expect(readProxyCountry(new Headers({ "CF-IPCountry": "Ghana" }))).toBeNull();
    expect(readProxyCountry(new Headers({ "X-Country-Code": " gh " }))).toBe("GH");
    expect(readProxyCountry(new Headers())).toBeNull();
  });
});

describe("a database that cannot be loaded", () => {
  afterEach(() => {
    vi.doUnmock("geoip-country");
    vi.resetModules();
  });

  it("makes every lookup unknown (Global / USD) instead of failing the page", async () => {
    vi.resetModules();
    vi.doMock("geoip-country", () => {
      throw new Error("the database file is missing");
    });
    const location = await import("./location.server");
    expect(await location.lookUpCountry(ghanaianAddresses[0])).toBeNull();
    expect(await location.resolveCountry(requestWith(), ghanaianAddresses[0], { trustProxy: false })).toBeNull();
  });
});
