import { rejectionReasonSchema } from "~/features/admin/admin-schemas";
import { requireUser } from "~/features/auth/authenticate.server";
import { rejectCompletion } from "~/features/fulfilment/review.server";
import { parseRecordId } from "~/lib/record-id";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.completions.$id.reject";

/** POST /api/admin/completions/{id}/reject `{ reason }`: reverses the held earning and reopens the slot. */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const { reason } = await readJsonBody(request, rejectionReasonSchema);
  await rejectCompletion(admin, parseRecordId(params.id), reason);
  return jsonResponse({ rejected: true });
});

export const loader = () => errorResponse(405, "Method not allowed");
