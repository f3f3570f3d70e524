import { createApiKeySchema } from "~/features/api-keys/api-key-schema";
import { createApiKey, listApiKeys } from "~/features/api-keys/api-keys.server";
import { requireUser } from "~/features/auth/authenticate.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { AppError } from "~/lib/errors";
import { readJsonBody, readTextWithLimit } from "~/lib/request-body.server";
import type { Route } from "./+types/api.keys";

/** GET /api/keys: the client's API keys, newest first, revoked ones included; never a secret. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const client = await requireUser(request, ["client"]);
  return jsonResponse({ keys: await listApiKeys(client) });
});

/**
 * POST /api/keys `{ name?, password }` → 201 `{ id, key, name, prefix, createdAt }`: the one answer that
 * ever holds the key. 400 without the password, 403 when it is wrong (issue #49).
 */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  const created = await createApiKey(client, await readCreateBody(request));
  return jsonResponse({ id: created.id, key: created.key, name: created.name, prefix: created.prefix, createdAt: created.createdAt }, { status: 201 });
});

/**
 * The body must be JSON, as on every other call. `curl -X POST` with no body and no Content-Type is
 * answered like an empty object: 400, the password is missing.
 */
async function readCreateBody(request: Request) {
  if (request.headers.has("content-type")) return readJsonBody(request, createApiKeySchema);
  if ((await readTextWithLimit(request)) !== "") throw new AppError(415, "unsupported_media_type", "Send the request body as application/json.");
  return createApiKeySchema.parse({});
}
