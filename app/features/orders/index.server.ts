// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { cancelOrder } from "./order-cancellation.server";
export { expireEach, unpaidOrderExpiryMs } from "./order-expiry.server";
export { createOrder, pricedOrderFields } from "./order-placement.server";
export { type OrderConfirmation, type OrderOfPayment, type OrderOfPaymentRow, findOrderOfPayment, orderOfPayment, orderOfPaymentColumns } from "./orders.server";
