import type { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";

/** The client or an open transaction: a limit checked and counted inside a transaction holds under concurrent calls. */
type EventStore = Pick<Prisma.TransactionClient, "rateLimitEvent">;

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

export async function recordEvent(bucket: string, key: string, store: EventStore = getPrisma()): Promise<void> {
  await store.rateLimitEvent.create({ data: { bucket, key } });
}

/**
 * Milliseconds until fewer than `limit` events of `key` are left in the window (0 when fewer already
 * are): the wait for the limit-th newest event to leave it. This is what a 429's Retry-After says.
 */
export async function msUntilBelowLimit(bucket: string, key: string, windowMs: number, limit: number, store: EventStore = getPrisma(), now = Date.now()): Promise<number> {
  const [blocking] = await store.rateLimitEvent.findMany({
    where: { bucket, key, createdAt: { gte: new Date(now - windowMs) } },
    orderBy: { createdAt: "desc" },
    skip: limit - 1,
    take: 1,
    select: { createdAt: true },
  });
  return blocking ? Math.max(blocking.createdAt.getTime() + windowMs - now, 1) : 0;
}

/** Deletes events older than a day (the privacy policy promises 24 hours); run hourly by the server. */
export async function deleteExpiredEvents(now = Date.now()): Promise<number> {
  const { count } = await getPrisma().rateLimitEvent.deleteMany({ where: { createdAt: { lt: new Date(now - retentionMs) } } });
  return count;
}

export async function forgetEvents(bucket: string, key: string): Promise<void> {
  await getPrisma().rateLimitEvent.deleteMany({ where: { bucket, key } });
}
