// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { submitOtp } from "./charge-steps.server";
export { startHostedCardPayment } from "./hosted-checkout.server";
export { refreshAttempt } from "./payment-checks.server";
export { chargeMobileMoney } from "./payments.server";
export { recordRefundEvent } from "./refund-booking.server";
export { applyTransactionOutcome } from "./settlement.server";
export { applyingWebhookOf } from "./settlements-underway.server";
