// The front door of the feature for the other features: what they use of it, and nothing else (decision 0054).
export { apiV2CategoryOf, placedRefusal } from "./api-v2-contract";
export { type OrderLine, checkOrderLine, wholeNumber } from "./order-line";
