/**
 * The support contacts the e2e stores are configured with (playwright.config.ts): the default store
 * has an e-mail address and a WhatsApp number but no phone line, so the tests see a channel that is
 * not configured left out; the direct-card store has all three. Plain constants, so the config can
 * import them without loading the test runner.
 */
export const e2eSupportContacts = {
  store: { SUPPORT_EMAIL: "help@e2e-boost.example", SUPPORT_WHATSAPP: "+233 24 555 0101" },
  directCardStore: { SUPPORT_EMAIL: "help@e2e-boost.example", SUPPORT_WHATSAPP: "+233 24 555 0101", SUPPORT_PHONE: "+233 30 255 0102" },
} as const;
