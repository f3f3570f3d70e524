import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDirectory, createPostgresDatabase, makeDataDir, startServer } from "../server/testing/spawn-server";

const run = promisify(execFile);
const postgresUrl = process.env.TEST_DATABASE_URL;

describe("npm run create-admin", () => {
  let databaseEnv: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (postgresUrl) {
      const database = await createPostgresDatabase(postgresUrl);
      databaseEnv = { DATABASE_URL: database.url };
      dropDatabase = database.drop;
    } else {
      databaseEnv = { DATA_DIR: makeDataDir() };
    }
  });
  afterAll(async () => {
    await dropDatabase?.();
  });

  const createAdmin = (...args: string[]) =>
    run(process.execPath, ["scripts/create-admin.js", ...args], {
      env: { PATH: process.env.PATH, BUILD_DIR: buildDirectory, SESSION_SECRET: "s".repeat(40), NODE_ENV: "production", PAYMENTS_SANDBOX: "true", ...databaseEnv },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
    );

  it("creates an admin who can then sign in with the admin role", async () => {
    const created = await createAdmin("--email", "Owner@Example.com", "--password", "owner-password", "--name", "Kofi Owner");
    expect(created).toEqual({ code: 0, output: "Admin account created: owner@example.com (username admin).\n" });

    const server = await startServer({ ...databaseEnv, SESSION_SECRET: "s".repeat(40) }, { database: postgresUrl ? "default" : "pglite" });
    try {
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "owner@example.com", password: "owner-password" }),
      });
      expect(response.status).toBe(200);
      expect((await response.json()).user).toMatchObject({ role: "admin", fullName: "Kofi Owner", status: "active" });
    } finally {
      await server.stop();
    }
  });

  it("refuses a taken e-mail and invalid input with exit code 1", async () => {
    const again = await createAdmin("--email", "owner@example.com", "--password", "owner-password", "--username", "second");
    expect(again.code).toBe(1);
    expect(again.output).toContain("already exists");
    const invalid = await createAdmin("--email", "not-an-email", "--password", "123");
    expect(invalid.code).toBe(1);
    expect(invalid.output).toContain("email: Invalid email address");
    expect(invalid.output).toContain("password: Admin passwords must be at least 12 characters");
  });

  it("prints its usage without --email and --password", async () => {
    const usage = await createAdmin();
    expect(usage.code).toBe(2);
    expect(usage.output).toContain("Usage: npm run create-admin -- --email E --password P");
  });
});
