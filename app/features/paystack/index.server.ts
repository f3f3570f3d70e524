// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { type ChargeData, type PaystackEvent, type PaystackResult, type TransferData, type TransferStatus, parsePaystackEvent, paymentModeOf, refundEventNames, transferEventNames, verifyWebhookSignature } from "./paystack-client.server";
export { getPaystack } from "./paystack.server";
