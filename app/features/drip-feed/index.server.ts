// The front door of the feature's server side for the other features: what they use of it, and nothing else (decision 0054).
export { type DripFeedView, type PaidOrderSchedule, dripFeedOf, dripFeedSelect, firstRunSlotsIn, makeDripFeedIn, paidOrderScheduleColumns, toDripFeedView } from "./drip-feed.server";
