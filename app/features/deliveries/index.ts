// The front door of the feature for the other features: what they use of it, and nothing else (decision 0054).
export { DeliveriesPanel, type DeliveriesPanelData } from "./deliveries-panel";
export { evidenceHours, flagWindowDays, spotCheckHours } from "./delivery-rules";
export { type EvidenceOutcome, WorkerFlags } from "./worker-flags";
export { WorkerReliability } from "./worker-reliability";
