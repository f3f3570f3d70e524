import { z } from "zod";
import { hasNoNul, nulMessage } from "~/lib/plain-text";

/*
 * The admin console's inputs: one zod schema per list query and per action, shared by the pages
 * (GET filter forms, action forms) and the /api/admin/* JSON endpoints. Query values come from URL
 * search params, so empty strings (a GET form's blank field) mean "no filter".
 */

export const adminPageSize = 25;

/** A search box: trimmed, blank is no search. */
const searchSchema = z
  .string()
  .trim()
  .max(100, "Search at most 100 characters")
  .optional()
  .transform((value) => (value ? value : undefined));

const pageSchema = z.coerce.number({ error: "Invalid page" }).int("Invalid page").min(1, "Invalid page").max(100_000, "Invalid page").default(1);

/** Blank params dropped: what a GET form with empty fields sends is the same as no filter. */
export function queryOf(url: URL | URLSearchParams): Record<string, string> {
  const params = url instanceof URL ? url.searchParams : url;
  const query: Record<string, string> = {};
  for (const [key, value] of params) if (value.trim() !== "" && !(key in query)) query[key] = value;
  return query;
}

export const userRoles = ["client", "worker", "admin"] as const;
export const userStatuses = ["active", "pending_review", "suspended", "rejected"] as const;

export const userListQuerySchema = z.object({
  q: searchSchema,
  role: z.enum(userRoles, { error: "Invalid role" }).optional(),
  status: z.enum(userStatuses, { error: "Invalid status" }).optional(),
  page: pageSchema,
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const orderStatuses = ["pending", "processing", "completed", "cancelled", "partial"] as const;
export const orderPaymentStatuses = ["unpaid", "paid", "refunded"] as const;

export const orderListQuerySchema = z.object({
  q: searchSchema,
  status: z.enum(orderStatuses, { error: "Invalid status" }).optional(),
  paymentStatus: z.enum(orderPaymentStatuses, { error: "Invalid payment status" }).optional(),
  page: pageSchema,
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const paymentAttemptStatuses = [
  "pending",
  "send_pin",
  "send_otp",
  "send_phone",
  "send_birthday",
  "send_address",
  "open_url",
  "pay_offline",
  "not_completed",
  "success",
  "failed",
  "abandoned",
  "reversed",
] as const;
export const paymentChannels = ["card", "mobile_money"] as const;
/** "none": no refund asked for; the others are RefundState's values. */
export const refundFilters = ["none", "requested", "pending", "partially_refunded", "processed", "failed"] as const;

/** "open": any status still waiting for the payer or Paystack. */
export const paymentStatusFilters = [...paymentAttemptStatuses, "open"] as const;

export const paymentListQuerySchema = z.object({
  q: searchSchema,
  status: z.enum(paymentStatusFilters, { error: "Invalid status" }).optional(),
  channel: z.enum(paymentChannels, { error: "Invalid channel" }).optional(),
  refund: z.enum(refundFilters, { error: "Invalid refund state" }).optional(),
  page: pageSchema,
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

export const completionReviews = ["held", "approved", "rejected", "all"] as const;

export const completionListQuerySchema = z.object({
  q: searchSchema,
  /** Default: the queue, completions still under review. */
  review: z.enum(completionReviews, { error: "Invalid review state" }).default("held"),
  page: pageSchema,
});
export type CompletionListQuery = z.output<typeof completionListQuerySchema>;

export const ticketStatuses = ["open", "answered", "closed", "all"] as const;

export const ticketListQuerySchema = z.object({
  q: searchSchema,
  /** Default: the queue, tickets nobody answered yet. */
  status: z.enum(ticketStatuses, { error: "Invalid status" }).default("open"),
  page: pageSchema,
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

export const auditListQuerySchema = z.object({
  action: z
    .string()
    .trim()
    .max(60, "Invalid action")
    .regex(/^[a-z_.]*$/, "Invalid action")
    .optional()
    .transform((value) => (value ? value : undefined)),
  adminId: z.coerce.number({ error: "Invalid admin" }).int("Invalid admin").positive("Invalid admin").max(2_147_483_647, "Invalid admin").optional(),
  targetType: z
    .string()
    .trim()
    .max(40, "Invalid target type")
    .regex(/^[a-z_]*$/, "Invalid target type")
    .optional()
    .transform((value) => (value ? value : undefined)),
  targetId: z
    .string()
    .trim()
    .max(60, "Invalid target")
    .optional()
    .transform((value) => (value ? value : undefined)),
  page: pageSchema,
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** A reason an admin gives for a destructive action (kept in the audit log). */
const reasonSchema = (what: string) =>
  z
    .string({ error: `Give a reason for ${what}` })
    .trim()
    .min(3, `Give a reason for ${what} (at least 3 characters)`)
    .max(500, "Keep the reason under 500 characters")
    .refine(hasNoNul, nulMessage);

export const suspensionSchema = z.object({ reason: reasonSchema("the suspension") });
export type SuspensionInput = z.output<typeof suspensionSchema>;

export const orderCancellationSchema = z.object({ reason: reasonSchema("the cancellation") });
export type OrderCancellationInput = z.output<typeof orderCancellationSchema>;

export const rejectionReasonSchema = z.object({
  reason: z.string({ error: "Give a reason" }).trim().min(3, "Give a reason of at least 3 characters").max(500, "Keep the reason under 500 characters").refine(hasNoNul, nulMessage),
});

export const ticketAnswerSchema = z.object({
  /** What was answered (by e-mail), for the record; optional. */
  reply: z
    .string()
    .trim()
    .max(5000, "Keep the note under 5000 characters")
    .refine(hasNoNul, nulMessage)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type TicketAnswerInput = z.output<typeof ticketAnswerSchema>;
