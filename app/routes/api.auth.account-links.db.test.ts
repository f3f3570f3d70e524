import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMaker, jsonCaller } from "~/test/account-calls";
import { linkIn, mailTo as waitForMail } from "~/test/mail-wait";
import { type SmtpCapture, startSmtpCapture } from "~/test/smtp-capture";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * Issue #19 over HTTP, with the server's e-mails received by a real SMTP server in this process:
 * the verification link sent at sign-up, password reset (same answer for every address, single use,
 * other sessions ended), the per-address limit, and payouts closed until the address is confirmed.
 */
const admin = { email: "links-admin@example.com", password: "links-admin-password-1" };
let server: TestServer;
let smtp: SmtpCapture;

const newAccount = accountMaker("links");
const call = jsonCaller(() => server.url);

const mailTo = (address: string, subject: RegExp, count = 1) => waitForMail(smtp, address, subject, count);

describe("a production store sending mail over SMTP", () => {
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", SMTP_URL: smtp.url, OUTBOX_POLL_MS: "100", BOOTSTRAP_ADMIN_EMAIL: admin.email, BOOTSTRAP_ADMIN_PASSWORD: admin.password });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  describe("e-mail verification", () => {
    it("sends a link at sign-up that confirms the address once", async () => {
      const account = newAccount();
      const registered = await call("/api/auth/register", { body: account });
      expect(registered.body.user.emailVerified).toBe(false);
      const mail = await mailTo(account.email, /^Confirm your e-mail address$/);
      const { url, token } = linkIn(mail, "/auth/verify");
      expect(url.startsWith(server.url)).toBe(true);
      expect(mail.raw).toMatch(/Content-Type: text\/html/i);

      const verified = await call("/api/auth/verify-email", { body: { token } });
      expect(verified).toMatchObject({ status: 200, body: { user: { email: account.email, emailVerified: true } } });
      expect((await call("/api/auth/me", { token: registered.body.token })).body.emailVerified).toBe(true);
      expect(await call("/api/auth/verify-email", { body: { token } })).toMatchObject({ status: 400, body: { message: "This link has already been used. Ask for a new one if you need it." } });
      expect(await call("/api/auth/verify-email", { body: { token: `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}` } })).toMatchObject({ status: 400, body: { message: expect.stringContaining("This link is not valid") } });
      expect(await call("/api/auth/verify-email", { body: {} })).toMatchObject({ status: 400 });
    });

    it("sends the link again on request, and the newest link is the one that works", async () => {
      const account = newAccount();
      const registered = await call("/api/auth/register", { body: account });
      const first = linkIn(await mailTo(account.email, /^Confirm your e-mail address$/), "/auth/verify");
      expect(await call("/api/auth/verify-email/resend", { body: {}, token: registered.body.token })).toMatchObject({ status: 202, body: { sentTo: account.email } });
      const second = linkIn(await mailTo(account.email, /^Confirm your e-mail address$/, 2), "/auth/verify");
      expect(second.token).not.toBe(first.token);
      expect((await call("/api/auth/verify-email", { body: { token: first.token } })).status).toBe(400);
      expect((await call("/api/auth/verify-email", { body: { token: second.token } })).status).toBe(200);
      expect(await call("/api/auth/verify-email/resend", { body: {}, token: registered.body.token })).toMatchObject({ status: 409, body: { message: "Your e-mail address is already confirmed." } });
      expect((await call("/api/auth/verify-email/resend", { body: {} })).status).toBe(401);
    });

    it("keeps withdrawals closed to a worker until the address is confirmed, and tells the worker of the approval", async () => {
      const account = newAccount({ role: "worker", platforms: ["instagram"] });
      const worker = await call("/api/auth/register", { body: account });
      const signedInAdmin = await call("/api/auth/login", { body: admin });
      expect((await call(`/api/admin/workers/${worker.body.user.id}/approve`, { body: {}, token: signedInAdmin.body.token })).status).toBe(200);
      expect((await mailTo(account.email, /^Your worker account is approved$/)).text).toContain("/dashboard");
      const refused = await call("/api/payouts", { body: { amount: 20, phone: "0241234567", provider: "mtn" }, token: worker.body.token });
      expect(refused).toMatchObject({ status: 403, body: { message: expect.stringContaining("confirm your e-mail address") } });
    });
  });

  describe("password reset", () => {
    it("answers every address alike and mails only an account's owner", async () => {
      const account = newAccount();
      await call("/api/auth/register", { body: account });
      const known = await call("/api/auth/password-reset", { body: { email: account.email.toUpperCase() } });
      const unknown = await call("/api/auth/password-reset", { body: { email: `nobody${process.pid}@example.com` } });
      expect(known.status).toBe(202);
      expect(unknown).toEqual(known);
      await mailTo(account.email, /^Reset your Social Media Boost password$/);
      expect(smtp.messages.some((message) => message.to.includes(`nobody${process.pid}@example.com`))).toBe(false);
      expect(await call("/api/auth/password-reset", { body: { email: "not an address" } })).toMatchObject({ status: 400 });
    });

    it("sets the new password once, signs in, ends every other session and says so by e-mail", async () => {
      const account = newAccount();
      const other = await call("/api/auth/register", { body: account });
      await call("/api/auth/password-reset", { body: { email: account.email } });
      const { url, token } = linkIn(await mailTo(account.email, /^Reset your Social Media Boost password$/), "/auth/reset");
      expect(url.startsWith(`${server.url}/auth/reset/`)).toBe(true);

      expect(await call("/api/auth/password-reset/confirm", { body: { token, password: "short" } })).toMatchObject({ status: 400, body: { message: expect.stringContaining("at least 6") } });
      const reset = await call("/api/auth/password-reset/confirm", { body: { token, password: "second-pass" } });
      expect(reset).toMatchObject({ status: 200, body: { user: { email: account.email, emailVerified: true } } });
      expect(reset.cookie).toMatch(/smb_session=/);
      expect((await call("/api/auth/me", { token: reset.body.token })).status).toBe(200);
      expect((await call("/api/auth/me", { token: other.body.token })).status).toBe(401);
      expect((await call("/api/auth/login", { body: { email: account.email, password: "first-pass" } })).status).toBe(401);
      expect((await call("/api/auth/login", { body: { email: account.email, password: "second-pass" } })).status).toBe(200);
      expect(await call("/api/auth/password-reset/confirm", { body: { token, password: "third-pass" } })).toMatchObject({ status: 400, body: { message: "This link has already been used. Ask for a new one if you need it." } });
      expect((await mailTo(account.email, /^Your password was changed$/)).text).toContain("signed out");
    });

    it("mails one address at most three links an hour, answering the same", async () => {
      const account = newAccount();
      await call("/api/auth/register", { body: account });
      const answers = [];
      for (let n = 0; n < 5; n++) answers.push((await call("/api/auth/password-reset", { body: { email: account.email } })).status);
      expect(answers).toEqual([202, 202, 202, 202, 202]);
      await mailTo(account.email, /^Reset/, 3);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.messages.filter((message) => message.to.includes(account.email) && /^Reset/.test(message.subject))).toHaveLength(3);
    });
  });

  describe("/dev/outbox", () => {
    it("is not there on a store that sends its e-mails (decision 0049)", async () => {
      expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
    });
  });
});

describe("/dev/outbox on a development store", () => {
  it("lists the e-mails a server without SMTP wrote, newest first, with their links clickable", async () => {
    const developer = await startInProcessServer({ NODE_ENV: "test", REGISTER_LIMIT_PER_HOUR: "1000", OUTBOX_POLL_MS: "100" });
    try {
      const account = newAccount();
      const registered = await fetch(`${developer.url}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
      expect(registered.status).toBe(201);
      const page = await fetch(`${developer.url}/dev/outbox`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Confirm your e-mail address");
      expect(html).toContain(`To <span class="break-all">${account.email}</span>`);
      expect(html).toMatch(new RegExp(`<a href="${developer.url.replace(/[.]/g, "\\.")}/auth/verify/[A-Za-z0-9_-]{43}"`));
    } finally {
      await developer.stop();
    }
  });
});
