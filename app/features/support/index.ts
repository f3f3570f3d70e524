// The front door of the feature for the other features: what they use of it, and nothing else (decision 0054).
export { ContactMethods } from "./contact-methods";
export { type SupportChannel, supportChannelLinks, supportFormHref } from "./support-links";
export { supportCategories } from "./support-schema";
export { useSupportContacts } from "./use-support-contacts";
