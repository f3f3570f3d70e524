// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { openWorkForNewWorker } from "./open-work.server";
export { closeTasksOfOrder, creditPaidOrder, creditWalletPaidOrder } from "./paid-order-tasks.server";
export { approveCompletion, rejectCompletion } from "./review.server";
export { assertActiveWorker } from "./tasks.server";
