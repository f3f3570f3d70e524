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
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) }).SESSION_SECRET).toBe("s".repeat(32));
  });
});
