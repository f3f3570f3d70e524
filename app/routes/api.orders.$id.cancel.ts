import { requireUser } from "~/features/auth/authenticate.server";
import { parseRecordId } from "~/lib/record-id";
import { cancelOrder } from "~/features/orders/order-cancellation.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.orders.$id.cancel";

/** POST /api/orders/:id/cancel: cancels the client's order (422 when it can no longer be cancelled). */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  return jsonResponse(await cancelOrder(client, parseRecordId(params.id)));
});

export const loader = () => errorResponse(405, "Method not allowed");
