import fs from "node:fs";
import path from "node:path";
import { type ReadMail, readMail } from "./mime";

/**
 * The e-mails a server without SMTP_URL wrote as .eml files (DATA_DIR/outbox), read as a person
 * reads a mailbox: the newest message to an address whose subject matches, waiting for it to arrive.
 */
export function mailsIn(outboxDirectory: string): ReadMail[] {
  if (!fs.existsSync(outboxDirectory)) return [];
  return fs
    .readdirSync(outboxDirectory)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readMail(fs.readFileSync(path.join(outboxDirectory, name), "utf8")));
}

export async function waitForMail(outboxDirectory: string, to: string, subject: RegExp, { timeoutMs = 10_000, count = 1 } = {}): Promise<ReadMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsIn(outboxDirectory).filter((mail) => mail.to === to && subject.test(mail.subject));
    if (found.length >= count) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no e-mail "${subject}" to ${to} in ${outboxDirectory}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
