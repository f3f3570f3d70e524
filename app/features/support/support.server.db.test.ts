import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "~/lib/database/db.server";
import { isAppError } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import type { SupportTicketInput } from "./support-schema";

// Before any service reads the environment: a fixed secret (no file in ./data) and quiet logs.
process.env.SESSION_SECRET ??= "support-test-secret-support-test-secret-0123";
process.env.LOG_LEVEL = "silent";
process.env.SUPPORT_EMAIL = "help@boost.example";

const { createSupportTicket, listOwnSupportTickets, OWN_TICKETS_SHOWN, SUPPORT_TICKET_LIMIT_PER_HOUR, SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR } = await import("./support.server");
const { submitSupportForm } = await import("./support-form-action.server");
const { registerAccount } = await import("~/features/auth/accounts.server");
const { closeTicket, markTicketAnswered } = await import("~/features/admin/tickets.server");
const { createTestUser } = await import("~/test/service-test");

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

// A reply address of its own per test too: tickets are limited per person (SUPPORT_TICKET_LIMIT_PER_HOUR).
let personCount = 0;
beforeEach(() => {
  request.email = `ama${++personCount}@example.com`;
});

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

  it(`refuses a ${SUPPORT_TICKET_LIMIT_PER_HOUR + 1}th ticket for one reply address within the hour with 429 and Retry-After, and stores nothing`, async () => {
    const address = newAddress();
    const person = { ...request, email: "Yaw.Limit@example.com" };
    for (let count = 0; count < SUPPORT_TICKET_LIMIT_PER_HOUR; count += 1) await createSupportTicket(person, { userId: null, clientAddress: address });
    const before = await testDatabase.database.prisma.supportTicket.count();

    // The same person from another network, the address written differently: still them.
    const error = await createSupportTicket({ ...person, email: "yaw.limit@example.com" }, { userId: null, clientAddress: newAddress() }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.status).toBe(429);
    expect(isAppError(error) && error.retryAfterSeconds).toBeGreaterThan(3500);
    expect((error as Error).message).toMatch(/the most we accept from one person\. Please wait (59|60) minutes before sending another, or e-mail us at help@boost\.example\.$/);
    expect(await testDatabase.database.prisma.supportTicket.count()).toBe(before);

    // Someone else on the same network (a carrier's shared address) is not affected.
    await expect(createSupportTicket({ ...request, email: "ama.neighbour@example.com" }, { userId: null, clientAddress: address })).resolves.toMatchObject({ status: "open" });
  });

  it(`stores ${SUPPORT_TICKET_LIMIT_PER_HOUR} of 30 tickets sent at once by one person, and refuses the rest with 429 (issue #49)`, async () => {
    const person = { ...request, email: "kojo.burst@example.com" };
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => createSupportTicket(person, { userId: null, clientAddress: newAddress() })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(SUPPORT_TICKET_LIMIT_PER_HOUR);
    expect(results.every((result) => result.status === "fulfilled" || (isAppError(result.reason) && result.reason.status === 429))).toBe(true);
    expect(await testDatabase.database.prisma.supportTicket.count({ where: { email: person.email } })).toBe(SUPPORT_TICKET_LIMIT_PER_HOUR);
  });

  it("counts a signed-in author's tickets whatever reply address they give", async () => {
    const { user } = await registerAccount(
      { email: "abena.limit@example.com", username: "abena_limit", fullName: "Abena Limit", password: "secret-pass", role: "client" },
      newAddress(),
    );
    for (let count = 0; count < SUPPORT_TICKET_LIMIT_PER_HOUR; count += 1) {
      await createSupportTicket({ ...request, email: `abena${count}@example.com` }, { userId: user.id, clientAddress: newAddress() });
    }
    const error = await createSupportTicket({ ...request, email: "abena-other@example.com" }, { userId: user.id, clientAddress: newAddress() }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.status).toBe(429);
  });

  it(`refuses tickets from one network address only past ${SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR} an hour`, async () => {
    const address = newAddress();
    for (let count = 0; count < SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR; count += 1) {
      await createSupportTicket({ ...request, email: `carrier${count}@example.com` }, { userId: null, clientAddress: address });
    }
    const error = await createSupportTicket({ ...request, email: "carrier-last@example.com" }, { userId: null, clientAddress: address }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.status).toBe(429);
    expect((error as Error).message).toContain("Very many support requests have come from your network in the last hour.");
  });
});

describe("submitSupportForm (the /support action)", () => {
  beforeAll(() => setDatabase(testDatabase.database));

  it("stores a valid post, links the signed-in author from the session token, and resets the form", async () => {
    const { token, user } = await registerAccount(
      { email: "efua@example.com", username: "efua_support", fullName: "Efua Owusu", password: "secret-pass", role: "client" },
      newAddress(),
    );
    const result = unwrap<{ ok: boolean; submission: { initialValue: unknown }; ticket: { id: number; email: string } }>(
      await submitSupportForm(formPost({ ...request, email: "Efua@Example.com" }, { authorization: `Bearer ${token}` }), newAddress()),
    );
    expect(result.status).toBe(200);
    expect(result.data.ok).toBe(true);
    expect(result.data.submission.initialValue).toBeNull(); // conform resets the form
    const stored = await testDatabase.database.prisma.supportTicket.findFirstOrThrow({ where: { email: "efua@example.com" } });
    expect(stored.userId).toBe(user.id);
    // The success notice names the stored ticket and the address its answer goes to.
    expect(result.data.ticket).toEqual({ id: stored.id, email: "efua@example.com" });
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

  it("answers 429 with a clear notice and Retry-After once the sender reached the hourly limit", async () => {
    const address = newAddress();
    const person = { ...request, email: "kwame.form@example.com" };
    for (let count = 0; count < SUPPORT_TICKET_LIMIT_PER_HOUR; count += 1) {
      expect(unwrap<{ ok: boolean }>(await submitSupportForm(formPost(person), address)).data.ok).toBe(true);
    }
    const answer = await submitSupportForm(formPost(person), address);
    const result = unwrap<{ ok: boolean; notice: { title: string; description: string } }>(answer);
    expect(Number(new Headers(answer.init?.headers).get("Retry-After"))).toBeGreaterThan(3500);
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

describe("listOwnSupportTickets", () => {
  beforeAll(() => setDatabase(testDatabase.database));

  async function newClient(name: string) {
    return createTestUser(testDatabase.database.prisma, "client", { fullName: name });
  }

  it("lists only the user's own tickets, newest first, with the team's answer once it is given", async () => {
    const [yaw, adwoa, admin] = [await newClient("Yaw Asante"), await newClient("Adwoa Sarpong"), await createTestUser(testDatabase.database.prisma, "admin")];
    const first = await createSupportTicket({ ...request, email: yaw.email, subject: "Where is my order?" }, { userId: yaw.id, clientAddress: newAddress() });
    // Written signed out with the same e-mail: no author, so not listed (ownership is the account, not the address).
    await createSupportTicket({ ...request, email: yaw.email, subject: "Sent signed out" }, { userId: null, clientAddress: newAddress() });
    const others = await createSupportTicket({ ...request, email: adwoa.email, subject: "Adwoa's question" }, { userId: adwoa.id, clientAddress: newAddress() });
    const second = await createSupportTicket({ ...request, email: yaw.email, category: "payment", subject: "Charged twice" }, { userId: yaw.id, clientAddress: newAddress() });

    expect(await listOwnSupportTickets(yaw)).toMatchObject([
      { id: second.id, subject: "Charged twice", categoryLabel: "Payment issue", status: "open", reply: null, repliedAt: null, email: yaw.email, message: request.message },
      { id: first.id, subject: "Where is my order?", categoryLabel: "Order issue", status: "open", reply: null },
    ]);

    await markTicketAnswered(admin, first.id, { reply: "Your order started this morning." }, new Date("2026-11-24T09:30:00Z"));
    await markTicketAnswered(admin, others.id, { reply: "Only for Adwoa." });
    const [, answered] = await listOwnSupportTickets(yaw);
    expect(answered).toMatchObject({ id: first.id, status: "answered", reply: "Your order started this morning.", repliedAt: "24 November 2026 at 09:30 GMT" });
    expect(answered.sentAt).toMatch(/^\d{1,2} \w+ \d{4} at \d{2}:\d{2} GMT$/);

    const adwoasList = await listOwnSupportTickets(adwoa);
    expect(adwoasList.map((ticket) => ticket.id)).toEqual([others.id]);
    expect(JSON.stringify(adwoasList)).not.toContain("Your order started this morning.");
    expect(await listOwnSupportTickets(await newClient("Kwesi Appiah"))).toEqual([]);

    // The author receives the answer by e-mail (issue #19), once.
    await closeTicket(admin, first.id);
    const mails = await testDatabase.database.prisma.outboxMessage.findMany({ where: { idempotencyKey: { startsWith: `ticket:${first.id}:` } } });
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([[yaw.email, `Re: Where is my order? (ticket #${first.id})`]]);
    expect(mails[0]!.textBody).toContain("Your order started this morning.");
  });

  it("says a ticket was answered or closed when the team left no note", async () => {
    const [esi, admin] = [await newClient("Esi Quaye"), await createTestUser(testDatabase.database.prisma, "admin")];
    const answered = await createSupportTicket({ ...request, email: esi.email }, { userId: esi.id, clientAddress: newAddress() });
    const closed = await createSupportTicket({ ...request, email: esi.email }, { userId: esi.id, clientAddress: newAddress() });
    await markTicketAnswered(admin, answered.id, {});
    await closeTicket(admin, closed.id);
    const byId = new Map((await listOwnSupportTickets(esi)).map((ticket) => [ticket.id, ticket]));
    expect(byId.get(answered.id)).toMatchObject({ status: "answered", reply: null, repliedAt: expect.stringMatching(/GMT$/) });
    expect(byId.get(closed.id)).toMatchObject({ status: "closed", reply: null, repliedAt: null });
  });

  it(`shows the ${OWN_TICKETS_SHOWN} most recent tickets`, async () => {
    const kojo = await newClient("Kojo Mensah");
    const ids: number[] = [];
    for (let count = 0; count <= OWN_TICKETS_SHOWN; count += 1) {
      // Stored directly: more than one person may send in an hour (SUPPORT_TICKET_LIMIT_PER_HOUR).
      const ticket = await testDatabase.database.prisma.supportTicket.create({ data: { ...request, email: kojo.email, subject: `Question ${count}`, userId: kojo.id }, select: { id: true } });
      ids.push(ticket.id);
    }
    const listed = await listOwnSupportTickets(kojo);
    expect(listed.map((ticket) => ticket.id)).toEqual(ids.slice(1).reverse());
  });
});
