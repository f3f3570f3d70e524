// The front door of the feature for the other features: what they use of it, and nothing else (decision 0054).
export { greetingNameOf } from "./mail-layout";
export { apiKeyCreatedMail, deliveryFlaggedMail, emailChangedMail, emailVerificationMail, orderCancelledMail, orderDeliveredMail, passwordChangedMail, passwordResetMail, paymentFailedMail, paymentReceivedMail, payoutFailedMail, payoutNumberMail, payoutRequestedMail, payoutSentMail, refundSentMail, ticketAnsweredMail, workerApplicationMail } from "./templates";
