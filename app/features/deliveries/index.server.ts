// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { decideFlag } from "./decisions.server";
export { deliveryIdsByHandles, deliveryIdsSchema, flagDeliveriesOfOrder, flagInTransaction, flagRequestSchema } from "./deliveries.server";
export { contestedStates, dropDelivery, forgetProofsBefore, markReplaced, releaseEarning, sampleForSpotCheck } from "./delivery-lifecycle.server";
export { type WorkerFlagItem, listWorkerFlags, submitDeliveryEvidence } from "./evidence.server";
export { type Reliability, reliabilityOf, resumeWorkerTasks } from "./reliability.server";
