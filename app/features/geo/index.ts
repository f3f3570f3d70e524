// The front door of the feature for the other features: what they use of it, and nothing else (decision 0054).
export { type Market } from "./market";
