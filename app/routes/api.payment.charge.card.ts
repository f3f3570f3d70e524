import { requireUser } from "~/features/auth/authenticate.server";
import { cardChargeSchema } from "~/features/payments/payment-schema";
import { chargeCard } from "~/features/payments/payments.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.payment.charge.card";

/** POST /api/payment/charge/card (SPEC §7): charges the order's total; `data.status` says what comes next. */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  return jsonResponse(await chargeCard(client, await readJsonBody(request, cardChargeSchema)));
});

export const loader = () => errorResponse(405, "Method not allowed");
