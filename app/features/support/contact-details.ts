/**
 * The support team's contacts, as configured (SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_WHATSAPP in
 * app/lib/env.server.ts). The root loader passes them to every page (`useSupportContacts`), so the
 * server's HTML and the hydrated page show the same. A channel that is not configured is null and
 * is shown nowhere: no placeholder stands in for it.
 */

/** A phone line: compact for tel: and wa.me links (`+233302550102`), and as people read it. */
export interface SupportPhoneLine {
  dial: string;
  display: string;
}

export interface SupportContacts {
  email: string | null;
  whatsapp: SupportPhoneLine | null;
  phone: SupportPhoneLine | null;
}

export const noSupportContacts: SupportContacts = { email: null, whatsapp: null, phone: null };

/** The contacts from the validated settings. */
export function supportContactsOf(settings: { SUPPORT_EMAIL?: string; SUPPORT_WHATSAPP?: SupportPhoneLine; SUPPORT_PHONE?: SupportPhoneLine }): SupportContacts {
  return { email: settings.SUPPORT_EMAIL ?? null, whatsapp: settings.SUPPORT_WHATSAPP ?? null, phone: settings.SUPPORT_PHONE ?? null };
}
