import { requireUser } from "~/features/auth/authenticate.server";
import { listMyTasks } from "~/features/fulfilment/tasks.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.tasks.my-tasks";

/** GET /api/tasks/my-tasks (SPEC §7): the worker's completions, newest first, with their review state. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await listMyTasks(worker));
});
