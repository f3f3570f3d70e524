import { type CatalogPlatform, isValidQuantity, unitPriceMinor } from "~/features/catalog/catalog";
import { apiV2Errors, platformOfService } from "./api-v2-contract";
import { targetFromLink } from "./target-link";

/**
 * One order as resellers write it — a service id, a link and a quantity, as text — checked under the
 * API's rules and priced from the catalogue (wallet payments carry no processing fee). The API's
 * `add` and the mass-order page read their orders with this, so they refuse the same things alike.
 */
export interface OrderLine {
  service: number;
  platform: CatalogPlatform;
  quantity: number;
  /** The target, normalised as the checkout's verification form does ("@name"). */
  username: string;
  priceMinor: number;
}

/** A whole number as a form or JSON sent it, or null (no signs, exponents or decimals). */
export function wholeNumber(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

export function checkOrderLine(fields: { service?: string; link?: string; quantity?: string }): OrderLine | { error: string } {
  const service = wholeNumber(fields.service);
  const platform = service === null ? null : platformOfService(service);
  if (service === null || !platform) return { error: apiV2Errors.unknownService };
  const quantity = wholeNumber(fields.quantity);
  if (quantity === null || !isValidQuantity(quantity)) return { error: apiV2Errors.badQuantity };
  const target = targetFromLink(fields.link ?? "", platform);
  if ("problem" in target) return { error: target.problem === "wrong_platform" ? apiV2Errors.wrongPlatformLink : apiV2Errors.badLink };
  return { service, platform, quantity, username: target.username, priceMinor: unitPriceMinor[platform] * quantity };
}
