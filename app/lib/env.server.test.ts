import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

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

  it("accepts a number of proxy hops for TRUST_PROXY", () => {
    expect(parseEnv({ DATA_DIR: tempDataDir(), TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ DATA_DIR: tempDataDir(), TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: required when NODE_ENV=production/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/at least 32/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), PAYSTACK_SECRET_KEY: "sk_live_abc" }).SESSION_SECRET).toBe("s".repeat(32));
  });

  it("refuses a production server without Paystack keys unless the sandbox is asked for", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(32), DATA_DIR: tempDataDir() };
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
});
