import path from "node:path";
import { getEnv } from "~/lib/env.server";
import { siteBaseUrl } from "~/lib/seo.server";
import { fileTransport, type MessageTransport, smtpTransport } from "./transports.server";

/** Where e-mails go when SMTP_URL is unset: one .eml file per message. */
export function outboxDirectory(): string {
  return path.join(getEnv().DATA_DIR, "outbox");
}

/** The sender every e-mail names: MAIL_FROM, or no-reply at the public host. */
export function mailFrom(): string {
  const env = getEnv();
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : "localhost";
  return env.MAIL_FROM ?? `Social Media Boost <no-reply@${host}>`;
}

let transport: MessageTransport | undefined;

/** This process's e-mail transport: SMTP when SMTP_URL is set, else .eml files. */
export function emailTransport(): MessageTransport {
  const env = getEnv();
  transport ??= env.SMTP_URL ? smtpTransport(env.SMTP_URL, mailFrom()) : fileTransport(outboxDirectory(), mailFrom());
  return transport;
}

/** An absolute link for an e-mail, on the store's public address. */
export function absoluteLink(pathname: string): string {
  return `${siteBaseUrl()}${pathname}`;
}
