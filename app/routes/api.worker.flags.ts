import { requireUser } from "~/features/auth/authenticate.server";
import { listWorkerFlags } from "~/features/deliveries/evidence.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.worker.flags";

/** GET /api/worker/flags: the worker's deliveries a client flagged, newest first (issue #48). */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const worker = await requireUser(request, ["worker"]);
  const flags = await listWorkerFlags(worker);
  return jsonResponse(flags.map(({ deliveryId, targetUrl, handle, flaggedAt, evidenceDueAt, state }) => ({ deliveryId, targetUrl, handle, flaggedAt, evidenceDueAt, state })));
});
