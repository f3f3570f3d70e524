/**
 * Options for interactive transactions that bursts of requests open at once (task completions,
 * payment settlements, payout requests). They queue for the pool's connections: waiting is fine
 * (the completions bench measured ~1 s at 100 concurrent workers on 10 connections), failing after
 * Prisma's default 2 s wait is not.
 */
export const burstTransactionOptions = { maxWait: 15_000, timeout: 20_000 } as const;
