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

/** POST /api/keys `{ name? }` → 201 `{ id, key, name, prefix, createdAt }`: the one answer that ever holds the key. */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  const { name } = await readCreateBody(request);
  const created = await createApiKey(client, name);
  return jsonResponse({ id: created.id, key: created.key, name: created.name, prefix: created.prefix, createdAt: created.createdAt }, { status: 201 });
});

/**
 * The body is optional: `curl -X POST` sends none and no Content-Type, which means "no name". Any
 * body must be JSON, as on every other call.
 */
async function readCreateBody(request: Request) {
  if (request.headers.has("content-type")) return readJsonBody(request, createApiKeySchema);
  if ((await readTextWithLimit(request)) !== "") throw new AppError(415, "unsupported_media_type", "Send the request body as application/json.");
  return {};
}
