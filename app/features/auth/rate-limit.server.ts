import { getPrisma } from "~/lib/database/db.server";

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

export async function recordEvent(bucket: string, key: string): Promise<void> {
  await getPrisma().rateLimitEvent.create({ data: { bucket, key } });
}

/** Deletes events older than a day (the privacy policy promises 24 hours); run hourly by the server. */
export async function deleteExpiredEvents(now = Date.now()): Promise<number> {
  const { count } = await getPrisma().rateLimitEvent.deleteMany({ where: { createdAt: { lt: new Date(now - retentionMs) } } });
  return count;
}

export async function forgetEvents(bucket: string, key: string): Promise<void> {
  await getPrisma().rateLimitEvent.deleteMany({ where: { bucket, key } });
}
