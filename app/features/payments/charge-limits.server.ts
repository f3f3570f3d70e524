import { countWithinLimits, lockLimitKeys, type RowWithinLimits } from "~/features/auth/index.server";
import type { SqlQueries, StatementParameters } from "~/lib/database/sql-client.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";

/**
 * Abuse limits on starting charges (issue #15). Card testing tries many cards against one order or
 * account; prompt flooding sends mobile-money prompts to someone's phone. Every charge attempt that
 * starts (card, mobile money, a resent prompt; not the PIN or OTP of one already started) counts per
 * order, per client account and per network address, and a mobile-money prompt also per phone
 * number, across all accounts. The counters live in the database so every app process sees them,
 * and are checked and counted in the transaction that records the attempt. The per-address limit
 * is loose on purpose: a Ghanaian carrier puts many subscribers behind one address (DESIGN §9); the
 * tight limits key on the order and the account.
 */

const windowMs = 60 * 60 * 1000;

/** Who starts a charge of which order or top-up (and, for mobile money, to which phone). */
export interface ChargeStart {
  /** The order's id, or `top-up:<id>` for a wallet top-up. */
  payableKey: string;
  clientId: number;
  /** The request's address as the server sees it (load context `clientAddress`). */
  clientAddress: string;
  /** Normalised (0551234987); only for mobile money. */
  phone?: string | null;
}

/** The transaction that records the attempt. */
type Store = SqlQueries;

interface Limit {
  bucket: string;
  key: string;
  perHour: number;
  message: (wait: string) => string;
}

const tooManyAttempts = (wait: string) => `Too many payment attempts. Please wait ${wait} and try again.`;
const tooManyPrompts = (wait: string) => `Too many payment prompts were sent to this phone number. Please wait ${wait} and try again.`;

function limitsOf(start: ChargeStart): Limit[] {
  const env = getEnv();
  const limits: Limit[] = [
    { bucket: "charge:order", key: start.payableKey, perHour: env.CHARGE_ATTEMPTS_PER_ORDER_PER_HOUR, message: tooManyAttempts },
    { bucket: "charge:client", key: String(start.clientId), perHour: env.CHARGE_ATTEMPTS_PER_CLIENT_PER_HOUR, message: tooManyAttempts },
    { bucket: "charge:ip", key: start.clientAddress, perHour: env.CHARGE_ATTEMPTS_PER_IP_PER_HOUR, message: tooManyAttempts },
  ];
  if (start.phone) limits.push({ bucket: "momo-prompt:phone", key: start.phone, perHour: env.MOMO_PROMPTS_PER_PHONE_PER_HOUR, message: tooManyPrompts });
  return limits;
}

/**
 * Counts a charge attempt that starts now against every limit it falls under, and inserts its row
 * (`attempt`, with the placeholders of `parameters`), in the statement that checks them, inside the
 * caller's transaction (`store`) and under its limits' locks; when any
 * limit is reached neither is written and the answer is 429 with Retry-After (when several are, the
 * one that frees up last speaks).
 */
export async function recordChargeStart(store: Store, start: ChargeStart, attempt: { parameters: StatementParameters; row: RowWithinLimits; now: number }): Promise<void> {
  const limits = limitsOf(start);
  // Charges of other orders from the same client, address or phone wait here: the count sees theirs.
  await lockLimitKeys(store, limits);
  const waits = await countWithinLimits(
    limits.map(({ bucket, key, perHour }) => ({ bucket, key, windowMs, limit: perHour })),
    store,
    { now: attempt.now, parameters: attempt.parameters, alsoInsert: attempt.row },
  );
  let longest: { limit: Limit; waitMs: number } | undefined;
  for (const [index, limit] of limits.entries()) {
    if (waits[index] > (longest?.waitMs ?? 0)) longest = { limit, waitMs: waits[index] };
  }
  if (!longest) return;
  const seconds = Math.ceil(longest.waitMs / 1000);
  throw new AppError(429, "too_many_payment_attempts", longest.limit.message(minutesText(seconds)), { retryAfterSeconds: seconds });
}

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
