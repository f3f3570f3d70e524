import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";
import { signingKey } from "~/features/auth/signing-keys";

const sessionSecret = "auth-test-secret-auth-test-secret-0123456";
let server: TestServer;

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

describe("the store with the usual limits", () => {
  beforeAll(async () => {
    server = await startInProcessServer({ SESSION_SECRET: sessionSecret, REGISTER_LIMIT_PER_HOUR: "1000" });
  });
  afterAll(async () => {
    await server?.stop();
  });

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
      const key = new TextEncoder().encode(signingKey(sessionSecret, "sign-in token"));
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
});

describe("abuse limits (decision 0019)", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startInProcessServer({ LOGIN_FAILURE_LIMIT: "3", LOGIN_FAILURES_BEFORE_DELAY: "2", LOGIN_FAILURES_PER_ADDRESS: "30", REGISTER_LIMIT_PER_HOUR: "3", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await limited?.stop();
  });
  const post = async (path: string, body: unknown, clientAddress: string, cookie?: string) => {
    const response = await fetch(`${limited.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": clientAddress, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const deviceCookie = /smb_device=[^;]*/.exec(response.headers.getSetCookie().join("\n"))?.[0];
    return { status: response.status, retryAfter: response.headers.get("retry-after"), deviceCookie, body: await response.json() };
  };
  const wrong = (email: string) => ({ email, password: "wrong-password" });

  it("twenty failures for one account from an address never refuse another account's right password from that address", async () => {
    const [target, neighbour] = [newAccount(), newAccount()];
    expect((await post("/api/auth/register", target, "10.0.0.1")).status).toBe(201);
    expect((await post("/api/auth/register", neighbour, "10.0.0.2")).status).toBe(201);
    const statuses = [];
    for (let attempt = 0; attempt < 20; attempt++) statuses.push((await post("/api/auth/login", wrong(target.email), "10.0.1.1")).status);
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    // The account's delay (1 s after the second failure) refuses the rest; on a machine slow enough to
    // let that second pass, the one more failure it lets through reaches the pair's limit of 3.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect((await post("/api/auth/login", { email: neighbour.email, password: neighbour.password }, "10.0.1.1")).status).toBe(200);
  });

  it("the pair limit answers 429 with Retry-After and refuses even the right password from there, trusted browser or not", async () => {
    const account = newAccount();
    const { deviceCookie } = await post("/api/auth/register", account, "10.0.2.1");
    // From the owner's own browser (no per-account delay), typing wrong three times from one address.
    for (let attempt = 0; attempt < 3; attempt++) expect((await post("/api/auth/login", wrong(account.email), "10.0.2.9", deviceCookie)).status).toBe(401);
    const refused = await post("/api/auth/login", { email: account.email, password: account.password }, "10.0.2.9", deviceCookie);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\. Please wait (1[45]|\d) minutes? and try again\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(60);
  });

  it("slows guesses at one account from many addresses with a doubling delay, not a lock, and never delays its owner's own browser", async () => {
    const account = newAccount();
    const registered = await post("/api/auth/register", account, "10.0.3.1");
    expect(registered.deviceCookie).toBeTruthy();
    // Two failures are free (LOGIN_FAILURES_BEFORE_DELAY=2); the next attempt must wait 1 s after the last failure.
    expect((await post("/api/auth/login", wrong(account.email), "10.0.4.1")).status).toBe(401);
    expect((await post("/api/auth/login", wrong(account.email), "10.0.4.2")).status).toBe(401);
    const delayed = await post("/api/auth/login", wrong(account.email), "10.0.4.3");
    expect(delayed.status).toBe(429);
    expect(delayed.retryAfter).toBe("1");
    // The owner on the browser they signed up on: not delayed by the strangers' failures.
    const owner = await post("/api/auth/login", { email: account.email, password: account.password }, "10.0.4.4", registered.deviceCookie);
    expect(owner.status).toBe(200);
    // A stranger waits the delay, then may try again: no lock anyone can hold.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await post("/api/auth/login", wrong(account.email), "10.0.4.5")).status).toBe(401);
    const doubled = await post("/api/auth/login", wrong(account.email), "10.0.4.6");
    expect(doubled.status).toBe(429);
    expect(doubled.retryAfter).toBe("2");
    // The owner from a new browser waits the same delay, then signs in.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await post("/api/auth/login", { email: account.email, password: account.password }, "10.0.4.7")).status).toBe(200);
  });

  it("a forged trusted-device cookie is ignored", async () => {
    const account = newAccount();
    expect((await post("/api/auth/register", account, "10.0.5.1")).status).toBe(201);
    for (const address of ["10.0.6.1", "10.0.6.2"]) await post("/api/auth/login", wrong(account.email), address);
    const forged = `smb_device=${Buffer.from(JSON.stringify({ userId: 1, issuedAt: Date.now() })).toString("base64")}.forged`;
    expect((await post("/api/auth/login", { email: account.email, password: account.password }, "10.0.6.3", forged)).status).toBe(429);
  });

  it("counts registration attempts whatever the outcome: probing taken e-mails hits the limit", async () => {
    const taken = newAccount();
    expect((await post("/api/auth/register", taken, "10.0.7.1")).status).toBe(201);
    const probe = (email: string) => post("/api/auth/register", { ...newAccount(), email }, "10.0.8.1");
    expect((await probe(taken.email)).body.message).toBe("An account with this email already exists.");
    expect((await probe(taken.email)).status).toBe(409);
    expect((await probe(taken.email)).status).toBe(409);
    const limitedProbe = await probe(taken.email);
    expect(limitedProbe.status).toBe(429);
    expect((await post("/api/auth/register", newAccount(), "10.0.8.2")).status).toBe(201);
  });
});
