import { requireUser } from "~/features/auth/authenticate.server";
import { updateServiceSchema } from "~/features/catalog/service-schema";
import { updateService } from "~/features/catalog/services.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.services.$id";

/**
 * PATCH /api/admin/services/{id} with the fields that change → 200 with the service, audited with
 * before → after. `{ "active": false }` stops it selling; its orders go on at the price they were bought at.
 */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PATCH") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const patch = await readJsonBody(request, updateServiceSchema);
  return jsonResponse(await updateService(admin, params.id, patch));
});

export const loader = () => errorResponse(405, "Method not allowed");
