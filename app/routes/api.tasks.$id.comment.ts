import { requireUser } from "~/features/auth/authenticate.server";
import { reserveCommentLine } from "~/features/fulfilment/task-completion.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import type { Route } from "./+types/api.tasks.$id.comment";

/**
 * POST /api/tasks/{id}/comment (issue #50, decision 0047): the dashboard's "Get my comment" for a
 * worker who works through the API. Answers `{ text, reservedUntil }`: the client's line held for this
 * worker to post, then `complete` the task. No body is read.
 */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await reserveCommentLine(worker, parseRecordId(params.id)));
});

export const loader = () => errorResponse(405, "Method not allowed");
