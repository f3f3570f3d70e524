/**
 * Whether an error means "the database cannot be reached right now" (PostgreSQL restarting, failing
 * over, refusing connections, a dropped connection), as opposed to a bug or a bad query. Such
 * requests answer 503 with Retry-After instead of 500: the request was fine, the server will be
 * able to answer it again shortly, and the pg pool replaces its broken connections by itself.
 *
 * Errors arrive in several shapes: from Prisma (its own P1xxx codes, or a DriverAdapterError from
 * @prisma/adapter-pg in `meta.driverAdapterError` / `cause`), from node-postgres directly (socket
 * errno codes, server SQLSTATEs, "Connection terminated" messages), wrapped in `cause` chains.
 */

/** How long clients should wait before retrying; a PostgreSQL restart takes a few seconds. */
export const databaseUnavailableRetryAfterSeconds = 5;

export const databaseUnavailableMessage = "The service is temporarily unavailable. Please try again in a moment.";

// Prisma: P1001 can't reach, P1002 timed out reaching, P1008 operation timed out, P1017 server
// closed the connection, P2024 timed out fetching a pool connection, P2028 transaction API error
// (a transaction that could not start or whose connection died).
const prismaCodes = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);

// @prisma/adapter-pg's DriverAdapterError kinds for a lost or refused connection.
const driverAdapterKinds = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

// Node socket errors on the way to the database.
const socketCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

// PostgreSQL SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
// up or recovering), 53300 too_many_connections; class 08 is "connection exception".
const sqlStates = new Set(["57P01", "57P02", "57P03", "53300"]);

// node-postgres and pg-pool messages that carry no code.
const messagePatterns = [
  /Connection terminated/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Can't reach database server/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  return someInChain(error, isUnavailableItself);
}

function isUnavailableItself(error: Record<string, unknown>): boolean {
  const code = typeof error.code === "string" ? error.code : undefined;
  if (code && (prismaCodes.has(code) || socketCodes.has(code) || sqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof error.kind === "string" && driverAdapterKinds.has(error.kind)) return true;
  if (typeof error.originalCode === "string" && (sqlStates.has(error.originalCode) || /^08[0-9A-Z]{3}$/.test(error.originalCode))) return true;
  // A DriverAdapterError names its kind in its message.
  if (error.name === "DriverAdapterError" && typeof error.message === "string" && driverAdapterKinds.has(error.message)) return true;
  const message = typeof error.message === "string" ? error.message : "";
  return messagePatterns.some((pattern) => pattern.test(message));
}

/** Walks `cause`, Prisma's `meta.driverAdapterError` and AggregateError's `errors`, bounded against cycles. */
function someInChain(root: unknown, test: (error: Record<string, unknown>) => boolean): boolean {
  const pending: unknown[] = [root];
  const seen = new Set<unknown>();
  while (pending.length > 0 && seen.size < 20) {
    const current = pending.shift();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    const error = current as Record<string, unknown>;
    if (test(error)) return true;
    pending.push(error.cause);
    if (typeof error.meta === "object" && error.meta !== null) pending.push((error.meta as Record<string, unknown>).driverAdapterError);
    if (Array.isArray(error.errors)) pending.push(...error.errors);
  }
  return false;
}

/**
 * Load contexts of requests whose loader or action failed because the database was unavailable.
 * React Router hands its `handleError` the original error but answers with a sanitised one, so
 * entry.server.tsx marks the request's load context here, and whatever sends the answer turns its
 * 500 into 503 with Retry-After: pages and their data requests in entry.server.tsx, resource routes
 * outside /api (e.g. POST /logout) in server/react-router-handler.ts.
 */
const unavailableContexts = new WeakSet<object>();

export function markDatabaseUnavailable(context: unknown): void {
  if (typeof context === "object" && context !== null) unavailableContexts.add(context);
}

export function wasDatabaseUnavailable(context: unknown): boolean {
  return typeof context === "object" && context !== null && unavailableContexts.has(context);
}
