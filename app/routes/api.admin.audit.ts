import { requireUser } from "~/features/auth/authenticate.server";
import { auditListQuerySchema, queryOf } from "~/features/admin/admin-schemas";
import { listAuditEntries } from "~/features/admin/audit-log.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.audit";

/** GET /api/admin/audit?action=&adminId=&targetType=&targetId=&page=: the audit log, newest first. Admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await listAuditEntries(admin, auditListQuerySchema.parse(queryOf(new URL(request.url)))));
});
