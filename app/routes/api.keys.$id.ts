import { revokeApiKey } from "~/features/api-keys/api-keys.server";
import { requireUser } from "~/features/auth/authenticate.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import type { Route } from "./+types/api.keys.$id";

export const loader = () => errorResponse(405, "Method not allowed");

/** DELETE /api/keys/:id: revokes one of the client's keys at once (404 for anyone else's) and answers its view. */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  return jsonResponse(await revokeApiKey(client, parseRecordId(params.id)));
});
