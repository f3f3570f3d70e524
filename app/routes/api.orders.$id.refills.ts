import { requireUser } from "~/features/auth/authenticate.server";
import { refillRequestSchema, refillsOfClientOrder, requestRefill } from "~/features/refills/refills.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.orders.$id.refills";

/** GET /api/orders/:id/refills: the client's order's refills, newest first (404 for anyone else's order). */
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const client = await requireUser(request, ["client"]);
  return jsonResponse(await refillsOfClientOrder(client, parseRecordId(params.id)));
});

/**
 * POST /api/orders/:id/refills `{ "deliveryIds": [..], "note"?: "..." }`: a refill of the client's delivered order
 * naming the deliveries that dropped (201), or the names for the refill the reseller API opened.
 */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  const drops = await readJsonBody(request, refillRequestSchema);
  return jsonResponse(await requestRefill(client, parseRecordId(params.id), drops), { status: 201 });
});
