import { getPrisma } from "~/lib/database/db.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";

/*
 * Failed sign-ins, counted so that shared addresses work (decision 0019). Ghana's carriers put very
 * many subscribers behind one address, so the address is never the tight key:
 * - per (e-mail, address) pair: LOGIN_FAILURE_LIMIT failures in 15 minutes, then 429 — the person
 *   (or script) typing wrong from there;
 * - per e-mail: from LOGIN_FAILURES_BEFORE_DELAY failures on, each further attempt must wait a delay
 *   that doubles with every failure (1 s, 2 s, 4 s … at most 60 s) after the last one: guessing
 *   slows to one try a minute, but nobody can hold the account locked;
 * - per address: LOGIN_FAILURES_PER_ADDRESS in 15 minutes, far above what honest typos of a carrier's
 *   users reach.
 * A sign-in from a browser the account's owner signed in on before (trusted-device.server.ts) skips
 * the per-e-mail and per-address rules. Every attempt is counted *before* the password is checked
 * (so a burst cannot pass the check together and run argon2 hundreds of times); the count is taken
 * back when the password was right, or when the attempt was refused without being tried.
 */
const windowMs = 15 * 60 * 1000;
const longestDelayMs = 60_000;

export interface SignInAttempt {
  email: string;
  clientAddress: string;
  /** The browser carries a trusted-device cookie for this e-mail's account. */
  fromTrustedDevice: boolean;
}

const buckets = { pair: "login-failure:pair", email: "login-failure:email", address: "login-failure:ip" } as const;

function keysOf({ email, clientAddress }: SignInAttempt) {
  return { pair: `${email}|${clientAddress}`, email, address: clientAddress };
}

/** An attempt, counted as a failure unless withdrawn. */
export interface CountedAttempt {
  /** The password was right, or never tried: this attempt was no failure. */
  withdraw(): Promise<void>;
}

/**
 * Counts the attempt, then checks the limits with it included: 429 with Retry-After (and the count
 * taken back) when one is reached.
 */
export async function countSignInAttempt(attempt: SignInAttempt, now = new Date()): Promise<CountedAttempt> {
  const prisma = getPrisma();
  const keys = keysOf(attempt);
  const rules = attempt.fromTrustedDevice ? (["pair"] as const) : (["pair", "email", "address"] as const);
  const recorded = await prisma.rateLimitEvent.createManyAndReturn({
    data: rules.map((rule) => ({ bucket: buckets[rule], key: keys[rule], createdAt: now })),
    select: { id: true },
  });
  const ids = recorded.map((event) => event.id);
  const takeBack = () => prisma.rateLimitEvent.deleteMany({ where: { id: { in: ids } } }).then(() => undefined);

  const waitMs = await waitBeforeAttempt(attempt, ids, now);
  if (waitMs > 0) {
    await takeBack();
    throw new AppError(429, "too_many_login_failures", `Too many failed sign-in attempts. Please wait ${durationText(waitMs)} and try again.`, {
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  }
  return { withdraw: takeBack };
}

/** After a right password: the failures of this e-mail from this address are forgotten (the person got it right). */
export async function forgetPairFailures(attempt: SignInAttempt): Promise<void> {
  await getPrisma().rateLimitEvent.deleteMany({ where: { bucket: buckets.pair, key: keysOf(attempt).pair } });
}

/** 0, or how long this attempt must wait: the longest of the limits it is over. */
async function waitBeforeAttempt(attempt: SignInAttempt, ownIds: number[], now: Date): Promise<number> {
  const env = getEnv();
  const keys = keysOf(attempt);
  const since = new Date(now.getTime() - windowMs);
  /** The time of the n-th newest earlier failure in the window (1 = the newest), or null. */
  const nthNewest = async (bucket: string, key: string, n: number) => {
    const [event] = await getPrisma().rateLimitEvent.findMany({
      where: { bucket, key, createdAt: { gte: since }, id: { notIn: ownIds } },
      orderBy: { createdAt: "desc" },
      skip: n - 1,
      take: 1,
      select: { createdAt: true },
    });
    return event?.createdAt.getTime() ?? null;
  };
  /** With `limit` earlier failures in the window, the wait until the oldest of them leaves it. */
  const untilBelow = async (bucket: string, key: string, limit: number) => {
    const limitth = await nthNewest(bucket, key, limit);
    return limitth === null ? 0 : limitth + windowMs - now.getTime();
  };

  const waits = [await untilBelow(buckets.pair, keys.pair, env.LOGIN_FAILURE_LIMIT)];
  if (!attempt.fromTrustedDevice) {
    waits.push(await untilBelow(buckets.address, keys.address, env.LOGIN_FAILURES_PER_ADDRESS));
    const earlierForEmail = await getPrisma().rateLimitEvent.count({
      where: { bucket: buckets.email, key: keys.email, createdAt: { gte: since }, id: { notIn: ownIds } },
    });
    const beyondFree = earlierForEmail - env.LOGIN_FAILURES_BEFORE_DELAY;
    if (beyondFree >= 0) {
      const delayMs = Math.min(1000 * 2 ** beyondFree, longestDelayMs);
      waits.push((await nthNewest(buckets.email, keys.email, 1))! + delayMs - now.getTime());
    }
  }
  return Math.max(0, ...waits);
}

function durationText(ms: number) {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
