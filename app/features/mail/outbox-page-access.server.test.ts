import { describe, expect, it } from "vitest";
import { mayReadOutboxPage, outboxPageAudience } from "./outbox-page-access.server";

/** `npm start` with no configuration: a production build, the sandbox, no SMTP, on http://localhost:3000. */
const localRun = { NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000", TRUST_PROXY: false } as const;
const fromHere = { peerAddress: "127.0.0.1", headers: new Headers({ host: "localhost:3000" }) };

describe("who may read /dev/outbox (decision 0049)", () => {
  it("is everyone on a development server, as before, SMTP or not", () => {
    expect(outboxPageAudience({ ...localRun, NODE_ENV: "development" })).toEqual({ audience: "everyone" });
    expect(outboxPageAudience({ ...localRun, NODE_ENV: "test", SMTP_URL: "smtp://mail.example.com" })).toEqual({ audience: "everyone" });
    expect(mayReadOutboxPage({ audience: "everyone" }, { peerAddress: "192.0.2.2", headers: new Headers({ host: "boost.example.com" }) })).toBe(true);
  });

  it("is this machine on a local run of the production build: sandbox or Paystack test keys, no SMTP", () => {
    expect(outboxPageAudience(localRun)).toEqual({ audience: "this machine" });
    expect(outboxPageAudience({ ...localRun, PAYSTACK_SECRET_KEY: "sk_test_abc" })).toEqual({ audience: "this machine" });
    expect(outboxPageAudience({ ...localRun, PUBLIC_URL: "http://127.0.0.1:4730", TRUST_PROXY: 0 })).toEqual({ audience: "this machine" });
  });

  it("is nobody on anything that looks deployed, saying why", () => {
    const nobody = (settings: Partial<Parameters<typeof outboxPageAudience>[0]>) => outboxPageAudience({ ...localRun, ...settings });
    expect(nobody({ SMTP_URL: "smtps://user:pass@mail.example.com:465" })).toEqual({ audience: "nobody", reason: expect.stringContaining("SMTP_URL") });
    expect(nobody({ PAYSTACK_SECRET_KEY: "sk_live_abc" })).toEqual({ audience: "nobody", reason: expect.stringContaining("live") });
    expect(nobody({ PUBLIC_URL: "https://boost.example.com" })).toEqual({ audience: "nobody", reason: expect.stringContaining("PUBLIC_URL") });
    expect(nobody({ PUBLIC_URL: "http://192.0.2.2:3000" })).toEqual({ audience: "nobody", reason: expect.stringContaining("PUBLIC_URL") });
    expect(nobody({ PUBLIC_URL: undefined })).toMatchObject({ audience: "nobody" });
    expect(nobody({ TRUST_PROXY: 1 })).toEqual({ audience: "nobody", reason: expect.stringContaining("TRUST_PROXY") });
    expect(nobody({ TRUST_PROXY: ["loopback"] })).toMatchObject({ audience: "nobody" });
    expect(mayReadOutboxPage({ audience: "nobody", reason: "payments are live" }, fromHere)).toBe(false);
  });

  it("lets a browser on this machine in, over IPv4 or IPv6", () => {
    const audience = outboxPageAudience(localRun);
    expect(mayReadOutboxPage(audience, fromHere)).toBe(true);
    expect(mayReadOutboxPage(audience, { peerAddress: "::1", headers: new Headers({ host: "[::1]:3000" }) })).toBe(true);
    expect(mayReadOutboxPage(audience, { peerAddress: "::ffff:127.0.0.1", headers: new Headers({ host: "127.0.0.1:3000" }) })).toBe(true);
  });

  it("turns away another machine, a proxy's request and a page that rebound its own name to 127.0.0.1", () => {
    const audience = outboxPageAudience(localRun);
    expect(mayReadOutboxPage(audience, { peerAddress: "192.0.2.2", headers: new Headers({ host: "localhost:3000" }) })).toBe(false);
    for (const header of ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"]) {
      expect(mayReadOutboxPage(audience, { peerAddress: "127.0.0.1", headers: new Headers({ host: "localhost:3000", [header]: "1" }) }), header).toBe(false);
    }
    expect(mayReadOutboxPage(audience, { peerAddress: "127.0.0.1", headers: new Headers({ host: "attacker.example:3000" }) })).toBe(false);
    expect(mayReadOutboxPage(audience, { peerAddress: "127.0.0.1", headers: new Headers() })).toBe(false);
  });
});
