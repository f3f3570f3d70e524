import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma, setDatabase } from "~/lib/database/db.server";
import { EnvError, parseEnv } from "~/lib/env.server";
import { createTestDatabase } from "~/test/test-database";
import { signIn } from "./accounts.server";
import { ensureBootstrapAdmin } from "./bootstrap-admin.server";

describe("ensureBootstrapAdmin (BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD)", () => {
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const testDatabase = await createTestDatabase();
    setDatabase(testDatabase.database);
    dispose = testDatabase.dispose;
  });
  afterAll(async () => {
    setDatabase(undefined);
    await dispose?.();
  });

  it("refuses an invalid e-mail or a short password, naming the variable but never the password", async () => {
    const attempt = ensureBootstrapAdmin({ email: "not-an-email", password: "12345" });
    await expect(attempt).rejects.toBeInstanceOf(EnvError);
    const problems = await attempt.catch((error: EnvError) => error.problems.join("\n"));
    expect(problems).toContain("BOOTSTRAP_ADMIN_EMAIL: Invalid email address");
    expect(problems).toContain("BOOTSTRAP_ADMIN_PASSWORD: Admin passwords must be at least 12 characters");
    expect(problems).not.toContain("12345");
    expect(await getPrisma().user.count()).toBe(0);
  });

  it("creates the admin when none exists, who can then sign in", async () => {
    expect(await ensureBootstrapAdmin({ email: "First.Admin@Example.com", password: "bootstrap-secret" })).toEqual({ outcome: "created", email: "first.admin@example.com" });
    const { user } = await signIn({ email: "first.admin@example.com", password: "bootstrap-secret" }, "127.0.0.1");
    expect(user).toMatchObject({ role: "admin", status: "active", username: "admin" });
  });

  it("does nothing once any admin exists, even with other credentials", async () => {
    expect(await ensureBootstrapAdmin({ email: "second.admin@example.com", password: "another-secret" })).toEqual({ outcome: "exists" });
    expect(await getPrisma().user.count({ where: { role: "admin" } })).toBe(1);
    expect(await getPrisma().user.findUnique({ where: { email: "second.admin@example.com" } })).toBeNull();
  });
});

describe("parseEnv and the bootstrap admin variables", () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "smb-env-"));

  it("needs both variables or neither", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), BOOTSTRAP_ADMIN_EMAIL: "a@example.com" })).toThrow(/set both or neither/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), BOOTSTRAP_ADMIN_PASSWORD: "secret-1" })).toThrow(/set both or neither/);
    expect(parseEnv({ DATA_DIR: dataDir(), BOOTSTRAP_ADMIN_EMAIL: "a@example.com", BOOTSTRAP_ADMIN_PASSWORD: "secret-1" }).BOOTSTRAP_ADMIN_EMAIL).toBe("a@example.com");
    expect(parseEnv({ DATA_DIR: dataDir() }).BOOTSTRAP_ADMIN_EMAIL).toBeUndefined();
  });
});
