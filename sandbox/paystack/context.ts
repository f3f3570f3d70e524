import { createHash, randomBytes, randomInt } from "node:crypto";
import type { Delivery } from "./records";
import type { Collection, Store } from "./store";

/** What the sandbox's operations share: storage, the clock, timings, and the webhook scheduler. */
export interface SandboxContext {
  store: Store;
  now: () => number;
  timing: { momoApproveMs: number; momoAbandonMs: number; refundProcessMs: number; transferSettleMs: number };
  /** Arms a timer for each delivery of the record that is not done yet. */
  scheduleDeliveries(collection: Collection, key: string, record: { deliveries: Delivery[] }): void;
}

/** An HTTP answer in Paystack's envelope. */
export interface Reply {
  status: number;
  body: { status: boolean; message: string; data?: unknown } & Record<string, unknown>;
}

export const succeed = (message: string, data: unknown, status = 200): Reply => ({ status, body: { status: true, message, data } });

export const refuse = (message: string, status = 400, extra: Record<string, unknown> = {}): Reply => ({ status, body: { status: false, message, ...extra } });

export const transactionNotFound = () => refuse("Transaction reference not found", 400, { type: "validation_error", code: "transaction_not_found" });

export const newId = () => randomInt(100_000_000, 2_000_000_000);

/** Paystack-style generated reference or code (lowercase letters and digits). */
export const newCode = (length = 15) =>
  Array.from(randomBytes(length), (byte) => "abcdefghijklmnopqrstuvwxyz0123456789"[byte % 36]).join("");

/** One customer per e-mail address, as on Paystack. */
export const customerIdFor = (email: string) => createHash("sha256").update(email.toLowerCase()).digest().readUInt32BE(0) % 100_000_000;

export const isoAt = (ms: number) => new Date(ms).toISOString();
