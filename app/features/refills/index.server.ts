// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { recordRedelivery, revertRedelivery } from "./redelivery.server";
export { type RefillPanel, refillPanelFor, refillRequestSchema, refillsById, requestRefill } from "./refills.server";
