import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/*
 * Changes to `users` rows, for whoever keeps copies of them (the signed-in users of
 * session-user-cache.server.ts, decision 0036). Two sources, one feed:
 *
 * - every process's writes: the users_changed trigger (migration 20261128010000) NOTIFYs each update,
 *   deletion and TRUNCATE on commit, and each process LISTENs on a connection of its own;
 * - the services of this process that change a signed-in user's fields announce it once done
 *   (forgetSessionUser), so the request that follows a sign-out or a new name here never waits for
 *   the notification to come round.
 */

/** A users row that changed (its id), or every row ("all": a TRUNCATE, or a write naming no id). */
export type UserChange = number | "all";

export interface UserChangeWatcher {
  changed(change: UserChange): void;
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
export class UserChangeFeed {
  readonly #watchers = new Set<UserChangeWatcher>();
  readonly #listen: (feed: UserChangeFeed) => Promise<() => Promise<void>>;
  #stopListening: Promise<() => Promise<void>> | undefined;
  #isWatching = false;

  constructor(listen: (feed: UserChangeFeed) => Promise<() => Promise<void>>) {
    this.#listen = listen;
  }

  get isWatching(): boolean {
    return this.#isWatching;
  }

  /** The watcher hears `watching` with the current state at once. */
  watch(watcher: UserChangeWatcher): void {
    this.#watchers.add(watcher);
    watcher.watching(this.#isWatching);
    this.#stopListening ??= this.#listen(this).catch(() => async () => {});
  }

  announce(change: UserChange): void {
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

const channel = "users_changed";

/** "<schema> <id>" or "<schema> *" (the trigger's payload) as a change of `schema`'s users, else undefined. */
export function parseUserChange(payload: string, schema: string): UserChange | undefined {
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
export async function listenOnPostgres(Client: typeof pg.Client, config: pg.ClientConfig, feed: UserChangeFeed): Promise<() => Promise<void>> {
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
      const change = heard === channel && schema !== undefined && payload !== undefined ? parseUserChange(payload, schema) : undefined;
      if (change !== undefined) feed.announce(change);
    });
    try {
      await client.connect();
      schema = await usersSchema((text) => client.query<{ schema: string }>(text));
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

/** The schema of the `users` table the connection's statements name (the trigger's TG_TABLE_SCHEMA). */
async function usersSchema(query: (text: string) => Promise<{ rows: { schema: string }[] }>): Promise<string> {
  const { rows } = await query(`SELECT nspname AS schema FROM pg_namespace WHERE oid = (SELECT relnamespace FROM pg_class WHERE oid = 'users'::regclass)`);
  if (!rows[0]) throw new Error("no users table");
  return rows[0].schema;
}

const minimumRetryMs = 250;
const maximumRetryMs = 10_000;

/** PGlite is in this process: its notifications come with the statement that caused them. */
export async function listenOnPglite(pglite: PGlite, feed: UserChangeFeed): Promise<() => Promise<void>> {
  const schema = await usersSchema((text) => pglite.query<{ schema: string }>(text));
  const unlisten = await pglite.listen(channel, (payload) => {
    const change = parseUserChange(payload, schema);
    if (change !== undefined) feed.announce(change);
  });
  feed.setWatching(true);
  return async () => {
    feed.setWatching(false);
    if (!pglite.closed) await unlisten();
  };
}

