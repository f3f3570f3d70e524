// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { absoluteLink, outboxDirectory } from "./mail-delivery.server";
export { queueEmail, queuedEmailInsert } from "./outbox.server";
export { emlFileName } from "./transports.server";
