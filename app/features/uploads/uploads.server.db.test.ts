import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getPrisma, setDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { createTestDatabase, type TestDatabase } from "~/test/test-database";
import { createDiskStorage, setUploadStorage } from "./storage.server";
import { tinyGif, tinyPng } from "./test-images";
import { MAX_IMAGE_BYTES, decodeImageDataUrl, readUploadFor, storeImage } from "./uploads.server";

let testDatabase: TestDatabase;
let root: string;
let ownerId: number;
let otherClientId: number;
let adminId: number;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "smb-uploads-"));
  // The process-wide storage, as the orders service would reach it; no DATA_DIR needed.
  setUploadStorage(createDiskStorage(root));
  testDatabase = await createTestDatabase();
  setDatabase(testDatabase.database);
  const user = (name: string, role: "client" | "admin") =>
    getPrisma().user.create({
      data: { email: `${name}@example.com`, username: name, usernameLower: name, fullName: name, role, passwordHash: "x" },
    });
  ownerId = (await user("ama", "client")).id;
  otherClientId = (await user("kofi", "client")).id;
  adminId = (await user("esi", "admin")).id;
});

beforeEach(() => setDatabase(testDatabase.database));

afterAll(async () => {
  setUploadStorage(undefined);
  setDatabase(undefined);
  await testDatabase?.dispose();
  await rm(root, { recursive: true, force: true });
});

const storedFiles = async () => (await readdir(root).catch(() => [])).sort();

async function expectAppError(promise: Promise<unknown>, status: number, code: string, message?: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  expect((error as AppError).code).toBe(code);
  if (message) expect((error as AppError).message).toBe(message);
}

describe("storeImage and readUploadFor", () => {
  it("stores a PNG and reads it back as its owner and as an admin", async () => {
    const png = tinyPng();
    const stored = await storeImage({ ownerId, purpose: "account_screenshot", bytes: png });
    expect(stored).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), contentType: "image/png", sizeBytes: png.length });

    const row = await getPrisma().upload.findUniqueOrThrow({ where: { id: stored.id } });
    expect(row).toMatchObject({ ownerId, purpose: "account_screenshot", contentType: "image/png", sizeBytes: png.length });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The file is named by the random key only, and holds exactly the bytes.
    expect(row.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readFile(path.join(root, row.storageKey))).toEqual(Buffer.from(png));

    const asOwner = await readUploadFor({ id: ownerId, role: "client" }, stored.id);
    expect(asOwner.contentType).toBe("image/png");
    expect(Buffer.compare(asOwner.bytes, Buffer.from(png))).toBe(0);
    const asAdmin = await readUploadFor({ id: adminId, role: "admin" }, stored.id);
    expect(Buffer.compare(asAdmin.bytes, Buffer.from(png))).toBe(0);
  });

  it("answers the same 404 to another client as for an upload that does not exist", async () => {
    const { id } = await storeImage({ ownerId, purpose: "account_screenshot", bytes: tinyGif });
    await expectAppError(readUploadFor({ id: otherClientId, role: "client" }, id), 404, "not_found", "Not found");
    await expectAppError(readUploadFor({ id: otherClientId, role: "worker" }, id), 404, "not_found", "Not found");
    await expectAppError(readUploadFor({ id: ownerId, role: "client" }, crypto.randomUUID()), 404, "not_found", "Not found");
    await expectAppError(readUploadFor({ id: ownerId, role: "client" }, "../../etc/passwd"), 404, "not_found", "Not found");
  });

  it("refuses a non-image even when it is declared as a PNG", async () => {
    const before = await storedFiles();
    const text = Buffer.from("just some text in a file called photo.png");
    const bytes = decodeImageDataUrl(`data:image/png;base64,${text.toString("base64")}`);
    await expectAppError(
      storeImage({ ownerId, purpose: "account_screenshot", bytes }),
      400,
      "invalid_file_type",
      "Please upload an image file (PNG, JPG, etc.)",
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await expectAppError(storeImage({ ownerId, purpose: "account_screenshot", bytes: svg }), 400, "invalid_file_type");
    expect(await storedFiles()).toEqual(before);
  });

  it("accepts exactly 5 MB and refuses one byte more with 413", async () => {
    const atLimit = Buffer.alloc(MAX_IMAGE_BYTES);
    Buffer.from(tinyPng()).copy(atLimit);
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
    const stored = await storeImage({ ownerId, purpose: "task_proof", bytes: atLimit });
    expect(stored.sizeBytes).toBe(MAX_IMAGE_BYTES);

    const before = await storedFiles();
    const overLimit = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    Buffer.from(tinyPng()).copy(overLimit);
    await expectAppError(
      storeImage({ ownerId, purpose: "account_screenshot", bytes: overLimit }),
      413,
      "file_too_large",
      "Please upload an image smaller than 5MB",
    );
    expect(await storedFiles()).toEqual(before);
  });

  it("removes the stored file again when the database insert fails", async () => {
    const before = await storedFiles();
    const rowsBefore = await getPrisma().upload.count();
    const disk = createDiskStorage(root);
    const puts: string[] = [];
    const watched = { ...disk, put: (key: string, bytes: Uint8Array) => (puts.push(key), disk.put(key, bytes)) };
    // No such user: the owner foreign key makes the insert fail after the bytes were written.
    await expect(
      storeImage({ ownerId: 999_999, purpose: "account_screenshot", bytes: tinyPng() }, watched),
    ).rejects.toThrow();
    expect(puts).toHaveLength(1);
    expect(await storedFiles()).toEqual(before);
    expect(await getPrisma().upload.count()).toBe(rowsBefore);
  });
});

describe("decodeImageDataUrl", () => {
  const pngBase64 = Buffer.from(tinyPng()).toString("base64");

  it("decodes a base64 data URL, whatever type it declares", () => {
    expect(decodeImageDataUrl(`data:image/png;base64,${pngBase64}`)).toEqual(Buffer.from(tinyPng()));
    expect(decodeImageDataUrl(`data:image/jpeg;base64,${pngBase64}`)).toEqual(Buffer.from(tinyPng()));
    expect(decodeImageDataUrl(`data:;base64,${pngBase64}`)).toEqual(Buffer.from(tinyPng()));
    expect(decodeImageDataUrl(`data:image/png;name=shot.png;base64,${pngBase64}`)).toEqual(Buffer.from(tinyPng()));
  });

  it.each([
    ["an empty string", ""],
    ["plain base64 without the data: prefix", pngBase64],
    ["a data URL that is not base64", "data:image/png,%89PNG"],
    ["an empty payload", "data:image/png;base64,"],
    ["whitespace inside the payload", `data:image/png;base64,${pngBase64.slice(0, 8)} ${pngBase64.slice(8)}`],
    ["the URL-safe alphabet", "data:image/png;base64,ab-_"],
    ["a payload of the wrong length", `data:image/png;base64,${pngBase64}A`],
    ["padding in the middle", "data:image/png;base64,AA==AAAA"],
    ["non-canonical trailing bits", "data:image/png;base64,AB=="],
  ])("refuses %s with 400", (_, dataUrl) => {
    expect(() => decodeImageDataUrl(dataUrl)).toThrow(
      expect.objectContaining({ status: 400, code: "invalid_file_type" }) as Error,
    );
  });

  it("refuses a payload that would decode past 5 MB with 413, before decoding it", () => {
    const justOver = "A".repeat(Math.ceil((MAX_IMAGE_BYTES + 1) / 3) * 4);
    expect(() => decodeImageDataUrl(`data:image/png;base64,${justOver}`)).toThrow(
      expect.objectContaining({ status: 413, code: "file_too_large" }) as Error,
    );
    const atLimit = Buffer.alloc(MAX_IMAGE_BYTES).toString("base64");
    expect(decodeImageDataUrl(`data:image/png;base64,${atLimit}`).length).toBe(MAX_IMAGE_BYTES);
  });
});
