import { requireUser } from "~/features/auth/authenticate.server";
import { decideWorker } from "~/features/admin/workers.server";
import { parseRecordId } from "~/lib/record-id";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.workers.$id.$decision";

/** POST /api/admin/workers/{id}/approve and /reject (DESIGN §7): admin only. */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (params.decision !== "approve" && params.decision !== "reject") return errorResponse(404, "Not found");
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await decideWorker(admin, parseRecordId(params.id), params.decision));
});

export const loader = () => errorResponse(405, "Method not allowed");
