import { requireUser } from "~/features/auth/authenticate.server";
import { suspensionSchema } from "~/features/admin/admin-schemas";
import { parseRecordId } from "~/lib/record-id";
import { getUserDetail, suspendUser, unsuspendUser } from "~/features/admin/users.server";
import { resumeWorkerTasks } from "~/features/deliveries/reliability.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.users.$id.$action";

/**
 * POST /api/admin/users/{id}/suspend `{ reason }` (ends every session of the account at once) and
 * POST /api/admin/users/{id}/unsuspend, and POST /api/admin/users/{id}/resume-tasks (a worker the
 * store paused for reliability; answers the user's detail). Admin only; 409 when the account is not
 * in the state the action expects.
 */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (params.action !== "suspend" && params.action !== "unsuspend" && params.action !== "resume-tasks") return errorResponse(404, "Not found");
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const userId = parseRecordId(params.id);
  if (params.action === "suspend") return jsonResponse(await suspendUser(admin, userId, await readJsonBody(request, suspensionSchema)));
  if (params.action === "resume-tasks") {
    await resumeWorkerTasks(admin, userId);
    return jsonResponse(await getUserDetail(admin, userId));
  }
  return jsonResponse(await unsuspendUser(admin, userId));
});

export const loader = () => errorResponse(405, "Method not allowed");
