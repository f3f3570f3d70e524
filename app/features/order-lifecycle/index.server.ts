// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { queuePaymentFailedEmail } from "./order-emails.server";
export { cancelByAdmin, cancelPaidByClient, cancelUnpaidByClient, expireUnpaid, markPaid, markPaidFromWallet, markRefunded, openFirstDripRun, openNextDripRun, recordDelivery, revertDelivery, scheduleDripFeed, stopDripFeedByClient } from "./order-lifecycle.server";
export { refundIfPaidFromWallet } from "./wallet-refund.server";
