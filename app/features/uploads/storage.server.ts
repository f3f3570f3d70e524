import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/lib/env.server";

/**
 * Where upload bytes live. Keys come from newStorageKey() only (random UUIDs), never from user
 * input, so no request can name a path.
 */
export interface UploadStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function newStorageKey(): string {
  return randomUUID();
}

/** The default directory: `<DATA_DIR>/uploads`, outside the build the static server serves. */
export function defaultUploadDirectory(): string {
  return path.join(getEnv().DATA_DIR, "uploads");
}

/**
 * Files on the local disk, one per key, directly under `root`. Writes are atomic: the bytes go
 * to a temporary file in the same directory that is then renamed over the final name, so a
 * reader never sees half a file.
 */
export function createDiskStorage(root: string = defaultUploadDirectory()): UploadStorage {
  const fileFor = (key: string) => {
    // Defence in depth: the keys are ours, but a path is only ever built from a UUID.
    if (!KEY_PATTERN.test(key)) throw new Error("Invalid upload storage key");
    return path.join(root, key);
  };

  return {
    async put(key, bytes) {
      const file = fileFor(key);
      await mkdir(root, { recursive: true });
      const temporary = path.join(root, `.${key}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, bytes, { flag: "wx", mode: 0o600 });
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await unlink(fileFor(key));
      } catch (error) {
        if (!isMissingFile(error)) throw error;
      }
    },
  };
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

const storageKey = Symbol.for("smb.uploadStorage");
type StorageHolder = { [storageKey]?: UploadStorage };

/** The process-wide storage: the disk under `<DATA_DIR>/uploads` unless a test set another. */
export function getUploadStorage(): UploadStorage {
  const holder = globalThis as StorageHolder;
  holder[storageKey] ??= createDiskStorage();
  return holder[storageKey];
}

/** Replaces the process-wide storage (tests); undefined goes back to the default on next use. */
export function setUploadStorage(storage: UploadStorage | undefined): void {
  (globalThis as StorageHolder)[storageKey] = storage;
}
