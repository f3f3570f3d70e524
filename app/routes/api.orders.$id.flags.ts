import { requireUser } from "~/features/auth/authenticate.server";
import { flagDeliveriesOfOrder, flagRequestSchema } from "~/features/deliveries/deliveries.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.orders.$id.flags";

/** POST /api/orders/:id/flags `{ deliveryIds, note? }`: the client flags deliveries they cannot find (201 `{ flagged }`; issue #48). */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  const input = await readJsonBody(request, flagRequestSchema);
  return jsonResponse(await flagDeliveriesOfOrder(client, parseRecordId(params.id), input), { status: 201 });
});

export const loader = () => errorResponse(405, "Method not allowed");
