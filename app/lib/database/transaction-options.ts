/**
 * Options of every interactive Prisma transaction: the Prisma client's default (db.server.ts), so none
 * can forget them. Bursts of requests (task completions, payment settlements, payout requests) open
 * transactions at once and queue for the pool's connections: waiting is fine (bench/README.md, the
 * completions bench), failing after Prisma's default 2 s wait (P2028, which answered 500) is not. On PostgreSQL the pool's
 * own 10 s bound on a connection wait comes first; on PGlite (one connection) maxWait is the bound.
 * Either way a wait that runs out answers 503 with Retry-After (database-unavailable.ts).
 */
export const burstTransactionOptions = { maxWait: 15_000, timeout: 20_000 } as const;
