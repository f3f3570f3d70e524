import { z } from "zod";

/**
 * The admins' inputs on a payout's transfer, shared by the console's forms and /api/admin/payouts/*.
 * Failing a payout takes `rejectionReasonSchema` (admin-schemas.ts), as rejecting one does.
 */

/** Paystack's transfer OTP: digits, usually 6 but not promised, so 4–10 (spaces as typed from an SMS are dropped). */
export const payoutOtpSchema = z.object({
  otp: z
    .string({ error: "Enter the OTP Paystack sent" })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{4,10}$/, "Enter the OTP Paystack sent (4 to 10 digits)")),
});
export type PayoutOtpInput = z.output<typeof payoutOtpSchema>;
