import { type CatalogService, priceOrder, parseCommentLines, postTargetFromLink } from "~/features/catalog";
import type { Catalogue } from "~/features/catalog/index.server";
import type { OrderTarget } from "~/features/orders";
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

/**
 * A comments service's quantity is its number of comments: panels send the comments without a
 * quantity ("Custom Comments"), so an omitted quantity is the count of lines; one that is sent must
 * equal it.
 */
export function checkOrderLine(catalogue: Pick<Catalogue, "findByNumber">, fields: { service?: string; link?: string; quantity?: string; comments?: string }): OrderLine | { error: string } {
  const number = wholeNumber(fields.service);
  const service = number === null ? undefined : catalogue.findByNumber(number);
  if (!service || !service.active) return { error: apiV2Errors.unknownService };
  const quantity = service.kind === "comments" && (fields.quantity ?? "").trim() === "" ? commentsCount(service, fields.comments) : wholeNumber(fields.quantity);
  if (typeof quantity === "object" && quantity !== null) return quantity;
  if (quantity === null || quantity < service.minQuantity || quantity > service.maxQuantity) return { error: apiV2Errors.badQuantityFor(service) };
  const target = targetOf(service, quantity, fields);
  if ("error" in target) return target;
  return { service, target, quantity, priceMinor: priceOrder(service, quantity).priceMinor };
}

/** The number of comments written (blank lines skipped), or why it is no quantity of the service. */
function commentsCount(service: CatalogService, comments: string | undefined): number | { error: string } {
  const count = (comments ?? "").split(/\r?\n/).filter((line) => line.trim() !== "").length;
  if (count >= service.minQuantity && count <= service.maxQuantity) return count;
  const written = count === 0 ? "no comments were sent" : `${count} ${count === 1 ? "comment was" : "comments were"} sent`;
  return { error: apiV2Errors.badComments(`${written}; this service takes ${service.minQuantity} to ${service.maxQuantity}, one per line.`) };
}

function targetOf(service: CatalogService, quantity: number, fields: { link?: string; comments?: string }): OrderTarget | { error: string } {
  if (service.target === "profile") {
    const profile = targetFromLink(fields.link ?? "", service.platform);
    if ("problem" in profile) return { error: profile.problem === "wrong_platform" ? apiV2Errors.wrongPlatformLink : apiV2Errors.badLink };
    return { quantity, targetUsername: profile.username, commentLines: [] };
  }
  const post = postTargetFromLink(fields.link ?? "", service.platform);
  if ("problem" in post) return { error: apiV2Errors.badPostLink(post.message) };
  if (service.kind !== "comments") return { quantity, targetUsername: "", postUrl: post.url, commentLines: [] };
  const lines = parseCommentLines(fields.comments ?? "", quantity);
  if ("message" in lines) return { error: apiV2Errors.badComments(lines.message) };
  return { quantity, targetUsername: "", postUrl: post.url, commentLines: lines.lines };
}
