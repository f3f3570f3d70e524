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

export async function recordEvent(bucket: string, key: string): Promise<void> {
  await getPrisma().rateLimitEvent.create({ data: { bucket, key } });
}

export async function forgetEvents(bucket: string, key: string): Promise<void> {
  await getPrisma().rateLimitEvent.deleteMany({ where: { bucket, key } });
}
