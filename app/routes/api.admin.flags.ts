import { requireUser } from "~/features/auth/authenticate.server";
import { queryOf } from "~/features/admin/admin-schemas";
import { adminFlagQuerySchema, listFlagsForAdmin } from "~/features/deliveries/decisions.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.flags";

/** GET /api/admin/flags?state=under_review|flagged|stood|dropped: contested deliveries, oldest first (issue #48). Admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await listFlagsForAdmin(admin, adminFlagQuerySchema.parse(queryOf(new URL(request.url)))));
});
