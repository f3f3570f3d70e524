import { afterAll, beforeAll, expect } from "vitest";
import { createApiKey } from "~/features/api-keys/api-keys.server";
import type { PublicUser } from "~/features/auth/accounts.server";
import { hashPassword } from "~/features/auth/password.server";
import { createPaystackClient } from "~/features/paystack/paystack-client.server";
import { setPaystack } from "~/features/paystack/paystack.server";
import type { UserRole, UserStatus } from "~/generated/prisma/client";
import { setDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { type RunningSandbox, type WebhookReceiver, sandboxSecretKey, startSandbox, startWebhookReceiver } from "../../sandbox/paystack/testing";
import type { PaystackSandboxOptions } from "../../sandbox/paystack/sandbox";
import { createTestDatabase, type TestDatabase } from "./test-database";

/*
 * What service tests share: a migrated database of the file's own (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) that the services use, a Paystack sandbox over real HTTP on loopback, users
 * made directly in the database, and a helper to read a refusal. Import
 * `~/test/service-test-environment` before anything else in the test file.
 */

/** The services' database for this test file; `prisma()` reads it directly. */
export function serviceDatabase() {
  let testDatabase: TestDatabase | undefined;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    setDatabase(testDatabase.database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await testDatabase?.dispose();
  });
  return {
    prisma() {
      if (!testDatabase) throw new Error("the test database opens in beforeAll");
      return testDatabase.database.prisma;
    },
    sql() {
      if (!testDatabase) throw new Error("the test database opens in beforeAll");
      return testDatabase.database.sql;
    },
  };
}

/** The payment services talk to a sandbox of this file's own; its webhooks go to `webhooks`, which keeps their bytes. */
export function paystackSandbox(options: Partial<Omit<PaystackSandboxOptions, "webhookUrl">> = {}) {
  const state = {} as { sandbox: RunningSandbox; webhooks: WebhookReceiver };
  beforeAll(async () => {
    state.webhooks = await startWebhookReceiver();
    state.sandbox = await startSandbox({ webhookUrl: () => state.webhooks.url, ...options });
    setPaystack({ client: createPaystackClient({ baseUrl: state.sandbox.baseUrl, secretKey: sandboxSecretKey, retries: 0 }), secretKey: sandboxSecretKey });
  });
  afterAll(async () => {
    setPaystack(undefined);
    await state.sandbox?.close();
    await state.webhooks?.close();
  });
  return state;
}

let sequence = 0;

/** A user made directly in the database (no password sign-in), as the services see it. */
export async function createTestUser(
  prisma: ReturnType<ReturnType<typeof serviceDatabase>["prisma"]>,
  role: UserRole,
  { status = "active", platforms = [], username, fullName = "Ama Tester", emailVerified = true }: { status?: UserStatus; platforms?: string[]; username?: string; fullName?: string; emailVerified?: boolean } = {},
): Promise<PublicUser> {
  sequence += 1;
  const name = username ?? `${role}_${process.pid}_${Date.now().toString(36)}_${sequence}`;
  const user = await prisma.user.create({
    data: { email: `${name}@example.com`, username: name, usernameLower: name.toLowerCase(), fullName, role, status, platforms, passwordHash: "x", emailVerifiedAt: emailVerified ? new Date() : null },
  });
  return { id: user.id, email: user.email, username: name, fullName, role, status, platforms, emailVerified } as PublicUser;
}

/**
 * An API key of `client` made through the service, which asks for the account's password (issue #49):
 * the test user gets a real one first (createTestUser's hash matches none, to keep making users cheap).
 */
export async function createTestApiKey(prisma: ReturnType<ReturnType<typeof serviceDatabase>["prisma"]>, client: PublicUser) {
  const password = "api-key-test-password";
  await prisma.user.update({ where: { id: client.id }, data: { passwordHash: await hashPassword(password) } });
  return createApiKey(client, { password });
}

/** The AppError a call was refused with (the test fails if it was not refused so). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
