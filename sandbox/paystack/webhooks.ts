import { createHmac } from "node:crypto";
import type { WebhookEvent } from "./records";
import { httpCall } from "~/lib/http-call.server";

/**
 * Webhook delivery as Paystack does it: a JSON POST signed with `x-paystack-signature` (hex
 * HMAC-SHA512 of the exact body with the secret key), retried with backoff until the receiver
 * answers 2xx. A receiver that is down or failing is logged, never thrown at the caller.
 */

export interface SandboxLogger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export const silentLogger: SandboxLogger = { info: () => {}, warn: () => {} };

export function signBody(rawBody: string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export interface WebhookSenderOptions {
  secretKey: string;
  /** Read at each attempt: the server's own URL is known only once it listens. */
  webhookUrl: () => string;
  attempts: number;
  retryBaseMs: number;
  timeoutMs: number;
  logger: SandboxLogger;
  /** Aborted when the sandbox stops: pending retries end. */
  signal: AbortSignal;
}

export function createWebhookSender({ secretKey, webhookUrl, attempts, retryBaseMs, timeoutMs, logger, signal }: WebhookSenderOptions) {
  async function deliverCopy(rawBody: string, signature: string, label: Record<string, unknown>): Promise<boolean> {
    for (let attempt = 1; attempt <= attempts && !signal.aborted; attempt++) {
      let problem: string;
      try {
        const answer = await httpCall(webhookUrl(), {
          method: "POST",
          headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
          body: rawBody,
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        });
        if (answer.status >= 200 && answer.status < 300) return true;
        problem = `HTTP ${answer.status}`;
      } catch (error) {
        problem = error instanceof Error ? `${error.name}: ${(error.cause as { code?: string } | undefined)?.code ?? error.message}` : String(error);
      }
      logger.warn({ ...label, attempt, problem, willRetry: attempt < attempts }, "Paystack sandbox: webhook delivery failed");
      if (attempt < attempts) await sleep(retryBaseMs * 2 ** (attempt - 1), signal);
    }
    return false;
  }

  return {
    /** Sends `copies` identical copies at once (same bytes, same signature); true when one arrived. */
    async deliver(event: WebhookEvent, copies: number, label: Record<string, unknown>): Promise<boolean> {
      const rawBody = JSON.stringify(event);
      const signature = signBody(rawBody, secretKey);
      const results = await Promise.all(Array.from({ length: copies }, () => deliverCopy(rawBody, signature, { ...label, event: event.event })));
      const isDelivered = results.some(Boolean);
      if (isDelivered) logger.info({ ...label, event: event.event, copies }, "Paystack sandbox: webhook delivered");
      return isDelivered;
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
