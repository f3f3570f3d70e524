import { requireUser } from "~/features/auth/authenticate.server";
import { completionListQuerySchema, queryOf } from "~/features/admin/admin-schemas";
import { listCompletions } from "~/features/admin/completions.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.completions";

/** GET /api/admin/completions?review=held|approved|rejected|all&q=&page=: the review queue (default held). Admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await listCompletions(admin, completionListQuerySchema.parse(queryOf(new URL(request.url)))));
});
