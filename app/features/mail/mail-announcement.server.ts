import type { Logger } from "pino";
import type { Env } from "~/lib/env.server";
import { emailTransport, outboxDirectory } from "./mail-delivery.server";
import { outboxPageAudience } from "./outbox-page-access.server";

/** Logs where the store's e-mails go: the SMTP server, or the outbox folder and, when it is served, the outbox page at `address`. */
export function announceMailDelivery(logger: Logger, env: Env, address: string) {
  if (env.SMTP_URL) {
    logger.info({ mail: emailTransport().description }, `e-mails are sent through ${emailTransport().description}`);
    return;
  }
  const outbox = outboxDirectory();
  const page = outboxPageAudience(env);
  if (page.audience === "nobody") {
    logger.warn({ outbox }, `SMTP_URL is not set: e-mails (password resets, receipts) are only written as files under ${outbox} and nobody receives them; the outbox page is off: ${page.reason}`);
    return;
  }
  const outboxPage = `${address}/dev/outbox`;
  const reader = page.audience === "this machine" ? " in a browser on this machine" : "";
  logger.info({ outbox, outboxPage }, `SMTP_URL is not set: e-mails are not sent but written under ${outbox}; read them, links and all,${reader} at ${outboxPage}`);
}
