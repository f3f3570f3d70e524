import { z } from "zod";

/**
 * Wallet amounts as people and programs write them: cedis with at most two decimals, as a number
 * (50, 12.5) or a string ("50.00"), read exactly into pesewas (no floating point on the way).
 */
const cedisPattern = /^-?\d{1,7}(?:\.\d{1,2})?$/;

export const cedisAmountSchema = z
  .union([z.number(), z.string().trim()], { error: "Amount is required" })
  .transform((value) => (typeof value === "number" ? String(value) : value))
  .refine((value) => cedisPattern.test(value), "Enter an amount in cedis, with at most two decimals")
  .transform((value) => {
    const negative = value.startsWith("-");
    const [whole, fraction = ""] = value.replace("-", "").split(".");
    const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    return negative ? -minor : minor;
  });

/** Top-ups: at least ₵5.00 (Paystack's fees make less pointless), at most ₵20,000.00 per payment. */
export const minimumTopUpMinor = 500;
export const maximumTopUpMinor = 2_000_000;

export const topUpSchema = z.object({
  amount: cedisAmountSchema.pipe(
    z.number().min(minimumTopUpMinor, "The smallest top-up is ₵5.00").max(maximumTopUpMinor, "The largest top-up is ₵20,000.00"),
  ),
});
export type TopUpInput = z.output<typeof topUpSchema>;

/** An admin's correction: not zero, within ±₵100,000, with a reason people can read later. */
export const walletAdjustmentSchema = z.object({
  amount: cedisAmountSchema.pipe(
    z
      .number()
      .refine((minor) => minor !== 0, "The adjustment cannot be zero")
      .refine((minor) => Math.abs(minor) <= 10_000_000, "An adjustment is at most ₵100,000.00 either way"),
  ),
  reason: z.string({ error: "Please give a reason" }).trim().min(3, "Please give a reason").max(500, "Keep the reason under 500 characters"),
});
export type WalletAdjustmentInput = z.output<typeof walletAdjustmentSchema>;
