import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/lib/database/db.server";
import { isAppError } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import type { SupportTicketInput } from "./support-schema";

// Before any service reads the environment: a fixed secret (no file in ./data) and quiet logs.
process.env.SESSION_SECRET ??= "support-test-secret-support-test-secret-0123";
process.env.LOG_LEVEL = "silent";

const { createSupportTicket, SUPPORT_TICKET_LIMIT_PER_HOUR } = await import("./support.server");
const { submitSupportForm } = await import("./support-form-action.server");
const { registerAccount } = await import("~/features/auth/accounts.server");

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterEach(() => setDatabase(testDatabase.database));
afterAll(async () => {
  setDatabase(undefined);
  await testDatabase?.dispose();
});

const request: SupportTicketInput = {
  name: "Ama Mensah",
  email: "ama@example.com",
  category: "order",
  subject: "Order not started",
  message: "My order SMB-12-2026 has not started after a day.",
};

let addressCount = 0;
/** A client address of its own per test, so rate-limit counts never leak between tests. */
const newAddress = () => `203.0.113.${++addressCount}`;

function formPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("http://localhost/support", { method: "POST", body: new URLSearchParams(fields), headers });
}

/** The body and status of what an action answered (react-router's `data()`). */
function unwrap<T>(result: unknown) {
  const { data, init } = result as { data: T; init: ResponseInit | null };
  return { data, status: init?.status ?? 200 };
}

describe("createSupportTicket", () => {
  beforeAll(() => setDatabase(testDatabase.database));

  it("stores a visitor's request as an open ticket without a user", async () => {
    const ticket = await createSupportTicket(request, { userId: null, clientAddress: newAddress() });
    expect(ticket.status).toBe("open");
    const stored = await testDatabase.database.prisma.supportTicket.findUniqueOrThrow({ where: { id: ticket.id } });
    expect(stored).toMatchObject({ ...request, userId: null, status: "open", reply: null, repliedById: null, repliedAt: null });
  });

  it("stores a signed-in user's request with their user id", async () => {
    const { user } = await registerAccount(
      { email: "kofi@example.com", username: "kofi_support", fullName: "Kofi Boateng", password: "secret-pass", role: "client" },
      newAddress(),
    );
    const ticket = await createSupportTicket({ ...request, name: "Kofi Boateng", email: "kofi@example.com" }, { userId: user.id, clientAddress: newAddress() });
    const stored = await testDatabase.database.prisma.supportTicket.findUniqueOrThrow({ where: { id: ticket.id }, include: { user: true } });
    expect(stored.userId).toBe(user.id);
    expect(stored.user?.email).toBe("kofi@example.com");
  });

  it(`refuses a ${SUPPORT_TICKET_LIMIT_PER_HOUR + 1}th ticket from one address within the hour with 429, and stores nothing`, async () => {
    const address = newAddress();
    for (let count = 0; count < SUPPORT_TICKET_LIMIT_PER_HOUR; count += 1) await createSupportTicket(request, { userId: null, clientAddress: address });
    const before = await testDatabase.database.prisma.supportTicket.count();

    const error = await createSupportTicket(request, { userId: null, clientAddress: address }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.status).toBe(429);
    expect((error as Error).message).toContain("Please wait an hour");
    expect(await testDatabase.database.prisma.supportTicket.count()).toBe(before);

    // Another address is not affected.
    await expect(createSupportTicket(request, { userId: null, clientAddress: newAddress() })).resolves.toMatchObject({ status: "open" });
  });
});

describe("submitSupportForm (the /support action)", () => {
  beforeAll(() => setDatabase(testDatabase.database));

  it("stores a valid post, links the signed-in author from the session token, and resets the form", async () => {
    const { token, user } = await registerAccount(
      { email: "efua@example.com", username: "efua_support", fullName: "Efua Owusu", password: "secret-pass", role: "client" },
      newAddress(),
    );
    const result = unwrap<{ ok: boolean; submission: { initialValue: unknown } }>(
      await submitSupportForm(formPost({ ...request, email: "Efua@Example.com" }, { authorization: `Bearer ${token}` }), newAddress()),
    );
    expect(result.status).toBe(200);
    expect(result.data.ok).toBe(true);
    expect(result.data.submission.initialValue).toBeNull(); // conform resets the form
    const stored = await testDatabase.database.prisma.supportTicket.findFirstOrThrow({ where: { email: "efua@example.com" } });
    expect(stored.userId).toBe(user.id);
  });

  it("ignores a bad token: the ticket is stored without a user", async () => {
    const result = unwrap<{ ok: boolean }>(await submitSupportForm(formPost({ ...request, email: "nobody@example.com" }, { authorization: "Bearer not.a.token" }), newAddress()));
    expect(result.data.ok).toBe(true);
    const stored = await testDatabase.database.prisma.supportTicket.findFirstOrThrow({ where: { email: "nobody@example.com" } });
    expect(stored.userId).toBeNull();
  });

  it("answers 400 with SPEC §5's messages for bad input and stores nothing", async () => {
    const before = await testDatabase.database.prisma.supportTicket.count();
    const result = unwrap<{ ok: boolean; submission: { error: Record<string, string[]> } }>(
      await submitSupportForm(formPost({ name: "A", email: "x", category: "", subject: "Hi", message: "short" }), newAddress()),
    );
    expect(result.status).toBe(400);
    expect(result.data.submission.error).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Invalid email address"],
      category: ["Please select a category"],
      subject: ["Subject must be at least 5 characters"],
      message: ["Message must be at least 20 characters"],
    });
    expect(await testDatabase.database.prisma.supportTicket.count()).toBe(before);
  });

  it("answers 429 with a clear notice once the address reached the hourly limit", async () => {
    const address = newAddress();
    for (let count = 0; count < SUPPORT_TICKET_LIMIT_PER_HOUR; count += 1) {
      expect(unwrap<{ ok: boolean }>(await submitSupportForm(formPost(request), address)).data.ok).toBe(true);
    }
    const result = unwrap<{ ok: boolean; notice: { title: string; description: string } }>(await submitSupportForm(formPost(request), address));
    expect(result.status).toBe(429);
    expect(result.data.ok).toBe(false);
    expect(result.data.notice.title).toBe("Too many support requests");
    expect(result.data.notice.description).toContain(`You have sent ${SUPPORT_TICKET_LIMIT_PER_HOUR} support requests in the last hour`);
  });

  it("answers 500 with SPEC §8's failure text when the ticket cannot be stored", async () => {
    const broken = await createTestDatabase();
    try {
      await broken.database.sql.exec("DROP TABLE support_tickets");
      setDatabase(broken.database);
      const result = unwrap<{ ok: boolean; notice: { description: string } }>(await submitSupportForm(formPost(request), newAddress()));
      expect(result.status).toBe(500);
      expect(result.data.ok).toBe(false);
      expect(result.data.notice.description).toBe("Failed to send support request. Please try again.");
    } finally {
      setDatabase(testDatabase.database);
      await broken.dispose();
    }
  });
});
