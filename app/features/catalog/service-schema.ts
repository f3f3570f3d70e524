import { z } from "zod";
import { catalogPlatforms, type ServiceKind, type ServiceTarget, serviceKinds, serviceTargets } from "./catalog";

/**
 * The contract of Admin › Services (issue #50): `POST /api/admin/services` and
 * `PATCH /api/admin/services/{id}`, and the page's form, which posts the same fields. Prices are cedis
 * as decimal strings ("0.20"), as SPEC's prices are; they become pesewas here.
 */

/** A cedi amount of at most two decimals, above zero, as pesewas. A JSON number is refused: "0.1" is exact, 0.1 is not. */
const cedis = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be an amount in cedis as text, e.g. "0.20"`) })
    .trim()
    .regex(/^\d{1,6}(?:\.\d{1,2})?$/, `${field} must be an amount in cedis, e.g. 0.20`)
    .transform((text) => {
      const [whole, fraction = ""] = text.split(".");
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    })
    .refine((minor) => minor > 0, `${field} must be more than 0.00`);

/** A whole number, from JSON or a form's text ("" is missing); never a boolean or a decimal text coerced into one. */
const wholeNumber = (field: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a whole number`) }).int(`${field} must be a whole number`),
  );

const quantity = (field: string) =>
  wholeNumber(field).pipe(z.number().min(1, `${field} must be at least 1`).max(1_000_000, `${field} must be at most 1,000,000`));

/** A form's checkbox ("on"), JSON's boolean, or "true"/"false". */
const flag = (field: string) => z.union([z.boolean(), z.enum(["on", "true", "false"]).transform((value) => value !== "false")], { error: `${field} must be true or false` });

/** X is "x" in this API (the issue's name); SPEC's "twitter" is accepted too, and stored. */
const platform = z.preprocess((value) => (value === "x" ? "twitter" : value), z.enum(catalogPlatforms, { error: "Platform must be instagram, tiktok, youtube, x or facebook" }));

const serviceFields = z.object({
  platform,
  kind: z.enum(serviceKinds, { error: "Kind must be followers, subscribers, likes, views or comments" }),
  target: z.enum(serviceTargets, { error: "Target must be profile or post" }),
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(80, "Name must be at most 80 characters"),
  description: z.string().trim().max(300, "Description must be at most 300 characters").optional(),
  unitPrice: cedis("Unit price"),
  workerReward: cedis("Worker reward"),
  min: quantity("Minimum"),
  max: quantity("Maximum"),
  refillDays: wholeNumber("Refill days").pipe(z.number().min(0, "Refill days must be 0 or more").max(365, "Refill days must be at most 365")).optional(),
  dripFeed: flag("Drip-feed").optional(),
  cancel: flag("Cancel").optional(),
  deliveryTime: z.string().trim().min(1, "Delivery time is required").max(40, "Delivery time must be at most 40 characters").optional(),
  active: flag("Active").optional(),
});

export type ServiceFields = z.output<typeof serviceFields>;

/** The fields a service's rules across fields compare, as stored. */
export interface ServiceRuleFields {
  kind: ServiceKind;
  target: ServiceTarget;
  unitPriceMinor: number;
  workerRewardMinor: number;
  minQuantity: number;
  maxQuantity: number;
}

/** The most one order may cost (₵1,000,000): an order's price is stored in pesewas as a 32-bit integer. */
export const maxOrderPriceMinor = 100_000_000;

/** What breaks the rules across fields, each named by the field the admin must change (the API's names). */
export function serviceRuleProblems(service: ServiceRuleFields): { field: "workerReward" | "max" | "target"; message: string }[] {
  const problems: { field: "workerReward" | "max" | "target"; message: string }[] = [];
  if (service.workerRewardMinor >= service.unitPriceMinor) problems.push({ field: "workerReward", message: "Worker reward must be below the unit price" });
  if (service.maxQuantity < service.minQuantity) problems.push({ field: "max", message: "Maximum must be at least the minimum" });
  else if (service.unitPriceMinor * service.maxQuantity > maxOrderPriceMinor) problems.push({ field: "max", message: "At this unit price the maximum order would cost more than ₵1,000,000: lower the maximum" });
  if ((service.kind === "followers" || service.kind === "subscribers") !== (service.target === "profile")) {
    problems.push({ field: "target", message: "Followers and subscribers are sold on a profile; likes, views and comments on a post" });
  }
  return problems;
}

export const createServiceSchema = serviceFields.superRefine((fields, context) => {
  const problems = serviceRuleProblems({
    kind: fields.kind,
    target: fields.target,
    unitPriceMinor: fields.unitPrice,
    workerRewardMinor: fields.workerReward,
    minQuantity: fields.min,
    maxQuantity: fields.max,
  });
  for (const { field, message } of problems) context.addIssue({ code: "custom", path: [field], message });
});

/** A PATCH names only what changes; the rules across fields are checked on the merged service (services.server.ts). */
export const updateServiceSchema = serviceFields.partial();
export type ServicePatch = z.output<typeof updateServiceSchema>;
