import { requireUser } from "~/features/auth/authenticate.server";
import { parseRecordId } from "~/lib/record-id";
import { approveCompletion } from "~/features/fulfilment/review.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.completions.$id.approve";

/** POST /api/admin/completions/{id}/approve: releases the held reward now. 409 when it is no longer under review. */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  await approveCompletion(admin, parseRecordId(params.id));
  return jsonResponse({ approved: true });
});

export const loader = () => errorResponse(405, "Method not allowed");
