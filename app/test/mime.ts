/**
 * Just enough MIME to read the store's e-mails in tests (nodemailer's multipart/alternative with a
 * quoted-printable text part): a header, an encoded subject, the decoded text part.
 */

/** A header's value, unfolded. */
export function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes a subject with "—" or "₵". */
export function decodeMimeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  return Buffer.from(text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), "latin1").toString("utf8");
}

/**
 * The decoded text/plain part of a message. Parts are cut at the message's own boundary: a
 * quoted-printable line of the text may itself start with "--" (a link's token wrapped there).
 */
export function textPartOf(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "))?.[1];
  for (const part of boundary ? raw.split(`--${boundary}`) : [raw]) {
    const [head = "", ...body] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const content = body.join("\n\n").replace(/\r?\n$/, "");
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
    return content;
  }
  return "";
}

export interface ReadMail {
  to: string;
  subject: string;
  messageId: string;
  text: string;
  raw: string;
}

export function readMail(raw: string): ReadMail {
  return { to: headerOf(raw, "To"), subject: decodeMimeWords(headerOf(raw, "Subject")), messageId: headerOf(raw, "Message-ID"), text: textPartOf(raw), raw };
}

/** The account link (`/auth/reset/…`, `/auth/verify/…`) an e-mail carries: its full address and token. */
export function accountLinkIn(text: string, path: "/auth/reset" | "/auth/verify" | "/payouts/confirm-number"): { url: string; token: string } | null {
  const match = new RegExp(`https?://\\S+${path}/([A-Za-z0-9_-]{43})`).exec(text);
  return match ? { url: match[0], token: match[1]! } : null;
}
