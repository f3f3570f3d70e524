import { requireUser } from "~/features/auth/authenticate.server";
import { refillsOfClientOrder, requestRefill } from "~/features/refills/refills.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import type { Route } from "./+types/api.orders.$id.refills";

/** GET /api/orders/:id/refills: the client's order's refills, newest first (404 for anyone else's order). */
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const client = await requireUser(request, ["client"]);
  return jsonResponse(await refillsOfClientOrder(client, parseRecordId(params.id)));
});

/** POST /api/orders/:id/refills: requests a refill of the client's delivered order (201), or says why not. */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  return jsonResponse(await requestRefill(client, parseRecordId(params.id)), { status: 201 });
});
