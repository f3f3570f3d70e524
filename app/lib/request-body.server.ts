import { data } from "react-router";
import type { z } from "zod";
import { AppError } from "./errors";

export const bodyTooLargeMessage = "The request body is too large.";

/**
 * What reading a request body throws once more arrived than its route accepts: the server
 * (server/react-router-handler.ts) cuts every body at its limit while it streams, declared length or not.
 */
export class BodyTooLargeError extends Error {
  constructor() {
    super(bodyTooLargeMessage);
    this.name = "BodyTooLargeError";
  }
}

/** Whether a failed read was the body limit (Request.formData() may wrap the stream's error). */
export function isBodyTooLarge(error: unknown) {
  return error instanceof BodyTooLargeError || (error instanceof Error && error.cause instanceof BodyTooLargeError);
}

/**
 * A page form post's fields. Over the body limit: the store's error page with 413; a body that is
 * not a form (a wrong Content-Type, a broken multipart): 400, not a server error.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (isBodyTooLarge(error)) throw data(bodyTooLargeMessage, { status: 413, statusText: "Payload Too Large" });
    if (error instanceof TypeError) throw data("The form could not be read. Please submit it again.", { status: 400, statusText: "Bad Request" });
    throw error;
  }
}

/**
 * Reads a JSON request body and validates it with the call's zod schema. The Express layer already
 * refuses oversized bodies by Content-Length; this also caps streamed bodies that send none.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  maxBytes = 100 * 1024,
): Promise<z.infer<Schema>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new AppError(415, "unsupported_media_type", "Send the request body as application/json.");
  }
  const text = await readTextWithLimit(request, maxBytes);
  let body: unknown;
  try {
    body = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw new AppError(400, "malformed_json", "Invalid JSON in the request body.");
  }
  if (hasUnstorableText(body)) throw new AppError(400, "invalid_characters", "The request body contains characters that are not allowed.");
  return schema.parse(body);
}

// NUL, or half of a UTF-16 surrogate pair: no text of ours has them, and PostgreSQL refuses them (a 500).
// eslint-disable-next-line no-control-regex -- NUL is what this looks for
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether parsed JSON holds text PostgreSQL cannot store: NUL or an unpaired surrogate, in a string or a key. */
export function hasUnstorableText(value: unknown): boolean {
  return someJsonNode(value, (node, key) => (key !== undefined && UNSTORABLE_TEXT.test(key)) || (typeof node === "string" && UNSTORABLE_TEXT.test(node)));
}

/** Whether `test` holds for any value (with the key it sits under) of parsed JSON. Iterative: any depth of nesting. */
export function someJsonNode(value: unknown, test: (node: unknown, key: string | undefined) => boolean): boolean {
  const pending: [unknown, string | undefined][] = [[value, undefined]];
  while (pending.length > 0) {
    const [node, key] = pending.pop()!;
    if (test(node, key)) return true;
    if (Array.isArray(node)) for (const item of node) pending.push([item, undefined]);
    else if (node !== null && typeof node === "object") for (const entry of Object.entries(node)) pending.push([entry[1], entry[0]]);
  }
  return false;
}

/** The body as text, exactly as sent (e.g. a webhook whose signature covers its bytes), capped at `maxBytes`. */
export async function readTextWithLimit(request: Request, maxBytes = 100 * 1024): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const tooLarge = () => new AppError(413, "payload_too_large", bodyTooLargeMessage);
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      throw isBodyTooLarge(error) ? tooLarge() : error;
    });
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
