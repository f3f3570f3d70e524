import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyLocalRunDefaults } from "./local-secret.js";

/*
 * `npm start` with no configuration: the store's address, which the server prints and every e-mail
 * link is built from, is the README's http://localhost:PORT, never the loopback IP the server calls
 * itself on (decision 0049).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smb-local-run-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("applyLocalRunDefaults", () => {
  it("runs the production build on the sandbox at http://localhost:3000, with a secret kept in the data folder", () => {
    const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
    applyLocalRunDefaults(env);
    expect(env).toMatchObject({ NODE_ENV: "production", PAYMENTS_SANDBOX: "true", PUBLIC_URL: "http://localhost:3000" });
    expect(env.SESSION_SECRET).toBe(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8"));
  });

  it("is on localhost at PORT, and keeps a PUBLIC_URL or payment key it is given", () => {
    const onPort: NodeJS.ProcessEnv = { DATA_DIR: dataDir, PORT: "4730" };
    applyLocalRunDefaults(onPort);
    expect(onPort.PUBLIC_URL).toBe("http://localhost:4730");
    const given: NodeJS.ProcessEnv = { DATA_DIR: dataDir, PUBLIC_URL: "https://boost.example.com", PAYSTACK_SECRET_KEY: "sk_test_abc" };
    applyLocalRunDefaults(given);
    expect(given).toMatchObject({ PUBLIC_URL: "https://boost.example.com", PAYSTACK_SECRET_KEY: "sk_test_abc" });
    expect(given.PAYMENTS_SANDBOX).toBeUndefined();
  });

  it("changes nothing when NODE_ENV is set: a deployment says everything itself", () => {
    const deployment: NodeJS.ProcessEnv = { NODE_ENV: "production", DATA_DIR: dataDir };
    applyLocalRunDefaults(deployment);
    expect(deployment).toEqual({ NODE_ENV: "production", DATA_DIR: dataDir });
  });
});
