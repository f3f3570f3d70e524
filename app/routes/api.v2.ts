import { acceptApiKeyRequest } from "~/features/api-keys/api-keys.server";
import { apiV2Errors } from "~/features/reseller-api/api-v2-contract";
import { readApiV2Params } from "~/features/reseller-api/api-v2-request.server";
import { isApiV2Action, runApiV2Action } from "~/features/reseller-api/api-v2.server";
import { jsonResponse, toErrorResponse } from "~/lib/api-response.server";
import { getEnv } from "~/lib/env.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/api.v2";

/**
 * /api/v2: the SMM panels' "API v2" (documented at /api-docs), answered alike as a GET with the
 * query string or a POST with a form, a multipart form or JSON (readApiV2Params). Every refusal is
 * `{ error }` with HTTP 200, as the panel software that calls it reads; only the rate limit
 * (429 `{ error }`) and our own failures (5xx) differ.
 */
export const loader = ({ request }: Route.LoaderArgs) => answer(request);
export const action = ({ request }: Route.ActionArgs) => answer(request);

async function answer(request: Request): Promise<Response> {
  try {
    if (!["GET", "HEAD", "POST"].includes(request.method)) return jsonResponse({ error: apiV2Errors.wrongMethod });
    const read = await readApiV2Params(request);
    if ("error" in read) return jsonResponse({ error: read.error });
    const { params } = read;
    const use = await acceptApiKeyRequest(params.key ?? "", getEnv().API_V2_REQUESTS_PER_MINUTE);
    if ("refused" in use) {
      return use.refused === "rate_limited"
        ? jsonResponse({ error: apiV2Errors.rateLimited }, { status: 429, headers: { "Retry-After": String(use.retryAfterSeconds) } })
        : jsonResponse({ error: apiV2Errors.invalidKey });
    }
    if (!isApiV2Action(params.action)) return jsonResponse({ error: apiV2Errors.unknownAction });
    return jsonResponse(await runApiV2Action({ userId: use.userId, keyId: use.keyId }, params.action, params));
  } catch (error) {
    // A mistake of the caller's is said in the API's own shape; our own failures keep their status.
    if (isAppError(error) && error.status < 500) return jsonResponse({ error: error.message });
    const response = toErrorResponse(error);
    return response.status < 500 ? jsonResponse({ error: apiV2Errors.badRequest }) : response;
  }
}
