import { z } from "zod";
import type { CatalogService } from "~/features/catalog";
import { targetUsernameSchema } from "~/features/orders";

/**
 * SPEC §5's rules for the packages page: the custom quantity and the account-verification form
 * ("Complete Your Order"). The browser checks them as the visitor types; the server checks them
 * again on the form post that works without JavaScript.
 */

type QuantityBounds = Pick<CatalogService, "minQuantity" | "maxQuantity">;

/** SPEC §5: the message for a custom quantity of `service`, or null when it can be bought. Empty counts as 0. */
export function quantityProblem(quantity: number, service: QuantityBounds): string | null {
  if (!Number.isInteger(quantity)) return "Enter a whole number";
  if (quantity < service.minQuantity) return `The minimum you can buy is ${service.minQuantity.toLocaleString("en-US")}`;
  if (quantity > service.maxQuantity) return `Maximum limit is ${service.maxQuantity.toLocaleString("en-US")}`;
  return null;
}

/** "From 50 to 100,000": a service's bounds as the page states them. */
export const quantityRangeOf = (service: QuantityBounds) => `from ${service.minQuantity.toLocaleString("en-US")} to ${service.maxQuantity.toLocaleString("en-US")}`;

/** The custom-amount box's text as a quantity: SPEC §5 "empty sets 0"; anything unreadable is NaN. */
export function quantityFromText(text: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** SPEC §5: PNG, JPG and the other images the server recognises by their bytes. */
export const acceptedScreenshotTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const screenshotLimitBytes = 5 * 1024 * 1024;

export const invalidFileTypeNotice = { title: "Invalid File Type", description: "Please upload an image file (PNG, JPG, etc.)" } as const;
export const fileTooLargeNotice = { title: "File Too Large", description: "Please upload an image smaller than 5MB" } as const;

/** The notice for a chosen screenshot file, or null when it may be sent. */
export function screenshotProblem(file: { type: string; size: number }) {
  if (!(acceptedScreenshotTypes as readonly string[]).includes(file.type)) return invalidFileTypeNotice;
  if (file.size > screenshotLimitBytes) return fileTooLargeNotice;
  return null;
}

/** The choice every "Complete Your Order" post carries: the service and the quantity. */
export const checkoutChoiceSchema = z.object({
  service: z.string({ error: "Choose a package" }).trim().min(1, "Choose a package").max(64, "Choose a package"),
  quantity: z.coerce.number({ error: "Choose a quantity" }),
});

/** The form post of "Complete Your Order" for a profile service without JavaScript (multipart, with the screenshot file). */
export function accountVerificationSchemaFor(service: QuantityBounds) {
  return z.object({
    quantity: z.coerce.number({ error: "Choose a quantity" }).refine((quantity) => quantityProblem(quantity, service) === null, `Choose a quantity ${quantityRangeOf(service)}`),
    username: targetUsernameSchema,
    // An empty file input still posts a File: no name, no bytes.
    screenshot: z
      .instanceof(File, { error: "Please upload a screenshot of your account" })
      .refine((file) => file.size > 0, "Please upload a screenshot of your account"),
  });
}

export type AccountVerification = z.output<ReturnType<typeof accountVerificationSchemaFor>>;
