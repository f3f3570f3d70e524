import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

/** A message as the outbox hands it to a transport. `id` is stable across retries (the outbox row). */
export interface OutgoingMessage {
  id: number;
  idempotencyKey: string;
  channel: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

/**
 * The one interface sending goes through: an SMS provider is one more implementation for channel "sms".
 * `send` resolves once the message is accepted (by the mail server, or written), and rejects otherwise.
 */
export interface MessageTransport {
  readonly channel: string;
  readonly description: string;
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/**
 * The Message-ID every copy of a message carries, from its idempotency key: if a message were ever
 * sent twice (a process killed after the mail server accepted it and before the outbox recorded it),
 * mail clients and servers would see one message.
 */
export function messageIdOf(message: Pick<OutgoingMessage, "idempotencyKey">, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${Buffer.from(message.idempotencyKey).toString("base64url")}@${domain}>`;
}

function mailOf(message: OutgoingMessage, from: string) {
  return { from, to: message.recipient, subject: message.subject, text: message.textBody, html: message.htmlBody, messageId: messageIdOf(message, from) };
}

/** SMTP through nodemailer, with short timeouts: a mail server that hangs delays the outbox, never blocks it. */
export function smtpTransport(smtpUrl: string, from: string): MessageTransport {
  const transporter = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  const url = new URL(smtpUrl);
  return {
    channel: "email",
    description: `SMTP ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
    send: async (message) => {
      await transporter.sendMail(mailOf(message, from));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP: each message becomes an .eml file (openable in any mail program) under `directory`,
 * named by its outbox id, so a retry rewrites the same file rather than adding a second one. Written
 * with synchronous calls: a few kilobytes to a local disk take less than the five trips through
 * libuv's thread pool the promise calls took (every payment's receipt is written here; issue #22).
 */
export function fileTransport(directory: string, from: string): MessageTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    channel: "email",
    description: `files in ${directory}`,
    send: async (message) => {
      const { message: raw } = (await composer.sendMail(mailOf(message, from))) as { message: Buffer };
      fs.mkdirSync(directory, { recursive: true });
      const file = path.join(directory, emlFileName(message.id));
      const partial = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(partial, raw);
      fs.renameSync(partial, file);
    },
    close: () => composer.close(),
  };
}

/** "000042.eml": zero-padded so a directory listing is in sending order. */
export function emlFileName(id: number): string {
  return `${String(id).padStart(6, "0")}.eml`;
}
