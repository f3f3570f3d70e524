import { type CatalogService, priceOrder } from "~/features/catalog/catalog";
import { parseCommentLines } from "~/features/catalog/comment-lines";
import { postTargetFromLink } from "~/features/catalog/post-link";
import type { Catalogue } from "~/features/catalog/services.server";
import type { OrderTarget } from "~/features/orders/order-schema";
import { apiV2Errors } from "./api-v2-contract";
import { targetFromLink } from "./target-link";

/**
 * One order as resellers write it — a service number, a link, a quantity and, for a comments
 * service, the comments one per line, as text — checked under the API's rules and priced from the
 * catalogue (wallet payments carry no processing fee). The API's `add` and the mass-order page read
 * their orders with this, so they refuse the same things alike.
 */
export interface OrderLine {
  service: CatalogService;
  target: OrderTarget;
  quantity: number;
  priceMinor: number;
}

/** A whole number as a form or JSON sent it, or null (no signs, exponents or decimals). */
export function wholeNumber(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

export function checkOrderLine(catalogue: Catalogue, fields: { service?: string; link?: string; quantity?: string; comments?: string }): OrderLine | { error: string } {
  const number = wholeNumber(fields.service);
  const service = number === null ? undefined : catalogue.findByNumber(number);
  if (!service || !service.active) return { error: apiV2Errors.unknownService };
  const quantity = wholeNumber(fields.quantity);
  if (quantity === null || quantity < service.minQuantity || quantity > service.maxQuantity) return { error: apiV2Errors.badQuantityFor(service) };
  const target = targetOf(service, quantity, fields);
  if ("error" in target) return target;
  return { service, target, quantity, priceMinor: priceOrder(service, quantity).priceMinor };
}

function targetOf(service: CatalogService, quantity: number, fields: { link?: string; comments?: string }): OrderTarget | { error: string } {
  if (service.target === "profile") {
    const profile = targetFromLink(fields.link ?? "", service.platform);
    if ("problem" in profile) return { error: profile.problem === "wrong_platform" ? apiV2Errors.wrongPlatformLink : apiV2Errors.badLink };
    return { quantity, targetUsername: profile.username, commentLines: [] };
  }
  const post = postTargetFromLink(fields.link ?? "", service.platform);
  if ("problem" in post) return { error: `Incorrect link: ${post.message}` };
  if (service.kind !== "comments") return { quantity, targetUsername: "", postUrl: post.url, commentLines: [] };
  const lines = parseCommentLines(fields.comments ?? "", quantity);
  if ("message" in lines) return { error: `Incorrect comments: ${lines.message}` };
  return { quantity, targetUsername: "", postUrl: post.url, commentLines: lines.lines };
}
