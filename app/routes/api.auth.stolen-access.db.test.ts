import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMaker, jsonCaller } from "~/test/account-calls";
import { linkIn, mailTo as waitForMail } from "~/test/mail-wait";
import { type SmtpCapture, startSmtpCapture } from "~/test/smtp-capture";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * Issue #49 "Nothing a thief can keep", over HTTP with the server's e-mails received by a real SMTP
 * server in this process. Each test plays a finding's attack:
 * 1. a reset link read from the old inbox outlives a password and e-mail change;
 * 2. a briefly stolen session mints an API key that outlives "Sign out everywhere" and resets;
 * 12. a name carries a link, and the store mails it to any address.
 */
let server: TestServer;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000", SMTP_URL: smtp.url, OUTBOX_POLL_MS: "100" });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const mailTo = (address: string, subject: RegExp, count = 1) => waitForMail(smtp, address, subject, count);

const newAccount = accountMaker("thief");
const call = jsonCaller(() => server.url);

/** A /profile form posted as the page posts it (the session's token in the header stands for its cookie). */
async function postProfileForm(token: string, fields: Record<string, string>) {
  const response = await fetch(`${server.url}/profile`, {
    method: "POST",
    redirect: "manual",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

async function register(account = newAccount()) {
  const registered = await call("/api/auth/register", { body: account });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return { ...account, token: registered.body.token as string };
}

async function resetLinkFor(email: string, count = 1) {
  expect((await call("/api/auth/password-reset", { body: { email } })).status).toBe(202);
  return linkIn(await mailTo(email, /^Reset your Social Media Boost password$/, count), "/auth/reset").token;
}

const balanceWith = async (key: string) => (await call("/api/v2", { body: { key, action: "balance" } })).body;

describe("finding 1: a reset link dies with the password or the address it was sent for", () => {
  it("a link sent to the old address no longer sets a password once the e-mail changed, and the old address is told", async () => {
    const account = await register();
    const oldLink = await resetLinkFor(account.email);

    const newEmail = `moved.${account.email}`;
    const asked = await postProfileForm(account.token, { intent: "change-email", newEmail, currentPassword: account.password });
    expect(asked.status, asked.text.slice(0, 300)).toBe(303);
    const confirmLink = linkIn(await mailTo(newEmail, /^Confirm your new e-mail address$/), "/auth/verify");
    expect(await call("/api/auth/verify-email", { body: { token: confirmLink.token } })).toMatchObject({ status: 200, body: { user: { email: newEmail } } });

    const used = await call("/api/auth/password-reset/confirm", { body: { token: oldLink, password: "thief-pass" } });
    expect(used).toMatchObject({ status: 400, body: { message: expect.stringMatching(/no longer on the account|Ask for a new one/) } });
    expect((await call("/api/auth/login", { body: { email: newEmail, password: "thief-pass" } })).status).toBe(401);
    expect((await call("/api/auth/login", { body: { email: newEmail, password: account.password } })).status).toBe(200);

    const notice = await mailTo(account.email, /^Your e-mail address was changed$/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain(`${server.url}/support`);
  });

  it("a link sent before a password change no longer sets a password", async () => {
    const account = await register();
    const link = await resetLinkFor(account.email);
    const changed = await postProfileForm(account.token, { intent: "change-password", currentPassword: account.password, newPassword: "second-pass" });
    expect(changed.status, changed.text.slice(0, 300)).toBe(303);

    expect((await call("/api/auth/password-reset/confirm", { body: { token: link, password: "thief-pass" } })).status).toBe(400);
    expect((await call("/api/auth/login", { body: { email: account.email, password: "thief-pass" } })).status).toBe(401);
    expect((await call("/api/auth/login", { body: { email: account.email, password: "second-pass" } })).status).toBe(200);
  });
});

describe("finding 2: a stolen session keeps no lasting wallet access", () => {
  it("a bearer token alone makes no API key: 400 without the password, 403 with a wrong one, and nothing is created", async () => {
    const account = await register();
    expect(await call("/api/keys", { body: { name: "Thief" }, token: account.token })).toMatchObject({ status: 400, body: { message: expect.stringContaining("Enter your current password to create an API key") } });
    expect(await call("/api/keys", { body: { name: "Thief", password: "a-guess" }, token: account.token })).toMatchObject({ status: 403, body: { message: "Your current password is not right." } });
    const bare = await fetch(`${server.url}/api/keys`, { method: "POST", headers: { authorization: `Bearer ${account.token}` } });
    expect(bare.status).toBe(400);
    expect((await call("/api/keys", { token: account.token })).body.keys).toEqual([]);
  });

  it("announces a new key by e-mail to the account's address", async () => {
    const account = await register();
    const created = await call("/api/keys", { body: { name: "My panel", password: account.password }, token: account.token });
    expect(created.status).toBe(201);
    const mail = await mailTo(account.email, /^A new API key was created for your account$/);
    expect(mail.text).toContain(`My panel (${created.body.prefix}…)`);
    expect(mail.text).not.toContain(created.body.key);
  });

  it("Sign out everywhere revokes every key: it no longer answers /api/v2", async () => {
    const account = await register();
    const { key } = (await call("/api/keys", { body: { name: "Panel", password: account.password }, token: account.token })).body;
    expect(await balanceWith(key)).toMatchObject({ currency: "GHS" });

    const signedOut = await postProfileForm(account.token, { intent: "sign-out-everywhere" });
    expect([signedOut.status, signedOut.location]).toEqual([303, "/auth?signedOut=everywhere"]);
    expect((await call("/api/auth/me", { token: account.token })).status).toBe(401);
    expect(await balanceWith(key)).toEqual({ error: "Invalid API key" });
  });

  it("a password change and a password reset each revoke every key", async () => {
    const account = await register();
    const first = (await call("/api/keys", { body: { password: account.password }, token: account.token })).body.key;
    const changed = await postProfileForm(account.token, { intent: "change-password", currentPassword: account.password, newPassword: "second-pass" });
    expect(changed.status).toBe(303);
    expect(await balanceWith(first)).toEqual({ error: "Invalid API key" });

    const token = (await call("/api/auth/login", { body: { email: account.email, password: "second-pass" } })).body.token;
    const second = (await call("/api/keys", { body: { password: "second-pass" }, token })).body.key;
    expect(await balanceWith(second)).toMatchObject({ currency: "GHS" });
    const link = await resetLinkFor(account.email);
    expect((await call("/api/auth/password-reset/confirm", { body: { token: link, password: "third-pass" } })).status).toBe(200);
    expect(await balanceWith(second)).toEqual({ error: "Invalid API key" });
    const keys = (await call("/api/keys", { token: (await call("/api/auth/login", { body: { email: account.email, password: "third-pass" } })).body.token })).body.keys;
    expect(keys.map((listed: { revokedAt: string | null }) => listed.revokedAt)).toEqual([expect.any(String), expect.any(String)]);
  });
});

describe("finding 12: a name is not a message", () => {
  it("refuses a name that carries a link, at sign-up and in the settings, with the field's message", async () => {
    for (const fullName of ["Visit https://evil.example now", "Ama www.prize-claim", "Claim at bit.ly/free", "Ama prize.COM", "hxxp ftp://files"]) {
      const refused = await call("/api/auth/register", { body: newAccount({ fullName }) });
      expect(refused, fullName).toMatchObject({ status: 400, body: { message: expect.stringContaining("A name cannot contain a web address or link") } });
    }
    for (const fullName of ["Dr.Kofi Mensah", "J.R. Owusu", "Ɔkomfo Ama Sɛwaa", "Mary-Jane O'Neil"]) {
      expect((await call("/api/auth/register", { body: newAccount({ fullName }) })).status, fullName).toBe(201);
    }
    const account = await register();
    const renamed = await postProfileForm(account.token, { intent: "change-name", fullName: "Go to www.example.org" });
    expect(renamed.status).toBe(400);
    expect(renamed.text).toContain("A name cannot contain a web address or link");
    expect((await call("/api/auth/me", { token: account.token })).body.fullName).toBe("Efua Owusu");
  });

  it("mail to an address nobody confirmed does not repeat what the sender typed as a name", async () => {
    const fullName = "Your parcel is held call 0551234567";
    const account = await register(newAccount({ fullName }));
    const verification = await mailTo(account.email, /^Confirm your e-mail address$/);
    expect(verification.text).not.toContain(fullName);
    expect(verification.raw).not.toContain("0551234567");
    await resetLinkFor(account.email);
    const reset = await mailTo(account.email, /^Reset your Social Media Boost password$/);
    expect(reset.text).not.toContain(fullName);

    // An unpaid order costs nothing to place and cancel: its e-mail must not carry the name either.
    const order = await call("/api/orders", { body: { packageId: "custom-instagram", quantity: 100, targetUsername: "some.account", accountScreenshot: null }, token: account.token });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect((await call(`/api/orders/${order.body.id}/cancel`, { body: {}, token: account.token })).status).toBe(200);
    const cancelled = await mailTo(account.email, /^Order cancelled/);
    expect(cancelled.text).not.toContain(fullName);
    expect(cancelled.text.startsWith("Hello,")).toBe(true);
  });

  it("greets by name once the address is confirmed", async () => {
    const account = await register();
    const { token } = linkIn(await mailTo(account.email, /^Confirm your e-mail address$/), "/auth/verify");
    expect((await call("/api/auth/verify-email", { body: { token } })).status).toBe(200);
    const order = await call("/api/orders", { body: { packageId: "custom-instagram", quantity: 100, targetUsername: "some.account", accountScreenshot: null }, token: account.token });
    expect((await call(`/api/orders/${order.body.id}/cancel`, { body: {}, token: account.token })).status).toBe(200);
    expect((await mailTo(account.email, /^Order cancelled/)).text.startsWith("Hello Efua Owusu,")).toBe(true);
  });
});
