import { requireUser } from "~/features/auth/authenticate.server";
import { workerHandleSchema } from "~/features/fulfilment/handle-schema";
import { linkWorkerHandle, listWorkerHandles } from "~/features/fulfilment/worker-handles.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.worker.handles";

/** GET /api/worker/handles: the worker's linked handles, one per platform. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await listWorkerHandles(worker));
});

/** PUT /api/worker/handles `{ platform, handle }`: links or changes the handle on one platform. */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "PUT") return errorResponse(405, "Method not allowed");
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await linkWorkerHandle(worker, await readJsonBody(request, workerHandleSchema)));
});
