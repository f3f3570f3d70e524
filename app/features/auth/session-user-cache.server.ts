import { type Database, getDatabase } from "~/lib/database/db.server";
import type { RowChange } from "~/lib/database/table-changes.server";

/*
 * The signed-in users this process has looked up, kept while it hears of every change to them
 * (issue #22, decision 0036). Every signed-in page and /api call reads its user; the statement, its
 * round trip and PostgreSQL's share were ~15 % of a signed-in page's CPU.
 *
 * A kept user is trusted only while the database's change feed is listening: a notification missed
 * could be a sign-out or a suspension. So the cache empties whenever listening stops, and keeps
 * nothing until it listens again. A lookup that was under way when a change came in is not kept
 * (the row it read may be the one before the change). The tokens themselves are checked on every
 * request as before (signature, expiry, version against the kept row).
 */

/** Even while listening, a kept user is read again after this long. */
const sessionUserLifetimeMs = 60_000;
/** The most users kept; the oldest goes first. */
const sessionUserCacheSize = 10_000;

interface Kept<User> {
  user: User;
  expiresAt: number;
}

export class SessionUserCache<User> {
  readonly #kept = new Map<number, Kept<User>>();
  #isWatching = false;
  /** Counts every change heard, so a lookup can tell whether one came in while it ran. */
  #changes = 0;

  constructor(database: Pick<Database, "userChanges">) {
    database.userChanges.watch({
      changed: (change) => this.#forget(change),
      watching: (isWatching) => {
        this.#isWatching = isWatching;
        this.#forget("all");
      },
    });
  }

  /** The user with this id: kept, or read by `load` (and kept if nothing changed meanwhile). */
  async find(id: number, load: (id: number) => Promise<User | undefined>): Promise<User | undefined> {
    const kept = this.#kept.get(id);
    if (kept && kept.expiresAt > Date.now()) return kept.user;
    const changesBefore = this.#changes;
    const user = await load(id);
    if (user !== undefined && this.#isWatching && this.#changes === changesBefore) this.#keep(id, user);
    return user;
  }

  #keep(id: number, user: User) {
    this.#kept.delete(id);
    if (this.#kept.size >= sessionUserCacheSize) this.#kept.delete(this.#kept.keys().next().value as number);
    this.#kept.set(id, { user, expiresAt: Date.now() + sessionUserLifetimeMs });
  }

  #forget(change: RowChange) {
    this.#changes += 1;
    if (change === "all") this.#kept.clear();
    else this.#kept.delete(change);
  }
}

/**
 * This process has changed the user's row (a sign-out, a new password or name, a suspension): the
 * user is forgotten now, for the very next request; other processes hear of it by notification.
 */
export function forgetSessionUser(userId: number): void {
  getDatabase().userChanges.announce(userId);
}

const caches = new WeakMap<Database, SessionUserCache<unknown>>();

/** The cache of the process's database (a test's database gets its own). */
export function sessionUserCacheOf<User>(database: Database = getDatabase()): SessionUserCache<User> {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new SessionUserCache<unknown>(database)));
  return cache as SessionUserCache<User>;
}
