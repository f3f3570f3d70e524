import { getDatabase } from "~/lib/database/db.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { countWithinLimits } from "./rate-limit.server";

/**
 * How many unpaid orders, wallet top-ups and API keys one client account may create per hour (issue
 * #49): 200 unpaid ₵200,000 orders in 3 s distort what the store reports and what workers are offered,
 * and keys revoked and created again would each get the per-key request limit afresh. Counted
 * and recorded in one statement (countWithinLimits) under the client's row lock, so concurrent
 * requests of one account queue there and the limit holds exactly; a refused one counts nothing.
 */
const windowMs = 60 * 60 * 1000;

const creations = {
  order: { bucket: "create:order", perHour: () => getEnv().ORDERS_PER_CLIENT_PER_HOUR, what: "orders" },
  "top-up": { bucket: "create:top-up", perHour: () => getEnv().TOP_UPS_PER_CLIENT_PER_HOUR, what: "top-ups" },
  "api-key": { bucket: "create:api-key", perHour: () => getEnv().API_KEYS_PER_CLIENT_PER_HOUR, what: "API keys" },
} as const;

/** Counts one creation of `kind` by the client now, or answers 429 with Retry-After when the hour's allowance is spent. */
export async function countCreation(kind: keyof typeof creations, clientId: number): Promise<void> {
  const { bucket, perHour, what } = creations[kind];
  const limit = perHour();
  const [waitMs] = await getDatabase().sql.transaction(async (sql) => {
    await sql.query("SELECT id FROM users WHERE id = $1::int FOR NO KEY UPDATE", [clientId]);
    return countWithinLimits([{ bucket, key: String(clientId), windowMs, limit }], sql);
  });
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new AppError(429, "too_many_creations", `You have created ${limit} ${what} in the last hour. Please wait ${minutes === 1 ? "1 minute" : `${minutes} minutes`} and try again.`, {
      retryAfterSeconds: seconds,
    });
  }
}
