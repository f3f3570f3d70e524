import { requireUser } from "~/features/auth/authenticate.server";
import { recheckAnswerSchema } from "~/features/refills/refill-schemas";
import { answerRecheck } from "~/features/refills/rechecks.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.refill-checks.$id";

/** POST /api/refill-checks/:id `{ "answer": "confirmed" | "dropped" }`: the worker answers their own re-check. */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const worker = await requireUser(request, ["worker"]);
  const id = parseRecordId(params.id);
  const { answer } = await readJsonBody(request, recheckAnswerSchema);
  await answerRecheck(worker, id, answer);
  return jsonResponse({ id, answer });
});

export const loader = () => errorResponse(405, "Method not allowed");
