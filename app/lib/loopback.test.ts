import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackHost } from "./loopback";

describe("isLoopbackAddress", () => {
  it("knows the machine's own addresses as a socket reports them", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "[::1]"]) expect(isLoopbackAddress(address), address).toBe(true);
  });

  it("refuses every other address, and none", () => {
    for (const address of ["192.0.2.2", "10.0.0.1", "::ffff:192.0.2.2", "fd00::2", "0.0.0.0", "::", "localhost", "unknown", "", undefined]) expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});

describe("isLoopbackHost", () => {
  it("knows localhost, its subdomains and loopback addresses, with or without a port", () => {
    for (const host of ["localhost", "localhost:3000", "LOCALHOST.", "shop.localhost:3000", "127.0.0.1:4730", "[::1]:3000", "[::1]"]) expect(isLoopbackHost(host), host).toBe(true);
  });

  it("refuses other names, including ones that merely start like localhost", () => {
    for (const host of ["boost.example.com", "localhost.example.com", "192.0.2.2:3000", "[fd00::2]:3000", "127.0.0.1.nip.io", "", null, undefined]) expect(isLoopbackHost(host), String(host)).toBe(false);
  });
});
