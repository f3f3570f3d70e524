import { supportContact } from "./contact-details";

/**
 * The prefilled contact links of SPEC §1: "contact links prefilled with package, platform, amount
 * and page URL". The order pages link to /support?package=&platform=&amount=, and later show these
 * links themselves; both build them here.
 */
export interface SupportLinkContext {
  /** The address of the page the visitor is on. */
  pageUrl: string;
  packageName?: string;
  platform?: string;
  amount?: string;
}

export interface SupportLinks {
  email: string;
  whatsapp: string;
  phone: string;
}

type Contact = { email: string; whatsappNumber: string; phoneNumber: string };

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
 * mailto: (subject and body), WhatsApp (wa.me with text) and tel: links. Every value is
 * percent-encoded (spaces as %20, never "+", which mail apps would show as a plus).
 */
export function buildSupportLinks(context: SupportLinkContext, contact: Contact = supportContact): SupportLinks {
  // RFC 6068: line breaks in a mailto body are CRLF.
  const email = `mailto:${contact.email}?subject=${encodeURIComponent(subjectFor(context))}&body=${encodeURIComponent(messageFor(context, "\r\n"))}`;
  const whatsapp = `https://wa.me/${contact.whatsappNumber.replace(/\D/g, "")}?text=${encodeURIComponent(messageFor(context, "\n"))}`;
  const phone = `tel:${contact.phoneNumber.replace(/[^\d+]/g, "")}`;
  return { email, whatsapp, phone };
}
