import { requireUser } from "~/features/auth/authenticate.server";
import { paymentListQuerySchema, queryOf } from "~/features/admin/admin-schemas";
import { listPaymentAttempts } from "~/features/admin/payment-attempts.server";
import { apiHandler, jsonResponse } from "~/lib/api-response.server";
import type { Route } from "./+types/api.admin.payments";

/** GET /api/admin/payments?q=&status=&channel=&refund=&page=: payment attempts, newest first. Admin only. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireUser(request, ["admin"]);
  return jsonResponse(await listPaymentAttempts(admin, paymentListQuerySchema.parse(queryOf(new URL(request.url)))));
});
