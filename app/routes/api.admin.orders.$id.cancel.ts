import { requireUser } from "~/features/auth/authenticate.server";
import { orderCancellationSchema } from "~/features/admin/admin-schemas";
import { parseRecordId } from "~/lib/record-id";
import { cancelOrderWithRefund } from "~/features/admin/orders.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.orders.$id.cancel";

/**
 * POST /api/admin/orders/{id}/cancel `{ reason }`: cancels a paid order that is not completed and
 * asks for its refund (the payments reconciler sends it). 409 when the order is not in that state.
 */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const input = await readJsonBody(request, orderCancellationSchema);
  return jsonResponse(await cancelOrderWithRefund(admin, parseRecordId(params.id), input));
});

export const loader = () => errorResponse(405, "Method not allowed");
