import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../server/testing/spawn-server";

const sessionSecret = "auth-test-secret-auth-test-secret-0123456";
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ SESSION_SECRET: sessionSecret, REGISTER_LIMIT_PER_HOUR: "1000" });
});
afterAll(async () => {
  await server?.stop();
});

let sequence = 0;
function newAccount(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const tag = `${process.pid}x${sequence}`;
  return { email: `user${tag}@example.com`, username: `user_${tag}`, fullName: "Ama Mensah", password: "secret-pass", role: "client", ...overrides };
}

async function call(path: string, { body, token, method, headers }: { body?: unknown; token?: string; method?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, cookie: response.headers.get("set-cookie") };
}

describe("POST /api/auth/register", () => {
  it("creates an active client and answers { token, user } with a session cookie", async () => {
    const account = newAccount({ email: "  Mixed.Case@Example.COM ".replace("Mixed", `Mixed${Date.now()}`) });
    const result = await call("/api/auth/register", { body: account });
    expect(result.status).toBe(201);
    expect(result.body.token.split(".")).toHaveLength(3);
    expect(result.body.user).toMatchObject({ email: account.email.trim().toLowerCase(), username: account.username, fullName: "Ama Mensah", role: "client", status: "active" });
    expect(result.body.user).not.toHaveProperty("passwordHash");
    expect(result.cookie).toMatch(/smb_session=.+HttpOnly/i);
    expect(result.cookie).toMatch(/SameSite=Lax/i);
  });

  it("creates a worker pending review with the chosen platforms", async () => {
    const result = await call("/api/auth/register", { body: newAccount({ role: "worker", platforms: ["instagram", "tiktok", "instagram"] }) });
    expect(result.status).toBe(201);
    expect(result.body.user).toMatchObject({ role: "worker", status: "pending_review", platforms: ["instagram", "tiktok"] });
  });

  it("refuses a self-registered admin with 400", async () => {
    const result = await call("/api/auth/register", { body: newAccount({ role: "admin" }) });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain("Invalid");
  });

  it("answers a taken e-mail with 409 'already exists'", async () => {
    const account = newAccount();
    expect((await call("/api/auth/register", { body: account })).status).toBe(201);
    const again = await call("/api/auth/register", { body: { ...newAccount(), email: account.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("already exists");
  });

  it("answers a taken username (any case) with 409 naming Username", async () => {
    const account = newAccount();
    expect((await call("/api/auth/register", { body: account })).status).toBe(201);
    const again = await call("/api/auth/register", { body: { ...newAccount(), username: account.username.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("Username");
  });

  it.each([
    ["a bad e-mail", { email: "not-an-email" }],
    ["a short username", { username: "ab" }],
    ["a long username", { username: "a".repeat(31) }],
    ["a username with spaces", { username: "ama mensah" }],
    ["a short full name", { fullName: "A" }],
    ["a short password", { password: "12345" }],
    ["a password over 128 characters", { password: "p".repeat(129) }],
    ["an unknown platform", { role: "worker", platforms: ["myspace"] }],
  ])("answers %s with 400 and a message containing Invalid", async (_name, override) => {
    const result = await call("/api/auth/register", { body: newAccount(override) });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain("Invalid");
  });

  it("answers malformed JSON with 400 and keeps running", async () => {
    const result = await call("/api/auth/register", { body: "{oops" });
    expect(result).toMatchObject({ status: 400, body: { message: "Invalid JSON in the request body." } });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe("POST /api/auth/login and GET /api/auth/me", () => {
  it("signs in with the e-mail in any case and returns a token that /me accepts", async () => {
    const account = newAccount();
    await call("/api/auth/register", { body: account });
    const login = await call("/api/auth/login", { body: { email: account.email.toUpperCase(), password: account.password } });
    expect(login.status).toBe(200);
    expect(login.body.user.username).toBe(account.username);
    const me = await call("/api/auth/me", { token: login.body.token });
    expect(me).toMatchObject({ status: 200, body: { email: account.email, role: "client" } });
  });

  it("accepts the session cookie as the carrier too", async () => {
    const account = newAccount();
    const registered = await call("/api/auth/register", { body: account });
    const cookie = registered.cookie!.split(";")[0];
    expect((await call("/api/auth/me", { headers: { cookie } })).status).toBe(200);
  });

  it("answers a wrong password with 401 'Invalid email or password'", async () => {
    const account = newAccount();
    await call("/api/auth/register", { body: account });
    const result = await call("/api/auth/login", { body: { email: account.email, password: "wrong-password" } });
    expect(result).toMatchObject({ status: 401, body: { message: "Invalid email or password" } });
    const unknown = await call("/api/auth/login", { body: { email: "nobody@example.com", password: "whatever1" } });
    expect(unknown).toMatchObject({ status: 401, body: { message: "Invalid email or password" } });
  });

  it("answers /me without a token with 401", async () => {
    expect((await call("/api/auth/me")).status).toBe(401);
  });

  it("refuses forged, expired, alg:none and malformed tokens", async () => {
    const account = newAccount();
    const { body } = await call("/api/auth/register", { body: account });
    const [header, payload] = body.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const key = new TextEncoder().encode(sessionSecret);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }).setProtectedHeader({ alg: "HS256" }).sign(key);
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("x".repeat(40)));
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url");
    const tokens = {
      expired,
      signedWithAnotherKey: otherKey,
      algNone: `${unsignedHeader}.${payload}.`,
      tamperedRole: `${header}.${tamperedPayload}.${body.token.split(".")[2]}`,
      malformed: "not-a-token",
    };
    for (const [name, token] of Object.entries(tokens)) {
      expect({ name, status: (await call("/api/auth/me", { token })).status }).toEqual({ name, status: 401 });
    }
  });

});

describe("abuse limits", () => {
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await startServer({ LOGIN_FAILURE_LIMIT: "3", REGISTER_LIMIT_PER_HOUR: "2", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await limited?.stop();
  });
  const post = async (path: string, body: unknown, clientAddress: string) => {
    const response = await fetch(`${limited.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": clientAddress },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  it("locks sign-in for an e-mail after too many failures, from any address, with 429", async () => {
    const account = newAccount();
    expect((await post("/api/auth/register", account, "10.0.0.1")).status).toBe(201);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await post("/api/auth/login", { email: account.email, password: "wrong-password" }, `10.0.1.${attempt}`)).status).toBe(401);
    }
    const locked = await post("/api/auth/login", { email: account.email, password: account.password }, "10.0.2.1");
    expect(locked.status).toBe(429);
    expect(locked.body.message).toContain("Too many failed sign-in attempts");
  });

  it("locks sign-in from an address after too many failures on any e-mail", async () => {
    const account = newAccount();
    expect((await post("/api/auth/register", account, "10.0.3.1")).status).toBe(201);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await post("/api/auth/login", { email: `nobody${attempt}@example.com`, password: "wrong-password" }, "10.0.4.1")).status).toBe(401);
    }
    expect((await post("/api/auth/login", { email: account.email, password: account.password }, "10.0.4.1")).status).toBe(429);
    expect((await post("/api/auth/login", { email: account.email, password: account.password }, "10.0.4.2")).status).toBe(200);
  });

  it("limits registrations per address", async () => {
    expect((await post("/api/auth/register", newAccount(), "10.0.5.1")).status).toBe(201);
    expect((await post("/api/auth/register", newAccount(), "10.0.5.1")).status).toBe(201);
    const third = await post("/api/auth/register", newAccount(), "10.0.5.1");
    expect(third.status).toBe(429);
    expect((await post("/api/auth/register", newAccount(), "10.0.5.2")).status).toBe(201);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the token on the server at once and clears the cookie", async () => {
    const account = newAccount();
    const { body } = await call("/api/auth/register", { body: account });
    expect((await call("/api/auth/me", { token: body.token })).status).toBe(200);
    const logout = await call("/api/auth/logout", { method: "POST", token: body.token });
    expect(logout.status).toBe(200);
    expect(logout.cookie).toMatch(/smb_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect((await call("/api/auth/me", { token: body.token })).status).toBe(401);
  });
});
