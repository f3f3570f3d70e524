import { createHash } from "node:crypto";
import { getDatabase } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { getLogger } from "~/lib/logger.server";
import { hasUnstorableText, someJsonNode } from "~/lib/request-body.server";
import { applyTransfer } from "~/features/payouts/index.server";
import { type PaystackEvent, parsePaystackEvent, refundEventNames, transferEventNames, verifyWebhookSignature, type TransferData, getPaystack } from "~/features/paystack/index.server";
import { recordRefundEvent, applyTransactionOutcome, applyingWebhookOf } from "~/features/payments/index.server";

/**
 * Paystack's webhooks (POST /api/paystack/webhook). A body whose signature does not match changes
 * nothing (401). Each event is stored once (by the hash of its exact bytes); acting on it is
 * idempotent anyway, so a replay, a retry or ten copies at once credit an order once.
 * This module only dispatches (decision 0021): charge and refund events go to payments, transfer
 * events to payouts; neither of those features imports the other.
 */
export async function receivePaystackWebhook(rawBody: string, signature: string | null): Promise<void> {
  if (!verifyWebhookSignature(rawBody, signature, getPaystack().secretKey)) {
    throw new AppError(401, "invalid_signature", "Invalid signature");
  }
  const event = parsePaystackEvent(rawBody);
  if (!event) throw new AppError(400, "invalid_event", "Unreadable event");
  // Kept as JSONB: text PostgreSQL refuses (NUL, half a surrogate pair) cannot be stored, and a
  // "__proto__" key (which a JavaScript copy of the object turns into a prototype) is in no event of
  // Paystack's: either is refused.
  const payload: unknown = JSON.parse(rawBody);
  if (hasUnstorableText(payload) || hasProtoKey(payload)) throw new AppError(400, "invalid_event", "Unreadable event");

  // A payer's status page checking the same payment meanwhile waits for this instead of asking Paystack.
  if (event.event === "charge.success") return applyingWebhookOf(event.data.reference, () => actAndStore(rawBody, event));
  return actAndStore(rawBody, event);
}

/**
 * Acts on the event, then stores it with what became of that: processed, or the error that stopped
 * it (500: Paystack retries, and a later copy that lands marks the stored event processed). Stored
 * once acted on, in one statement, instead of stored before and marked after: one round trip fewer
 * per webhook on the checkout's hot path (issue #22). An event whose processing never ended (the
 * process stopped) is not stored, and was not answered either, so Paystack sends it again.
 */
async function actAndStore(rawBody: string, event: PaystackEvent): Promise<void> {
  const name = event.event === "unhandled" ? event.name : event.event;
  const receivedAt = new Date();
  try {
    if (event.event === "charge.success") {
      const { data } = event;
      await applyTransactionOutcome({ reference: data.reference, status: "success", amount: data.amount, currency: data.currency, gatewayResponse: data.gateway_response });
    } else if (isRefundEvent(event)) {
      // Whoever started it (the store, or someone in Paystack's dashboard), and even for a reference
      // this store does not know: acknowledged, so Paystack does not retry it for 72 hours.
      await recordRefundEvent(event.event, event.data);
    } else if (isTransferEvent(event)) {
      // The event's name is the outcome; the failure's words are Paystack's (`failures`), never our narration (`reason`).
      await applyTransfer(event.data.reference, { ...event.data, status: event.event.slice("transfer.".length) as TransferData["status"] });
    }
    // Other events are kept for the record.
  } catch (error) {
    getLogger().error({ err: error, event: name }, "a Paystack webhook could not be processed");
    await storeEvent(rawBody, { event: name, reference: referenceOf(event), receivedAt, error: error instanceof Error ? error.message.slice(0, 500) : "unknown error" });
    throw error; // 500: Paystack retries it later
  }
  await storeEvent(rawBody, { event: name, reference: referenceOf(event), receivedAt, error: null });
}

type TransferEvent = Extract<PaystackEvent, { event: (typeof transferEventNames)[number] }>;

function isTransferEvent(event: PaystackEvent): event is TransferEvent {
  return (transferEventNames as readonly string[]).includes(event.event);
}

type RefundEvent = Extract<PaystackEvent, { event: (typeof refundEventNames)[number] }>;

function isRefundEvent(event: PaystackEvent): event is RefundEvent {
  return (refundEventNames as readonly string[]).includes(event.event);
}

function referenceOf(event: PaystackEvent): string | null {
  if (event.event === "charge.success") return event.data.reference;
  if (isTransferEvent(event)) return event.data.reference;
  return isRefundEvent(event) ? event.data.transaction_reference : null;
}

const hasProtoKey = (value: unknown) => someJsonNode(value, (_node, key) => key === "__proto__");

/**
 * Stores the event once, by the hash of its exact bytes, with what became of acting on it: a copy of
 * one already stored updates the stored row (processed once any copy was; the error of the latest
 * copy). One statement below Prisma, as the webhook is on the checkout's hot path (decision 0030).
 * The payload is the body as sent: PostgreSQL parses it into JSONB.
 */
async function storeEvent(rawBody: string, stored: { event: string; reference: string | null; receivedAt: Date; error: string | null }): Promise<void> {
  const payloadSha256 = createHash("sha256").update(rawBody).digest("hex");
  const processedAt = stored.error === null ? new Date().toISOString() : null;
  await getDatabase().sql.query(
    `INSERT INTO webhook_events (provider, payload_sha256, event, reference, payload, received_at, processed_at, error)
     VALUES ('paystack', $1::text, $2::text, $3::text, $4::jsonb, $5::timestamp, $6::timestamp, $7::text)
     ON CONFLICT (provider, payload_sha256) DO UPDATE SET processed_at = COALESCE(EXCLUDED.processed_at, webhook_events.processed_at), error = EXCLUDED.error`,
    [payloadSha256, stored.event, stored.reference, rawBody, stored.receivedAt.toISOString(), processedAt, stored.error],
  );
}
