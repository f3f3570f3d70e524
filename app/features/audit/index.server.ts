// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { recordAdminAction, recordStoreAction } from "./audit.server";
