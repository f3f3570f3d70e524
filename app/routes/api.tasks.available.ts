import { requireUser } from "~/features/auth/authenticate.server";
import { listAvailableTasks } from "~/features/fulfilment/tasks.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.tasks.available";

/** GET /api/tasks/available (SPEC §7): up to 10 open tasks this approved worker may do, oldest first, one per target. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await listAvailableTasks(worker));
});
