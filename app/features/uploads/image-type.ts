/** The image formats an upload may hold, named by the Content-Type they are served with. */
export type ImageContentType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const GIF87A = ascii("GIF87a");
const GIF89A = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");

/**
 * The image type of `bytes`, read from their magic bytes only: a file's name, its declared type
 * and its extension are never trusted. Anything else (SVG, PDF, text, empty) answers null, and so
 * do polyglots: a signature not followed by the structure its format requires (a PNG's first chunk
 * is IHDR, a JPEG's SOI is followed by a marker, a WebP's RIFF holds a VP8 chunk), or image bytes
 * that also carry an HTML page or script.
 */
export function detectImageType(bytes: Uint8Array): ImageContentType | null {
  const type = typeBySignature(bytes);
  if (!type || !STRUCTURE_CHECKS[type](bytes) || containsMarkup(bytes)) return null;
  return type;
}

function typeBySignature(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "image/jpeg";
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return "image/gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  return null;
}

const PNG_IHDR = [0x00, 0x00, 0x00, 0x0d, ...ascii("IHDR")];
const WEBP_CHUNKS = [ascii("VP8 "), ascii("VP8L"), ascii("VP8X")];

const STRUCTURE_CHECKS: Record<ImageContentType, (bytes: Uint8Array) => boolean> = {
  "image/png": (bytes) => startsWith(bytes, PNG_IHDR, 8),
  // FF D8 FF, then a marker code (APPn, DQT, SOFn, DHT, COM…), never text.
  "image/jpeg": (bytes) => bytes.length > 3 && bytes[3]! >= 0xc0 && bytes[3]! <= 0xfe,
  "image/gif": () => true,
  "image/webp": (bytes) => WEBP_CHUNKS.some((chunk) => startsWith(bytes, chunk, 12)),
};

/**
 * HTML or script a browser (or a server) could be tricked into running. Long, specific tokens: the
 * chance of one appearing by accident in compressed image data is negligible, while metadata such
 * as XMP (`<?xpacket`, `<x:xmpmeta`) does not match.
 */
const MARKUP = /^<(?:(?:script|iframe|object|embed)[\s/>]|(?:html|body)[\s>]|!doctype\s+html|\?php)/i;

function containsMarkup(bytes: Uint8Array): boolean {
  // Only where a "<" is: a few thousand places in a large image, each a 16-byte look.
  for (let at = bytes.indexOf(0x3c); at !== -1; at = bytes.indexOf(0x3c, at + 1)) {
    if (MARKUP.test(String.fromCharCode(...bytes.subarray(at, at + 16)))) return true;
  }
  return false;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return Array.from(text, (character) => character.charCodeAt(0));
}
