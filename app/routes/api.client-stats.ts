import { requireUser } from "~/features/auth/authenticate.server";
import { clientStats } from "~/features/orders/orders.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.client-stats";

/** GET /api/stats/client: { totalOrders, activeOrders, totalSpent } of the signed-in client. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => jsonResponse(await clientStats(await requireUser(request, ["client"]))));
