import { msUntilBelowLimit, recordEvent } from "~/features/auth/index.server";
import { retentionPeriods } from "~/lib/retention-periods";
import { type SqlQueries, isoTimestamp } from "~/lib/database/sql-client.server";
import { getEnv } from "~/lib/env.server";
import { AppError } from "~/lib/errors";

/*
 * The per-client quota on stored account screenshots (issue #17, decision 0020). Every screenshot
 * costs disk; a paid order's screenshot is paid for, an unpaid one is not. So two limits per client
 * account (never per network address: a carrier puts many honest clients behind one, DESIGN §9):
 *
 * - how many screenshots it stores per hour (counted in the shared rate-limit table, so the limit
 *   holds across app processes), and
 * - how many bytes it keeps on orders not paid yet and on checkouts not finished. They stop counting
 *   when the order is paid or cancelled (by the client, or by expiry after UNPAID_ORDER_EXPIRY_HOURS),
 *   and the retention job then deletes the files of orders that ended unpaid.
 *
 * Both are checked in the transaction that records the upload, under a lock on the client's row, so
 * concurrent uploads of one client cannot all pass a check that none of them has been counted in.
 */

const hourMs = 60 * 60 * 1000;
const uploadBucket = "screenshot-upload:client";

/**
 * The uploads `u` that count against the bytes quota of the client `$1`: screenshots unused, or used
 * only by orders still waiting for payment (a checkout not finished uses none yet).
 */
const heldForUnpaidOrders = `u.owner_id = $1::int AND u.purpose = 'account_screenshot'
  AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.screenshot_upload_id = u.id AND (o.status <> 'pending' OR o.payment_status <> 'unpaid'))`;

/** 429 with Retry-After when storing `sizeBytes` more would go over either limit; refuses before anything is written. */
export async function assertWithinScreenshotQuota(sql: SqlQueries, ownerId: number, sizeBytes: number, now = new Date()): Promise<void> {
  await sql.query("SELECT id FROM users WHERE id = $1::int FOR UPDATE", [ownerId]);
  const env = getEnv();

  const perHour = env.SCREENSHOT_UPLOADS_PER_CLIENT_PER_HOUR;
  const waitMs = await msUntilBelowLimit(uploadBucket, String(ownerId), hourMs, perHour, sql, now.getTime());
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(
      429,
      "too_many_screenshots",
      `You have uploaded ${perHour} account screenshots in the last hour, the most we accept from one account. Please wait ${waitText(seconds)} and try again.`,
      { retryAfterSeconds: seconds },
    );
  }

  const limitBytes = env.UNPAID_SCREENSHOT_BYTES_PER_CLIENT;
  const [{ heldBytes }] = await sql.query<{ heldBytes: number }>(`SELECT COALESCE(SUM(u.size_bytes), 0)::int AS "heldBytes" FROM uploads u WHERE ${heldForUnpaidOrders}`, [ownerId]);
  if (heldBytes + sizeBytes <= limitBytes) return;

  if (heldBytes === 0) {
    // Only with a limit set below the largest screenshot: waiting would not help.
    throw new AppError(413, "screenshot_over_quota", `This screenshot (${sizeText(sizeBytes)}) is larger than the ${sizeText(limitBytes)} we keep for one account's unpaid orders. Please upload a smaller image.`);
  }
  const seconds = Math.ceil((await msUntilSpaceFrees(sql, ownerId, now)) / 1000);
  throw new AppError(
    429,
    "screenshot_quota_full",
    `Your account screenshots for unpaid orders and unfinished checkouts take up ${sizeText(heldBytes)} of the ${sizeText(limitBytes)} we keep for one account, so this one (${sizeText(sizeBytes)}) does not fit. Pay for or cancel an unpaid order to make room, or try again in ${waitText(seconds)}, when the oldest of them expires.`,
    { retryAfterSeconds: seconds },
  );
}

/** Counts a stored screenshot against the hourly limit (in the transaction that stored it). */
export async function countScreenshotUpload(sql: SqlQueries, ownerId: number): Promise<void> {
  await recordEvent(uploadBucket, String(ownerId), sql);
}

/**
 * When the oldest held screenshot stops counting with nobody doing anything: its orders expire
 * UNPAID_ORDER_EXPIRY_HOURS after they were placed (later only while a payment is still open), an
 * unused one is deleted by the hourly retention run after its retention period. At least a minute.
 */
async function msUntilSpaceFrees(sql: SqlQueries, ownerId: number, now: Date): Promise<number> {
  const expiryMs = getEnv().UNPAID_ORDER_EXPIRY_HOURS * hourMs;
  const held = await sql.query<{ createdAt: string; lastOrderAt: string | null }>(
    `SELECT ${isoTimestamp("u.created_at")} AS "createdAt",
       (SELECT ${isoTimestamp("MAX(o.created_at)")} FROM orders o WHERE o.screenshot_upload_id = u.id) AS "lastOrderAt"
     FROM uploads u WHERE ${heldForUnpaidOrders}
     ORDER BY u.created_at ASC LIMIT 50`,
    [ownerId],
  );
  const freeAt = held.map(({ createdAt, lastOrderAt }) =>
    lastOrderAt !== null ? Date.parse(lastOrderAt) + expiryMs : Date.parse(createdAt) + retentionPeriods.unusedScreenshotMs + hourMs,
  );
  const soonest = freeAt.length > 0 ? Math.min(...freeAt) : now.getTime() + expiryMs;
  return Math.max(soonest - now.getTime(), 60_000);
}

/** "25 MB", "4.8 MB", "12 KB". */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
