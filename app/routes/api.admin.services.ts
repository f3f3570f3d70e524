import { requireUser } from "~/features/auth/authenticate.server";
import { createServiceSchema } from "~/features/catalog/service-schema";
import { createService, listServicesForAdmin } from "~/features/catalog/services.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.services";

/** GET /api/admin/services: every service, disabled ones too, with its reward, state and position. Admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await listServicesForAdmin(admin));
});

/** POST /api/admin/services `{ platform, kind, target, name, unitPrice: "0.20", workerReward: "0.06", min, max, … }` → 201 with the service, audited. */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const fields = await readJsonBody(request, createServiceSchema);
  return jsonResponse(await createService(admin, fields), { status: 201 });
});
