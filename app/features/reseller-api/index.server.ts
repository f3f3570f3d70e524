// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { placeWalletOrder } from "./wallet-orders.server";
