import { createHash } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import { getLogger } from "~/lib/logger.server";
import { hasUnstorableText, someJsonNode } from "~/lib/request-body.server";
import { applyTransfer } from "~/features/payouts/payouts.server";
import { type PaystackEvent, parsePaystackEvent, refundEventNames, transferEventNames, verifyWebhookSignature, type TransferData } from "~/features/paystack/paystack-client.server";
import { getPaystack } from "~/features/paystack/paystack.server";
import { recordRefundEvent } from "~/features/payments/refund-booking.server";
import { applyTransactionOutcome } from "~/features/payments/settlement.server";

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
  // Kept as JSONB: text PostgreSQL refuses (NUL, half a surrogate pair) or a "__proto__" key (which
  // Prisma's copy of the object turns into a prototype) cannot be stored, so it is no event of Paystack's.
  const payload: unknown = JSON.parse(rawBody);
  if (hasUnstorableText(payload) || hasProtoKey(payload)) throw new AppError(400, "invalid_event", "Unreadable event");

  const name = event.event === "unhandled" ? event.name : event.event;
  const stored = await storeEvent(rawBody, payload as Prisma.InputJsonValue, name, referenceOf(event));

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
    await getPrisma().webhookEvent.update({ where: { id: stored.id }, data: { processedAt: new Date(), error: null } });
  } catch (error) {
    getLogger().error({ err: error, event: name }, "a Paystack webhook could not be processed");
    await getPrisma().webhookEvent.update({ where: { id: stored.id }, data: { error: error instanceof Error ? error.message.slice(0, 500) : "unknown error" } });
    throw error; // 500: Paystack retries it later
  }
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

async function storeEvent(rawBody: string, payload: Prisma.InputJsonValue, event: string, reference: string | null) {
  const payloadSha256 = createHash("sha256").update(rawBody).digest("hex");
  const prisma = getPrisma();
  try {
    return await prisma.webhookEvent.create({ data: { provider: "paystack", payloadSha256, event, reference, payload }, select: { id: true } });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    // A copy of an event already stored: act on it again (harmless), so a copy of one that failed still lands.
    return prisma.webhookEvent.findUniqueOrThrow({ where: { provider_payloadSha256: { provider: "paystack", payloadSha256 } }, select: { id: true } });
  }
}
