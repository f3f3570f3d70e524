import { z } from "zod";
import { requireUser } from "~/features/auth/authenticate.server";
import { listWorkers, workerStatuses } from "~/features/admin/workers.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.workers";

const querySchema = z.object({ status: z.enum(workerStatuses, { error: "Invalid status" }).optional() });

/** GET /api/admin/workers?status=pending_review (DESIGN §7): admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  const { status } = querySchema.parse({ status: new URL(request.url).searchParams.get("status") ?? undefined });
  return jsonResponse(await listWorkers(admin, status));
});
