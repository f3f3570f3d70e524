import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/*
 * Changes to the rows of a table whose copies processes keep: `users` (the signed-in users of
 * session-user-cache.server.ts, decision 0036) and `services` (the catalogue, decision 0046). Two
 * sources, one feed per table:
 *
 * - every process's writes: the table's <table>_changed trigger (migrations 20261128010000 and
 *   20261129120100) NOTIFYs each change on commit as "<schema> <id>" or "<schema> *", and each process
 *   LISTENs on a connection of its own;
 * - the services of this process that change a kept row announce it once done (forgetSessionUser,
 *   the catalogue's writes), so the request that follows never waits for the notification to come round.
 */

/** A row that changed (its numeric id), or every row ("all": a TRUNCATE, or a write naming no numeric id). */
export type RowChange = number | "all";

export interface ChangeWatcher {
  changed(change: RowChange): void;
  /**
   * false: notifications may be missed from now on (the listening connection dropped; it reconnects);
   * true: listening (again). Copies are trustworthy only while true.
   */
  watching(isWatching: boolean): void;
}

/**
 * The feed of one database. It starts listening when its first watcher comes (`listen`, given by the
 * engine) and stops when the database closes.
 */
export class ChangeFeed {
  readonly #watchers = new Set<ChangeWatcher>();
  readonly #listen: (feed: ChangeFeed) => Promise<() => Promise<void>>;
  #stopListening: Promise<() => Promise<void>> | undefined;
  #isWatching = false;

  constructor(listen: (feed: ChangeFeed) => Promise<() => Promise<void>>) {
    this.#listen = listen;
  }

  get isWatching(): boolean {
    return this.#isWatching;
  }

  /** The watcher hears `watching` with the current state at once. */
  watch(watcher: ChangeWatcher): void {
    this.#watchers.add(watcher);
    watcher.watching(this.#isWatching);
    this.#stopListening ??= this.#listen(this).catch(() => async () => {});
  }

  announce(change: RowChange): void {
    for (const watcher of this.#watchers) watcher.changed(change);
  }

  setWatching(isWatching: boolean): void {
    this.#isWatching = isWatching;
    for (const watcher of this.#watchers) watcher.watching(isWatching);
  }

  async close(): Promise<void> {
    const stop = await this.#stopListening;
    await stop?.();
  }
}

/** The channel a table's trigger notifies on. */
const channelOf = (table: ChangingTable) => `${table}_changed`;

/** The tables whose changes are announced. */
export type ChangingTable = "users" | "services";

/** "<schema> <id>" or "<schema> *" (the trigger's payload) as a change of `schema`'s users, else undefined. */
export function parseRowChange(payload: string, schema: string): RowChange | undefined {
  // The row comes last: a schema's name may hold a space.
  const at = payload.lastIndexOf(" ");
  if (at < 0 || payload.slice(0, at) !== schema) return undefined;
  const row = payload.slice(at + 1);
  if (row === "*") return "all";
  const id = Number(row);
  return Number.isSafeInteger(id) ? id : "all";
}

/**
 * LISTENs on a connection of its own (the pool's are shared and released after each query) for as
 * long as the database is open, reconnecting after a drop. Notifications of other schemas on the
 * same database (the tests' schemas) are left aside. Returns the function that stops it.
 */
export async function listenOnPostgres(Client: typeof pg.Client, config: pg.ClientConfig, table: ChangingTable, feed: ChangeFeed): Promise<() => Promise<void>> {
  const channel = channelOf(table);
  let connection: pg.Client | undefined;
  let isStopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = minimumRetryMs;

  const lost = (dropped: pg.Client) => {
    if (connection !== dropped) return;
    connection = undefined;
    feed.setWatching(false);
    dropped.end().catch(() => {});
    if (isStopped) return;
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, maximumRetryMs);
  };

  const connect = async () => {
    const client = new Client({ ...config, keepAlive: true });
    connection = client;
    let schema: string | undefined;
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    client.on("notification", ({ channel: heard, payload }) => {
      const change = heard === channel && schema !== undefined && payload !== undefined ? parseRowChange(payload, schema) : undefined;
      if (change !== undefined) feed.announce(change);
    });
    try {
      await client.connect();
      schema = await schemaOf(table, (text) => client.query<{ schema: string }>(text));
      await client.query(`LISTEN ${channel}`);
      // Stopped meanwhile.
      if (connection !== client) return void client.end().catch(() => {});
      retryMs = minimumRetryMs;
      feed.setWatching(true);
    } catch {
      lost(client);
    }
  };

  void connect();
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    const open = connection;
    connection = undefined;
    feed.setWatching(false);
    await open?.end().catch(() => {});
  };
}

/** The schema of the table the connection's statements name (the trigger's TG_TABLE_SCHEMA). */
async function schemaOf(table: ChangingTable, query: (text: string) => Promise<{ rows: { schema: string }[] }>): Promise<string> {
  const { rows } = await query(`SELECT nspname AS schema FROM pg_namespace WHERE oid = (SELECT relnamespace FROM pg_class WHERE oid = '${table}'::regclass)`);
  if (!rows[0]) throw new Error(`no ${table} table`);
  return rows[0].schema;
}

const minimumRetryMs = 250;
const maximumRetryMs = 10_000;

/** PGlite is in this process: its notifications come with the statement that caused them. */
export async function listenOnPglite(pglite: PGlite, table: ChangingTable, feed: ChangeFeed): Promise<() => Promise<void>> {
  const schema = await schemaOf(table, (text) => pglite.query<{ schema: string }>(text));
  const unlisten = await pglite.listen(channelOf(table), (payload) => {
    const change = parseRowChange(payload, schema);
    if (change !== undefined) feed.announce(change);
  });
  feed.setWatching(true);
  return async () => {
    feed.setWatching(false);
    if (!pglite.closed) await unlisten();
  };
}

