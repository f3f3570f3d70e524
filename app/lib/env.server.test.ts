import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, envNames, parseEnv } from "./env.server";

const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "smb-env-"));

describe("parseEnv", () => {
  it("gives every variable a working default for the embedded mode", () => {
    const dataDir = tempDataDir();
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: "development", TRUST_PROXY: false, DATA_DIR: dataDir });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("keeps the generated secret across parses", () => {
    const dataDir = tempDataDir();
    expect(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET);
  });

  it("treats empty variables as unset", () => {
    const env = parseEnv({ DATA_DIR: tempDataDir(), PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable at once", () => {
    try {
      parseEnv({ PORT: "70000", DATABASE_URL: "mysql://x", PUBLIC_URL: "not a url", TRUST_PROXY: "sometimes" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join("\n");
      for (const name of ["PORT", "DATABASE_URL", "PUBLIC_URL", "TRUST_PROXY"]) expect(problems).toContain(name);
    }
  });

  it("accepts a number of proxy hops or a list of proxy addresses for TRUST_PROXY, never a bare true", () => {
    const trustProxyOf = (value: string) => parseEnv({ DATA_DIR: tempDataDir(), TRUST_PROXY: value }).TRUST_PROXY;
    expect(trustProxyOf("2")).toBe(2);
    expect(trustProxyOf("false")).toBe(false);
    expect(trustProxyOf("10.0.0.0/8, 192.168.1.7,loopback, 2001:db8::/32")).toEqual(["10.0.0.0/8", "192.168.1.7", "loopback", "2001:db8::/32"]);
    for (const refused of ["true", "10.0.0.0/33", "10.0.0.300", "proxy.example.com", "10.0.0.0/8,", "-1"]) {
      expect(() => trustProxyOf(refused), refused).toThrow(/TRUST_PROXY/);
    }
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: required when NODE_ENV=production/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/at least 32/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), PUBLIC_URL: "https://boost.example.com", PAYSTACK_SECRET_KEY: "sk_live_abc" }).SESSION_SECRET).toBe("s".repeat(32));
  });

  it("requires PUBLIC_URL in production, naming it (absolute URLs are never built from a request's Host)", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), PAYSTACK_SECRET_KEY: "sk_live_abc" })).toThrow(/PUBLIC_URL: required when NODE_ENV=production/);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: required[\s\S]*PUBLIC_URL: required/);
    expect(parseEnv({ DATA_DIR: tempDataDir() }).PUBLIC_URL).toBeUndefined();
  });

  it("refuses a production server without Paystack keys unless the sandbox is asked for", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), PUBLIC_URL: "https://boost.example.com", DATA_DIR: tempDataDir() };
    expect(() => parseEnv(production)).toThrow(/PAYSTACK_SECRET_KEY: required when NODE_ENV=production.*PAYMENTS_SANDBOX=true/);
    expect(parseEnv({ ...production, PAYMENTS_SANDBOX: "true" }).PAYMENTS_SANDBOX).toBe(true);
    expect(parseEnv({ ...production, PAYSTACK_SECRET_KEY: "sk_test_abc" }).PAYMENTS_SANDBOX).toBe(false);
    expect(() => parseEnv({ ...production, PAYSTACK_SECRET_KEY: "sk_test_abc", PAYMENTS_SANDBOX: "true" })).toThrow(/PAYMENTS_SANDBOX: set it only without PAYSTACK_SECRET_KEY/);
  });

  it("checks the Paystack base URL and card mode", () => {
    const env = parseEnv({ DATA_DIR: tempDataDir() });
    expect(env).toMatchObject({ PAYSTACK_BASE_URL: "https://api.paystack.co", PAYSTACK_CARD_MODE: "hosted", PAYMENTS_SANDBOX: false });
    expect(parseEnv({ DATA_DIR: tempDataDir(), PAYSTACK_BASE_URL: "http://127.0.0.1:9999/paystack", PAYSTACK_CARD_MODE: "direct" })).toMatchObject({
      PAYSTACK_BASE_URL: "http://127.0.0.1:9999/paystack",
      PAYSTACK_CARD_MODE: "direct",
    });
    expect(() => parseEnv({ DATA_DIR: tempDataDir(), PAYSTACK_BASE_URL: "ftp://example.com" })).toThrow(/PAYSTACK_BASE_URL/);
    expect(() => parseEnv({ DATA_DIR: tempDataDir(), PAYSTACK_CARD_MODE: "raw" })).toThrow(/PAYSTACK_CARD_MODE/);
  });

  it("leaves every support contact unset by default: no channel is offered with a made-up address", () => {
    const env = parseEnv({ DATA_DIR: tempDataDir() });
    expect([env.SUPPORT_EMAIL, env.SUPPORT_PHONE, env.SUPPORT_WHATSAPP]).toEqual([undefined, undefined, undefined]);
  });

  it("reads support phone numbers in international format, with spaces or hyphens, for links and for reading", () => {
    const env = parseEnv({ DATA_DIR: tempDataDir(), SUPPORT_EMAIL: " help@boost.example ", SUPPORT_PHONE: " +233 30  255-0102 ", SUPPORT_WHATSAPP: "+233245550101" });
    expect(env.SUPPORT_EMAIL).toBe("help@boost.example");
    expect(env.SUPPORT_PHONE).toEqual({ dial: "+233302550102", display: "+233 30 255-0102" });
    expect(env.SUPPORT_WHATSAPP).toEqual({ dial: "+233245550101", display: "+233245550101" });
  });

  it("refuses a support number without its country code, with letters or of the wrong length, and a bad e-mail", () => {
    for (const number of ["020 123 4567", "00233 20 123 4567", "+233 20 ABC 4567", "+0 20 123 4567", "+233 20", "+233 20 123 4567 8901 23"]) {
      expect(() => parseEnv({ DATA_DIR: tempDataDir(), SUPPORT_PHONE: number }), number).toThrow(/SUPPORT_PHONE: must be an international number/);
    }
    expect(() => parseEnv({ DATA_DIR: tempDataDir(), SUPPORT_WHATSAPP: "0244 555 0101" })).toThrow(/SUPPORT_WHATSAPP/);
    expect(() => parseEnv({ DATA_DIR: tempDataDir(), SUPPORT_EMAIL: "support at boost" })).toThrow(/SUPPORT_EMAIL: must be an e-mail address/);
  });
});

describe(".env.example", () => {
  const settings = Object.fromEntries(
    fs
      .readFileSync(".env.example", "utf8")
      .split("\n")
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  // Read by `react-router build` and server/start.js, before the app's settings are.
  const readOutsideTheApp = ["BUILD_DIR"];

  it("lists every setting the server reads, and nothing it does not", () => {
    expect(envNames.filter((name) => !(name in settings))).toEqual([]);
    expect(Object.keys(settings).filter((name) => !(envNames as string[]).includes(name) && !readOutsideTheApp.includes(name))).toEqual([]);
  });

  it("gives values the server accepts as they stand", () => {
    expect(() => parseEnv({ ...settings, DATA_DIR: tempDataDir() })).not.toThrow();
  });
});
