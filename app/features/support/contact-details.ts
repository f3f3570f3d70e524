/**
 * The support team's contact details: the one place they are written (the /support page, and later
 * the order and payment pages, read them from here).
 *
 * PLACEHOLDERS: the WhatsApp and phone numbers below are not real lines yet. Replace them with the
 * team's numbers before launch (international format, Ghana +233, without the trunk 0).
 */
export const supportContact = {
  email: "support@socialmediaboost.com.gh",
  /** PLACEHOLDER. Digits only, country code first, as wa.me wants it. */
  whatsappNumber: "233200000000",
  /** PLACEHOLDER. E.164, for tel: links. */
  phoneNumber: "+233200000000",
  /** PLACEHOLDER. The same number as people read it. */
  phoneDisplay: "+233 20 000 0000",
} as const;
