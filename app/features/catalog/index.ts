// The front door of the feature for the other features: what they use of it, and nothing else (decision 0054).
export { type CatalogPackage, type CatalogPlatform, type CatalogService, type ServiceKind, type ServiceTarget, catalogCurrency, catalogPlatforms, formatMinor, isCatalogPlatform, kindLabels, maximumQuantity, minimumQuantity, packageFor, platformLabels, popularQuantities, presetQuantitiesFor, priceOrder, processingFeeMinor, serviceKinds, targetUrlFor } from "./catalog";
export { maximumCommentLength, parseCommentLines } from "./comment-lines";
export { pastedUrl, platformOfHost, profileName } from "./pasted-link";
export { postLinkExample, postTargetFromLink } from "./post-link";
export { createServiceSchema } from "./service-schema";
