import { requireUser } from "~/features/auth/authenticate.server";
import { parseRecordId } from "~/lib/record-id";
import { getUserDetail } from "~/features/admin/users.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.users.$id";

/** GET /api/admin/users/{id}: one account with its activity, handles, latest orders and audit history. */
export const loader = apiHandler(async ({ request, params }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await getUserDetail(admin, parseRecordId(params.id)));
});

export const action = () => errorResponse(405, "Method not allowed");
