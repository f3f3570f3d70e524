import { SignJWT, decodeJwt } from "jose";
import { createCookieSessionStorage } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../testing/in-process-server";
import { signingKey } from "../../app/features/auth/signing-keys";
import { type Account, Api, adminToken, sessionSecret, signIn, signUp, startSecurityServer } from "./helpers";

/*
 * Token forgery: every way of making a token the server did not issue (or no longer honours) must
 * be refused with 401 — through the Bearer header and through the session cookie, on /api/auth/me
 * and on a client route — and a broken cookie must simply mean "signed out" on pages.
 */

let server: TestServer;
let api: Api;
let client: Account;
let claims: { sub: string; role: string; ver: number; iss: string; iat: number; exp: number };

beforeAll(async () => {
  server = await startSecurityServer();
  api = Api.of(server);
  client = await signUp(api, "client");
  claims = decodeJwt(client.token) as typeof claims;
});
afterAll(async () => {
  await server?.stop();
});

const key = (secret: string) => new TextEncoder().encode(secret);
const base64url = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** A token with `overrides` on the real claims, signed as given (by default exactly as the server signs). */
function sign(overrides: Record<string, unknown> = {}, { secret = signingKey(sessionSecret, "sign-in token"), alg = "HS256" }: { secret?: string; alg?: string } = {}) {
  return new SignJWT({ role: claims.role, ver: claims.ver, ...overrides })
    .setProtectedHeader({ alg, typ: "JWT" })
    .setSubject(String(overrides.sub ?? claims.sub))
    .setIssuer(String(overrides.iss ?? claims.iss))
    .setIssuedAt(Number(overrides.iat ?? claims.iat))
    .setExpirationTime(Number(overrides.exp ?? claims.exp))
    .sign(key(secret));
}

/** The session cookie the server would set for `token` (validly signed with the cookie key derived from the session secret). */
async function sessionCookieFor(token: string, cookieKey = signingKey(sessionSecret, "session cookie")): Promise<string> {
  const storage = createCookieSessionStorage<{ token: string }>({ cookie: { name: "smb_session", httpOnly: true, sameSite: "lax", path: "/", secrets: [cookieKey] } });
  const session = await storage.getSession();
  session.set("token", token);
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** /api/auth/me and a client-only route, with the token as a Bearer header and inside a valid session cookie. */
async function statusesOf(token: string) {
  const cookie = await sessionCookieFor(token);
  return {
    meBearer: (await api.get("/api/auth/me", { token })).status,
    ordersBearer: (await api.get("/api/orders", { token })).status,
    meCookie: (await api.get("/api/auth/me", { cookie })).status,
    ordersCookie: (await api.get("/api/orders", { cookie })).status,
  };
}
const allRefused = { meBearer: 401, ordersBearer: 401, meCookie: 401, ordersCookie: 401 };

describe("forged tokens", () => {
  it("honours a token signed exactly as the server signs it (so the forgeries below differ only in what they forge)", async () => {
    expect(await statusesOf(client.token)).toEqual({ meBearer: 200, ordersBearer: 200, meCookie: 200, ordersCookie: 200 });
    expect(await statusesOf(await sign())).toEqual({ meBearer: 200, ordersBearer: 200, meCookie: 200, ordersCookie: 200 });
  });

  it("refuses alg: none", async () => {
    const [, payload] = client.token.split(".");
    for (const alg of ["none", "None", "NONE"]) {
      expect(await statusesOf(`${base64url({ alg, typ: "JWT" })}.${payload}.`), alg).toEqual(allRefused);
    }
  });

  it("refuses a token signed with another key, or with the right key and another algorithm", async () => {
    expect(await statusesOf(await sign({}, { secret: "another-secret-another-secret-0123456789" }))).toEqual(allRefused);
    expect(await statusesOf(await sign({}, { alg: "HS512" }))).toEqual(allRefused);
    expect(await statusesOf(await sign({}, { alg: "HS384" }))).toEqual(allRefused);
  });

  it("signs tokens and cookies with separate keys derived from SESSION_SECRET: neither the secret itself nor the other key signs a token", async () => {
    expect(await statusesOf(await sign({}, { secret: sessionSecret }))).toEqual(allRefused);
    expect(await statusesOf(await sign({}, { secret: signingKey(sessionSecret, "session cookie") }))).toEqual(allRefused);
    // A cookie signed with the token key (or the bare secret) is no session cookie either.
    for (const wrongKey of [signingKey(sessionSecret, "sign-in token"), sessionSecret]) {
      const cookie = await sessionCookieFor(client.token, wrongKey);
      expect((await api.get("/api/auth/me", { cookie })).status).toBe(401);
    }
  });

  it("refuses an expired token, one from another issuer and one without a user", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await statusesOf(await sign({ iat: now - 3600, exp: now - 60 }))).toEqual(allRefused);
    expect(await statusesOf(await sign({ iss: "someone-else" }))).toEqual(allRefused);
    expect(await statusesOf(await sign({ sub: "999999" }))).toEqual(allRefused);
    expect(await statusesOf(await sign({ sub: "not-a-number" }))).toEqual(allRefused);
    expect(await statusesOf(await sign({ ver: claims.ver + 1 }))).toEqual(allRefused);
  });

  it("refuses a payload changed to role admin under the original signature", async () => {
    const [header, , signature] = client.token.split(".");
    const tampered = `${header}.${base64url({ ...claims, role: "admin" })}.${signature}`;
    expect(await statusesOf(tampered)).toEqual(allRefused);
    expect((await api.get("/api/admin/users", { token: tampered })).status).toBe(401);
    // Another user's id under the original signature.
    expect(await statusesOf(`${header}.${base64url({ ...claims, sub: "1" })}.${signature}`)).toEqual(allRefused);
  });

  it("takes the role from the account, never from the token: even a validly signed role claim does not make an admin", async () => {
    const promoted = await sign({ role: "admin" });
    expect((await api.get("/api/auth/me", { token: promoted })).json).toMatchObject({ id: client.id, role: "client" });
    expect((await api.get("/api/admin/users", { token: promoted })).status).toBe(403);
    expect((await api.get("/api/dashboard/admin-stats", { token: promoted })).status).toBe(403);
  });

  it("refuses malformed Bearer values with 401, never 500", async () => {
    for (const value of ["", "Bearer", "Bearer ", "Bearer a.b", "Bearer a.b.c.d", `Bearer ${"x".repeat(4000)}`, "Bearer ey.ey.ey", `Basic ${base64url("a:b")}`, `Bearer ${client.token}x`]) {
      const answer = await api.get("/api/auth/me", { headers: { authorization: value } });
      expect(answer.status, value.slice(0, 40)).toBe(401);
      expect(answer.json).toEqual({ message: "Authentication required" });
    }
  });
});

describe("revoked tokens", () => {
  it("refuses every token of before after logout (Bearer and cookie), while a new sign-in works", async () => {
    const account = await signUp(api, "client");
    const second = await signIn(api, account); // another device
    expect(await statusesOf(account.token)).toEqual({ meBearer: 200, ordersBearer: 200, meCookie: 200, ordersCookie: 200 });

    const logout = await api.post("/api/auth/logout", undefined, { token: account.token });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("set-cookie")).toMatch(/smb_session=;/);
    for (const token of [account.token, second.token]) expect(await statusesOf(token)).toEqual(allRefused);
    expect((await api.get("/api/auth/me", { cookie: account.cookie })).status).toBe(401);
    expect((await api.get("/dashboard", { cookie: account.cookie })).headers.get("location")).toMatch(/^\/auth/);

    const again = await signIn(api, account);
    expect((await api.get("/api/auth/me", { token: again.token })).status).toBe(200);
  });

  it("refuses a suspended account's tokens", async () => {
    const account = await signUp(api, "client");
    const adminBearer = await adminToken(api);
    expect((await api.post(`/api/admin/users/${account.id}/suspend`, { reason: "Testing suspension" }, { token: adminBearer })).status).toBe(200);
    expect(await statusesOf(account.token)).toEqual(allRefused);
  });
});

describe("malformed cookies", () => {
  it("treat the visitor as signed out: 401 on /api, the sign-in redirect on private pages, a normal public page", async () => {
    const validCookie = client.cookie;
    const [value] = validCookie.slice("smb_session=".length).split(".");
    const variants = [
      "smb_session=",
      "smb_session=garbage",
      "smb_session=%",
      "smb_session=%E0%A4%A",
      `smb_session=${value}`, // the session without its signature
      `smb_session=${value}.AAAA`, // a wrong signature
      `smb_session=${base64url({ token: client.token })}.${validCookie.split(".").pop()}`, // re-encoded value under the old signature
      `smb_session=${"A".repeat(3000)}`,
      `smb_session=${encodeURIComponent(JSON.stringify({ token: client.token }))}`,
      "smb_session=eyJ0b2tlbiI6bnVsbH0%3D", // {"token":null}, unsigned
      "smb_session=a; smb_session=b",
    ];
    for (const cookie of variants) {
      const label = cookie.slice(0, 60);
      const me = await api.get("/api/auth/me", { cookie });
      expect(me.status, label).toBe(401);
      expect(me.json, label).toEqual({ message: "Authentication required" });
      const dashboard = await api.get("/dashboard", { cookie });
      expect(dashboard.status, label).toBe(302);
      expect(dashboard.headers.get("location"), label).toMatch(/^\/auth/);
      const home = await api.get("/", { cookie });
      expect(home.status, label).toBe(200);
      expect(home.text, label).toContain("</html>");
    }
  });

  it("lets a valid Bearer header win over a broken cookie, and a broken Bearer does not fall back to the cookie", async () => {
    expect((await api.get("/api/auth/me", { token: client.token, cookie: "smb_session=garbage" })).status).toBe(200);
    expect((await api.get("/api/auth/me", { token: "forged.token.value", cookie: client.cookie })).status).toBe(401);
  });
});
