/** The largest id a row can have (ids are PostgreSQL `integer`): a bigger one names nothing and must not reach a query. */
export const maximumRecordId = 2_147_483_647;

/**
 * A record id from a path or query (an order, a user, a payout, a completion, a task...): a plain
 * positive integer of the id range, else 0, which names no record (the services answer 404).
 */
export function parseRecordId(value: string | undefined | null): number {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= maximumRecordId ? Number(value) : 0;
}
