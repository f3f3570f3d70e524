import { requireUser } from "~/features/auth/authenticate.server";
import { workerStats } from "~/features/fulfilment/earnings.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.dashboard.worker-stats";

/** GET /api/dashboard/worker-stats (SPEC §7): earnings from the ledger, in cedis. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await workerStats(worker));
});
