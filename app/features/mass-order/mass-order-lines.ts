import type { Catalogue } from "~/features/catalog/index.server";
import { type OrderLine, checkOrderLine, wholeNumber } from "~/features/reseller-api";

/**
 * The mass-order page's text (issue #21): one order per line, `service | link | quantity`, as panels
 * let resellers paste them. Each line is checked under the reseller API's rules (order-line.ts) and
 * priced; blank lines are skipped. Line numbers count every line of the text, so an error points at
 * the line the person sees. A comments service's lines cannot be written on one line: it is refused
 * here, and ordered through the checkout or the API's `add` with `comments`.
 */
export const maximumMassOrderLines = 100;
/** 100 lines of a profile URL and a quantity fit well under this; the body limit is far above it. */
export const maximumMassOrderCharacters = 20_000;

export const massOrderFormatError = "Write the line as service | link | quantity";

export const commentsNotOnMassOrder = (lineNumber: number) => `Line ${lineNumber}: comments services take their comments through the checkout or the API`;

export type CheckedMassOrderLine = { lineNumber: number; text: string } & ({ ok: true; order: OrderLine } | { ok: false; error: string });

export type MassOrderCheck = { problem: string } | { lines: CheckedMassOrderLine[]; totalMinor: number };

export function checkMassOrder(text: string, catalogue: Pick<Catalogue, "findByNumber">): MassOrderCheck {
  if (text.length > maximumMassOrderCharacters) return { problem: `Keep a mass order under ${maximumMassOrderCharacters.toLocaleString("en-US")} characters.` };
  const written = text
    .split(/\r\n|\n|\r/)
    .map((line, index) => ({ lineNumber: index + 1, text: line.trim() }))
    .filter((line) => line.text.length > 0);
  if (written.length === 0) return { problem: "Paste at least one order: service | link | quantity" };
  if (written.length > maximumMassOrderLines) return { problem: `At most ${maximumMassOrderLines} orders at once: this text has ${written.length}.` };
  const lines = written.map((line): CheckedMassOrderLine => {
    const parts = line.text.split("|").map((part) => part.trim());
    if (parts.length !== 3) return { ...line, ok: false, error: massOrderFormatError };
    const [service, link, quantity] = parts;
    const named = catalogue.findByNumber(wholeNumber(service) ?? 0);
    if (named?.active && named.kind === "comments") return { ...line, ok: false, error: commentsNotOnMassOrder(line.lineNumber) };
    const order = checkOrderLine(catalogue, { service, link, quantity });
    return "error" in order ? { ...line, ok: false, error: order.error } : { ...line, ok: true, order };
  });
  const totalMinor = lines.reduce((sum, line) => sum + (line.ok ? line.order.priceMinor : 0), 0);
  return { lines, totalMinor };
}

/**
 * Which lines a sum of money pays for, in the order written (issue #52): each line while what is
 * left covers it. A line it does not cover is skipped, not the end of the order: a later, cheaper
 * line may still fit, as each of a panel's `add` calls sent one after the other would. A sum at or
 * below zero (a wallet below zero) covers nothing.
 */
export function coveredInOrder(pricesMinor: readonly number[], availableMinor: number): boolean[] {
  let leftMinor = availableMinor;
  return pricesMinor.map((priceMinor) => {
    if (priceMinor > leftMinor) return false;
    leftMinor -= priceMinor;
    return true;
  });
}
