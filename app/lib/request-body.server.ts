import type { z } from "zod";
import { AppError } from "./errors";

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
  return schema.parse(body);
}

/** The body as text, exactly as sent (e.g. a webhook whose signature covers its bytes), capped at `maxBytes`. */
export async function readTextWithLimit(request: Request, maxBytes = 100 * 1024): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new AppError(413, "payload_too_large", "The request body is too large.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
