import type { PaymentAttemptStatus } from "~/generated/prisma/client";

/**
 * The statuses in which Paystack may still report a success for an attempt. Here rather than in
 * payments so orders (expiry) and admin read it without importing payments (decision 0021).
 */
export const openAttemptStatuses: PaymentAttemptStatus[] = [
  "pending",
  "send_pin",
  "send_otp",
  "send_phone",
  "send_birthday",
  "send_address",
  "open_url",
  "pay_offline",
  // Paystack said "abandoned" (not completed yet): watched until the reconciler gives up.
  "not_completed",
];
