import path from "node:path";
import { getEnv } from "~/lib/env.server";
import { getSelfBaseUrl } from "~/lib/self-url.server";
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

/**
 * An absolute link for an e-mail: on PUBLIC_URL when set (what a reader's browser reaches), else on
 * the address this server listens on (a developer's machine).
 */
export function absoluteLink(pathname: string): string {
  const env = getEnv();
  let base = env.PUBLIC_URL;
  if (!base) {
    try {
      base = getSelfBaseUrl();
    } catch {
      base = `http://localhost:${env.PORT}`; // a service test or script: no listener
    }
  }
  return `${base.replace(/\/+$/, "")}${pathname}`;
}
