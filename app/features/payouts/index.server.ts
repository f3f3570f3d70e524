// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { failPayout, finalizePayout, resendPayoutOtp, retryPayout } from "./payout-admin.server";
export { applyTransfer, approvePayout, rejectPayout } from "./payouts.server";
