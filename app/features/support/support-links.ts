import type { SupportContacts } from "./contact-details";

/**
 * The prefilled contact links of SPEC §1: "contact links prefilled with package, platform, amount
 * and page URL". The order pages link to /support?package=&platform=&amount=, and show these links
 * themselves; all build them here.
 */
export interface SupportLinkContext {
  /** The address of the page the visitor is on. */
  pageUrl: string;
  packageName?: string;
  platform?: string;
  amount?: string;
}

export type SupportChannel = "email" | "whatsapp" | "phone";

/** One configured way to reach the team: its prefilled link and the address or number as people read it. */
export interface SupportChannelLink {
  channel: SupportChannel;
  href: string;
  value: string;
}

const platformLabels: Record<string, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  twitter: "Twitter",
  facebook: "Facebook",
};

// Query values end up in e-mails and chats: one short line each, no control characters.
const maxValueLength = 80;

function cleanValue(value: string | null | undefined): string | undefined {
  const cleaned = value
    ?.replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, maxValueLength)
    .trim();
  return cleaned || undefined;
}

/** The order details a page was opened with (`?package=&platform=&amount=`), cleaned for display. */
export function readOrderContext(searchParams: URLSearchParams): Omit<SupportLinkContext, "pageUrl"> {
  const platform = cleanValue(searchParams.get("platform"));
  return {
    packageName: cleanValue(searchParams.get("package")),
    platform: platform ? (platformLabels[platform.toLowerCase()] ?? platform) : undefined,
    amount: cleanValue(searchParams.get("amount")),
  };
}

/** "Package: …", "Platform: …", "Amount: …", "Page: …" for the details that are known. */
export function describeContext(context: SupportLinkContext): string[] {
  const lines: string[] = [];
  if (context.packageName) lines.push(`Package: ${context.packageName}`);
  if (context.platform) lines.push(`Platform: ${context.platform}`);
  if (context.amount) lines.push(`Amount: ${context.amount}`);
  lines.push(`Page: ${context.pageUrl}`);
  return lines;
}

function subjectFor(context: SupportLinkContext): string {
  if (!context.packageName) return "Support request";
  return `Support request: ${context.packageName}${context.platform ? ` (${context.platform})` : ""}`;
}

function messageFor(context: SupportLinkContext, newline: string): string {
  return ["Hello Social Media Boost support,", "", "I need help with:", "", "", ...describeContext(context)].join(newline);
}

/**
 * The configured channels in SPEC §1's order (e-mail, WhatsApp, phone): mailto: (subject and body),
 * WhatsApp (wa.me with text) and tel: links. A channel without a contact is left out. Every value is
 * percent-encoded (spaces as %20, never "+", which mail apps would show as a plus).
 */
export function supportChannelLinks(context: SupportLinkContext, contacts: SupportContacts): SupportChannelLink[] {
  const links: SupportChannelLink[] = [];
  if (contacts.email) {
    // RFC 6068: line breaks in a mailto body are CRLF.
    const href = `mailto:${contacts.email}?subject=${encodeURIComponent(subjectFor(context))}&body=${encodeURIComponent(messageFor(context, "\r\n"))}`;
    links.push({ channel: "email", href, value: contacts.email });
  }
  if (contacts.whatsapp) {
    const href = `https://wa.me/${contacts.whatsapp.dial.replace(/\D/g, "")}?text=${encodeURIComponent(messageFor(context, "\n"))}`;
    links.push({ channel: "whatsapp", href, value: contacts.whatsapp.display });
  }
  if (contacts.phone) links.push({ channel: "phone", href: `tel:${contacts.phone.dial}`, value: contacts.phone.display });
  return links;
}

/**
 * The support form, opened with the order's details that are known
 * (`/support?reference=&package=&platform=&amount=`; the reference starts the form as an order issue).
 */
export function supportFormHref({ reference, packageName, platform, amount }: Omit<SupportLinkContext, "pageUrl"> & { reference?: string }): string {
  const query = new URLSearchParams();
  if (reference) query.set("reference", reference);
  if (packageName) query.set("package", packageName);
  if (platform) query.set("platform", platform);
  if (amount) query.set("amount", amount);
  const search = query.toString();
  return search ? `/support?${search}` : "/support";
}
