/** What a refusal tells the caller besides its message. */
export interface AppErrorOptions {
  /** Seconds until the same request may be accepted (a rate limit): sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** Fields the caller can act on, sent beside `message` (e.g. the reference of a payment still open). */
  details?: Record<string, string | number>;
}

/** The one error type services throw; the /api layer turns it into `{ message }` with `status`. */
export class AppError extends Error {
  readonly retryAfterSeconds?: number;
  readonly details?: Record<string, string | number>;

  constructor(
    readonly status: number,
    readonly code: string,
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
