import { z } from "zod";
import { type CatalogPackage, type CatalogPlatform, type CatalogService, catalogPlatforms, packageFor } from "~/features/catalog";
import { checkoutKeySchema, type OrderTarget, orderTargetSchemaFor } from "~/features/orders";
import { CHECKOUT_STORAGE_KEY } from "~/lib/storage-keys";

/**
 * The checkout draft: what the packages page hands to /checkout. With JavaScript it lives in the
 * browser's session storage in SPEC §3's shape (package, username with @, screenshot data URL,
 * currency) plus the package's quantity and an idempotency key, and for a post service (issue #50)
 * the post's link and a comments service's lines; without JavaScript the server keeps the same choice
 * in a session cookie, with the screenshot already uploaded (checkout-session.server.ts). Either way
 * the checkout page works from a `CheckoutSelection`, checked against its service.
 */
export interface CheckoutSelection {
  /** The service bought (SPEC's package id for its three). */
  serviceId: string;
  platform: CatalogPlatform;
  quantity: number;
  /** A profile service's account, with its leading @; "" for a post service. */
  username: string;
  /** A post service's link, as checked for its platform; null for a profile service. */
  postUrl: string | null;
  /** A comments service's lines, one per comment; empty otherwise. */
  comments: string[];
  screenshot: { kind: "data-url"; dataUrl: string } | { kind: "upload"; uploadId: string } | null;
  /** One order per draft, however often "Proceed to Payment" is pressed. */
  checkoutKey: string;
}

/** Finds a service of the catalogue the page was given (the loader's), by id. */
export type ServiceLookup = (id: string) => CatalogService | undefined;

const storedDraftSchema = z.object({
  package: z.object({
    id: z.string(),
    name: z.string(),
    platform: z.enum(catalogPlatforms),
    description: z.string(),
    price: z.string(),
    quantity: z.number(),
  }),
  // SPEC's username for a profile service; a post service has its link (and comments) instead.
  username: z.string().optional(),
  link: z.string().optional(),
  comments: z.array(z.string()).optional(),
  screenshot: z.string().startsWith("data:image/").nullable(),
  currency: z.enum(["GHS", "USD"]),
  checkoutKey: checkoutKeySchema,
});

export type StoredCheckoutDraft = z.input<typeof storedDraftSchema>;

/** What a draft targets: a profile's username, or a post's link (and a comments order's lines). */
export type DraftTarget = { username: string } | { link: string; comments?: string[] };

/** SPEC §3's checkout data for a choice on the packages page. */
export function draftFor(catalogPackage: CatalogPackage, target: DraftTarget, screenshotDataUrl: string | null, checkoutKey: string): StoredCheckoutDraft {
  const { id, name, platform, description, price, quantity } = catalogPackage;
  return { package: { id, name, platform, description, price, quantity }, ...target, screenshot: screenshotDataUrl, currency: "GHS", checkoutKey };
}

/**
 * A choice checked against its service, as the orders API will check it (`orderTargetSchemaFor`):
 * the quantity within its bounds, the username of a profile service, the link of a post service
 * on its platform, a comments service's lines. Null when anything is off.
 */
export function checkedSelection(
  service: CatalogService,
  choice: { quantity: number; username?: string; link?: string | null; comments?: string[]; screenshot: CheckoutSelection["screenshot"]; checkoutKey: string },
): CheckoutSelection | null {
  const target = orderTargetSchemaFor(service).safeParse({ quantity: choice.quantity, targetUsername: choice.username, targetUrl: choice.link ?? undefined, comments: choice.comments ?? [] });
  if (!target.success) return null;
  return selectionOf(service, target.data, choice.screenshot, choice.checkoutKey);
}

/** The selection of a checked order target. */
export function selectionOf(service: CatalogService, target: OrderTarget, screenshot: CheckoutSelection["screenshot"], checkoutKey: string): CheckoutSelection {
  return {
    serviceId: service.id,
    platform: service.platform,
    quantity: target.quantity,
    username: target.targetUsername,
    postUrl: target.postUrl ?? null,
    comments: target.commentLines,
    screenshot: service.target === "profile" ? screenshot : null,
    checkoutKey,
  };
}

/**
 * The selection in a stored draft, or null when it is not one we wrote or its service is not on
 * sale (SPEC §5: then back to /packages).
 */
export function parseStoredDraft(text: string | null, findService: ServiceLookup): CheckoutSelection | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const result = storedDraftSchema.safeParse(value);
  if (!result.success) return null;
  const { package: chosen, username, link, comments, screenshot, checkoutKey } = result.data;
  const service = findService(chosen.id);
  if (!service?.active || service.platform !== chosen.platform) return null;
  return checkedSelection(service, { quantity: chosen.quantity, username, link, comments, screenshot: screenshot ? { kind: "data-url", dataUrl: screenshot } : null, checkoutKey });
}

/** The package a selection buys, priced from its service (never from what the draft says). */
export function packageOf(selection: Pick<CheckoutSelection, "quantity">, service: CatalogService): CatalogPackage {
  return packageFor(service, selection.quantity);
}

export function readStoredDraft(findService: ServiceLookup): CheckoutSelection | null {
  try {
    return parseStoredDraft(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY), findService);
  } catch {
    return null; // storage disabled by the browser
  }
}

/** Keeps the draft for this tab; false when the browser refuses (storage full or disabled). */
export function storeDraft(draft: StoredCheckoutDraft): boolean {
  try {
    window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearStoredDraft() {
  try {
    window.sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing stored where storage is disabled.
  }
}

/** A fresh idempotency key for a new draft (getRandomValues: randomUUID needs https or localhost). */
export function newCheckoutKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A service as the store's pages get it: everything its price and rules need, without what the
 * operator pays its workers (GET /api/services does not show it either).
 */
export function storefrontServiceOf(service: CatalogService): CatalogService {
  return { ...service, workerRewardMinor: 0 };
}

/** A platform's services as the storefront lists them: followers (or subscribers) first, then the operator's order. */
export function storefrontOrder(services: readonly CatalogService[]): CatalogService[] {
  const isFollowers = (service: CatalogService) => (service.kind === "followers" || service.kind === "subscribers" ? 0 : 1);
  return [...services].sort((a, b) => isFollowers(a) - isFollowers(b) || a.position - b.position || a.number - b.number);
}
