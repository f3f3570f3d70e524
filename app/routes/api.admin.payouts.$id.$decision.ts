import { rejectionReasonSchema } from "~/features/admin/admin-schemas";
import { requireUser } from "~/features/auth/authenticate.server";
import { parseOrderId } from "~/features/orders/order-schema";
import { approvePayout, rejectPayout } from "~/features/payouts/payouts.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.payouts.$id.$decision";

/** POST /api/admin/payouts/{id}/approve (sends the transfer) or /reject `{ reason }` (gives the amount back). */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (params.decision !== "approve" && params.decision !== "reject") return errorResponse(404, "Not found");
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const payoutId = parseOrderId(params.id);
  if (params.decision === "approve") return jsonResponse(await approvePayout(admin, payoutId));
  const { reason } = await readJsonBody(request, rejectionReasonSchema);
  return jsonResponse(await rejectPayout(admin, payoutId, reason));
});

export const loader = () => errorResponse(405, "Method not allowed");
