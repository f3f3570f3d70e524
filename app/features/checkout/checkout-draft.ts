import { z } from "zod";
import { type CatalogPackage, type CatalogPlatform, catalogPlatforms, isValidQuantity, packageFor, platformFromPackageId } from "~/features/catalog/catalog";
import { checkoutKeySchema, targetUsernameSchema } from "~/features/orders/order-schema";
import { CHECKOUT_STORAGE_KEY } from "~/lib/storage-keys";

/**
 * The checkout draft: what the packages page hands to /checkout. With JavaScript it lives in the
 * browser's session storage in SPEC §3's shape (package, username with @, screenshot data URL,
 * currency) plus the package's quantity and an idempotency key; without JavaScript the server keeps
 * the same choice in a session cookie, with the screenshot already uploaded (checkout-session.server.ts).
 * Either way the checkout page works from a `CheckoutSelection`.
 */
export interface CheckoutSelection {
  platform: CatalogPlatform;
  quantity: number;
  /** With its leading @. */
  username: string;
  screenshot: { kind: "data-url"; dataUrl: string } | { kind: "upload"; uploadId: string } | null;
  /** One order per draft, however often "Proceed to Payment" is pressed. */
  checkoutKey: string;
}

const storedDraftSchema = z.object({
  package: z.object({
    id: z.string(),
    name: z.string(),
    platform: z.enum(catalogPlatforms),
    description: z.string(),
    price: z.string(),
    quantity: z.number(),
  }),
  username: targetUsernameSchema,
  screenshot: z.string().startsWith("data:image/").nullable(),
  currency: z.enum(["GHS", "USD"]),
  checkoutKey: checkoutKeySchema,
});

export type StoredCheckoutDraft = z.input<typeof storedDraftSchema>;

/** SPEC §3's checkout data for a choice on the packages page. */
export function draftFor(catalogPackage: CatalogPackage, username: string, screenshotDataUrl: string | null, checkoutKey: string): StoredCheckoutDraft {
  const { id, name, platform, description, price, quantity } = catalogPackage;
  return { package: { id, name, platform, description, price, quantity }, username, screenshot: screenshotDataUrl, currency: "GHS", checkoutKey };
}

/** The selection in a stored draft, or null when it is not one we wrote (SPEC §5: then back to /packages). */
export function parseStoredDraft(text: string | null): CheckoutSelection | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const result = storedDraftSchema.safeParse(value);
  if (!result.success) return null;
  const { package: chosen, username, screenshot, checkoutKey } = result.data;
  if (platformFromPackageId(chosen.id) !== chosen.platform || !isValidQuantity(chosen.quantity)) return null;
  return { platform: chosen.platform, quantity: chosen.quantity, username, screenshot: screenshot ? { kind: "data-url", dataUrl: screenshot } : null, checkoutKey };
}

/** The package a selection buys, priced from the catalogue (never from what the draft says). */
export function packageOf(selection: CheckoutSelection): CatalogPackage {
  return packageFor(selection.platform, selection.quantity);
}

export function readStoredDraft(): CheckoutSelection | null {
  try {
    return parseStoredDraft(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY));
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
