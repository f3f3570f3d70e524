import { requireUser } from "~/features/auth/authenticate.server";
import { parseRecordId } from "~/lib/record-id";
import { getOrderFor } from "~/features/orders/orders.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.orders.$id";

/** GET /api/orders/:id: the order for its owner or an admin; 404 for anyone else. */
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const viewer = await requireUser(request);
  return jsonResponse(await getOrderFor(viewer, parseRecordId(params.id)));
});

export const action = () => errorResponse(405, "Method not allowed");
