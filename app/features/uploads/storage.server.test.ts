import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage, newStorageKey } from "./storage.server";

let root: string;
beforeAll(async () => {
  root = path.join(await mkdtemp(path.join(tmpdir(), "smb-storage-")), "uploads");
});
afterAll(async () => {
  await rm(path.dirname(root), { recursive: true, force: true });
});

describe("disk upload storage", () => {
  it("puts, gets and deletes bytes under a random key, leaving no temporary file", async () => {
    const storage = createDiskStorage(root);
    const key = newStorageKey();
    await storage.put(key, Buffer.from("bytes"));
    expect(await readdir(root)).toEqual([key]);
    expect((await storage.get(key))?.toString()).toBe("bytes");
    await storage.delete(key);
    expect(await readdir(root)).toEqual([]);
  });

  it("answers null for a missing key and deletes a missing key quietly", async () => {
    const storage = createDiskStorage(root);
    expect(await storage.get(newStorageKey())).toBeNull();
    await expect(storage.delete(newStorageKey())).resolves.toBeUndefined();
  });

  it("refuses any key that is not one of its own random UUIDs", async () => {
    const storage = createDiskStorage(root);
    for (const key of ["../escape", "/etc/passwd", "photo.png", ""]) {
      await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow("Invalid upload storage key");
      await expect(storage.get(key)).rejects.toThrow("Invalid upload storage key");
    }
    expect(await readdir(path.dirname(root))).toEqual(["uploads"]);
  });
});
