import { adjustClientWallet } from "~/features/admin/wallet-adjustments.server";
import { requireUser } from "~/features/auth/authenticate.server";
import { walletAdjustmentSchema } from "~/features/wallet/wallet-schema";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { parseRecordId } from "~/lib/record-id";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.admin.users.$id.wallet-adjustments";

/**
 * POST /api/admin/users/{id}/wallet-adjustments `{ amount, reason }` (cedis, positive or negative):
 * 201 with the new balance; 422 when it would go below zero. An `Idempotency-Key` header makes a
 * retried request book once.
 */
export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const admin = await requireUser(request, ["admin"]);
  const userId = parseRecordId(params.id);
  const input = await readJsonBody(request, walletAdjustmentSchema);
  const requestKey = request.headers.get("idempotency-key")?.trim();
  if (requestKey !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(requestKey)) return errorResponse(400, "Idempotency-Key must be 1-64 letters, digits, _ or -");
  return jsonResponse(await adjustClientWallet(admin, userId, input, requestKey || undefined), { status: 201 });
});

export const loader = () => errorResponse(405, "Method not allowed");
