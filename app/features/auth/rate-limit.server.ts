import { getDatabase, getPrisma } from "~/lib/database/db.server";
import { isoTimestamp, type SqlQueries, StatementParameters, sqlOfPrisma } from "~/lib/database/sql-client.server";

/**
 * The database or an open transaction (a Prisma one through `sqlOfPrisma`): a limit checked and
 * counted inside a transaction holds under concurrent calls. Plain SQL: a charge checks and counts
 * its limits on the checkout's hot path (decision 0030).
 */
type EventStore = SqlQueries;
const database = (): EventStore => getDatabase().sql;

/** At most `limit` events of `key` in `bucket` within the last `windowMs`. */
export interface EventLimit {
  bucket: string;
  key: string;
  windowMs: number;
  limit: number;
}

/**
 * Abuse counters kept in the database, so every app process behind a load balancer sees the same
 * counts. A bucket names what is counted ("login-failure:email"), the key whom (an e-mail, an IP).
 */
export async function countRecentEvents(bucket: string, key: string, windowMs: number): Promise<number> {
  return getPrisma().rateLimitEvent.count({
    where: { bucket, key, createdAt: { gte: new Date(Date.now() - windowMs) } },
  });
}

// No window is longer than an hour; a day of history is plenty and keeps the table small.
const retentionMs = 24 * 60 * 60 * 1000;

export async function recordEvent(bucket: string, key: string, store: EventStore = database()): Promise<void> {
  await recordEvents([{ bucket, key }], store);
}

/** Several events in one statement (a charge counts under three or four limits at once). */
export async function recordEvents(events: readonly { bucket: string; key: string }[], store: EventStore = database()): Promise<void> {
  if (events.length === 0) return;
  const createdAt = `$${events.length * 2 + 1}::timestamp`;
  const rows = events.map((_, index) => `($${index * 2 + 1}::text, $${index * 2 + 2}::text, ${createdAt})`);
  await store.query(`INSERT INTO rate_limit_events (bucket, key, created_at) VALUES ${rows.join(", ")}`, [
    ...events.flatMap(({ bucket, key }) => [bucket, key]),
    new Date().toISOString(),
  ]);
}

/**
 * Milliseconds until fewer than `limit` events of `key` are left in the window (0 when fewer already
 * are): the wait for the limit-th newest event to leave it. This is what a 429's Retry-After says.
 */
export async function msUntilBelowLimit(bucket: string, key: string, windowMs: number, limit: number, store: EventStore = database(), now = Date.now()): Promise<number> {
  const [waitMs] = await msUntilBelowLimits([{ bucket, key, windowMs, limit }], store, now);
  return waitMs;
}

/** `msUntilBelowLimit` of each limit, in order, read in one statement. */
export async function msUntilBelowLimits(limits: readonly EventLimit[], store: EventStore = database(), now = Date.now()): Promise<number[]> {
  if (limits.length === 0) return [];
  const parameters = new StatementParameters();
  const [blocking] = await store.query<Record<string, string | null>>(`SELECT ${blockingEvents(parameters, limits, now).columns}`, parameters.values);
  return waitsOf(limits, blocking, now);
}

/**
 * A row the caller inserts in countWithinLimits's statement, on its condition: no limit reached.
 * `values` is the select list of the row's values, with the placeholders of countWithinLimits's
 * `parameters`.
 */
export interface RowWithinLimits {
  into: string;
  columns: string;
  values: string;
}

/**
 * Counts an event under each limit now, in the statement that checks them, unless a limit is reached
 * already; then nothing is counted. Answers the waits as msUntilBelowLimits does (all 0: counted).
 * `alsoInsert`: the caller's row (a charge's attempt), inserted in the same statement on the same
 * condition. One round trip where there were three on a charge's hot path (issue #22); in READ
 * COMMITTED the statements it replaces would not see each other's concurrent events either, so a
 * limit holds as tightly as it did (exactly under a lock its callers take, such as the order's).
 */
export async function countWithinLimits(
  limits: readonly EventLimit[],
  store: EventStore = database(),
  { now = Date.now(), parameters = new StatementParameters(), alsoInsert }: { now?: number; parameters?: StatementParameters; alsoInsert?: RowWithinLimits } = {},
): Promise<number[]> {
  if (limits.length === 0) return [];
  const { columns, keys } = blockingEvents(parameters, limits, now);
  const noneReached = limits.map((_, index) => `b."${index}" IS NULL`).join(" AND ");
  const row = alsoInsert && `, caller_row AS (INSERT INTO ${alsoInsert.into} (${alsoInsert.columns}) SELECT ${alsoInsert.values} FROM b WHERE ${noneReached})`;
  const [blocking] = await store.query<Record<string, string | null>>(
    `WITH b AS (SELECT ${columns}),
     counted AS (
       INSERT INTO rate_limit_events (bucket, key, created_at)
       SELECT e.bucket, e.key, ${parameters.add(new Date(now).toISOString(), "timestamp")} FROM (VALUES ${keys.join(", ")}) AS e (bucket, key), b WHERE ${noneReached}
     )${row ?? ""}
     SELECT * FROM b`,
    parameters.values,
  );
  return waitsOf(limits, blocking, now);
}

/**
 * countWithinLimits that holds exactly under concurrency (issue #49): in one transaction, an advisory
 * lock per (bucket, key) first, then the check and the count in one statement. In READ COMMITTED that
 * statement's snapshot is taken after the lock, so it sees every event counted by the caller before;
 * callers of the same key take turns, and 30 parallel requests against a limit of 3 count 3. Locks
 * are taken in one order, so two callers sharing keys cannot deadlock.
 */
export async function takeWithinLimits(limits: readonly EventLimit[]): Promise<number[]> {
  return getPrisma().$transaction(async (transaction) => {
    const sql = sqlOfPrisma(transaction);
    await lockLimitKeys(sql, limits);
    return countWithinLimits(limits, sql);
  });
}

/**
 * Takes an advisory lock per (bucket, key) of `limits` until the end of `transaction`: a caller that
 * then checks and counts them (countWithinLimits) in the same transaction is the only one doing so.
 */
export async function lockLimitKeys(transaction: SqlQueries, limits: readonly { bucket: string; key: string }[]): Promise<void> {
  const lockKeys = [...new Set(limits.map(({ bucket, key }) => JSON.stringify([bucket, key])))].sort();
  // One statement: unnest yields the keys in the array's (sorted) order, and the aggregate takes each lock as its row arrives.
  await transaction.query("SELECT count(pg_advisory_xact_lock(hashtextextended(lock_key, 0))) AS locked FROM unnest($1::text[]) AS lock_key", [lockKeys]);
}

/** takeWithinLimits of one limit: whether the event was counted (false: the limit is reached). */
export async function takeWithinLimit(limit: EventLimit): Promise<boolean> {
  const [waitMs] = await takeWithinLimits([limit]);
  return waitMs === 0;
}

/**
 * The select list naming, per limit (column "0", "1", …), when the limit-th newest event in its
 * window happened, or null while fewer are, and each limit's (bucket, key) as a VALUES row. One
 * scalar subquery per limit; each walks the (bucket, key, created_at) index from the newest event.
 */
function blockingEvents(parameters: StatementParameters, limits: readonly EventLimit[], now: number): { columns: string; keys: string[] } {
  const keys: string[] = [];
  const columns = limits.map(({ bucket, key, windowMs, limit }, index) => {
    const [bucketParameter, keyParameter] = [parameters.add(bucket, "text"), parameters.add(key, "text")];
    keys.push(`(${bucketParameter}, ${keyParameter})`);
    return `(SELECT ${isoTimestamp("created_at")} FROM rate_limit_events
        WHERE bucket = ${bucketParameter} AND key = ${keyParameter} AND created_at >= ${parameters.add(new Date(now - windowMs).toISOString(), "timestamp")}
        ORDER BY created_at DESC OFFSET ${parameters.add(limit - 1, "int")} LIMIT 1) AS "${index}"`;
  });
  return { columns: columns.join(", "), keys };
}

/** Each limit's wait: until its blocking event leaves the window (at least 1 ms), 0 when none blocks. */
function waitsOf(limits: readonly EventLimit[], blocking: Record<string, string | null>, now: number): number[] {
  return limits.map(({ windowMs }, index) => {
    const since = blocking[index];
    return since ? Math.max(Date.parse(since) + windowMs - now, 1) : 0;
  });
}

/** Deletes events older than a day (the privacy policy promises 24 hours); run hourly by the server. */
export async function deleteExpiredEvents(now = Date.now()): Promise<number> {
  const { count } = await getPrisma().rateLimitEvent.deleteMany({ where: { createdAt: { lt: new Date(now - retentionMs) } } });
  return count;
}

export async function forgetEvents(bucket: string, key: string): Promise<void> {
  await getPrisma().rateLimitEvent.deleteMany({ where: { bucket, key } });
}
