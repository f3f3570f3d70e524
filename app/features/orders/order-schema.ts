import { z } from "zod";
import { maximumRecordId } from "~/lib/record-id";
import { type CatalogPlatform, maximumQuantity, minimumQuantity, platformFromPackageId } from "~/features/catalog/catalog";

/**
 * The contract of POST /api/orders (SPEC §3 "Order create payload", DESIGN §6), shared by the
 * checkout page and the server. The body may carry anything else the browser holds (targetUrl,
 * price, amount, the whole package): unknown keys are dropped, so nothing priced by a browser is
 * ever read. Prices come from the catalogue on the server.
 */

/** SPEC §5: an optional leading @, then letters, digits, underscores or dots. */
const usernamePattern = /^@?[A-Za-z0-9_.]+$/;
const maximumUsernameLength = 30;

/** SPEC §5's account-verification username, trimmed and stored with a leading @. */
export const targetUsernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, { error: "Username is required", abort: true })
  .regex(usernamePattern, "Invalid username format")
  .transform((value) => value.replace(/^@/, ""))
  .pipe(z.string().min(1, "Invalid username format").max(maximumUsernameLength, "Username too long"))
  .transform((value) => `@${value}`);

const quantitySchema = z
  .number({ error: "Quantity is required" })
  .int("Quantity must be a whole number")
  .min(minimumQuantity, `The minimum you can buy is ${minimumQuantity}`)
  .max(maximumQuantity, "Maximum limit is 100,000");

/** The checkout draft's idempotency key: one order per draft however often it is submitted. */
export const checkoutKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Checkout key must be 1-64 letters, digits, _ or -");

const orderFields = z.object({
  packageId: z
    .string({ error: "Package is required" })
    .refine((id) => platformFromPackageId(id) !== null, "Unknown package: choose an Instagram, TikTok or YouTube package"),
  quantity: quantitySchema,
  targetUsername: targetUsernameSchema,
  accountScreenshot: z
    .union([z.string(), z.null()], { error: "Please upload an image file (PNG, JPG, etc.)" })
    .optional()
    // "" is what an empty file input gives: no screenshot, like null.
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || value.startsWith("data:"), "Please upload an image file (PNG, JPG, etc.)"),
  checkoutKey: checkoutKeySchema.optional(),
});

/** DESIGN §6: `quantity`, or `package.quantity` when the browser sends the whole package. */
function liftPackageQuantity(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  if (record.quantity !== undefined) return body;
  const packageValue = record.package;
  if (typeof packageValue !== "object" || packageValue === null) return body;
  return { ...record, quantity: (packageValue as Record<string, unknown>).quantity };
}

export const createOrderSchema = z.preprocess(
  liftPackageQuantity,
  orderFields.transform((fields) => ({
    ...fields,
    platform: platformFromPackageId(fields.packageId) as CatalogPlatform,
  })),
);

export type CreateOrderInput = z.output<typeof createOrderSchema>;

/** Query of GET /api/orders: newest first, `cursor` is the last id of the previous page. */
export const listOrdersQuerySchema = z.object({
  limit: z.coerce.number().int("Invalid limit").min(1, "Invalid limit").max(50, "Invalid limit: at most 50").default(20),
  cursor: z.coerce.number().int("Invalid cursor").positive("Invalid cursor").max(maximumRecordId, "Invalid cursor").optional(),
});

export type ListOrdersQuery = z.output<typeof listOrdersQuerySchema>;

/** Query of the /orders page: `?page=` from 1; anything else in it shows the first page, as a page address should not fail. */
export const orderHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(maximumRecordId).catch(1),
});

/** The order pages' "Cancel order" form (OrderCancelForm). */
export const cancelOrderFormSchema = z.object({ intent: z.literal("cancel") });
