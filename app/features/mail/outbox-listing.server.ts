import fs from "node:fs";
import path from "node:path";
import { getPrisma } from "~/lib/database/db.server";
import { emailTransport, outboxDirectory } from "./mail-delivery.server";
import { emlFileName } from "./transports.server";

/** The newest queued e-mails for /dev/outbox, their text split so the page can make the links clickable. */
export async function listOutbox() {
  const rows = await getPrisma().outboxMessage.findMany({ orderBy: { id: "desc" }, take: 50 });
  const directory = outboxDirectory();
  return {
    transport: emailTransport().description,
    messages: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      recipient: row.recipient,
      status: row.status,
      createdAt: row.createdAt.toISOString().replace("T", " ").slice(0, 19) + " UTC",
      file: fs.existsSync(path.join(directory, emlFileName(row.id))) ? path.join(directory, emlFileName(row.id)) : null,
      parts: splitLinks(row.textBody),
    })),
  };
}

/** "Open https://x/y now" → text, link, text. Only http(s) addresses become links. */
export function splitLinks(text: string): { text: string; link: boolean }[] {
  return text.split(/(https?:\/\/[^\s<>"]+)/).filter(Boolean).map((piece) => ({ text: piece, link: /^https?:\/\//.test(piece) }));
}
