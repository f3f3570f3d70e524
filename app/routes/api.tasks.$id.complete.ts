import { requireUser } from "~/features/auth/authenticate.server";
import { completeTaskSchema } from "~/features/fulfilment/handle-schema";
import { completeTask } from "~/features/fulfilment/task-completion.server";
import { parseRecordId } from "~/lib/record-id";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.tasks.$id.complete";

/** POST /api/tasks/{id}/complete (SPEC §7): empty JSON, or `{ "proofHandle": "..." }`; the action counts for the target's oldest open order. */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const worker = await requireUser(request, ["worker"]);
  const input = request.headers.get("content-length") === "0" ? {} : await readJsonBody(request, completeTaskSchema);
  return jsonResponse(await completeTask(worker, parseRecordId(params.id), input), { status: 201 });
});

export const loader = () => errorResponse(405, "Method not allowed");
