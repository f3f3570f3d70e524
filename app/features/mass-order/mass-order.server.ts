import { createHash, randomBytes } from "node:crypto";
import type { PublicUser } from "~/features/auth/accounts.server";
import { type Catalogue, getCatalogue } from "~/features/catalog/services.server";
import { apiV2CategoryOf, placedRefusal } from "~/features/reseller-api/api-v2-contract";
import { placeWalletOrder } from "~/features/reseller-api/wallet-orders.server";
import { assertWalletOwner, walletBalanceOf } from "~/features/wallet/wallet.server";
import { formatMoney } from "~/lib/money";
import { type CheckedMassOrderLine, checkMassOrder } from "./mass-order-lines";
import type { MassOrderService } from "./mass-order-page";

/**
 * Placing a mass order (issue #21): the text is checked again (never the browser's word for it), and
 * each good line becomes its own order paid from the wallet — its own transaction, so a line that
 * fails (the balance ran out meanwhile) debits nothing and the others stand. The `batch` token the
 * check handed out, with the line's position and text, is each order's client reference: the same
 * form posted twice (a reload, a double click) places nothing twice.
 */
export const massOrderBatchPattern = /^[0-9a-f]{32}$/;

export const newMassOrderBatch = () => randomBytes(16).toString("hex");

export type MassOrderLineResult = { lineNumber: number; text: string } & ({ orderId: number; priceMinor: number } | { error: string });

export type MassOrderOutcome = { problem: string } | { results: MassOrderLineResult[]; placedCount: number; paidMinor: number; failedCount: number };

function lineReference(batch: string, line: CheckedMassOrderLine) {
  return `mass-${createHash("sha256").update(`${batch}\n${line.lineNumber}\n${line.text}`).digest("hex").slice(0, 40)}`;
}

/** A checked mass order as the page shows it: each line priced or refused, the total, whether the balance covers it, and the batch its payment form carries. */
export type MassOrderPreview = {
  batch: string;
  lines: ({ lineNumber: number; text: string } & ({ order: string; price: string } | { error: string }))[];
  total: string;
  hasOrders: boolean;
  covers: boolean;
  balance: string;
};

export async function previewMassOrder(user: PublicUser, text: string): Promise<{ problem: string } | MassOrderPreview> {
  assertWalletOwner(user);
  const check = checkMassOrder(text, await getCatalogue());
  if ("problem" in check) return check;
  const balanceMinor = await walletBalanceOf(user);
  return {
    batch: newMassOrderBatch(),
    total: formatMoney(check.totalMinor),
    hasOrders: check.totalMinor > 0,
    covers: check.totalMinor <= balanceMinor,
    balance: formatMoney(balanceMinor),
    lines: check.lines.map((line) =>
      line.ok
        ? { lineNumber: line.lineNumber, text: line.text, order: `${line.order.service.name} · ${line.order.target.postUrl ?? line.order.target.targetUsername} · ${line.order.quantity.toLocaleString("en-US")}`, price: formatMoney(line.order.priceMinor) }
        : { lineNumber: line.lineNumber, text: line.text, error: line.error },
    ),
  };
}

export async function placeMassOrder(user: PublicUser, text: string, batch: string, now = new Date()): Promise<MassOrderOutcome> {
  assertWalletOwner(user);
  if (!massOrderBatchPattern.test(batch)) return { problem: "Check the orders first, then pay." };
  const check = checkMassOrder(text, await getCatalogue());
  if ("problem" in check) return check;
  const results: MassOrderLineResult[] = [];
  // One line after the other, in the order written: when the balance runs out, the later lines fail.
  for (const line of check.lines) {
    if (!line.ok) {
      results.push({ lineNumber: line.lineNumber, text: line.text, error: line.error });
      continue;
    }
    const placed = await placeWalletOrder(user.id, line.order, { clientReference: lineReference(batch, line) }, now);
    results.push(
      "orderId" in placed
        ? { lineNumber: line.lineNumber, text: line.text, orderId: placed.orderId, priceMinor: line.order.priceMinor }
        : { lineNumber: line.lineNumber, text: line.text, error: placedRefusal[placed.refused] },
    );
  }
  const placed = results.filter((result) => "orderId" in result);
  return {
    results,
    placedCount: placed.length,
    paidMinor: placed.reduce((sum, result) => sum + result.priceMinor, 0),
    failedCount: results.length - placed.length,
  };
}

/**
 * The services a line may name: the catalogue's on sale, as the API lists them, with the price of 1000
 * as the page shows money. A comments service is listed, marked as not taken here.
 */
export const massOrderServices = (catalogue: Pick<Catalogue, "active">): MassOrderService[] =>
  catalogue.active.map((service) => ({
    service: service.number,
    name: service.name,
    category: apiV2CategoryOf(service),
    perThousand: formatMoney(service.unitPriceMinor * 1000),
    min: service.minQuantity,
    max: service.maxQuantity,
    onMassOrder: service.kind !== "comments",
  }));
