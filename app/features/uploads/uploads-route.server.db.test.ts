import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "~/lib/database/db.server";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import { createDiskStorage, setUploadStorage } from "./storage.server";
import { tinyPng } from "./test-images";

// Before any service reads the environment: a fixed secret (no file in ./data) and quiet logs.
process.env.SESSION_SECRET ??= "uploads-test-secret-uploads-test-secret-0123";
process.env.LOG_LEVEL = "silent";

const { loader } = await import("~/routes/api.uploads.$id");
const { registerAccount } = await import("~/features/auth/accounts.server");
const { storeImage } = await import("./uploads.server");

/*
 * GET /api/uploads/:id through its loader, in process: a real database, real tokens, a
 * temporary upload directory. (Orders exercise the same route over HTTP.)
 */
let testDatabase: TestDatabase;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "smb-uploads-route-"));
  setUploadStorage(createDiskStorage(root));
  testDatabase = await createTestDatabase();
  setDatabase(testDatabase.database);
});
beforeEach(() => setDatabase(testDatabase.database));
afterAll(async () => {
  setUploadStorage(undefined);
  setDatabase(undefined);
  await testDatabase?.dispose();
  await rm(root, { recursive: true, force: true });
});

let accounts = 0;
async function newClient() {
  const n = ++accounts;
  const input = { email: `c${n}@example.com`, username: `client${n}`, fullName: "Ama Mensah", password: "Str0ng-pass!", role: "client" as const };
  return registerAccount(input, `198.51.100.${n}`);
}

function get(id: string, token?: string) {
  const request = new Request(`http://localhost/api/uploads/${id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return loader({ request, params: { id }, context: {} } as unknown as Parameters<typeof loader>[0]);
}

describe("GET /api/uploads/:id", () => {
  it("answers the owner the bytes with safe headers", async () => {
    const owner = await newClient();
    const png = tinyPng();
    const { id } = await storeImage({ ownerId: owner.user.id, purpose: "account_screenshot", bytes: png });

    const response = await get(id, owner.token);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(png.length),
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
      "content-security-policy": "default-src 'none'",
    });
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(png));
  });

  it("answers 401 without a token and 404 to another client or for an unknown id", async () => {
    const owner = await newClient();
    const other = await newClient();
    const { id } = await storeImage({ ownerId: owner.user.id, purpose: "account_screenshot", bytes: tinyPng() });

    const anonymous = await get(id);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Authentication required" });

    for (const response of [await get(id, other.token), await get(crypto.randomUUID(), other.token), await get("nope", other.token)]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await response.json()).toEqual({ message: "Not found" });
    }
  });
});
