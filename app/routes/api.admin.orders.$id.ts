import { requireUser } from "~/features/auth/authenticate.server";
import { parseRecordId } from "~/lib/record-id";
import { getAdminOrder } from "~/features/admin/orders.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.orders.$id";

/** GET /api/admin/orders/{id}: the order with its screenshot link, payment attempts, deliveries and audit history. */
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await getAdminOrder(admin, parseRecordId(params.id)));
});

export const action = () => errorResponse(405, "Method not allowed");
