import { requireUser } from "~/features/auth/authenticate.server";
import { listPendingRechecks } from "~/features/refills/rechecks.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.refill-checks";

/** GET /api/refill-checks: the worker's re-checks waiting for an answer, oldest first. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await listPendingRechecks(worker));
});
