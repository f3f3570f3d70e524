import { receivePaystackWebhook } from "~/features/webhooks/paystack-webhook.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readTextWithLimit } from "~/lib/request-body.server";
import type { Route } from "./+types/api.paystack.webhook";

/** POST /api/paystack/webhook: Paystack's signed events (the signature covers the exact raw body). */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  await receivePaystackWebhook(await readTextWithLimit(request), request.headers.get("x-paystack-signature"));
  return jsonResponse({ received: true });
});

export const loader = () => errorResponse(405, "Method not allowed");
