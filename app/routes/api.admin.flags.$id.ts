import { requireUser } from "~/features/auth/authenticate.server";
import { decideFlag, flagDecisionSchema } from "~/features/deliveries/decisions.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.flags.$id";

/** POST /api/admin/flags/:id `{ decision: "uphold" | "reject", reason }`: an admin decides a delivery under review (issue #48). */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const input = await readJsonBody(request, flagDecisionSchema);
  return jsonResponse(await decideFlag(admin, parseRecordId(params.id), input));
});

export const loader = () => errorResponse(405, "Method not allowed");
