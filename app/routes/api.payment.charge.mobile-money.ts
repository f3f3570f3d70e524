import { requireUser } from "~/features/auth/authenticate.server";
import { mobileMoneyChargeSchema } from "~/features/payments/payment-schema";
import { chargeMobileMoney } from "~/features/payments/payments.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.payment.charge.mobile-money";

/** POST /api/payment/charge/mobile-money (SPEC §7): prompts the phone (pay_offline) or asks for a voucher (send_otp). */
export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  return jsonResponse(await chargeMobileMoney(client, await readJsonBody(request, mobileMoneyChargeSchema), context.clientAddress));
});

export const loader = () => errorResponse(405, "Method not allowed");
