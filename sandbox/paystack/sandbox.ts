import { setMaxListeners } from "node:events";
import type { Router } from "express";
import { createChargeOperations } from "./charges";
import { type Reply, refuse, type SandboxContext, succeed, transactionNotFound } from "./context";
import { type ChargeRecord, chargeEvent, type Delivery, type WebhookEvent } from "./records";
import { type TransferRecord, transferEvent } from "./transfer-records";
import { createCheckoutPages } from "./checkout-page";
import { createSandboxRouter } from "./router";
import { createThreeDSecurePage } from "./three-d-secure-page";
import { type Collection, createStore } from "./store";
import { createTransferOperations } from "./transfers";
import { createWebhookSender, type SandboxLogger, silentLogger } from "./webhooks";

export type { SandboxLogger } from "./webhooks";

export interface PaystackSandboxOptions {
  /** The only key the sandbox accepts (Bearer), and the webhook signing key. */
  secretKey: string;
  /** Where webhooks go; read at each delivery attempt. */
  webhookUrl: () => string;
  /** One JSON file per transaction, transfer and recipient. */
  stateDir: string;
  /** An approving (or failing) MTN/AirtelTigo test wallet answers after this long. */
  momoApproveMs?: number;
  /** The never-approving test wallet reads `abandoned` after this long. */
  momoAbandonMs?: number;
  refundProcessMs?: number;
  transferSettleMs?: number;
  /** Attempts per webhook copy before giving up; the delay between them doubles from `webhookRetryBaseMs`. */
  webhookAttempts?: number;
  webhookRetryBaseMs?: number;
  webhookTimeoutMs?: number;
  logger?: SandboxLogger;
  /** The origin payers' browsers reach the 3-D Secure page at (the store's PUBLIC_URL); by default the API call's. */
  pagesOrigin?: () => string | undefined;
}

export interface PaystackSandbox {
  /** Mount under the base URL the Paystack client uses (e.g. /sandbox/paystack). */
  router: Router;
  /** The hosted checkout pages for browsers (no secret key): mount at `<base URL>/checkout`, before `router`. */
  checkoutPages: Router;
  /** The 3-D Secure page for browsers (no secret key): mount at `<base URL>/3ds`, before `router`. */
  threeDSecurePage: Router;
  /** Re-arms the webhooks still owed from the stored state (e.g. a wallet approved while the server was down). */
  start(): Promise<void>;
  /** Clears timers, ends webhook retries, and waits for deliveries in flight. */
  stop(): Promise<void>;
}

/** setTimeout's longest delay; a later webhook is re-armed when that timer fires. */
const longestTimerMs = 2 ** 31 - 1;

export function createPaystackSandbox({
  secretKey,
  webhookUrl,
  stateDir,
  momoApproveMs = 5_000,
  momoAbandonMs = 180_000,
  refundProcessMs = 1_000,
  transferSettleMs = 1_000,
  webhookAttempts = 5,
  webhookRetryBaseMs = 1_000,
  webhookTimeoutMs = 10_000,
  logger = silentLogger,
  pagesOrigin,
}: PaystackSandboxOptions): PaystackSandbox {
  const store = createStore(stateDir);
  const now = () => Date.now();
  const stopping = new AbortController();
  // Every delivery waiting to retry listens on this one signal (and drops its listener when done):
  // many at once under load is normal, not the leak Node warns about past 10 listeners.
  setMaxListeners(0, stopping.signal);
  const sender = createWebhookSender({ secretKey, webhookUrl, attempts: webhookAttempts, retryBaseMs: webhookRetryBaseMs, timeoutMs: webhookTimeoutMs, logger, signal: stopping.signal });
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();

  const track = (work: Promise<unknown>) => {
    const settled = work.catch((error: unknown) => logger.warn({ err: error }, "Paystack sandbox: webhook job failed"));
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };

  function scheduleDeliveries(collection: Collection, key: string, record: { deliveries: Delivery[] }) {
    if (stopping.signal.aborted) return;
    for (const delivery of record.deliveries) {
      const timerKey = `${collection}/${key}/${delivery.key}`;
      if (delivery.doneAt || timers.has(timerKey)) continue;
      const wait = Math.max(0, Date.parse(delivery.dueAt) - now());
      const timer = setTimeout(() => {
        timers.delete(timerKey);
        track(wait > longestTimerMs ? Promise.resolve(scheduleDeliveries(collection, key, record)) : deliver(collection, key, delivery.key));
      }, Math.min(wait, longestTimerMs));
      timer.unref();
      timers.set(timerKey, timer);
    }
  }

  /** Sends one owed webhook, then records it as delivered (or given up) so a restart does not resend it. */
  async function deliver(collection: Collection, key: string, deliveryKey: string) {
    const record = await store.read<ChargeRecord | TransferRecord>(collection, key);
    const delivery = record?.deliveries.find((candidate) => candidate.key === deliveryKey);
    if (!record || !delivery || delivery.doneAt) return;
    // A timer may fire a millisecond before Date.now() reaches the due time, when the charge's state
    // (computed from the clock) is not yet the one the webhook reports: wait for it, do not give up.
    if (Date.parse(delivery.dueAt) > now()) return scheduleDeliveries(collection, key, record);
    const event = eventOf(collection, record, deliveryKey);
    const isDelivered = event ? await sender.deliver(event, delivery.copies, { reference: key }) : false;
    if (!isDelivered && stopping.signal.aborted) return; // owed still: the next start delivers it
    await store.update<ChargeRecord | TransferRecord>(collection, key, (current) => ({
      ...current,
      deliveries: current.deliveries.map((candidate) =>
        candidate.key === deliveryKey ? { ...candidate, doneAt: new Date(now()).toISOString(), outcome: isDelivered ? "delivered" : "gave_up" } : candidate,
      ),
    }));
  }

  function eventOf(collection: Collection, record: ChargeRecord | TransferRecord, deliveryKey: string): WebhookEvent | undefined {
    return collection === "charges" ? chargeEvent(record as ChargeRecord, deliveryKey, now()) : transferEvent(record as TransferRecord, now());
  }

  async function resendWebhook(reference: string): Promise<Reply> {
    const record = await store.read<ChargeRecord>("charges", reference);
    if (!record) return transactionNotFound();
    const event = chargeEvent(record, "charge.success", now());
    if (!event) return refuse("Only a successful transaction has a charge.success webhook to resend");
    track(sender.deliver(event, 1, { reference, resent: true }));
    return succeed("Webhook resend queued", { reference, event: event.event });
  }

  const context: SandboxContext = {
    store,
    now,
    timing: { momoApproveMs, momoAbandonMs, refundProcessMs, transferSettleMs },
    scheduleDeliveries,
  };

  const charges = createChargeOperations(context);
  const router = createSandboxRouter({
    secretKey,
    charges,
    transfers: createTransferOperations(context),
    resendWebhook,
    logger,
    pagesOrigin,
  });

  return {
    router,
    checkoutPages: createCheckoutPages({ store, charges, now }),
    threeDSecurePage: createThreeDSecurePage({ charges, now }),
    async start() {
      for (const collection of ["charges", "transfers"] as const) {
        for (const record of await store.list<ChargeRecord | TransferRecord>(collection)) scheduleDeliveries(collection, record.reference, record);
      }
    },
    async stop() {
      stopping.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
      store.close();
    },
  };
}
