import { requireUser } from "~/features/auth/authenticate.server";
import { queryOf, ticketListQuerySchema } from "~/features/admin/admin-schemas";
import { listTickets } from "~/features/admin/tickets.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.tickets";

/** GET /api/admin/tickets?status=open|answered|closed|all&q=&page=: support tickets (default open). Admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await listTickets(admin, ticketListQuerySchema.parse(queryOf(new URL(request.url)))));
});
