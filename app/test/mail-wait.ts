import { expect } from "vitest";
import { accountLinkIn } from "./mime";
import type { CapturedMessage, SmtpCapture } from "./smtp-capture";

/** The `count`-th e-mail to `address` whose subject matches, once the server has sent it (10 s at most). */
export async function mailTo(smtp: SmtpCapture, address: string, subject: RegExp, count = 1): Promise<CapturedMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = smtp.messages.filter((message) => message.to.includes(address) && subject.test(message.subject));
    if (found.length >= count) return found[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no e-mail "${subject}" to ${address}; received: ${smtp.messages.map((message) => `${message.to} ${message.subject}`).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The account link (reset or verification) an e-mail carries; the test fails without one. */
export function linkIn(message: CapturedMessage, path: "/auth/reset" | "/auth/verify") {
  const link = accountLinkIn(message.text, path);
  expect(link, `a ${path} link in:\n${message.text}`).not.toBeNull();
  return link!;
}
