import { acceptApiKeyRequest } from "~/features/api-keys/api-keys.server";
import { apiV2Errors } from "~/features/reseller-api/api-v2-contract";
import { type ApiV2Params, isApiV2Action, runApiV2Action } from "~/features/reseller-api/api-v2.server";
import { errorResponse, jsonResponse, toErrorResponse } from "~/lib/api-response.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/api.v2";

/**
 * POST /api/v2: the SMM panels' "API v2" (issue #20; documented at /api-docs). `key` and `action`
 * with the action's parameters, as a form post or JSON. Refusals are `{ error }` with HTTP 200, as the
 * panel software that calls this expects; only the rate limit (429 `{ error }`), a wrong method (405)
 * and our own failures (5xx) differ.
 */
export async function action({ request }: Route.ActionArgs): Promise<Response> {
  try {
    if (request.method !== "POST") return errorResponse(405, "Method not allowed");
    const params = await readParams(request);
    if (!params) return jsonResponse({ error: apiV2Errors.badRequest });
    const use = await acceptApiKeyRequest(params.key ?? "", getEnv().API_V2_REQUESTS_PER_MINUTE);
    if ("refused" in use) {
      return use.refused === "rate_limited"
        ? jsonResponse({ error: apiV2Errors.rateLimited }, { status: 429, headers: { "Retry-After": String(use.retryAfterSeconds) } })
        : jsonResponse({ error: apiV2Errors.invalidKey });
    }
    if (!isApiV2Action(params.action)) return jsonResponse({ error: apiV2Errors.unknownAction });
    return jsonResponse(await runApiV2Action({ userId: use.userId, keyId: use.keyId }, params.action, params));
  } catch (error) {
    const response = toErrorResponse(error);
    // An unreadable request is the caller's mistake: said in the API's own shape.
    return response.status === 400 ? jsonResponse({ error: apiV2Errors.badRequest }) : response;
  }
}

export const loader = () => errorResponse(405, "Method not allowed");

/**
 * The parameters as strings, from a form post or a flat JSON object (numbers become their text);
 * null for anything else (an array, nested objects, broken JSON, another content type).
 */
async function readParams(request: Request): Promise<ApiV2Params | null> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(await request.text());
    return Object.fromEntries([...form.keys()].map((name) => [name, form.get(name) ?? undefined]));
  }
  if (!type.includes("application/json")) return null;
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const params: ApiV2Params = {};
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === "string") params[name] = value;
    else if (typeof value === "number" && Number.isFinite(value)) params[name] = String(value);
    // A list: ids joined by commas; `comments` one per line, as a form sends them.
    else if (Array.isArray(value) && value.every((item) => typeof item === "number" || typeof item === "string")) params[name] = value.join(name === "comments" ? "\n" : ",");
    else return null;
  }
  return params;
}
