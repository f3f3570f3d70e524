/** What a refusal tells the caller besides its message. */
export interface AppErrorOptions {
  /** Seconds until the same request may be accepted (a rate limit): sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** Fields the caller can act on, sent beside `message` (e.g. the reference of a payment still open). */
  details?: Record<string, string | number>;
}

/**
 * Every code a refusal may carry: one list, so a misspelt code (or a caller testing for one that is
 * never thrown) fails the type check. Callers branch on `status` first; the code says which refusal.
 */
export type AppErrorCode =
  | "account_suspended"
  | "already_answered"
  | "already_completed"
  | "already_flagged"
  | "already_paid"
  | "amount_mismatch"
  | "below_minimum"
  | "cannot_suspend_self"
  | "comment_not_reserved"
  | "comments_taken"
  | "conflict"
  | "daily_limit"
  | "email_taken"
  | "email_unverified"
  | "file_too_large"
  | "flag_window_closed"
  | "forbidden"
  | "handle_mismatch"
  | "handle_missing"
  | "handle_taken"
  | "idempotency_key_reused"
  | "insufficient_balance"
  | "invalid_characters"
  | "invalid_credentials"
  | "invalid_event"
  | "invalid_file_type"
  | "invalid_quantity"
  | "invalid_signature"
  | "invalid_token"
  | "malformed_json"
  | "negative_balance"
  | "no_otp_expected"
  | "no_pin_expected"
  | "no_step_expected"
  | "not_delivered"
  | "no_drops_named"
  | "not_a_comment_task"
  | "not_found"
  | "not_resendable"
  | "not_under_review"
  | "order_closed"
  | "order_not_cancellable"
  | "otp_not_sent"
  | "otp_refused"
  | "payload_too_large"
  | "payout_number_unconfirmed"
  | "paystack_unreachable"
  | "platform_not_joined"
  | "prompt_open"
  | "refill_open"
  | "refill_too_soon"
  | "refill_window_closed"
  | "same_email"
  | "screenshot_missing"
  | "screenshot_over_quota"
  | "screenshot_quota_full"
  | "send_in_flight"
  | "sign_in_busy"
  | "stale_state"
  | "still_waiting"
  | "task_closed"
  | "tasks_paused"
  | "token_expired"
  | "token_used"
  | "too_fast"
  | "too_many_account_emails"
  | "too_many_creations"
  | "too_many_login_failures"
  | "too_many_payment_attempts"
  | "too_many_registrations"
  | "too_many_screenshots"
  | "too_many_support_requests"
  | "transfer_payable"
  | "unauthenticated"
  | "unknown_package"
  | "service_unavailable"
  | "invalid_field"
  | "unsupported_media_type"
  | "username_taken"
  | "worker_inactive"
  | "worker_pending"
  | "wrong_password"
  | "wrong_platform";

/** The one error type services throw; the /api layer turns it into `{ message }` with `status`. */
export class AppError extends Error {
  readonly retryAfterSeconds?: number;
  readonly details?: Record<string, string | number>;

  constructor(
    readonly status: number,
    readonly code: AppErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = "AppError";
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
