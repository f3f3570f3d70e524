import { createHmac, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { getSelfBaseUrl } from "~/lib/self-url.server";
import { type HttpCall, httpCall } from "~/lib/http-call.server";
import { type ChargeData, chargeDataSchema, chargeStepDataSchema, envelopeSchema, type FetchedRefundData, fetchedRefundDataSchema, type InitializedTransaction, initializedTransactionSchema, otpResentDataSchema, type RefundData, refundDataSchema, type TransactionData, transactionDataSchema, type TransferData, transferDataSchema, type TransferRecipientData, transferRecipientDataSchema } from "./paystack-schemas";
import type { ChargeAddress, ChargeRequest, FinalizeTransferRequest, InitializeTransactionRequest, RefundRequest, TransferRecipientRequest, TransferRequest } from "./paystack-requests";

export * from "./paystack-requests";
export * from "./paystack-schemas";

/**
 * The Paystack HTTP client: every call answers a typed `PaystackResult`, never throws for anything
 * Paystack or the network does. Only network errors and timeouts are retried (with backoff), and the
 * caller's own reference makes a retried charge safe: if the first attempt did reach Paystack, the
 * retry meets "Duplicate Transaction Reference" and the client reads the charge's state instead.
 * Card numbers, CVVs, PINs and OTPs are sent, never logged.
 */

export const PAYSTACK_SANDBOX_SECRET_KEY = "sk_test_sandbox";
export const PAYSTACK_SANDBOX_PATH = "/sandbox/paystack";

/**
 * Whether real money moves: `live` with an sk_live_ key; `test` with an sk_test_ key (Paystack's test
 * mode); `sandbox` on this server's own sandbox. Every page says so unless it is `live`.
 */
export type PaymentMode = "live" | "test" | "sandbox";

export interface PaystackConfig {
  baseUrl: string;
  secretKey: string;
  isSandbox: boolean;
  mode: PaymentMode;
}

export const PAYSTACK_API_ORIGIN = "https://api.paystack.co";

/** Real Paystack (or PAYSTACK_BASE_URL) when PAYSTACK_SECRET_KEY is set, else this server's own sandbox (DESIGN §5). */
export function paystackConfig(env: { PAYSTACK_SECRET_KEY?: string; PAYSTACK_BASE_URL?: string }): PaystackConfig {
  if (env.PAYSTACK_SECRET_KEY) {
    return { baseUrl: env.PAYSTACK_BASE_URL ?? PAYSTACK_API_ORIGIN, secretKey: env.PAYSTACK_SECRET_KEY, isSandbox: false, mode: paymentModeOf(env) };
  }
  return { baseUrl: `${getSelfBaseUrl()}${PAYSTACK_SANDBOX_PATH}`, secretKey: PAYSTACK_SANDBOX_SECRET_KEY, isSandbox: true, mode: "sandbox" };
}

/** Paystack's hosted checkout page, where `authorization_url` leads. */
export const PAYSTACK_CHECKOUT_ORIGIN = "https://checkout.paystack.com";

/**
 * The origins a payer may be sent to for a card payment: Paystack's checkout page, or, for a
 * Paystack-compatible mock at PAYSTACK_BASE_URL, the mock's own origin. None on the sandbox (same origin).
 */
export function paystackCheckoutOrigins(env: { PAYSTACK_SECRET_KEY?: string; PAYSTACK_BASE_URL?: string }): string[] {
  if (!env.PAYSTACK_SECRET_KEY) return [];
  const baseOrigin = new URL(env.PAYSTACK_BASE_URL ?? PAYSTACK_API_ORIGIN).origin;
  return baseOrigin === PAYSTACK_API_ORIGIN ? [PAYSTACK_CHECKOUT_ORIGIN] : [PAYSTACK_CHECKOUT_ORIGIN, baseOrigin];
}

/** The payment mode without building a client (pages, /healthz): the same rule as paystackConfig. */
export function paymentModeOf(env: { PAYSTACK_SECRET_KEY?: string }): PaymentMode {
  if (!env.PAYSTACK_SECRET_KEY) return "sandbox";
  return env.PAYSTACK_SECRET_KEY.startsWith("sk_live_") ? "live" : "test";
}

// --- Results ---------------------------------------------------------------------------------------

/**
 * Paystack answered the call with `status: true` and a well-formed `data`. Whether money moved is in
 * `data.status` (e.g. "success", "send_pin", "pay_offline", "failed"), never in `ok`.
 */
export interface PaystackSuccess<T> {
  ok: true;
  httpStatus: number;
  message: string;
  data: T;
}

export type PaystackFailure<T> =
  /** Paystack refused the call (HTTP 4xx/5xx or `status: false`); `message` is Paystack's own. */
  | { ok: false; kind: "rejected"; httpStatus: number; message: string; data?: T }
  /** No answer after every attempt (network error or timeout): the outcome is unknown — verify later. */
  | { ok: false; kind: "unreachable"; message: string; attempts: number }
  /** An answer that is not Paystack's JSON shape (a proxy's error page, a changed API). */
  | { ok: false; kind: "invalid_response"; httpStatus: number; message: string };

export type PaystackResult<T> = PaystackSuccess<T> | PaystackFailure<T>;

// --- Requests --------------------------------------------------------------------------------------

export interface PaystackLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface PaystackClientOptions {
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
  /** Extra attempts after a network error or timeout (never after an HTTP answer). */
  retries?: number;
  /** First backoff delay; doubles on each retry. */
  retryBaseDelayMs?: number;
  /** How a request goes out: node:http(s) (httpCall); tests pass a fetch that records or answers. */
  fetchImpl?: HttpCall;
  logger?: PaystackLogger;
}

export type PaystackClient = ReturnType<typeof createPaystackClient>;

/** Errors that mean the request never left this machine: safe to retry even for a call without a reference. */
const notSentErrorCodes = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

type RetryPolicy = "network-errors" | "unsent-only";

interface Exchange<T> {
  result: PaystackResult<T>;
  /** An earlier attempt may have reached Paystack although no answer came back. */
  mayHaveArrivedBefore: boolean;
}

export function createPaystackClient({
  baseUrl,
  secretKey,
  timeoutMs = 10_000,
  retries = 2,
  retryBaseDelayMs = 250,
  fetchImpl = httpCall,
  logger,
}: PaystackClientOptions) {
  const root = baseUrl.replace(/\/+$/, "");

  async function exchange<T>(method: "GET" | "POST", path: string, body: unknown, schema: z.ZodType<T>, policy: RetryPolicy): Promise<Exchange<T>> {
    let mayHaveArrivedBefore = false;
    for (let attempt = 1; ; attempt++) {
      let httpStatus: number;
      let text: string;
      try {
        const response = await fetchImpl(`${root}${path}`, {
          method,
          headers: { Authorization: `Bearer ${secretKey}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        httpStatus = response.status;
        text = await response.text();
      } catch (error) {
        const problem = describeNetworkError(error);
        const canRetry = attempt <= retries && (policy === "network-errors" || problem.wasNotSent);
        // Only the method, the path (which holds at most a reference) and the error: never the body.
        logger?.warn({ method, path, attempt, error: problem.summary, willRetry: canRetry }, "Paystack request failed");
        if (!canRetry) {
          return { result: { ok: false, kind: "unreachable", message: `Paystack could not be reached: ${problem.summary}`, attempts: attempt }, mayHaveArrivedBefore };
        }
        mayHaveArrivedBefore ||= !problem.wasNotSent;
        await delay(retryBaseDelayMs * 2 ** (attempt - 1));
        continue;
      }
      return { result: interpret(httpStatus, text, schema), mayHaveArrivedBefore };
    }
  }

  async function call<T>(method: "GET" | "POST", path: string, body: unknown, schema: z.ZodType<T>, policy: RetryPolicy = "network-errors") {
    return (await exchange(method, path, body, schema, policy)).result;
  }

  /**
   * Charge steps are keyed by our reference. When an attempt that got no answer did reach Paystack,
   * the retry is refused ("Duplicate Transaction Reference", "not awaiting PIN"): the charge's current
   * state is then the true answer.
   */
  async function chargeStep<Body extends { reference: string }>(path: string, body: Body) {
    const { result, mayHaveArrivedBefore } = await exchange("POST", path, body, chargeStepDataSchema(body.reference), "network-errors");
    if (result.ok || result.kind !== "rejected" || !mayHaveArrivedBefore || result.httpStatus >= 500) return result;
    const current = await checkPendingCharge(body.reference);
    return current.ok ? current : result;
  }

  function checkPendingCharge(reference: string): Promise<PaystackResult<ChargeData>> {
    return call("GET", `/charge/${encodeURIComponent(reference)}`, undefined, chargeDataSchema);
  }

  function verifyTransfer(reference: string): Promise<PaystackResult<TransferData>> {
    return call("GET", `/transfer/verify/${encodeURIComponent(reference)}`, undefined, transferDataSchema);
  }

  return {
    /** Starts a card or mobile-money charge. Then branch on `data.status`. */
    charge(payload: ChargeRequest): Promise<PaystackResult<ChargeData>> {
      requireMinorUnits(payload.amount);
      if (!payload.reference) throw new TypeError("A charge needs our own reference.");
      return chargeStep("/charge", payload);
    },
    submitPin(reference: string, pin: string): Promise<PaystackResult<ChargeData>> {
      return chargeStep("/charge/submit_pin", { reference, pin });
    },
    /** Also takes the Vodafone Cash voucher. */
    submitOtp(reference: string, otp: string): Promise<PaystackResult<ChargeData>> {
      return chargeStep("/charge/submit_otp", { reference, otp });
    },
    submitPhone(reference: string, phone: string): Promise<PaystackResult<ChargeData>> {
      return chargeStep("/charge/submit_phone", { reference, phone });
    },
    /** `birthday` as YYYY-MM-DD. */
    submitBirthday(reference: string, birthday: string): Promise<PaystackResult<ChargeData>> {
      return chargeStep("/charge/submit_birthday", { reference, birthday });
    },
    /** The card's billing address, for the bank's address verification. */
    submitAddress(reference: string, address: ChargeAddress): Promise<PaystackResult<ChargeData>> {
      return chargeStep("/charge/submit_address", { reference, ...address });
    },
    checkPendingCharge,
    /**
     * Starts a hosted-checkout transaction. Retried only when the request surely never left: an
     * answer lost on the way back cannot be recovered (verify has no authorization URL), and the
     * unpaid transaction it may have created does no harm.
     */
    initializeTransaction(payload: InitializeTransactionRequest): Promise<PaystackResult<InitializedTransaction>> {
      requireMinorUnits(payload.amount);
      return call("POST", "/transaction/initialize", payload, initializedTransactionSchema, "unsent-only");
    },
    verifyTransaction(reference: string): Promise<PaystackResult<TransactionData>> {
      return call("GET", `/transaction/verify/${encodeURIComponent(reference)}`, undefined, transactionDataSchema);
    },
    /** A refund carries no reference of ours, so it is retried only when the request surely never left. */
    refund(payload: RefundRequest): Promise<PaystackResult<RefundData>> {
      if (payload.amount !== undefined) requireMinorUnits(payload.amount);
      return call("POST", "/refund", payload, refundDataSchema, "unsent-only");
    },
    /** GET /refund/{id}: where one refund stands, with its amount (the id is POST /refund's `data.id`). */
    fetchRefund(id: number): Promise<PaystackResult<FetchedRefundData>> {
      if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError("A Paystack refund id is a positive integer.");
      return call("GET", `/refund/${id}`, undefined, fetchedRefundDataSchema);
    },
    createTransferRecipient(payload: TransferRecipientRequest): Promise<PaystackResult<TransferRecipientData>> {
      return call("POST", "/transferrecipient", payload, transferRecipientDataSchema);
    },
    /** Like a charge, keyed by our reference: a retry that meets a duplicate reads the transfer instead. */
    async initiateTransfer(payload: TransferRequest): Promise<PaystackResult<TransferData>> {
      requireMinorUnits(payload.amount);
      const { result, mayHaveArrivedBefore } = await exchange("POST", "/transfer", { source: "balance", ...payload }, transferDataSchema, "network-errors");
      if (result.ok || result.kind !== "rejected" || !mayHaveArrivedBefore || result.httpStatus >= 500) return result;
      const current = await verifyTransfer(payload.reference);
      return current.ok ? current : result;
    },
    verifyTransfer,
    /**
     * Releases a transfer held for its OTP; then `data.status` is the transfer's ("pending", "success").
     * Retried only when surely unsent: a lost answer cannot be read back by transfer code here, so
     * the caller verifies the transfer by its reference instead.
     */
    finalizeTransfer(payload: FinalizeTransferRequest): Promise<PaystackResult<TransferData>> {
      return call("POST", "/transfer/finalize_transfer", payload, transferDataSchema, "unsent-only");
    },
    /** Asks Paystack to send a held transfer's OTP again. Paystack answers `{ status, message }` without `data`. */
    async resendTransferOtp(transferCode: string): Promise<PaystackResult<null>> {
      const result = await call("POST", "/transfer/resend_otp", { transfer_code: transferCode, reason: "transfer" }, otpResentDataSchema, "unsent-only");
      // `interpret` reads a missing `data` as a malformed answer; for this call it is the documented shape.
      if (!result.ok && result.kind === "invalid_response" && result.httpStatus < 300 && result.message.includes("data is missing")) {
        return { ok: true, httpStatus: result.httpStatus, message: "OTP has been resent", data: null };
      }
      return result.ok ? { ...result, data: null } : result.kind === "rejected" ? { ...result, data: undefined } : result;
    },
  };
}

function interpret<T>(httpStatus: number, text: string, schema: z.ZodType<T>): PaystackResult<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, kind: "invalid_response", httpStatus, message: `Paystack answered HTTP ${httpStatus} without JSON.` };
  }
  const envelope = envelopeSchema.safeParse(body);
  const isHttpError = httpStatus < 200 || httpStatus >= 300;
  if (!envelope.success) {
    if (isHttpError) return { ok: false, kind: "rejected", httpStatus, message: messageOf(body) ?? `Paystack answered HTTP ${httpStatus}.` };
    return { ok: false, kind: "invalid_response", httpStatus, message: "Paystack's answer lacks status or message." };
  }
  const data = envelope.data.data === undefined ? undefined : schema.safeParse(envelope.data.data);
  if (isHttpError || !envelope.data.status) {
    return { ok: false, kind: "rejected", httpStatus, message: envelope.data.message, ...(data?.success ? { data: data.data } : {}) };
  }
  if (!data?.success) {
    const problem = data?.error.issues.map((issue) => `${issue.path.join(".") || "data"}: ${issue.message}`).join("; ") ?? "data is missing";
    return { ok: false, kind: "invalid_response", httpStatus, message: `Paystack's answer has an unexpected shape (${problem}).` };
  }
  return { ok: true, httpStatus, message: envelope.data.message, data: data.data };
}

function messageOf(body: unknown): string | undefined {
  return typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" ? body.message : undefined;
}

function describeNetworkError(error: unknown): { summary: string; wasNotSent: boolean } {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return { summary: "timed out", wasNotSent: false };
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === "string" ? cause.code : undefined;
  if (code) return { summary: code, wasNotSent: notSentErrorCodes.has(code) };
  return { summary: error instanceof Error ? error.message : String(error), wasNotSent: false };
}

function requireMinorUnits(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError("Paystack amounts are positive integers in minor units.");
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// --- Webhooks --------------------------------------------------------------------------------------

/** Paystack's signature of a webhook body: hex HMAC-SHA512 of the exact raw bytes with the secret key. */
export function signWebhookBody(rawBody: string | Buffer, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/** True when `x-paystack-signature` matches the raw body. Compares in constant time. */
export function verifyWebhookSignature(rawBody: string | Buffer, signatureHeader: string | null | undefined, secretKey: string): boolean {
  if (!signatureHeader) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secretKey), "utf8");
  const given = Buffer.from(signatureHeader.trim().toLowerCase(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
