import { requireUser } from "~/features/auth/authenticate.server";
import { queryOf, userListQuerySchema } from "~/features/admin/admin-schemas";
import { listUsers } from "~/features/admin/users.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.users";

/** GET /api/admin/users?q=&role=&status=&page=: every account, newest first, 25 a page. Admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await listUsers(admin, userListQuerySchema.parse(queryOf(new URL(request.url)))));
});
