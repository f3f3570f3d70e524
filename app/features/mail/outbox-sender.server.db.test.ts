import "~/test/service-test-environment";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serviceDatabase } from "~/test/service-test";
import { type SmtpCapture, startSmtpCapture } from "~/test/smtp-capture";
import { queueEmail } from "./outbox.server";
import { maxAttempts, retryDelayMs, sendDueMessages } from "./outbox-sender.server";
import { emlFileName, fileTransport, messageIdOf, smtpTransport } from "./transports.server";

/*
 * The outbox (issue #19) against a real SMTP server on loopback: queued messages go once each, a
 * mail server that refuses delays them (retried with backoff) without losing or doubling them, and
 * several senders at once never send one message twice.
 */
const { prisma, sql } = serviceDatabase();
const from = "Social Media Boost <no-reply@example.com>";
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp?.close());
beforeEach(async () => {
  smtp.messages.length = 0;
  smtp.refusing = false;
  await prisma().outboxMessage.deleteMany();
});

const content = (n: number) => ({ subject: `Message ${n} — ₵1.00`, text: `Hello ${n}`, html: `<p>Hello ${n}</p>` });

async function queue(count: number, prefix = "test") {
  for (let n = 1; n <= count; n++) await queueEmail(sql(), `${prefix}:${n}`, `person${n}@example.com`, content(n));
}

describe("the outbox", () => {
  it("queues a message once per key, and only when the transaction commits", async () => {
    await queue(1);
    await queue(1);
    await sql()
      .transaction(async (tx) => {
        await queueEmail(tx, "rolled-back:1", "x@example.com", content(9));
        throw new Error("the event failed");
      })
      .catch(() => undefined);
    expect(await prisma().outboxMessage.findMany({ select: { idempotencyKey: true } })).toEqual([{ idempotencyKey: "test:1" }]);
  });

  it("sends every due message once over SMTP, with a Message-ID of its key, and marks it sent", async () => {
    await queue(3);
    const transport = smtpTransport(smtp.url, from);
    expect(await sendDueMessages(transport, { leaseSeconds: 60 })).toEqual({ sent: 3, retrying: 0, failed: 0 });
    expect(await sendDueMessages(transport, { leaseSeconds: 60 })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    transport.close();
    expect(smtp.messages.map((message) => message.to)).toEqual([["person1@example.com"], ["person2@example.com"], ["person3@example.com"]]);
    expect(smtp.messages[0]).toMatchObject({ subject: "Message 1 — ₵1.00", messageId: messageIdOf({ idempotencyKey: "test:1" }, from) });
    expect(await prisma().outboxMessage.count({ where: { status: "sent", sentAt: { not: null } } })).toBe(3);
  });

  it("keeps messages a refusing mail server did not take, retries them after a doubling delay, then sends each once", async () => {
    await queue(2);
    smtp.refusing = true;
    const transport = smtpTransport(smtp.url, from);
    const start = new Date();
    expect(await sendDueMessages(transport, { leaseSeconds: 60, now: () => start })).toEqual({ sent: 0, retrying: 2, failed: 0 });
    const waiting = await prisma().outboxMessage.findMany({ orderBy: { id: "asc" } });
    expect(waiting.map((row) => [row.status, row.attempts, row.nextAttemptAt.getTime() - start.getTime()])).toEqual([
      ["pending", 1, 30_000],
      ["pending", 1, 30_000],
    ]);
    expect(waiting[0]!.lastError).toMatch(/451|try again/i);
    // Not due yet: nothing is tried.
    smtp.refusing = false;
    expect(await sendDueMessages(transport, { leaseSeconds: 60, now: () => new Date(start.getTime() + 29_000) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await sendDueMessages(transport, { leaseSeconds: 60, now: () => new Date(start.getTime() + 31_000) })).toEqual({ sent: 2, retrying: 0, failed: 0 });
    transport.close();
    expect(smtp.messages).toHaveLength(2);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(60 * 60 * 1000);
  });

  it("gives a message up after its last attempt", async () => {
    await queue(1);
    await prisma().outboxMessage.updateMany({ data: { attempts: maxAttempts - 1 } });
    smtp.refusing = true;
    const transport = smtpTransport(smtp.url, from);
    expect(await sendDueMessages(transport, { leaseSeconds: 60 })).toEqual({ sent: 0, retrying: 0, failed: 1 });
    transport.close();
    expect(await prisma().outboxMessage.findFirstOrThrow()).toMatchObject({ status: "failed", attempts: maxAttempts });
  });

  it("never sends a message twice with several senders at once", async () => {
    await queue(30);
    const transports = [1, 2, 3].map(() => smtpTransport(smtp.url, from));
    const runs = await Promise.all(transports.map((transport) => sendDueMessages(transport, { leaseSeconds: 60 })));
    transports.forEach((transport) => transport.close());
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(30);
    expect(new Set(smtp.messages.map((message) => message.messageId)).size).toBe(30);
    expect(smtp.messages).toHaveLength(30);
  });

  it("marks each message sent, the last of a run cut at its limit too, and sends none twice when a send outlasts its lease", async () => {
    await queue(3);
    const transport = smtpTransport(smtp.url, from);
    // The clock passes a whole lease between claims: each message sent is past its lease by the next claim.
    const start = Date.now();
    let calls = 0;
    const now = () => new Date(start + 10_000 * calls++);
    expect(await sendDueMessages(transport, { leaseSeconds: 5, maxMessages: 2, now })).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect((await prisma().outboxMessage.findMany({ orderBy: { id: "asc" }, select: { status: true, lockedUntil: true } })).map((row) => row.status)).toEqual(["sent", "sent", "pending"]);
    // The third was not claimed by the run that stopped at its limit: the next run takes it at once.
    expect(await sendDueMessages(transport, { leaseSeconds: 5, now: () => new Date(start) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    transport.close();
    expect(smtp.messages.map((message) => message.to)).toEqual([["person1@example.com"], ["person2@example.com"], ["person3@example.com"]]);
  });

  it("leaves a message claimed by a sender that died to another sender once its lease has passed", async () => {
    await queue(1);
    const start = new Date();
    await prisma().outboxMessage.updateMany({ data: { lockedUntil: new Date(start.getTime() + 5_000) } });
    const transport = smtpTransport(smtp.url, from);
    expect(await sendDueMessages(transport, { leaseSeconds: 5, now: () => start })).toMatchObject({ sent: 0 });
    expect(await sendDueMessages(transport, { leaseSeconds: 5, now: () => new Date(start.getTime() + 5_001) })).toMatchObject({ sent: 1 });
    transport.close();
    expect(smtp.messages).toHaveLength(1);
  });

  it("writes each message as one .eml file when no mail server is set, the same file on a retry", async () => {
    await queue(2);
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "smb-outbox-"));
    const transport = fileTransport(directory, from);
    expect(await sendDueMessages(transport, { leaseSeconds: 60 })).toMatchObject({ sent: 2 });
    const [first] = await prisma().outboxMessage.findMany({ orderBy: { id: "asc" } });
    const file = path.join(directory, emlFileName(first!.id));
    const eml = fs.readFileSync(file, "utf8");
    expect(eml).toMatch(/^To: person1@example.com$/m);
    expect(eml).toContain("Hello 1");
    await transport.send({ ...first!, textBody: "Hello 1" });
    expect(fs.readdirSync(directory).filter((name) => name.endsWith(".eml"))).toHaveLength(2);
    fs.rmSync(directory, { recursive: true, force: true });
  });
});
