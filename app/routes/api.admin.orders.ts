import { requireUser } from "~/features/auth/authenticate.server";
import { orderListQuerySchema, queryOf } from "~/features/admin/admin-schemas";
import { listAdminOrders } from "~/features/admin/orders.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.orders";

/** GET /api/admin/orders?q=&status=&paymentStatus=&page=: every client's orders, newest first. Admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await listAdminOrders(admin, orderListQuerySchema.parse(queryOf(new URL(request.url)))));
});
