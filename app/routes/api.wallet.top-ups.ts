import { requireUser } from "~/features/auth/authenticate.server";
import { createTopUp } from "~/features/top-ups/top-ups.server";
import { topUpSchema } from "~/features/wallet/wallet-schema";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.wallet.top-ups";

/**
 * POST /api/wallet/top-ups `{ amount }` (cedis, ₵5–₵20,000) → 201 the top-up `{ id, amount, fee, total,
 * currency, status, createdAt }`. Nothing is charged yet: the client pays `total` (× 100) with the
 * /api/payment/* calls, naming `topUpId` instead of `orderId`, and the wallet is credited `amount` once.
 */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  const { amount } = await readJsonBody(request, topUpSchema);
  return jsonResponse(await createTopUp(client, amount), { status: 201 });
});

export const loader = () => errorResponse(405, "Method not allowed");
