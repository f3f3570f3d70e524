import { requireUser } from "~/features/auth/authenticate.server";
import { adminStats, statsPeriodSchema } from "~/features/admin/stats.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.dashboard.admin-stats";

/** GET /api/dashboard/admin-stats?period=7d|30d|90d (SPEC §7): admin only; measured, never fixed text. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  const period = statsPeriodSchema.parse(new URL(request.url).searchParams.get("period") ?? undefined);
  return jsonResponse(await adminStats(admin, period));
});
