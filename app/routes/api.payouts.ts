import { requireUser } from "~/features/auth/authenticate.server";
import { listMyPayouts, payoutRequestSchema, requestPayout } from "~/features/payouts/payouts.server";
import { apiHandler, errorResponse, jsonResponse } from "~/lib/api-response.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Route } from "./+types/api.payouts";

/** GET /api/payouts: the worker's withdrawals, newest first. */
export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await listMyPayouts(worker));
});

/** POST /api/payouts `{ amount (cedis), phone, provider }`: reserves the amount and waits for an admin. */
export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  const worker = await requireUser(request, ["worker"]);
  return jsonResponse(await requestPayout(worker, await readJsonBody(request, payoutRequestSchema)), { status: 201 });
});
