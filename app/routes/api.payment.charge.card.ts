import { requireUser } from "~/features/auth/authenticate.server";
import { isHostedCardMode, startHostedCardPayment } from "~/features/payments/hosted-checkout.server";
import { cardChargeSchema, hostedCardPaymentSchema } from "~/features/payments/payment-schema";
import { chargeCard } from "~/features/payments/payments.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import { siteBaseUrl } from "~/lib/seo.server";
import type { Route } from "./+types/api.payment.charge.card";

/**
 * POST /api/payment/charge/card (SPEC §7). Hosted card mode (the default): nothing is charged here;
 * the answer is `data.status: "open_url"` with the reference and Paystack's checkout URL
 * (`data.url`, also `data.authorization_url`), where the payer enters the card. Direct mode
 * (PAYSTACK_CARD_MODE=direct): charges the order's total; `data.status` says what comes next.
 */
export const action = apiHandler(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const client = await requireUser(request, ["client"]);
  if (isHostedCardMode()) {
    return jsonResponse(await startHostedCardPayment(client, await readJsonBody(request, hostedCardPaymentSchema), siteBaseUrl(), context.clientAddress));
  }
  return jsonResponse(await chargeCard(client, await readJsonBody(request, cardChargeSchema), context.clientAddress));
});

export const loader = () => errorResponse(405, "Method not allowed");
