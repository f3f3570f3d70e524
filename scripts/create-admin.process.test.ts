import { describe, expect, it } from "vitest";
import { startServer } from "../server/testing/spawn-server";
import { commandDatabase, postgresUrl, runCommand } from "./script-testing";

describe("npm run create-admin", () => {
  const database = commandDatabase();
  const createAdmin = (...args: string[]) => runCommand("create-admin.js", args, database.env);

  it("creates an admin who can then sign in with the admin role", async () => {
    const created = await createAdmin("--email", "Owner@Example.com", "--password", "owner-password", "--name", "Kofi Owner");
    expect(created).toEqual({ code: 0, output: "Admin account created: owner@example.com (username admin).\n" });

    const server = await startServer({ ...database.env, SESSION_SECRET: "s".repeat(40) }, { database: postgresUrl ? "default" : "pglite" });
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
