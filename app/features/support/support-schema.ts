import { z } from "zod";
import { hasNoNul, nulMessage } from "~/lib/plain-text";

/**
 * The support form (SPEC §3: name, email, category, subject, message). One schema: conform checks
 * it in the browser and the action checks it again. The minimums and their messages are SPEC §5's;
 * the maximums keep a ticket readable and the table small.
 */
export const supportCategories = [
  { value: "order", label: "Order issue" },
  { value: "payment", label: "Payment issue" },
  { value: "worker-account", label: "Worker account" },
  { value: "account-login", label: "Account & login" },
  { value: "other", label: "Other" },
] as const;

export type SupportCategory = (typeof supportCategories)[number]["value"];

const categoryValues = supportCategories.map((category) => category.value) as [SupportCategory, ...SupportCategory[]];

export const supportFieldLimits = { name: 100, subject: 150, message: 5000 } as const;

export const supportTicketSchema = z.object({
  name: z
    .string({ error: "Name must be at least 2 characters" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(supportFieldLimits.name, `Name must be at most ${supportFieldLimits.name} characters`)
    .refine(hasNoNul, nulMessage),
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Invalid email address").max(254, "Invalid email address")),
  category: z.enum(categoryValues, { error: "Please select a category" }),
  subject: z
    .string({ error: "Subject must be at least 5 characters" })
    .trim()
    .min(5, "Subject must be at least 5 characters")
    .max(supportFieldLimits.subject, `Subject must be at most ${supportFieldLimits.subject} characters`)
    .refine(hasNoNul, nulMessage),
  message: z
    .string({ error: "Message must be at least 20 characters" })
    .trim()
    .min(20, "Message must be at least 20 characters")
    .max(supportFieldLimits.message, `Message must be at most ${supportFieldLimits.message.toLocaleString("en")} characters`)
    .refine(hasNoNul, nulMessage),
});

export type SupportTicketInput = z.infer<typeof supportTicketSchema>;

/** SPEC §8's texts. */
export const supportNotices = {
  sent: { title: "Support request sent!", description: "We'll get back to you within 24 hours." },
  failed: { title: "Request not sent", description: "Failed to send support request. Please try again." },
} as const;

/** SPEC §8's success notice with what the sender needs later: the ticket's number and where the answer goes. */
export function ticketSentNotice(ticket: { id: number; email: string }) {
  return {
    title: supportNotices.sent.title,
    description: `${supportNotices.sent.description} Your ticket number is #${ticket.id}; our answer goes to ${ticket.email}.`,
  };
}

/** An order's reference as the order pages write it: SMB-{orderId}-{year}. */
const orderReferenceSchema = z.string().trim().toUpperCase().regex(/^SMB-[1-9]\d{0,9}-\d{4}$/);

/**
 * The form's starting values for a link from an order page (`/support?reference=SMB-12-2026`): an
 * order issue about that reference. Any other value of `reference` is ignored.
 */
export function orderQuestionDefaults(searchParams: URLSearchParams): { category: SupportCategory; subject: string } | null {
  const reference = orderReferenceSchema.safeParse(searchParams.get("reference"));
  return reference.success ? { category: "order", subject: `Order ${reference.data}` } : null;
}
