// The front door of the feature for the other features: what they use of it, and nothing else (decision 0054).
export { type DripFeed, checkDripFeed, dripFeedErrors, maximumIntervalMinutes, maximumRuns, minimumIntervalMinutes, minimumRuns, priceOfUnits } from "./drip-feed";
