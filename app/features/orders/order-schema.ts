import { z } from "zod";
import { maximumRecordId } from "~/lib/record-id";
import { type CatalogService, parseCommentLines, postTargetFromLink } from "~/features/catalog";

/**
 * The contract of POST /api/orders (SPEC §3 "Order create payload", DESIGN §6), shared by the
 * checkout page and the server. The body may carry anything else the browser holds (targetUrl,
 * price, amount, the whole package): unknown keys are dropped, so nothing priced by a browser is
 * ever read. Prices come from the catalogue on the server. What the order targets is checked against
 * its service once the server has found it (`orderTargetSchemaFor`): a username for a profile
 * service, a post's link for a post service, and the client's lines for a comments service.
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

/** A quantity within the service's bounds, in SPEC's words ("The minimum you can buy is 50", "Maximum limit is 100,000"). */
export const quantitySchemaFor = (service: Pick<CatalogService, "minQuantity" | "maxQuantity">) =>
  z
    .number({ error: "Quantity is required" })
    .int("Quantity must be a whole number")
    .min(service.minQuantity, `The minimum you can buy is ${service.minQuantity.toLocaleString("en-US")}`)
    .max(service.maxQuantity, `Maximum limit is ${service.maxQuantity.toLocaleString("en-US")}`);

/** The checkout draft's idempotency key: one order per draft however often it is submitted. */
export const checkoutKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Checkout key must be 1-64 letters, digits, _ or -");

const orderFields = z.object({
  packageId: z.string({ error: "Package is required" }).trim().min(1, "Package is required").max(64, "Unknown package: choose one of the packages on sale"),
  // Bounds, target and comments depend on the service: checked by orderTargetSchemaFor.
  quantity: z.number({ error: "Quantity is required" }).int("Quantity must be a whole number"),
  targetUsername: z.unknown().optional(),
  targetUrl: z.unknown().optional(),
  comments: z.unknown().optional(),
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

export const createOrderSchema = z.preprocess(liftPackageQuantity, orderFields);

export type CreateOrderInput = z.output<typeof createOrderSchema>;

/** What an order of `service` targets, checked: the quantity, the profile (username) or post (link), and a comments order's lines. */
export interface OrderTarget {
  quantity: number;
  /** With its leading @; "" for a post. */
  targetUsername: string;
  /** A post's canonical link; undefined for a profile (its address is derived from the username). */
  postUrl?: string;
  commentLines: string[];
}

/** Comments as the checkout's textarea sends them (one per line) or as a JSON list. */
const commentsText = z.union([z.string(), z.array(z.string()).transform((lines) => lines.join("\n"))], { error: "Comments are required: one per line" });

export function orderTargetSchemaFor(service: CatalogService): z.ZodType<OrderTarget> {
  const quantity = quantitySchemaFor(service);
  if (service.target === "profile") {
    return z
      .object({ quantity, targetUsername: targetUsernameSchema })
      .transform(({ quantity, targetUsername }) => ({ quantity, targetUsername, commentLines: [] }));
  }
  return z
    .object({
      quantity,
      targetUrl: z.string({ error: "Post link is required" }).trim().min(1, "Post link is required"),
      comments: service.kind === "comments" ? commentsText : z.unknown().optional(),
    })
    .transform(({ quantity, targetUrl, comments }, context) => {
      const post = postTargetFromLink(targetUrl, service.platform);
      if ("problem" in post) {
        context.addIssue({ code: "custom", path: ["targetUrl"], message: post.message });
        return z.NEVER;
      }
      if (service.kind !== "comments") return { quantity, targetUsername: "", postUrl: post.url, commentLines: [] };
      const lines = parseCommentLines(typeof comments === "string" ? comments : "", quantity);
      if ("message" in lines) {
        context.addIssue({ code: "custom", path: ["comments"], message: lines.message });
        return z.NEVER;
      }
      return { quantity, targetUsername: "", postUrl: post.url, commentLines: lines.lines };
    });
}

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

/** The order pages' cancel forms (OrderCancelForm): only the answer to "Cancel this order?" carries `confirmed=yes`. */
export const cancelOrderFormSchema = z.object({ intent: z.literal("cancel"), confirmed: z.literal("yes").optional() });

/** The query of an order page asking "Cancel this order?" without JavaScript (OrderCancelForm's first button). */
export const cancelQuestionParam = { name: "confirm", value: "cancel" } as const;
