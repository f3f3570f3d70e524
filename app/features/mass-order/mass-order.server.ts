import { createHash, randomBytes } from "node:crypto";
import type { PublicUser } from "~/features/auth/index.server";
import { type Catalogue, getCatalogue } from "~/features/catalog/index.server";
import { apiV2CategoryOf, placedRefusal } from "~/features/reseller-api";
import { placeWalletOrder } from "~/features/reseller-api/index.server";
import { assertWalletOwner, walletBalanceOf } from "~/features/wallet/index.server";
import { formatMoney } from "~/lib/money";
import { type CheckedMassOrderLine, checkMassOrder, coveredInOrder } from "./mass-order-lines";
import type { MassOrderService } from "./mass-order-page";

/**
 * Placing a mass order (issues #21, #52): the text is checked again (never the browser's word for
 * it), and each good line becomes its own order paid from the wallet, in the order written, while
 * the balance covers it — its own transaction, so a line the balance does not cover (or no longer
 * does) debits nothing, is listed as not placed, and the lines after it still go ahead. The payment
 * form carries the sum its button showed (`upToMinor`): the lines placed never cost more than that,
 * even when the balance grew since the check. The `batch` token the check handed out, with the
 * line's position and text, is each order's client reference: the same form posted twice (a reload,
 * a double click) places nothing twice.
 */
export const massOrderBatchPattern = /^[0-9a-f]{32}$/;

export const newMassOrderBatch = () => randomBytes(16).toString("hex");

/**
 * Why a good line was not placed: the balance did not cover it, or it went over the sum the payment
 * form showed (the balance grew after the check; a new check orders it).
 */
export type MassOrderSkip = "balance" | "over_amount";

export type MassOrderLineResult = { lineNumber: number; text: string } & ({ orderId: number; priceMinor: number } | { error: string } | { skipped: MassOrderSkip; priceMinor: number });

export type MassOrderOutcome =
  | { problem: string }
  | {
      results: MassOrderLineResult[];
      placedCount: number;
      paidMinor: number;
      /** Lines with an error. */
      failedCount: number;
      /** Good lines not placed (MassOrderSkip). */
      skippedCount: number;
      /** The lines not placed (errors and skipped), one per line: what is left to correct or to order after a top-up. */
      leftText: string;
    };

function lineReference(batch: string, line: CheckedMassOrderLine) {
  return `mass-${createHash("sha256").update(`${batch}\n${line.lineNumber}\n${line.text}`).digest("hex").slice(0, 40)}`;
}

/**
 * A checked mass order as the page shows it: each line priced or refused, and of the good ones which
 * the balance covers in the order written (`covered`); the total of the good lines, what the balance
 * pays of it now (`payable`, also in pesewas for the payment form), and the batch its payment form carries.
 */
export type MassOrderPreview = {
  batch: string;
  lines: ({ lineNumber: number; text: string } & ({ order: string; price: string; covered: boolean } | { error: string }))[];
  total: string;
  hasOrders: boolean;
  /** The balance covers every good line. */
  covers: boolean;
  payable: string;
  payableMinor: number;
  coveredCount: number;
  uncoveredCount: number;
  balance: string;
};

export async function previewMassOrder(user: PublicUser, text: string): Promise<{ problem: string } | MassOrderPreview> {
  assertWalletOwner(user);
  const check = checkMassOrder(text, await getCatalogue());
  if ("problem" in check) return check;
  const balanceMinor = await walletBalanceOf(user);
  const goodLines = check.lines.flatMap((line) => (line.ok ? [line] : []));
  const coverage = coveredInOrder(
    goodLines.map((line) => line.order.priceMinor),
    balanceMinor,
  );
  const isCovered = new Map(goodLines.map((line, index) => [line.lineNumber, coverage[index]]));
  const payableMinor = goodLines.reduce((sum, line, index) => sum + (coverage[index] ? line.order.priceMinor : 0), 0);
  const coveredCount = coverage.filter(Boolean).length;
  return {
    batch: newMassOrderBatch(),
    total: formatMoney(check.totalMinor),
    hasOrders: check.totalMinor > 0,
    covers: coveredCount === goodLines.length,
    payable: formatMoney(payableMinor),
    payableMinor,
    coveredCount,
    uncoveredCount: goodLines.length - coveredCount,
    balance: formatMoney(balanceMinor),
    lines: check.lines.map((line) =>
      line.ok
        ? {
            lineNumber: line.lineNumber,
            text: line.text,
            order: `${line.order.service.name} · ${line.order.target.postUrl ?? line.order.target.targetUsername} · ${line.order.quantity.toLocaleString("en-US")}`,
            price: formatMoney(line.order.priceMinor),
            covered: isCovered.get(line.lineNumber) === true,
          }
        : { lineNumber: line.lineNumber, text: line.text, error: line.error },
    ),
  };
}

export async function placeMassOrder(user: PublicUser, text: string, batch: string, { upToMinor }: { upToMinor: number }, now = new Date()): Promise<MassOrderOutcome> {
  assertWalletOwner(user);
  if (!massOrderBatchPattern.test(batch) || !Number.isSafeInteger(upToMinor) || upToMinor < 0) return { problem: "Check the orders first, then pay." };
  const check = checkMassOrder(text, await getCatalogue());
  if ("problem" in check) return check;
  const results: MassOrderLineResult[] = [];
  // What this batch's orders cost so far, a line placed by an earlier post of the same form included.
  let spentMinor = 0;
  // One line after the other, in the order written: a line the balance does not cover is skipped, and the next is tried.
  for (const line of check.lines) {
    if (!line.ok) {
      results.push({ lineNumber: line.lineNumber, text: line.text, error: line.error });
      continue;
    }
    const priceMinor = line.order.priceMinor;
    if (spentMinor + priceMinor > upToMinor) {
      // Not tried: it would cost more than the button showed. Said as the balance's doing when the balance does not cover it either (the usual case).
      const skipped = (await walletBalanceOf(user)) < priceMinor ? "balance" : "over_amount";
      results.push({ lineNumber: line.lineNumber, text: line.text, skipped, priceMinor });
      continue;
    }
    const placed = await placeWalletOrder(user.id, line.order, { clientReference: lineReference(batch, line) }, now);
    if ("orderId" in placed) {
      spentMinor += priceMinor;
      results.push({ lineNumber: line.lineNumber, text: line.text, orderId: placed.orderId, priceMinor });
    } else if (placed.refused === "insufficient_balance") {
      results.push({ lineNumber: line.lineNumber, text: line.text, skipped: "balance", priceMinor });
    } else {
      results.push({ lineNumber: line.lineNumber, text: line.text, error: placedRefusal[placed.refused] });
    }
  }
  const notPlaced = results.filter((result) => !("orderId" in result));
  return {
    results,
    placedCount: results.length - notPlaced.length,
    paidMinor: spentMinor,
    failedCount: notPlaced.filter((result) => "error" in result).length,
    skippedCount: notPlaced.filter((result) => "skipped" in result).length,
    leftText: notPlaced.map((result) => result.text).join("\n"),
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
