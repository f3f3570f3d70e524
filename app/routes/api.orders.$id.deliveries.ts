import { requireUser } from "~/features/auth/authenticate.server";
import { deliveriesOfOrder, deliveriesPageSchema } from "~/features/deliveries/deliveries.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import type { Route } from "./+types/api.orders.$id.deliveries";

/** GET /api/orders/:id/deliveries?page=N: who delivered the order, 50 a page (issue #48); its client and admins, 404 for anyone else. */
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const user = await requireUser(request);
  const page = deliveriesPageSchema.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  return jsonResponse(await deliveriesOfOrder(user, parseRecordId(params.id), page));
});
