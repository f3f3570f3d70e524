import { bodyTooLargeMessage, isBodyTooLarge } from "~/lib/request-body.server";
import { apiV2Errors } from "./api-v2-contract";
import type { ApiV2Params } from "./api-v2.server";

/**
 * A call's parameters as panel software sends them (issue #51): in the query string of a GET or a
 * POST, and in a POST's body as a form (url-encoded or multipart) or a flat JSON object. A body field
 * wins over the query string's. Fields sent blank, or as the words a client prints for a value it
 * does not have ("undefined", "null"), are absent, as are a non-numeric `runs` or `interval`: panels
 * send every optional field, empty when it does not apply.
 */
export async function readApiV2Params(request: Request): Promise<Read> {
  const fromQuery = Object.fromEntries(new URL(request.url).searchParams);
  const fromBody = request.method === "POST" ? await readBody(request) : { params: {} };
  if ("error" in fromBody) return fromBody;
  return { params: withoutAbsentFields({ ...fromQuery, ...fromBody.params }) };
}

type Read = { params: ApiV2Params } | { error: string };

async function readBody(request: Request): Promise<Read> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  try {
    if (type === "multipart/form-data") return { params: formFields(await request.formData()) };
    const text = await request.text();
    if (text.trim() === "") return { params: {} };
    // No type at all: the url-encoded form that `curl -d` and many HTTP libraries send untyped.
    if (type === "" || type === "application/x-www-form-urlencoded") return { params: Object.fromEntries(new URLSearchParams(text)) };
    if (type !== "application/json" && !type.endsWith("+json")) return { error: apiV2Errors.unsupportedBody };
    const params = jsonFields(text);
    return params ? { params } : { error: apiV2Errors.badRequest };
  } catch (error) {
    if (isBodyTooLarge(error)) return { error: bodyTooLargeMessage };
    // A broken multipart body.
    if (error instanceof TypeError) return { error: apiV2Errors.badRequest };
    throw error;
  }
}

/** A multipart form's text fields (a file sent along is no parameter of any action). */
function formFields(form: FormData): ApiV2Params {
  const fields: ApiV2Params = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

/**
 * A flat JSON object's fields as text (numbers become their text; a list becomes ids joined by
 * commas, or `comments` one per line, as a form sends them); null for anything else (an array,
 * nested objects, broken JSON).
 */
function jsonFields(text: string): ApiV2Params | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const fields: ApiV2Params = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === "string") fields[name] = value;
    else if (typeof value === "number" && Number.isFinite(value)) fields[name] = String(value);
    else if (Array.isArray(value) && value.every((item) => typeof item === "number" || typeof item === "string")) fields[name] = value.join(name === "comments" ? "\n" : ",");
    else if (value !== null) return null;
  }
  return fields;
}

const numericFields = new Set(["runs", "interval"]);
const placeholderWords = new Set(["undefined", "null"]);

function withoutAbsentFields(params: ApiV2Params): ApiV2Params {
  return Object.fromEntries(
    Object.entries(params).filter(([name, value]) => {
      const text = value?.trim() ?? "";
      if (text === "" || placeholderWords.has(text.toLowerCase())) return false;
      return !numericFields.has(name) || /^[+-]?\d+(\.\d*)?$/.test(text);
    }),
  );
}
