import type { APIRequestContext } from "@playwright/test";
import path from "node:path";
import { waitForMail } from "../app/test/mailbox";
import { accountLinkIn } from "../app/test/mime";
import { expect } from "./fixtures";

/**
 * The first store's mailbox: without SMTP_URL it writes every e-mail as an .eml file under
 * DATA_DIR/outbox (playwright.config.ts gives it SMB_E2E_DATA_DIR). Tests read them as the person would.
 */
export const storeOutbox = () => path.join(process.env.SMB_E2E_DATA_DIR as string, "outbox");

export function mailTo(email: string, subject: RegExp, count = 1) {
  return waitForMail(storeOutbox(), email, subject, { count });
}

/** The link an account e-mail carries, as a path on the store (the test's baseURL serves it). */
export async function accountLink(email: string, subject: RegExp, kind: "/auth/reset" | "/auth/verify" | "/payouts/confirm-number", count = 1): Promise<string> {
  const mail = await mailTo(email, subject, count);
  const link = accountLinkIn(mail.text, kind);
  expect(link, mail.text).not.toBeNull();
  return new URL(link!.url).pathname;
}

/** Confirms the address through the link of the sign-up e-mail (withdrawals need it). */
export async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  const token = (await accountLink(email, /^Confirm your e-mail address$/, "/auth/verify")).split("/").at(-1);
  expect((await request.post("/api/auth/verify-email", { data: { token } })).status()).toBe(200);
}
