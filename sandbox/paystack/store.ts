import fs from "node:fs";
import path from "node:path";

/**
 * The sandbox's records, kept so that its state survives a restart. Each collection is one
 * append-only journal, `<stateDir>/<collection>.jsonl`: every write appends one line
 * `{"key":…,"value":…}`, and a key's last line is its record. The journal is read once, when the
 * collection is first used, into a map of each key's JSON text (parsed again on every read, so no
 * caller can change a record by changing what it was given); after that a write is one `write` to an
 * open file. A file per record cost the checkout journey three file-system calls per write (create a
 * temporary file, rename or link it, remove it), more CPU than all the rest of the sandbox (issue #22).
 *
 * One process per `stateDir` (README): the map is this process's view of the files.
 *
 * A line is written whole by one `write` call, and the kernel keeps it when the process stops, so a
 * restart finds every record written. A line cut short (a full disk, the machine losing power — no
 * fsync: the sandbox stands in for Paystack in development and tests) is dropped when the journal is
 * read, and cut from the file so the next line starts clean. A journal that holds more than twice its
 * live records is rewritten (to a temporary file, renamed over it) when it is read.
 */
/**
 * `checkouts` maps a hosted checkout's access code to its transaction's reference; `transfer-codes`
 * maps a transfer's code (what finalize_transfer and resend_otp name) to its reference.
 */
export type Collection = "charges" | "transfers" | "recipients" | "checkouts" | "transfer-codes";

/** Paystack's reference alphabet, no leading dot, bounded length: a key that is not one is never stored. */
export const keyPattern = /^[A-Za-z0-9_=-][A-Za-z0-9._=-]{0,99}$/;

/** A journal's lines below this many are never worth rewriting. */
const compactAfterLines = 1_000;

interface Journal {
  records: Map<string, string>;
  fd: number;
}

export function createStore(stateDir: string) {
  const journals = new Map<Collection, Journal>();

  function journalOf(collection: Collection): Journal {
    let journal = journals.get(collection);
    if (journal === undefined) {
      journal = openJournal(stateDir, collection);
      journals.set(collection, journal);
    }
    return journal;
  }

  function write(collection: Collection, key: string, value: unknown): string {
    const text = JSON.stringify(value);
    const journal = journalOf(collection);
    fs.writeSync(journal.fd, journalLine(key, text));
    journal.records.set(key, text);
    return text;
  }

  function readNow<T>(collection: Collection, key: string): T | undefined {
    const text = journalOf(collection).records.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  return {
    async read<T>(collection: Collection, key: string): Promise<T | undefined> {
      return readNow<T>(collection, key);
    },

    /** Stores a new record; false (and nothing written) when the key is taken. */
    async create(collection: Collection, key: string, value: unknown): Promise<boolean> {
      if (!keyPattern.test(key)) throw new Error(`invalid record key: ${key}`);
      if (journalOf(collection).records.has(key)) return false;
      write(collection, key, value);
      return true;
    },

    /**
     * Reads, changes and replaces one record. `change` returns the new record, or undefined to leave
     * it as it is. Resolves the record as stored afterwards (undefined: no record). Nothing else of
     * this process runs between the read and the write, so updates of one key never interleave.
     */
    async update<T>(collection: Collection, key: string, change: (current: T) => T | undefined): Promise<T | undefined> {
      const current = readNow<T>(collection, key);
      if (current === undefined) return undefined;
      const next = change(current);
      if (next === undefined) return current;
      return JSON.parse(write(collection, key, next)) as T;
    },

    async list<T>(collection: Collection): Promise<T[]> {
      return [...journalOf(collection).records.values()].map((text) => JSON.parse(text) as T);
    },

    /** Closes the journals (the sandbox's stop); the next use opens them again. */
    close(): void {
      for (const journal of journals.values()) fs.closeSync(journal.fd);
      journals.clear();
    },
  };
}

export type Store = ReturnType<typeof createStore>;

/** Every record of a collection, by key, as stored in `stateDir`: for checks from outside the store (tests). */
export function readRecords<T>(stateDir: string, collection: Collection): Map<string, T> {
  const { records } = readJournal(journalFile(stateDir, collection));
  return new Map([...records].map(([key, text]) => [key, JSON.parse(text) as T]));
}

const journalFile = (stateDir: string, collection: Collection) => path.join(stateDir, `${collection}.jsonl`);

/** One journal line: the key and the record's JSON text (already serialised once, not again). */
const journalLine = (key: string, text: string) => `{"key":${JSON.stringify(key)},"value":${text}}\n`;

/** A journal's records (key → JSON text, the last line of each key), its line count and the length of its whole lines. */
function readJournal(file: string): { records: Map<string, string>; lines: number; wholeLength: number } {
  const records = new Map<string, string>();
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records, lines: 0, wholeLength: 0 };
    throw error;
  }
  const wholeLength = text.lastIndexOf("\n") + 1;
  const lines = wholeLength === 0 ? [] : text.slice(0, wholeLength - 1).split("\n");
  for (const line of lines) {
    const { key, value } = JSON.parse(line) as { key: string; value: unknown };
    records.set(key, JSON.stringify(value));
  }
  return { records, lines: lines.length, wholeLength: Buffer.byteLength(text.slice(0, wholeLength)) };
}

function openJournal(stateDir: string, collection: Collection): Journal {
  const file = journalFile(stateDir, collection);
  fs.mkdirSync(stateDir, { recursive: true });
  importRecordFiles(stateDir, collection, file);
  const { records, lines, wholeLength } = readJournal(file);
  if (lines > compactAfterLines && lines > 2 * records.size) {
    const temporary = `${file}.tmp`;
    fs.writeFileSync(temporary, [...records].map(([key, text]) => journalLine(key, text)).join(""), { mode: 0o600 });
    fs.renameSync(temporary, file);
  } else if (fs.existsSync(file) && fs.statSync(file).size !== wholeLength) {
    fs.truncateSync(file, wholeLength); // a line cut short: the next write must start a line of its own
  }
  return { records, fd: fs.openSync(file, "a", 0o600) };
}

/**
 * The sandbox kept one file per record (`<stateDir>/<collection>/<key>.json`) before its journals: a
 * state directory from then becomes the collection's journal the first time it is opened, so no
 * charge in progress is lost (the journal is written whole, then the old directory removed).
 */
function importRecordFiles(stateDir: string, collection: Collection, file: string) {
  const directory = path.join(stateDir, collection);
  if (fs.existsSync(file) || !fs.existsSync(directory)) return;
  const lines = fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(".json") && !name.startsWith("."))
    .map((name) => journalLine(name.slice(0, -".json".length), JSON.stringify(JSON.parse(fs.readFileSync(path.join(directory, name), "utf8")))));
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, lines.join(""), { mode: 0o600 });
  fs.renameSync(temporary, file);
  fs.rmSync(directory, { recursive: true, force: true });
}
