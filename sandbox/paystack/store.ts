import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * One JSON file per record (`<stateDir>/<collection>/<key>.json`), so the sandbox's state survives a
 * restart. Every write goes to a temporary file first and then replaces the record at once (rename),
 * or claims a new key at once (link, which fails when the key exists), so a crash never leaves half a
 * record behind.
 *
 * The file calls are synchronous: a record is a few hundred bytes, and each asynchronous call cost
 * the checkout journey more CPU in promises and thread-pool hand-offs than the write itself (issue
 * #22). So an update's read, change and write run with nothing else of this process in between:
 * updates of one key never interleave. No fsync: the sandbox stands in for Paystack in development
 * and tests, where what must survive is the server process restarting (the kernel keeps the written
 * file), not the machine losing power.
 */
/**
 * `checkouts` maps a hosted checkout's access code to its transaction's reference; `transfer-codes`
 * maps a transfer's code (what finalize_transfer and resend_otp name) to its reference.
 */
export type Collection = "charges" | "transfers" | "recipients" | "checkouts" | "transfer-codes";

/** Keys become file names: Paystack's reference alphabet, no leading dot, bounded length. */
export const keyPattern = /^[A-Za-z0-9_=-][A-Za-z0-9._=-]{0,99}$/;

export function createStore(stateDir: string) {
  const fileOf = (collection: Collection, key: string) => {
    if (!keyPattern.test(key)) throw new Error(`invalid record key: ${key}`);
    return path.join(stateDir, collection, `${key}.json`);
  };

  function writeTemporary(collection: Collection, value: unknown): string {
    const directory = path.join(stateDir, collection);
    const temporary = path.join(directory, `.tmp-${randomBytes(8).toString("hex")}`);
    const text = JSON.stringify(value, null, 2);
    try {
      fs.writeFileSync(temporary, text, { mode: 0o600 });
    } catch (error) {
      // The collection's first record: its directory is made then, not before every write.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      fs.mkdirSync(directory, { recursive: true });
      fs.writeFileSync(temporary, text, { mode: 0o600 });
    }
    return temporary;
  }

  function readNow<T>(collection: Collection, key: string): T | undefined {
    if (!keyPattern.test(key)) return undefined;
    try {
      return JSON.parse(fs.readFileSync(fileOf(collection, key), "utf8")) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  return {
    async read<T>(collection: Collection, key: string): Promise<T | undefined> {
      return readNow<T>(collection, key);
    },

    /** Stores a new record; false (and nothing written) when the key is taken. */
    async create(collection: Collection, key: string, value: unknown): Promise<boolean> {
      const file = fileOf(collection, key);
      const temporary = writeTemporary(collection, value);
      try {
        fs.linkSync(temporary, file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw error;
      } finally {
        fs.rmSync(temporary, { force: true });
      }
    },

    /**
     * Reads, changes and replaces one record. `change` returns the new record, or undefined to leave
     * it as it is. Resolves the record as stored afterwards (undefined: no record).
     */
    async update<T>(collection: Collection, key: string, change: (current: T) => T | undefined): Promise<T | undefined> {
      const current = readNow<T>(collection, key);
      if (current === undefined) return undefined;
      const next = change(current);
      if (next === undefined) return current;
      fs.renameSync(writeTemporary(collection, next), fileOf(collection, key));
      return next;
    },

    async list<T>(collection: Collection): Promise<T[]> {
      let names: string[];
      try {
        names = fs.readdirSync(path.join(stateDir, collection));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      return names
        .filter((name) => name.endsWith(".json") && !name.startsWith("."))
        .map((name) => readNow<T>(collection, name.slice(0, -".json".length)))
        .filter((record): record is T => record !== undefined);
    },
  };
}

export type Store = ReturnType<typeof createStore>;
