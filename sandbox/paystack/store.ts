import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * One JSON file per record (`<stateDir>/<collection>/<key>.json`), so the sandbox's state survives a
 * restart. Every write goes to a temporary file first and then replaces the record at once (rename),
 * or claims a new key at once (link, which fails when the key exists), so a crash never leaves half a
 * record behind. Updates of one key are serialised inside this process.
 *
 * No fsync: the sandbox stands in for Paystack in development and tests, where what must survive is
 * the server process restarting (the kernel keeps the written file), not the machine losing power.
 * (Issue #22: each fsync cost CPU on every charge and checkout of the checkout journey.)
 */
/**
 * `checkouts` maps a hosted checkout's access code to its transaction's reference; `transfer-codes`
 * maps a transfer's code (what finalize_transfer and resend_otp name) to its reference.
 */
export type Collection = "charges" | "transfers" | "recipients" | "checkouts" | "transfer-codes";

/** Keys become file names: Paystack's reference alphabet, no leading dot, bounded length. */
export const keyPattern = /^[A-Za-z0-9_=-][A-Za-z0-9._=-]{0,99}$/;

export function createStore(stateDir: string) {
  const locks = new Map<string, Promise<unknown>>();

  const fileOf = (collection: Collection, key: string) => {
    if (!keyPattern.test(key)) throw new Error(`invalid record key: ${key}`);
    return path.join(stateDir, collection, `${key}.json`);
  };

  async function writeTemporary(collection: Collection, value: unknown): Promise<string> {
    const directory = path.join(stateDir, collection);
    const temporary = path.join(directory, `.tmp-${randomBytes(8).toString("hex")}`);
    const text = JSON.stringify(value, null, 2);
    try {
      await fs.writeFile(temporary, text, { mode: 0o600 });
    } catch (error) {
      // The collection's first record: its directory is made then, not before every write.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await fs.mkdir(directory, { recursive: true });
      await fs.writeFile(temporary, text, { mode: 0o600 });
    }
    return temporary;
  }

  /** Runs `work` after every earlier job on the same key has finished. */
  function withLock<T>(lockKey: string, work: () => Promise<T>): Promise<T> {
    const previous = locks.get(lockKey) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    locks.set(lockKey, settled);
    void settled.then(() => {
      if (locks.get(lockKey) === settled) locks.delete(lockKey);
    });
    return next;
  }

  async function read<T>(collection: Collection, key: string): Promise<T | undefined> {
    if (!keyPattern.test(key)) return undefined;
    try {
      return JSON.parse(await fs.readFile(fileOf(collection, key), "utf8")) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  return {
    read,

    /** Stores a new record; false (and nothing written) when the key is taken. */
    async create(collection: Collection, key: string, value: unknown): Promise<boolean> {
      const file = fileOf(collection, key);
      const temporary = await writeTemporary(collection, value);
      try {
        await fs.link(temporary, file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw error;
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },

    /**
     * Reads, changes and replaces one record under its lock. `change` returns the new record, or
     * undefined to leave it as it is. Resolves the record as stored afterwards (undefined: no record).
     */
    update<T>(collection: Collection, key: string, change: (current: T) => T | undefined): Promise<T | undefined> {
      return withLock(`${collection}/${key}`, async () => {
        const current = await read<T>(collection, key);
        if (current === undefined) return undefined;
        const next = change(current);
        if (next === undefined) return current;
        const temporary = await writeTemporary(collection, next);
        await fs.rename(temporary, fileOf(collection, key));
        return next;
      });
    },

    async list<T>(collection: Collection): Promise<T[]> {
      let names: string[];
      try {
        names = await fs.readdir(path.join(stateDir, collection));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const records = await Promise.all(
        names.filter((name) => name.endsWith(".json") && !name.startsWith(".")).map((name) => read<T>(collection, name.slice(0, -".json".length))),
      );
      return records.filter((record): record is Awaited<T> => record !== undefined) as T[];
    },
  };
}

export type Store = ReturnType<typeof createStore>;
