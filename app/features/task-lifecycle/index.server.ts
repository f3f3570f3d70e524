// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { closeTasksOfOrder, fillSlot, lockTasksOfOrder, openRedelivery, openTask, raiseSlots, reopenSlot } from "./task-lifecycle.server";
