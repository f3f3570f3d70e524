import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * The API-key calls of issue #20 through HTTP, on the built server and a real database:
 * POST /api/keys (the key shown once), GET /api/keys (no secrets), DELETE /api/keys/:id.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startInProcessServer({ REGISTER_LIMIT_PER_HOUR: "1000" });
});
afterAll(async () => {
  await server?.stop();
});

async function call(path: string, { body, rawBody, contentType, token, method }: { body?: unknown; rawBody?: string; contentType?: string; token?: string; method?: string } = {}) {
  const text = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  const type = contentType ?? (body === undefined ? undefined : "application/json");
  const response = await fetch(`${server.url}${path}`, {
    method: method ?? (text === undefined ? "GET" : "POST"),
    headers: { ...(type ? { "content-type": type } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: text,
  });
  const answer = await response.text();
  return { status: response.status, text: answer, body: answer ? JSON.parse(answer) : null };
}

let sequence = 0;
async function signUp(role: "client" | "worker" = "client"): Promise<string> {
  sequence += 1;
  const tag = `${process.pid}x${sequence}`;
  const result = await call("/api/auth/register", {
    body: { email: `keys${tag}@example.com`, username: `keys_${tag}`, fullName: "Kofi Boateng", password: "secret-pass", role, ...(role === "worker" ? { platforms: ["instagram"] } : {}) },
  });
  expect(result.status).toBe(201);
  return result.body.token;
}

const keyFormat = /^smb_[A-Za-z0-9_-]{43}$/;
/** signUp's password: creating a key asks for it (issue #49). */
const password = "secret-pass";

describe("POST /api/keys", () => {
  it("creates a key shown this once (201), with the account's password: with a name, or without one", async () => {
    const token = await signUp();
    const named = await call("/api/keys", { body: { name: "  My panel  ", password }, token });
    expect(named.status).toBe(201);
    expect(named.body).toEqual({ id: expect.any(Number), key: expect.stringMatching(keyFormat), name: "My panel", prefix: named.body.key.slice(0, 8), createdAt: expect.any(String) });
    expect(named.body.key).toHaveLength(47);
    expect(new Date(named.body.createdAt).toISOString()).toBe(named.body.createdAt);

    const unnamed = await call("/api/keys", { body: { password }, token });
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.name).toBe("API key");
    expect(new Set([named.body.key, unnamed.body.key]).size).toBe(2);
  });

  it("answers 400 for a name that is empty, too long, not text or holds NUL, and 415 for a body that is not JSON", async () => {
    const token = await signUp();
    for (const name of ["", "   ", "x".repeat(61), 42, null, ["a"], "bad\u0000name"]) {
      const answer = await call("/api/keys", { body: { name, password }, token });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.message, JSON.stringify(name)).toEqual(expect.any(String));
    }
    expect((await call("/api/keys", { body: { name: "x".repeat(60), password }, token })).status).toBe(201);
    expect((await call("/api/keys", { rawBody: "{", contentType: "application/json", token })).status).toBe(400);
    expect((await call("/api/keys", { rawBody: "name=My+panel", contentType: "application/x-www-form-urlencoded", token })).status).toBe(415);
    // The refusals created nothing: only the one valid key is listed.
    expect((await call("/api/keys", { token })).body.keys).toHaveLength(1);
  });

  it("refuses a 6th live key with 409, and creates again once one is revoked", async () => {
    const token = await signUp();
    const created = [];
    for (let index = 1; index <= 5; index++) {
      const answer = await call("/api/keys", { body: { name: `Key ${index}`, password }, token });
      expect(answer.status).toBe(201);
      created.push(answer.body);
    }
    const sixth = await call("/api/keys", { body: { name: "Key 6", password }, token });
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe("You can hold 5 API keys at a time. Revoke one you no longer use first.");
    expect((await call("/api/keys", { token })).body.keys).toHaveLength(5);

    expect((await call(`/api/keys/${created[0].id}`, { method: "DELETE", token })).status).toBe(200);
    expect((await call("/api/keys", { body: { name: "Key 6", password }, token })).status).toBe(201);
    // Revoked keys stay listed: 6 in all, 5 of them live.
    const { keys } = (await call("/api/keys", { token })).body;
    expect(keys).toHaveLength(6);
    expect(keys.filter((key: { revokedAt: string | null }) => key.revokedAt === null)).toHaveLength(5);
  });
});

describe("creating keys again and again (issue #49)", () => {
  it("allows 10 keys an hour per account, revoked ones included, then answers 429 with Retry-After", async () => {
    const token = await signUp();
    for (let created = 0; created < 10; created++) {
      const key = await call("/api/keys", { body: { name: `Key ${created}`, password }, token });
      expect(key.status, key.text).toBe(201);
      // Revoked at once: the five-live-keys cap is not what stops this client.
      expect((await call(`/api/keys/${key.body.id}`, { method: "DELETE", token })).status).toBe(200);
    }
    const response = await fetch(`${server.url}/api/keys`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ password }) });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await response.json()).message).toMatch(/^You have created 10 API keys in the last hour\. Please wait (59|60) minutes and try again\.$/);
  });
});

describe("GET /api/keys and DELETE /api/keys/:id", () => {
  it("lists the client's keys newest first without any secret", async () => {
    const token = await signUp();
    const first = (await call("/api/keys", { body: { name: "Server A", password }, token })).body;
    const second = (await call("/api/keys", { body: { name: "Server B", password }, token })).body;
    const list = await call("/api/keys", { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      keys: [
        { id: second.id, name: "Server B", prefix: second.prefix, createdAt: second.createdAt, lastUsedAt: null, requestCount: 0, revokedAt: null },
        { id: first.id, name: "Server A", prefix: first.prefix, createdAt: first.createdAt, lastUsedAt: null, requestCount: 0, revokedAt: null },
      ],
    });
    // Not the key, nor anything past its prefix (the hash is the key's SHA-256, never sent either).
    for (const { key } of [first, second]) expect(list.text).not.toContain(key.slice(8));
    expect(list.text).not.toMatch(/keyHash|key_hash|[0-9a-f]{64}/);
  });

  it("revokes a key (200 with revokedAt, again harmlessly), and the list shows it revoked", async () => {
    const token = await signUp();
    const created = (await call("/api/keys", { body: { name: "Old server", password }, token })).body;
    const revoked = await call(`/api/keys/${created.id}`, { method: "DELETE", token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: created.id, name: "Old server", prefix: created.prefix, createdAt: created.createdAt, lastUsedAt: null, requestCount: 0, revokedAt: expect.any(String) });
    expect(Date.parse(revoked.body.revokedAt)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    const again = await call(`/api/keys/${created.id}`, { method: "DELETE", token });
    expect(again).toMatchObject({ status: 200, body: { revokedAt: revoked.body.revokedAt } });
    expect((await call("/api/keys", { token })).body.keys).toEqual([revoked.body]);
  });

  it("keeps keys to their owner: another client neither sees nor revokes them (404 like an unknown id)", async () => {
    const owner = await signUp();
    const other = await signUp();
    const created = (await call("/api/keys", { body: { name: "Owner's key", password }, token: owner })).body;
    await call("/api/keys", { body: { name: "Other's key", password }, token: other });

    const othersList = (await call("/api/keys", { token: other })).body.keys;
    expect(othersList.map((key: { name: string }) => key.name)).toEqual(["Other's key"]);
    expect(othersList.some((key: { id: number }) => key.id === created.id)).toBe(false);

    const othersRevoke = await call(`/api/keys/${created.id}`, { method: "DELETE", token: other });
    const unknown = await call("/api/keys/999999999", { method: "DELETE", token: other });
    expect(othersRevoke).toEqual({ status: 404, text: unknown.text, body: { message: "API key not found" } });
    expect((await call("/api/keys/abc", { method: "DELETE", token: owner })).status).toBe(404);
    expect((await call("/api/keys/2147483648", { method: "DELETE", token: owner })).status).toBe(404);
    // Still live for its owner.
    expect((await call("/api/keys", { token: owner })).body.keys[0]).toMatchObject({ id: created.id, revokedAt: null });
  });

  it("answers 401 without a token, 403 to a worker, and 405 to other methods", async () => {
    const client = await signUp();
    const created = (await call("/api/keys", { body: { password }, token: client })).body;
    const worker = await signUp("worker");
    const calls = [
      { path: "/api/keys" },
      { path: "/api/keys", body: { name: "Mine", password } },
      { path: `/api/keys/${created.id}`, method: "DELETE" },
    ];
    for (const request of calls) {
      const anonymous = await call(request.path, request);
      expect([anonymous.status, typeof anonymous.body.message], `${request.method ?? "GET"} ${request.path}`).toEqual([401, "string"]);
      const asWorker = await call(request.path, { ...request, token: worker });
      expect([asWorker.status, typeof asWorker.body.message], `${request.method ?? "GET"} ${request.path}`).toEqual([403, "string"]);
    }
    expect((await call("/api/keys", { method: "PUT", body: {}, token: client })).status).toBe(405);
    expect((await call("/api/keys", { method: "DELETE", token: client })).status).toBe(405);
    expect((await call(`/api/keys/${created.id}`, { token: client })).status).toBe(405);
    expect((await call(`/api/keys/${created.id}`, { method: "POST", body: {}, token: client })).status).toBe(405);
    // The worker's and the anonymous calls changed nothing.
    expect((await call("/api/keys", { token: client })).body.keys).toEqual([expect.objectContaining({ id: created.id, revokedAt: null })]);
  });
});
