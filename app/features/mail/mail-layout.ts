import type { MailContent } from "./mail-content";

/**
 * The store's e-mail frame: plain HTML with inline styles (mail programs drop <style> and web fonts),
 * one column at most 560 px wide, the brand's purple for the heading and the main button, and the
 * button's address written out beneath it for mail programs that show no buttons. The text version
 * says the same with every link in full.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);
}

/** A paragraph of the message: plain text (escaped in HTML), or a list of label/value rows. */
export type MailBlock = string | { rows: [label: string, value: string][] };

export interface MailMessage {
  subject: string;
  /**
   * Greets by name when given. Mail that may reach an address nobody confirmed yet gives none: a name
   * is typed by whoever signed up, and must not become a message to someone else's inbox (issue #49).
   */
  greetingName?: string;
  blocks: MailBlock[];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  after?: MailBlock[];
}

const brand = "#6d28d9";

/**
 * The name to greet a user by: only once their address is confirmed. Before, the name is whatever
 * the person who signed up with that address typed, and the inbox may be a stranger's (issue #49).
 */
export function greetingNameOf(user: { fullName: string; emailVerifiedAt: Date | string | null }): string | undefined {
  return user.emailVerifiedAt === null ? undefined : user.fullName;
}

export function renderMail({ subject: rawSubject, greetingName, blocks, action, after = [] }: MailMessage): MailContent {
  // One line: a ticket's subject is typed by its author, and a line break must not start a header.
  const subject = rawSubject.replace(/\s+/g, " ").trim();
  return { subject, text: renderText(greetingName, blocks, action, after), html: renderHtml(subject, greetingName, blocks, action, after) };
}

const greetingOf = (name: string | undefined) => (name === undefined ? "Hello," : `Hello ${name},`);

function renderText(name: string | undefined, blocks: MailBlock[], action: MailMessage["action"], after: MailBlock[]): string {
  const textOf = (block: MailBlock) => (typeof block === "string" ? block : block.rows.map(([label, value]) => `${label}: ${value}`).join("\n"));
  const parts = [greetingOf(name), ...blocks.map(textOf)];
  if (action) parts.push(`${action.label}:\n${action.url}`);
  parts.push(...after.map(textOf), "Social Media Boost", footer);
  return `${parts.join("\n\n")}\n`;
}

const footer = "You receive this e-mail because you have an account at Social Media Boost, or wrote to our support.";

function renderHtml(subject: string, name: string | undefined, blocks: MailBlock[], action: MailMessage["action"], after: MailBlock[]): string {
  const paragraph = "margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937";
  const htmlOf = (block: MailBlock) =>
    typeof block === "string"
      ? `<p style="${paragraph}">${escapeHtml(block)}</p>`
      : `<dl style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2937">${block.rows
          .map(([label, value]) => `<dt style="color:#6b7280">${escapeHtml(label)}</dt><dd style="margin:0 0 8px;font-weight:600">${escapeHtml(value)}</dd>`)
          .join("")}</dl>`;
  const button = action
    ? `<p style="margin:24px 0 8px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${brand};color:#ffffff;text-decoration:none;font-weight:700;font-size:16px;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280;word-break:break-all">Or open this address: <a href="${escapeHtml(action.url)}" style="color:${brand}">${escapeHtml(action.url)}</a></p>`
    : "";
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:800;color:${brand}">Social Media Boost</p>`,
    `<p style="${paragraph}">${escapeHtml(greetingOf(name))}</p>`,
    ...blocks.map(htmlOf),
    button,
    ...after.map(htmlOf),
    `<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#6b7280">${escapeHtml(footer)}</p>`,
    `</div></body></html>`,
  ].join("");
}
