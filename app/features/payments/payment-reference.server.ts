import { randomBytes } from "node:crypto";

const topUpPrefix = "smb-w";

/** A new transaction reference for an order or a wallet top-up: Paystack documents only -, ., = and alphanumerics in one. */
export function newPaymentReference(target: { kind: "order" | "top_up"; id: number }): string {
  return `${target.kind === "top_up" ? topUpPrefix : "smb-"}${target.id}-${randomBytes(8).toString("hex")}`;
}

/** Whether this store made the reference for a wallet top-up: a hint for a fast path only, the attempt's row decides. */
export const isTopUpReference = (reference: string) => reference.startsWith(topUpPrefix);
